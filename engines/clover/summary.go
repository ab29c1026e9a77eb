package clover

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A pred is a predicate of the system (a procedure) with its summaries:
// over is O[p], a conjunction of formulas over the predicate's Params;
// under is U[p], a disjunction of reach facts.
type pred struct {
	p         *chc.Pred
	id        int
	heads     []int   // defining clauses (index in sys.Clauses)
	callees   []*pred // predicates in the bodies of heads, each once
	scc       int     // strongly connected component of the call graph
	recursive bool    // in a cycle of the call graph
	cgDepth   int     // distance from the queries in the call graph
	inQuery   bool

	over      []*term.Term
	overSet   map[*term.Term]bool
	overF     *term.Term // cached conjunction of over, nil when stale
	under     []*reachFact
	changed   int            // tick of the last change of over, under or the candidates
	overTick  int            // tick of the last change of over
	underTick int            // tick of the last change of under
	bodyAt    int            // tick of the last projection of the body (appendix B.3), -1 before
	candTick  int            // tick of the last change of the candidates
	learnedAt map[string]int // hypothesis predicates -> tick of the last learn

	samples   [][]*term.Term // reachable values of Params
	sampleSet map[string]bool
	dataGen   int // len(samples) when the data candidates were made
	cands     []*cand
	candSet   map[*term.Term]*cand
}

// overFormula is O[p] as one formula.
func (p *pred) overFormula(st *term.Store) *term.Term {
	if p.overF == nil {
		p.overF = st.And(append(p.over, st.True())...)
	}
	return p.overF
}

// A reachFact is a disjunct of U[p]: a formula over p's Params every
// model of which is derivable, made from clause c with children derived
// by the given reach facts of the body atoms (id orders them in time, so
// a derivation read off children always ends).
type reachFact struct {
	id       int
	pred     *pred
	f        *term.Term
	c        *chc.Clause
	children []*reachFact
}

// A query is a query clause: the root of a derivation tree.
type query struct {
	c  *chc.Clause
	ci int
}

// setup builds the predicates, the call graph and its components, and
// the roots of the derivation tree (one child node per atom of each
// query).
func (e *engine) setup() error {
	s := e.sys
	e.cindex = make(map[*chc.Clause]int, len(s.Clauses))
	for _, p := range s.Preds {
		e.preds = append(e.preds, &pred{p: p, id: p.ID, bodyAt: -1, learnedAt: map[string]int{}, overSet: map[*term.Term]bool{},
			sampleSet: map[string]bool{}, candSet: map[*term.Term]*cand{}})
	}
	for ci, c := range s.Clauses {
		if err := checkNormal(c); err != nil {
			return err
		}
		e.cindex[c] = ci
		if c.IsQuery() {
			e.queries = append(e.queries, &query{c: c, ci: ci})
			for _, b := range c.Body {
				e.preds[b.Pred.ID].inQuery = true
			}
			continue
		}
		p := e.preds[c.Head.Pred.ID]
		p.heads = append(p.heads, ci)
		for _, b := range c.Body {
			q := e.preds[b.Pred.ID]
			if !slices.Contains(p.callees, q) {
				p.callees = append(p.callees, q)
			}
		}
	}
	e.components()
	e.callDepths()
	for _, p := range e.preds {
		if len(p.heads) == 0 {
			// No clause derives p: O[p] = false is its exact summary.
			e.addOver(p, e.st.False(), "no clause")
		}
	}
	e.dirtyO, e.dirtyU = true, true
	for _, q := range e.queries {
		l := e.instance(q.ci, nil)
		for j := range q.c.Body {
			e.newNode(nil, []*layer{l}, []int{j}, e.st.True(), nil, 0, "")
		}
	}
	return nil
}

// checkNormal rejects a clause whose atom arguments are not distinct
// constants (chc.Read and every pass give normalised clauses).
func checkNormal(c *chc.Clause) error {
	seen := map[*term.Term]bool{}
	atoms := c.Body
	if c.Head != nil {
		atoms = append([]chc.Atom{*c.Head}, atoms...)
	}
	for _, a := range atoms {
		for _, x := range a.Args {
			if !x.IsConst() || seen[x] {
				return fmt.Errorf("clause %s is not normalised", c.Origin)
			}
			seen[x] = true
		}
	}
	return nil
}

