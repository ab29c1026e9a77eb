package clover

import (
	"slices"
	"strconv"
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
	c      *cand
	hyps   []*cand
	ec     bool
	failed string // the set it was last not proven from (setSig)
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
	p.candTick = e.tick
	e.stats.cands++
	e.log.Tracef("candidate %s: %s (%s)", p.p.Name(), f, src)
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
	// nothing to learn when no candidate and no O it reads changed since
	// the last time with the same hypotheses
	var key []byte
	for _, q := range hyp {
		key = strconv.AppendInt(append(key, ','), int64(q.id), 10)
	}
	if at, ok := p.learnedAt[string(key)]; ok {
		fresh := true
		for _, q := range hyp {
			fresh = fresh && q.candTick <= at
		}
		for _, q := range p.callees {
			fresh = fresh && q.overTick <= at
		}
		if fresh {
			return nil
		}
	}
	p.learnedAt[string(key)] = e.tick
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
			core, holds, err := ind.prove(g, nil)
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
	*g.lemma = lemma{c: g, hyps: hyps, ec: ec, failed: g.lemma.failed}
	e.log.Tracef("lemma %s: %s from %d hypotheses (ec %v)", g.pred.p.Name(), g.f, len(hyps), ec)
	for _, h := range hyps {
		e.log.Tracef("  hyp %s: %s", h.pred.p.Name(), h.f)
	}
}

// closure is EC lemma elimination (rules REDUCE-LEMMAS and ELIM-LEMMAS
// applied to a set at once): the greatest set of lemmas whose hypotheses
// are conclusions of the set or in O, found as Houdini does: a lemma
// with a hypothesis outside the set is proven again from the set, and
// leaves it when that fails (a failure is remembered per set). The
// conclusions of the set are mutually inductive and go to O. A lemma
// left out stays for later: its hypotheses may be proven yet.
func (e *engine) closure() error {
	var all []*lemma
	for _, c := range e.cands {
		if c.lemma != nil && !c.dead && !c.proven {
			all = append(all, c.lemma)
		}
	}
	if len(all) == 0 {
		return nil
	}
	in := map[*cand]bool{}
	cands := make([]*cand, len(all))
	for i, l := range all {
		in[l.c] = true
		cands[i] = l.c
	}
	covered := func(l *lemma) bool {
		for _, h := range l.hyps {
			if !h.proven && !in[h] {
				return false
			}
		}
		return true
	}
	solvers := map[int]*induction{}
	for changed := true; changed; {
		changed = false
		for _, l := range all {
			if !in[l.c] || covered(l) {
				continue
			}
			sig := setSig(all, in)
			if l.failed == sig {
				delete(in, l.c)
				changed = true
				continue
			}
			hyps, ok, err := e.reprove(l.c, solvers, cands, func(h *cand) bool { return in[h] })
			if err != nil {
				return err
			}
			if ok {
				e.setLemma(l.c, hyps)
				continue
			}
			l.failed = sig
			delete(in, l.c)
			changed = true
		}
	}
	for _, l := range all {
		if !in[l.c] {
			continue
		}
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
		l.c.pred.candTick = e.tick
	}
	return nil
}

// setSig identifies the set of lemmas in (their conclusions' ids).
func setSig(all []*lemma, in map[*cand]bool) string {
	var b []byte
	for _, l := range all {
		if in[l.c] {
			b = strconv.AppendInt(append(b, ','), int64(l.c.id), 10)
		}
	}
	return string(b)
}

// reprove tries c by induction in every defining clause of its
// predicate with the hypotheses among hs that active admits, in the
// solvers (by clause) made with hypotheses hs.
func (e *engine) reprove(c *cand, solvers map[int]*induction, hs []*cand, active func(*cand) bool) ([]*cand, bool, error) {
	var used []*cand
	for _, ci := range c.pred.heads {
		ind := solvers[ci]
		if ind == nil {
			var err error
			if ind, err = e.newInduction(ci, hs); err != nil {
				return nil, false, err
			}
			solvers[ci] = ind
		}
		core, ok, err := ind.prove(c, active)
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
	goals  []*cand // whose goal implication is asserted
	assume []*term.Term
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
func (ind *induction) prove(g *cand, active func(*cand) bool) ([]*cand, bool, error) {
	e, st := ind.e, ind.e.st
	c := e.sys.Clauses[ind.ci]
	if g.goal == nil {
		g.goal = st.Fresh("clover.g", term.BoolSort)
	}
	if !slices.Contains(ind.goals, g) {
		ind.goals = append(ind.goals, g)
		if err := ind.sv.Assert(st.Implies(g.goal, st.Not(g.pred.p.Instantiate(st, g.f, c.Head.Args)))); err != nil {
			return nil, false, err
		}
	}
	ind.assume = ind.assume[:0]
	for i, h := range ind.hs {
		if active == nil || active(h) {
			ind.assume = append(ind.assume, ind.guards[i])
		}
	}
	e.stats.indChecks++
	r, err := ind.sv.Check(e.ctx, append(ind.assume, g.goal)...)
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
