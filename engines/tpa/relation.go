package tpa

import (
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A relation is one level of an abstraction: a conjunction of formulas
// over versions (0, 1), strengthened by interpolants and never weakened.
// Level 0 is given (Trans, Id or Id ∨ Trans, with Trans's aux copies);
// the higher levels are learned and mention the two states only.
type relation struct {
	conj []*term.Term
	f    *term.Term // And(conj), built on demand
}

func (r *relation) formula(st *term.Store) *term.Term {
	if r.f == nil {
		r.f = st.And(r.conj...)
	}
	return r.f
}

// add conjoins c and reports whether it is new.
func (r *relation) add(c *term.Term) bool {
	for _, d := range r.conj {
		if d == c {
			return false
		}
	}
	r.conj = append(r.conj, c)
	r.f = nil
	return true
}

// conjuncts are the top-level conjuncts of the relation, flattened.
func (r *relation) conjuncts() []*term.Term {
	var out []*term.Term
	var walk func(t *term.Term)
	walk = func(t *term.Term) {
		if t.Op() == term.OpAnd {
			for _, a := range t.Args() {
				walk(a)
			}
			return
		}
		if !t.IsTrue() {
			out = append(out, t)
		}
	}
	for _, c := range r.conj {
		walk(c)
	}
	return dedupe(out)
}

func dedupe(ts []*term.Term) []*term.Term {
	seen := map[*term.Term]bool{}
	out := ts[:0]
	for _, t := range ts {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// errUnknown is an smt answer that is neither sat nor unsat.
var errUnknown = errors.New("smt answered unknown")

// check decides the assertions of s with the assumptions: true for sat.
func (c *core) check(s *smt.Solver, assumptions ...*term.Term) (bool, error) {
	c.stats.checks++
	r, err := s.Check(c.ctx, assumptions...)
	if err != nil {
		return false, err
	}
	switch r {
	case smt.Sat:
		return true, nil
	case smt.Unsat:
		return false, nil
	}
	if chc.Cause(c.ctx) != nil {
		return false, chc.Cause(c.ctx)
	}
	return false, fmt.Errorf("%w: %s", errUnknown, s.ReasonUnknown())
}

// satisfiable decides f with a fresh solver.
func (c *core) satisfiable(f *term.Term) (bool, *term.Model, error) {
	s := smt.New(c.st, smt.Options{})
	if err := s.Assert(f); err != nil {
		return false, nil, err
	}
	ok, err := c.check(s)
	if err != nil || !ok {
		return false, nil, err
	}
	return true, s.Model(), nil
}

// The solvers of the queries at level n hold the abstractions of level n
// twice (the exact one: E[n](0,1) ∧ E[n](1,2); the less-than one, split
// only: L[n](0,2) ∨ L[n](0,1) ∧ E[n](1,2), with the disjuncts behind the
// fresh Booleans p and q), and learn each new conjunct as it comes; a
// query's states are assumptions.
type querySolvers struct {
	exact *smt.Solver
	less  *smt.Solver
	p, q  *term.Term
	// queries asked of each solver: the atoms of the assumptions stay in
	// a solver and every search decides them, so a solver is rebuilt
	// after maxQueries (Golem rebuilds its incremental solvers too)
	nExact, nLess int
}

// maxQueries is the number of queries after which a query solver is
// rebuilt; see querySolvers.
const maxQueries = 40

func (c *core) solversAt(n int) *querySolvers {
	for len(c.solvers) <= n {
		c.solvers = append(c.solvers, &querySolvers{})
	}
	return c.solvers[n]
}

// exactSolver is the solver of exact (or, in basic TPA, at-most) queries
// at level n.
func (c *core) exactSolver(n int) (*smt.Solver, error) {
	relAt(&c.exact, n)
	qs := c.solversAt(n)
	if qs.nExact++; qs.nExact > maxQueries {
		qs.exact, qs.nExact = nil, 1
	}
	if qs.exact == nil {
		s := smt.New(c.st, smt.Options{})
		for _, e := range c.exact[n].conj {
			if err := c.assertExact(s, e); err != nil {
				return nil, err
			}
		}
		qs.exact = s
	}
	return qs.exact, nil
}

func (c *core) assertExact(s *smt.Solver, e *term.Term) error {
	if err := s.Assert(e); err != nil {
		return err
	}
	return s.Assert(c.v.Shift(e, 1))
}

// lessSolver is the solver of less-than queries at level n (split TPA).
func (c *core) lessSolver(n int) (*smt.Solver, error) {
	relAt(&c.exact, n)
	relAt(&c.less, n)
	qs := c.solversAt(n)
	if qs.nLess++; qs.nLess > maxQueries {
		qs.less, qs.nLess = nil, 1
	}
	if qs.less == nil {
		st := c.st
		s := smt.New(st, smt.Options{})
		qs.p = st.Fresh("tpa.lt-short", term.BoolSort)
		qs.q = st.Fresh("tpa.lt-long", term.BoolSort)
		if err := s.Assert(st.Or(qs.p, qs.q)); err != nil {
			return nil, err
		}
		qs.less = s
		for _, l := range c.less[n].conj {
			if err := c.assertLess(qs, l); err != nil {
				return nil, err
			}
		}
		for _, e := range c.exact[n].conj {
			if err := qs.less.Assert(st.Implies(qs.q, c.v.Shift(e, 1))); err != nil {
				return nil, err
			}
		}
	}
	return qs.less, nil
}

func (c *core) assertLess(qs *querySolvers, l *term.Term) error {
	st := c.st
	if err := qs.less.Assert(st.Implies(qs.p, c.v.Move(l, 1, 2))); err != nil {
		return err
	}
	return qs.less.Assert(st.Implies(qs.q, l))
}

// addExact strengthens E[n] (T[n] in basic TPA) with e and the solvers
// that use it.
func (c *core) addExact(n int, e *term.Term) error {
	for len(c.exact) <= n {
		c.exact = append(c.exact, &relation{})
	}
	if !c.exact[n].add(e) {
		return nil
	}
	c.stats.learned++
	c.log.Tracef("exact level %d learns %v", n, e)
	if n < len(c.solvers) {
		qs := c.solvers[n]
		if qs.exact != nil {
			if err := c.assertExact(qs.exact, e); err != nil {
				return err
			}
		}
		if qs.less != nil {
			if err := qs.less.Assert(c.st.Implies(qs.q, c.v.Shift(e, 1))); err != nil {
				return err
			}
		}
	}
	return nil
}

// addLess strengthens L[n] with l and the solver that uses it.
func (c *core) addLess(n int, l *term.Term) error {
	for len(c.less) <= n {
		c.less = append(c.less, &relation{})
	}
	if !c.less[n].add(l) {
		return nil
	}
	c.stats.learned++
	c.log.Tracef("less level %d learns %v", n, l)
	if n < len(c.solvers) && c.solvers[n].less != nil {
		return c.assertLess(c.solvers[n], l)
	}
	return nil
}