// components numbers the strongly connected components of the call graph
// and marks the recursive predicates.
func (e *engine) components() {
	calls := make([][]int, len(e.preds))
	for _, p := range e.preds {
		for _, q := range p.callees {
			calls[p.id] = append(calls[p.id], q.id)
		}
	}
	comp, count := chc.Components(calls)
	cyclic := chc.Cyclic(calls, comp, count)
	for _, p := range e.preds {
		p.scc, p.recursive = comp[p.id], cyclic[comp[p.id]]
	}
}

// callDepths sets each predicate's distance from the queries.
func (e *engine) callDepths() {
	var frontier []*pred
	for _, p := range e.preds {
		p.cgDepth = -1
		if p.inQuery {
			p.cgDepth = 1
			frontier = append(frontier, p)
		}
	}
	for len(frontier) > 0 {
		var next []*pred
		for _, p := range frontier {
			for _, q := range p.callees {
				if q.cgDepth < 0 {
					q.cgDepth = p.cgDepth + 1
					next = append(next, q)
				}
			}
		}
		frontier = next
	}
	for _, p := range e.preds {
		if p.cgDepth < 0 {
			p.cgDepth = len(e.preds) + 1
		}
	}
}

// changed records a change of p's summaries or candidates.
func (e *engine) touch(p *pred) {
	e.tick++
	p.changed = e.tick
}

// addOver conjoins f (over p's Params) to O[p] unless O[p] implies it
// already (the paper's selective update); it reports whether O[p]
// changed. The caller guarantees that f over-approximates p.
func (e *engine) addOver(p *pred, f *term.Term, why string) (bool, error) {
	st := e.st
	f = st.Simplify(f)
	if f.IsTrue() || p.overSet[f] {
		return false, nil
	}
	if len(p.over) > 0 && !f.IsFalse() {
		r, _, err := e.check(p.overFormula(st), st.Not(f))
		if err != nil {
			return false, err
		}
		if r == smt.Unsat {
			return false, nil
		}
	}
	var parts []*term.Term
	if f.Op() == term.OpAnd {
		parts = f.Args()
	} else {
		parts = []*term.Term{f}
	}
	for _, g := range parts {
		if !p.overSet[g] {
			p.overSet[g] = true
			p.over = append(p.over, g)
		}
	}
	p.overF = nil
	e.touch(p)
	p.overTick = e.tick
	e.dirtyO = true
	e.stats.overUpdates++
	e.log.Tracef("O %s += %s (%s)", p.p.Name(), f, why)
	return true, nil
}

// addUnder adds a reach fact to U[p].
func (e *engine) addUnder(p *pred, f *term.Term, c *chc.Clause, children []*reachFact, why string) *reachFact {
	rf := &reachFact{id: e.stats.reachFacts, pred: p, f: f, c: c, children: children}
	e.stats.reachFacts++
	p.under = append(p.under, rf)
	e.touch(p)
	p.underTick = e.tick
	if p.inQuery {
		e.dirtyU = true
	}
	e.log.Tracef("U %s += %s (%s)", p.p.Name(), f, why)
	return rf
}

// underFormula is U[p] instantiated at args.
func (e *engine) underAt(p *pred, args []*term.Term) *term.Term {
	if len(p.under) == 0 {
		return e.st.False()
	}
	ds := make([]*term.Term, len(p.under))
	for i, rf := range p.under {
		ds[i] = p.p.Instantiate(e.st, rf.f, args)
	}
	return e.st.Or(ds...)
}

// overAt is O[p] instantiated at args.
func (e *engine) overAt(p *pred, args []*term.Term) *term.Term {
	return p.p.Instantiate(e.st, p.overFormula(e.st), args)
}

// check asserts fs into a fresh solver and checks them.
func (e *engine) check(fs ...*term.Term) (smt.Result, *smt.Solver, error) {
	sv := smt.New(e.st, smt.Options{})
	if err := sv.Assert(e.st.And(fs...)); err != nil {
		return smt.Unknown, nil, err
	}
	r, err := sv.Check(e.ctx)
	if err != nil {
		return smt.Unknown, nil, err
	}
	if r == smt.Unknown {
		return r, nil, fmt.Errorf("smt: %s", sv.ReasonUnknown())
	}
	return r, sv, nil
}

