package clover

import (
	"slices"
	"time"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A cand is a candidate property of a predicate (over its Params) for
// explicit induction: a negated environment (the paper's 𝕀 = ¬b̂ for
// OOI/OOIL) or a property read off reachable samples.
type cand struct {
	id     int
	pred   *pred
	f      *term.Term
	src    string
	dead   bool // false on a reachable sample: never an over-approximation
	proven bool // conjoined to O
	lemma  *lemma
	guard  *term.Term // Bool constant: guard ⇒ f on a body atom
	goal   *term.Term // Bool constant: goal ⇒ ¬f at the head
}

// A lemma records that every defining clause of c.pred implies c.f at
// its head when its body atoms satisfy O and the hypotheses hyps (each a
// candidate of the atom's predicate): induction under assumptions. When
// a hypothesis is a property of another predicate this is an EC lemma
// (section 5): an implication between the summaries of mutually
// recursive predicates. Lemmas whose hypotheses are all conclusions of
// lemmas of the set (or in O) prove each other: closure conjoins their
// conclusions to O.
type lemma struct {
	c    *cand
	hyps []*cand
	ec   bool
}

// maxCands bounds the live candidates of a predicate.
const maxCands = 160

// addCand adds f as a candidate of p, unless it is trivial, known, in O,
// or false on a sample.
func (e *engine) addCand(p *pred, f *term.Term, src string) (*cand, error) {
	st := e.st
	f = st.Simplify(f)
	if f.IsTrue() || f.IsFalse() || p.overSet[f] {
		return nil, nil
	}
	if c, ok := p.candSet[f]; ok {
		return c, nil
	}
	live := 0
	for _, c := range p.cands {
		if !c.dead && !c.proven {
			live++
		}
	}
	if live >= maxCands {
		return nil, nil
	}
	c := &cand{id: len(e.cands), pred: p, f: f, src: src}
	for _, s := range p.samples {
		ok, err := e.holds(p, f, s)
		if err != nil {
			return nil, err
		}
		if !ok {
			c.dead = true
			break
		}
	}
	p.candSet[f] = c
	if c.dead {
		return c, nil
	}
	p.cands = append(p.cands, c)
	e.cands = append(e.cands, c)
	e.touch(p)
	e.stats.cands++
	e.trace("candidate %s: %s (%s)", p.p.Name(), f, src)
	return c, nil
}

// induct is explicit induction at a node whose OO query is satisfiable
// (rules OOI and OOIL): the negated environment of the target joins its
// candidates, then every live candidate is tried by induction, assuming
// the predicate's own candidates on its recursive calls (OOI) and, with
// EC lemmas, the candidates of its callees that label one of the K
// nearest ancestors (OOIL, assumps(n, D)); the lemmas then close.
func (e *engine) induct(n *node, B *term.Term) error {
	p := n.pred
	if n.envNeg < 0 || n.stale() {
		n.envNeg = e.tick
		E, _, err := e.project(B, n.target(), bodyRounds)
		if err != nil {
			return err
		}
		if err := e.envCands(p, e.st.Substitute(E, n.target(), p.p.Params)); err != nil {
			return err
		}
	}
	if !e.opts.NoData {
		if err := e.dataCands(p); err != nil {
			return err
		}
	}
	hyp := []*pred{p}
	if !e.opts.NoECLemmas {
		a := n.parent
		for lvl := 1; a != nil && lvl <= e.opts.K; lvl++ {
			if a.pred.scc == p.scc && slices.Contains(p.callees, a.pred) {
				hyp = appendNew(hyp, a.pred)
			}
			a = a.parent
		}
	}
	if err := e.learn(p, hyp); err != nil {
		return err
	}
	return e.closure()
}

// envCands adds the negation of the projected environment E (a
// disjunction of cubes) as candidates: the whole negation and the
// negation of each cube.
func (e *engine) envCands(p *pred, E *term.Term) error {
	st := e.st
	if E.IsFalse() {
		return nil
	}
	if _, err := e.addCand(p, st.Not(E), "env"); err != nil {
		return err
	}
	if E.Op() == term.OpOr {
		for _, d := range E.Args() {
			if _, err := e.addCand(p, st.Not(d), "env"); err != nil {
				return err
			}
		}
	}
	return nil
}

// learn tries every live candidate of p by induction with the live
// candidates of the predicates hyp as hypotheses on the body atoms, one
// solver per defining clause; a candidate implied at the head of every
// clause gets a lemma whose hypotheses are the union of the unsat cores.
func (e *engine) learn(p *pred, hyp []*pred) error {
	var goals []*cand
	for _, c := range p.cands {
		if !c.dead && !c.proven {
			goals = append(goals, c)
		}
	}
	if len(goals) == 0 {
		return nil
	}
	var hs []*cand
	for _, q := range hyp {
		for _, c := range q.cands {
			if !c.dead && !c.proven {
				hs = append(hs, c)
			}
		}
	}
	t0 := time.Now()
	defer func() { e.stats.indTime += time.Since(t0) }()
	used := make([][]*cand, len(goals))
	ok := make([]bool, len(goals))
	for i := range ok {
		ok[i] = true
	}
	for _, ci := range p.heads {
		ind, err := e.newInduction(ci, hs)
		if err != nil {
			return err
		}
		for i, g := range goals {
			if !ok[i] {
				continue
			}
			core, holds, err := ind.prove(g)
			if err != nil {
				return err
			}
			if !holds {
				ok[i] = false
				continue
			}
			for _, h := range core {
				if !slices.Contains(used[i], h) {
					used[i] = append(used[i], h)
				}
			}
		}
	}
	for i, g := range goals {
		if !ok[i] {
			g.lemma = nil
			continue
		}
		e.setLemma(g, used[i])
	}
	return nil
}

// setLemma records the lemma of g with hypotheses hyps.
func (e *engine) setLemma(g *cand, hyps []*cand) {
	ec := false
	for _, h := range hyps {
		if h.pred != g.pred {
			ec = true
		}
	}
	if g.lemma == nil {
		e.lemmas = append(e.lemmas, &lemma{})
		g.lemma = e.lemmas[len(e.lemmas)-1]
		if ec {
			e.stats.ecLemmas++
		}
	} else if ec && !g.lemma.ec {
		e.stats.ecLemmas++
	}
	*g.lemma = lemma{c: g, hyps: hyps, ec: ec}
	e.trace("lemma %s: %s from %d hypotheses (ec %v)", g.pred.p.Name(), g.f, len(hyps), ec)
	for _, h := range hyps {
		e.trace("  hyp %s: %s", h.pred.p.Name(), h.f)
	}
}

// closure is EC lemma elimination (rules REDUCE-LEMMAS and ELIM-LEMMAS
// applied to a set at once): the greatest set of lemmas whose hypotheses
// are conclusions of the set or in O, checked again with those
// hypotheses only when the recorded ones are not (Houdini); its
// conclusions are mutually inductive and go to O. A lemma left out stays
// for later: its hypotheses may be proven yet.
func (e *engine) closure() error {
	var G []*lemma
	for _, c := range e.cands {
		if c.lemma != nil && !c.dead && !c.proven {
			G = append(G, c.lemma)
		}
	}
	if len(G) == 0 {
		return nil
	}
	in := map[*cand]bool{}
	for _, l := range G {
		in[l.c] = true
	}
	covered := func(l *lemma) bool {
		for _, h := range l.hyps {
			if !h.proven && !in[h] {
				return false
			}
		}
		return true
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(G); i++ {
			l := G[i]
			if covered(l) {
				continue
			}
			// Houdini: prove the conclusion again from the set only.
			preds := []*pred{l.c.pred}
			for _, h := range l.hyps {
				preds = appendNew(preds, h.pred)
			}
			var hs []*cand
			for _, m := range G {
				if slices.Contains(preds, m.c.pred) {
					hs = append(hs, m.c)
				}
			}
			hyps, ok, err := e.prove(l.c, hs)
			if err != nil {
				return err
			}
			if ok {
				e.setLemma(l.c, hyps)
				continue
			}
			delete(in, l.c)
			G = slices.Delete(G, i, i+1)
			i--
			changed = true
		}
	}
	for _, l := range G {
		l.c.proven = true
		why := "induction"
		if l.ec {
			why = "EC lemma"
			e.stats.ecUsed++
		}
		e.stats.inductions++
		if _, err := e.addOver(l.c.pred, l.c.f, why); err != nil {
			return err
		}
	}
	return nil
}

// prove tries c by induction with hypotheses hs in every defining clause
// of its predicate.
func (e *engine) prove(c *cand, hs []*cand) ([]*cand, bool, error) {
	var used []*cand
	for _, ci := range c.pred.heads {
		ind, err := e.newInduction(ci, hs)
		if err != nil {
			return nil, false, err
		}
		core, ok, err := ind.prove(c)
		if err != nil || !ok {
			return nil, false, err
		}
		for _, h := range core {
			if !slices.Contains(used, h) {
				used = append(used, h)
			}
		}
	}
	return used, true, nil
}

// An induction is one defining clause in a solver with O on its body
// atoms and each hypothesis guarded on every body atom of its predicate.
type induction struct {
	e      *engine
	ci     int
	sv     *smt.Solver
	hs     []*cand
	guards []*term.Term
}

func (e *engine) newInduction(ci int, hs []*cand) (*induction, error) {
	st := e.st
	c := e.sys.Clauses[ci]
	sv := smt.New(st, smt.Options{})
	parts := []*term.Term{c.Constraint}
	ind := &induction{e: e, ci: ci, sv: sv}
	for _, b := range c.Body {
		q := e.preds[b.Pred.ID]
		parts = append(parts, e.overAt(q, b.Args))
		for _, h := range hs {
			if h.pred != q {
				continue
			}
			if h.guard == nil {
				h.guard = st.Fresh("clover.h", term.BoolSort)
			}
			parts = append(parts, st.Implies(h.guard, q.p.Instantiate(st, h.f, b.Args)))
			if !slices.Contains(ind.hs, h) {
				ind.hs = append(ind.hs, h)
				ind.guards = append(ind.guards, h.guard)
			}
		}
	}
	if err := sv.Assert(st.And(parts...)); err != nil {
		return nil, err
	}
	return ind, nil
}

// prove checks that the clause implies g at its head under the
// hypotheses; it returns the hypotheses of the unsat core.
func (ind *induction) prove(g *cand) ([]*cand, bool, error) {
	e, st := ind.e, ind.e.st
	c := e.sys.Clauses[ind.ci]
	if g.goal == nil {
		g.goal = st.Fresh("clover.g", term.BoolSort)
	}
	if err := ind.sv.Assert(st.Implies(g.goal, st.Not(g.pred.p.Instantiate(st, g.f, c.Head.Args)))); err != nil {
		return nil, false, err
	}
	e.stats.indChecks++
	r, err := ind.sv.Check(e.ctx, append(slices.Clone(ind.guards), g.goal)...)
	if err != nil {
		return nil, false, err
	}
	switch r {
	case smt.Sat:
		return nil, false, nil
	case smt.Unknown:
		return nil, false, nil
	}
	var core []*cand
	for _, t := range ind.sv.UnsatCore() {
		for i, gd := range ind.guards {
			if gd == t {
				core = append(core, ind.hs[i])
			}
		}
	}
	return core, true, nil
}
