package tpa

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A concrete path is read back from a reach tree end first: the target
// of a reach holds only states reachable from its `from`, so for a state
// e of the target, a base (a formula over versions 0 … 2) with e at its
// last version has a model, which gives the states before e; a
// composition gives the path of its second half ending in e, then the
// path of its first half ending in the second's first state. Each base
// costs one small smt check, so a path of 2^n steps costs about 2^(n-1)
// checks and never a formula of its length.

// concretePath returns the states of a path (values of version 0, in the
// order of Vars) from Init to Bad along r, the reach of the query (Init,
// Bad), with repeated consecutive states (identity steps) removed.
func (c *core) concretePath(r *reach) ([][]*term.Term, error) {
	st, v := c.st, c.v
	pc := &pathSolver{c: c, s: smt.New(st, smt.Options{})}
	ok, m, err := c.satisfiable(st.And(r.target, v.BadAt(0)))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("the target of the counterexample has no bad state")
	}
	end, err := pc.values(m, 0)
	if err != nil {
		return nil, err
	}
	path, err := pc.walk(r, end, nil)
	if err != nil {
		return nil, err
	}
	out := path[:1]
	for _, s := range path[1:] {
		if !sameState(s, out[len(out)-1]) {
			out = append(out, s)
		}
	}
	return out, nil
}

// pathSolver checks the bases of a path with one solver, rebuilt after
// maxQueries checks (see querySolvers).
type pathSolver struct {
	c *core
	s *smt.Solver
	n int
}

// walk appends to dst the states of r's path ending in end.
func (p *pathSolver) walk(r *reach, end []*term.Term, dst [][]*term.Term) ([][]*term.Term, error) {
	if err := chc.Cause(p.c.ctx); err != nil {
		return nil, err
	}
	if r.base == nil {
		second, err := p.walk(r.second, end, nil)
		if err != nil {
			return nil, err
		}
		dst, err = p.walk(r.first, second[0], dst)
		if err != nil {
			return nil, err
		}
		return append(dst, second[1:]...), nil
	}
	if len(r.path) == 1 {
		return append(dst, end), nil
	}
	st, v := p.c.st, p.c.v
	last := r.path[len(r.path)-1]
	as := []*term.Term{r.base}
	for i, x := range v.StateAt(last) {
		as = append(as, st.Eq(x, end[i]))
	}
	if p.n++; p.n > maxQueries {
		p.s, p.n = smt.New(st, smt.Options{}), 1
	}
	ok, err := p.c.check(p.s, as...)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("a state of a reached target has no predecessor path")
	}
	m := p.s.Model()
	for _, k := range r.path[:len(r.path)-1] {
		vals, err := p.values(m, k)
		if err != nil {
			return nil, err
		}
		dst = append(dst, vals)
	}
	return append(dst, end), nil
}

// values are the values of the state of version k under m.
func (p *pathSolver) values(m *term.Model, k int) ([]*term.Term, error) {
	xs := p.c.v.StateAt(k)
	vals := make([]*term.Term, len(xs))
	for i, x := range xs {
		val, err := m.Eval(x)
		if err != nil {
			return nil, err
		}
		vals[i] = val
	}
	return vals, nil
}

func sameState(a, b []*term.Term) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