// blocked reports whether the query is unsatisfiable under O.
func (e *engine) blocked(q *query) (bool, error) {
	parts := []*term.Term{q.c.Constraint}
	for _, b := range q.c.Body {
		parts = append(parts, e.overAt(e.preds[b.Pred.ID], b.Args))
	}
	r, _, err := e.check(parts...)
	return r == smt.Unsat, err
}

// unsafe applies UNSAFE to a query: when its body is satisfiable under
// U, the derivation read off the reach facts; nil otherwise.
func (e *engine) unsafe(q *query) (*chc.Node, error) {
	parts := []*term.Term{q.c.Constraint}
	for _, b := range q.c.Body {
		p := e.preds[b.Pred.ID]
		if len(p.under) == 0 {
			return nil, nil
		}
		parts = append(parts, e.underAt(p, b.Args))
	}
	r, sv, err := e.check(parts...)
	if err != nil || r != smt.Sat {
		return nil, err
	}
	preds, args := e.atomsOf(q.c.Body)
	children, err := e.pickFacts(sv.Model(), preds, args)
	if err != nil {
		return nil, err
	}
	memo := map[string]*chc.Node{}
	return e.derive(q.c, children, nil, memo)
}

// atomsOf lists the predicates and arguments of atoms.
func (e *engine) atomsOf(atoms []chc.Atom) ([]*pred, [][]*term.Term) {
	preds := make([]*pred, len(atoms))
	args := make([][]*term.Term, len(atoms))
	for j, b := range atoms {
		preds[j], args[j] = e.preds[b.Pred.ID], b.Args
	}
	return preds, args
}

// pickFacts chooses for each atom (preds[j] at args[j]) a reach fact of
// its predicate that holds in m.
func (e *engine) pickFacts(m *term.Model, preds []*pred, args [][]*term.Term) ([]*reachFact, error) {
	out := make([]*reachFact, len(preds))
	for j, p := range preds {
		for _, rf := range p.under {
			ok, err := m.EvalBool(p.p.Instantiate(e.st, rf.f, args[j]))
			if err != nil {
				return nil, err
			}
			if ok {
				out[j] = rf
				break
			}
		}
		if out[j] == nil {
			return nil, fmt.Errorf("internal: no reach fact of %s holds in the model", p.p.Name())
		}
	}
	return out, nil
}

// derive builds a ground derivation of c's head with the values head
// (nil for a query) from the reach facts children of its body atoms: one
// small query per node finds values of the clause's variables. The
// derivation is a DAG: one node per reach fact and values (memo), since a
// tree may be exponentially larger (Hofstadter's sequences).
func (e *engine) derive(c *chc.Clause, children []*reachFact, head []*term.Term, memo map[string]*chc.Node) (*chc.Node, error) {
	if err := chc.Cause(e.ctx); err != nil {
		return nil, err
	}
	st := e.st
	parts := []*term.Term{c.Constraint}
	if c.Head != nil {
		for i, a := range c.Head.Args {
			parts = append(parts, st.Eq(a, head[i]))
		}
	}
	for j, rf := range children {
		parts = append(parts, rf.pred.p.Instantiate(st, rf.f, c.Body[j].Args))
	}
	r, sv, err := e.check(parts...)
	if err != nil {
		return nil, err
	}
	if r != smt.Sat {
		return nil, fmt.Errorf("internal: derivation step of %s is %s", c.Origin, r)
	}
	m := sv.Model()
	n := &chc.Node{Clause: c, Values: make([]*term.Term, len(c.Vars))}
	for i, v := range c.Vars {
		if n.Values[i], err = m.Eval(v); err != nil {
			return nil, err
		}
	}
	for j, rf := range children {
		vals := make([]*term.Term, len(c.Body[j].Args))
		for i, a := range c.Body[j].Args {
			if vals[i], err = m.Eval(a); err != nil {
				return nil, err
			}
		}
		key := strconv.Itoa(rf.id) + ":" + sampleKey(vals)
		ch := memo[key]
		if ch == nil {
			if ch, err = e.derive(rf.c, rf.children, vals, memo); err != nil {
				return nil, err
			}
			memo[key] = ch
		}
		n.Children = append(n.Children, ch)
	}
	return n, nil
}
