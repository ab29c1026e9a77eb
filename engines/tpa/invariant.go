package tpa

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// invariant turns a proof into a safe inductive invariant over version 0
// (the transition system's Vars):
//
//	right: the states TI reaches from Init, ∃x0. Init(x0) ∧ TI(x0, x);
//	left:  the states from which TI does not reach Bad, ¬∃x1. TI(x, x1) ∧ Bad(x1);
//	exact: the states L ∨ L ∘ E reaches from Init, which are k-inductive,
//	       strengthened into a 1-inductive invariant (kToOne).
//
// The existential quantifiers go by quantifier elimination (mbp.QE).
func (c *core) invariant(p *proof) (*term.Term, error) {
	st, v := c.st, c.v
	switch {
	case p.left:
		f := st.And(p.ti, v.badAt(1))
		back, err := c.qe(f, 0)
		if err != nil {
			return nil, err
		}
		return st.Simplify(st.Not(back)), nil
	case p.k == 1:
		f := st.And(v.initAt(0), p.ti)
		fwd, err := c.qe(f, 1)
		if err != nil {
			return nil, err
		}
		return v.move(fwd, 1, 0), nil
	}
	// exact: S = Init ∘ L, then S ∨ S ∘ E, one relation at a time
	S, err := c.qe(st.And(v.initAt(0), p.less), 1)
	if err != nil {
		return nil, err
	}
	S = v.move(S, 1, 0)
	SE, err := c.qe(st.And(S, p.exact), 1)
	if err != nil {
		return nil, err
	}
	return c.kToOne(st.Simplify(st.Or(S, v.move(SE, 1, 0))), p.k)
}

// qe eliminates every constant of f but the state of version k.
func (c *core) qe(f *term.Term, k int) (*term.Term, error) {
	c.stats.qe++
	solve := func(phi *term.Term) (*term.Model, bool, error) {
		ok, m, err := c.satisfiable(phi)
		return m, ok, err
	}
	g, err := c.mbp.QE(c.v.others(f, k), f, solve)
	if err != nil {
		return nil, fmt.Errorf("quantifier elimination: %w", err)
	}
	return g, nil
}

// kToOne strengthens P, a k-inductive invariant over version 0, into a
// 1-inductive one, halving k with one interpolant each round (the
// reinforced unfolding of Bjørner, Gurfinkel, McMillan, Rybalchenko,
// "Horn clause solvers for program verification", Section 4.2, as Golem
// does it). F_n(x_0 … x_n) says that x_n is reachable by a path in P
// that starts in Init or is n steps long:
//
//	F_0 = true, F_n = Init(x_n) ∨ (F_{n-1} ∧ P(x_{n-1}) ∧ Tr(x_{n-1}, x_n)).
//
// With k = i + j, i >= j, F_i ∧ F_j(x_i … x_k) ∧ ¬P(x_k) is unsat because
// P is k-inductive, and its interpolant I(x_i) (A = F_i) makes P ∧ I
// i-inductive.
func (c *core) kToOne(P *term.Term, k int) (*term.Term, error) {
	st, v := c.st, c.v
	for k > 1 {
		if err := chc.Cause(c.ctx); err != nil {
			return nil, err
		}
		j := k / 2
		i := k - j
		Fi := c.unfoldReach(P, i)
		Fj := Fi
		if j != i {
			Fj = c.unfoldReach(P, j)
		}
		B := st.And(v.shift(Fj, i), st.Not(v.move(P, 0, k)))
		c.stats.interpolants++
		I, err := itp.Binary(c.ctx, st, Fi, B)
		if err != nil {
			if chc.Cause(c.ctx) != nil {
				return nil, chc.Cause(c.ctx)
			}
			return nil, fmt.Errorf("%d-inductive to %d-inductive: %w", k, i, err)
		}
		I = st.Simplify(I)
		if !v.only(I, i) {
			return nil, fmt.Errorf("%d-inductive to %d-inductive: interpolant over other constants: %v", k, i, I)
		}
		P = st.Simplify(st.And(P, v.move(I, i, 0)))
		k = i
	}
	return P, nil
}

// unfoldReach is F_n of kToOne.
func (c *core) unfoldReach(P *term.Term, n int) *term.Term {
	st, v := c.st, c.v
	F := st.True()
	for m := 1; m <= n; m++ {
		F = st.Or(v.initAt(m), st.And(F, v.move(P, 0, m-1), v.transAt(m-1)))
	}
	return F
}
