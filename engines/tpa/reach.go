package tpa

import (
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A reach is a reachable answer to a query from `from` to `to`: target
// is a nonempty set of states of `to` (over version 0), each reachable
// from a state of from in exactly steps steps. It remembers how, so that
// a concrete path can be read back (path.go): a base is a satisfiable
// formula over versions 0 … 2 (from at 0 included) whose states at the
// versions of path make a path; a composition is first (from → mid)
// followed by second (first's target → to).
type reach struct {
	from, target  *term.Term
	steps         int
	base          *term.Term
	path          []int
	first, second *reach
}

type pair struct{ from, to *term.Term }

// relAt is level n of rels, made (true) if missing.
func relAt(rels *[]*relation, n int) *relation {
	for len(*rels) <= n {
		*rels = append(*rels, &relation{})
	}
	return (*rels)[n]
}

// reachExact decides whether `to` is reachable from `from` in exactly
// 2^(n+1) steps (split TPA), or in at most 2^(n+1) steps (basic TPA),
// using two steps of E[n]. Unreachable: E[n+1] learns an interpolant
// and the answer is nil. Reachable through the abstraction: the two
// halves are checked one level down; a half that is unreachable there
// strengthens E[n], and the query is asked again.
func (c *core) reachExact(from, to *term.Term, n int) (*reach, error) {
	for len(c.cache) <= n {
		c.cache = append(c.cache, map[pair]*reach{})
	}
	if r, ok := c.cache[n][pair{from, to}]; ok {
		c.stats.cacheHits++
		return r, nil
	}
	v, st := c.v, c.st
	goal := v.Shift(to, 2)
	for {
		s, err := c.exactSolver(n)
		if err != nil {
			return nil, err
		}
		ok, core, err := c.ask("exact", n, s, from, to, goal)
		if err != nil {
			return nil, err
		}
		E := c.exact[n].formula(st)
		E1 := v.Shift(E, 1)
		if !ok {
			I, err := c.interpolate(st.And(E, E1), core)
			if err != nil {
				return nil, err
			}
			return nil, c.addExact(n+1, I)
		}
		m := s.Model()
		if n == 0 {
			base := st.And(from, E, E1)
			target, err := c.project(st.And(base, goal), 2, m)
			if err != nil {
				return nil, err
			}
			r := &reach{from: from, target: target, steps: 2, base: base, path: []int{0, 1, 2}}
			c.cache[n][pair{from, to}] = r
			return r, nil
		}
		mid, err := c.midpoint(from, E, E1, goal, m)
		if err != nil {
			return nil, err
		}
		r1, err := c.reachExact(from, mid, n-1)
		if err != nil {
			return nil, err
		}
		if r1 == nil {
			continue // E[n] has learned why
		}
		r2, err := c.reachExact(r1.target, to, n-1)
		if err != nil {
			return nil, err
		}
		if r2 == nil {
			continue
		}
		r := &reach{from: from, target: r2.target, steps: r1.steps + r2.steps, first: r1, second: r2}
		c.cache[n][pair{from, to}] = r
		return r, nil
	}
}

// reachLess decides whether `to` is reachable from `from` in fewer than
// 2^(n+1) steps (split TPA), with L[n](0,2) ∨ L[n](0,1) ∧ E[n](1,2):
// fewer than 2^n steps, or fewer than 2^n and then exactly 2^n.
// Unreachable: L[n+1] learns an interpolant.
func (c *core) reachLess(from, to *term.Term, n int) (*reach, error) {
	v, st := c.v, c.st
	if from == to {
		return &reach{from: from, target: to, base: from, path: []int{0}}, nil
	}
	goal := v.Shift(to, 2)
	for {
		s, err := c.lessSolver(n)
		if err != nil {
			return nil, err
		}
		ok, core, err := c.ask("less", n, s, from, to, goal)
		if err != nil {
			return nil, err
		}
		L := c.less[n].formula(st)
		L02 := v.Move(L, 1, 2)
		E1 := v.Shift(c.exact[n].formula(st), 1)
		if !ok {
			I, err := c.interpolate(st.Or(L02, st.And(L, E1)), core)
			if err != nil {
				return nil, err
			}
			return nil, c.addLess(n+1, I)
		}
		m := s.Model()
		short, err := m.EvalBool(L02)
		if err != nil {
			return nil, err
		}
		if short { // fewer than 2^n steps
			if n == 0 {
				target := st.Simplify(st.And(from, to))
				return &reach{from: from, target: target, base: target, path: []int{0}}, nil
			}
			r, err := c.reachLess(from, to, n-1)
			if err != nil || r != nil {
				return r, err
			}
			continue // L[n] has learned why
		}
		if n == 0 { // one step: Id(0,1) ∧ Trans(1,2)
			base := st.And(from, L, E1)
			target, err := c.project(st.And(base, goal), 2, m)
			if err != nil {
				return nil, err
			}
			return &reach{from: from, target: target, steps: 1, base: base, path: []int{0, 2}}, nil
		}
		mid, err := c.midpoint(from, L, E1, goal, m)
		if err != nil {
			return nil, err
		}
		r1, err := c.reachLess(from, mid, n-1)
		if err != nil {
			return nil, err
		}
		if r1 == nil {
			continue
		}
		r2, err := c.reachExact(r1.target, to, n-1)
		if err != nil {
			return nil, err
		}
		if r2 == nil {
			continue
		}
		return &reach{from: from, target: r2.target, steps: r1.steps + r2.steps, first: r1, second: r2}, nil
	}
}

// ask checks the query of level n from `from` to `to` (goal is to at
// version 2) with the solver s: true when it is satisfiable. The
// conjuncts of from and goal are the assumptions, so that an unsat
// answer comes with the conjunction of those that suffice (an unsat
// core): interpolating against it rather than all of from ∧ goal gives
// an interpolant about what the two steps cannot do, not about every
// literal of the query's states.
func (c *core) ask(what string, n int, s *smt.Solver, from, to, goal *term.Term) (bool, *term.Term, error) {
	if err := chc.Cause(c.ctx); err != nil {
		return false, nil, err
	}
	c.stats.queries++
	as := appendConjuncts(appendConjuncts(nil, from), goal)
	ok, err := c.check(s, as...)
	if err != nil {
		return false, nil, err
	}
	c.log.Tracef("%s level %d from %d to %d: %v", what, n, from.ID(), to.ID(), ok)
	if ok {
		return true, nil, nil
	}
	return false, c.st.And(s.UnsatCore()...), nil
}

// appendConjuncts appends the top-level conjuncts of f to dst.
func appendConjuncts(dst []*term.Term, f *term.Term) []*term.Term {
	if f.Op() == term.OpAnd {
		for _, a := range f.Args() {
			dst = appendConjuncts(dst, a)
		}
		return dst
	}
	return append(dst, f)
}

// simplifySize is the size of an interpolant as a tree (treeSize) above
// which it is simplified. Proof-based interpolants of the disjunctive
// less-than relations nest the proof, and each level nests the last one
// again: their trees grow exponentially with the level (their DAGs do
// not, so smt's encoding stays small, but every search splits on the
// nested disjunctions). Small interpolants stay as itp made them: on
// lia-lin and lra-ts simplifying every interpolant solved 3 files fewer
// and simplifying none 1 fewer than this bound.
const simplifySize = 200

// interpolate returns an interpolant of A (a two-step relation over
// versions 0 … 2) and B (states at 0 and 2) moved to a relation over
// (0, 1).
func (c *core) interpolate(A, B *term.Term) (*term.Term, error) {
	c.stats.interpolants++
	I, err := itp.Binary(c.ctx, c.st, A, B)
	if err != nil {
		if chc.Cause(c.ctx) != nil {
			return nil, chc.Cause(c.ctx)
		}
		if !c.v.Only(B, 0, 2) || !errors.Is(err, itp.ErrUnsupported) {
			return nil, fmt.Errorf("interpolation: %w", err)
		}
		// ¬B separates A from B and is over the shared states.
		c.stats.itpFallbacks++
		I = c.st.Not(B)
	}
	I = c.st.Simplify(I)
	if !c.v.Only(I, 0, 2) {
		return nil, fmt.Errorf("interpolant over other constants than the two states: %v", I)
	}
	if treeSize(I, simplifySize+1) > simplifySize {
		I = c.simplifyInContext(I)
		if treeSize(I, simplifySize+1) > simplifySize {
			if I, err = c.simplify(A, I); err != nil {
				return nil, err
			}
		}
	}
	return c.v.Move(I, 2, 1), nil
}

// project is a model-based projection of f onto the state of version k
// (every other constant eliminated), moved to version 0.
func (c *core) project(f *term.Term, k int, m *term.Model) (*term.Term, error) {
	c.stats.projections++
	res, err := c.mbp.Project(c.v.Others(f, k), f, m)
	if err != nil {
		return nil, err
	}
	return c.v.Move(res.Formula, k, 0), nil
}

// midpoint is a set of states at version 0 between from (at 0) and goal
// (at 2) under the model m of from ∧ R1(0,1) ∧ R2(1,2) ∧ goal: the
// projections of both halves onto version 1, which m's middle state
// satisfies.
func (c *core) midpoint(from, R1, R2, goal *term.Term, m *term.Model) (*term.Term, error) {
	st := c.st
	a, err := c.mbp.Project(c.v.Others(st.And(from, R1), 1), st.And(from, R1), m)
	if err != nil {
		return nil, err
	}
	b, err := c.mbp.Project(c.v.Others(st.And(R2, goal), 1), st.And(R2, goal), m)
	if err != nil {
		return nil, err
	}
	c.stats.projections += 2
	return c.v.Move(st.Simplify(st.And(a.Formula, b.Formula)), 1, 0), nil
}

// treeSize is the number of nodes of t as a tree (a shared subterm
// counted at each occurrence), or limit when it has more.
func treeSize(t *term.Term, limit int) int {
	n := 0
	var walk func(u *term.Term)
	walk = func(u *term.Term) {
		if n >= limit {
			return
		}
		n++
		for _, a := range u.Args() {
			walk(a)
		}
	}
	walk(t)
	return n
}
