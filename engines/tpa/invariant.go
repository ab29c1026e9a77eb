package tpa

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/engines/transition"
	"github.com/seed-f9c3434d/gospacer/term"
)

// invariant turns a proof into a safe inductive invariant over version 0
// (the transition system's Vars):
//
//	right: the states TI reaches from Init, ∃x0. Init(x0) ∧ TI(x0, x);
//	left:  the states from which TI does not reach Bad, ¬∃x1. TI(x, x1) ∧ Bad(x1);
//	exact: the states L ∨ L ∘ E reaches from Init, which are k-inductive,
//	       strengthened into a 1-inductive invariant (transition.ToInductive).
//
// The existential quantifiers go by quantifier elimination (mbp.QE).
func (c *core) invariant(p *proof) (*term.Term, error) {
	st, v := c.st, c.v
	switch {
	case p.left:
		f := st.And(p.ti, v.BadAt(1))
		back, err := c.qe(f, 0)
		if err != nil {
			return nil, err
		}
		return st.Simplify(st.Not(back)), nil
	case p.k == 1:
		f := st.And(v.InitAt(0), p.ti)
		fwd, err := c.qe(f, 1)
		if err != nil {
			return nil, err
		}
		return v.Move(fwd, 1, 0), nil
	}
	// exact: S = Init ∘ L, then S ∨ S ∘ E, one relation at a time
	S, err := c.qe(st.And(v.InitAt(0), p.less), 1)
	if err != nil {
		return nil, err
	}
	S = v.Move(S, 1, 0)
	SE, err := c.qe(st.And(S, p.exact), 1)
	if err != nil {
		return nil, err
	}
	// S ∨ S ∘ E is p.k-inductive: transition.ToInductive makes it
	// 1-inductive, over the view's Vars and back.
	inv, err := transition.ToInductive(c.ctx, c.ts, v.ToVars(st.Simplify(st.Or(S, v.Move(SE, 1, 0))), 0), p.k)
	if err != nil {
		return nil, err
	}
	return c.ts.AtState(inv, 0), nil
}

// qe eliminates every constant of f but the state of version k.
func (c *core) qe(f *term.Term, k int) (*term.Term, error) {
	c.stats.qe++
	solve := func(phi *term.Term) (*term.Model, bool, error) {
		ok, m, err := c.satisfiable(phi)
		return m, ok, err
	}
	g, err := c.mbp.QE(c.v.Others(f, k), f, solve)
	if err != nil {
		return nil, fmt.Errorf("quantifier elimination: %w", err)
	}
	return g, nil
}
