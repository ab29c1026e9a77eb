package transition

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// ToInductive turns P, a k-inductive invariant of ts (a formula over
// Vars that holds on every path of fewer than k steps from Init, and
// holds after any k steps through states where it holds), into a
// 1-inductive invariant that implies P. k ≤ 1 returns P.
//
// Halving by interpolation (after Golem's KTo1Inductive, an instance of
// the reinforced unfold of Bjørner, Gurfinkel, McMillan, Rybalchenko,
// "Horn clause solvers for program verification", §4.2): with
//
//	R_0(x_0) = true
//	R_m(x_m) = Init(x_m) ∨ (R_{m-1} ∧ P(x_{m-1}) ∧ Trans(x_{m-1}, x_m)),
//
// k-inductiveness of P is R_k(x_k) ⇒ P(x_k). Split k = i + j with i ≥ j
// (j = ⌊k/2⌋): R_i over x_0 … x_i, against R_j moved to start at x_i
// (which mentions x_i only through P(x_i) ∧ Trans(x_i, x_{i+1})) and
// ¬P(x_k), is unsatisfiable; an interpolant I(x_i) makes P ∧ I
// i-inductive. Repeat until k is 1. Each step is one interpolation query
// (itp.Interpolate), so the cost is log2(k) queries over unrollings of at
// most k steps.
//
// When an interpolant is out of itp's reach, the quantifier elimination
// of Golem's other mode takes over:
//
//	P(x_0) ∧ ¬∃x_1 … x_{k-1}. ⋁_{m<k} (P(x_0) ∧ T(x_0,x_1) ∧ … ∧ P(x_{m-1}) ∧ T(x_{m-1},x_m) ∧ ¬P(x_m))
//
// is 1-inductive (mbp.QE eliminates the inner states and Aux). The
// result is not checked here (pipeline.Solve checks every model).
func ToInductive(ctx context.Context, ts *chc.TransitionSystem, P *term.Term, k int) (*term.Term, error) {
	st := ts.St
	for k > 1 {
		if chc.Cause(ctx) != nil {
			return nil, chc.Cause(ctx)
		}
		j := k / 2
		i := k - j
		A := unfolded(ts, P, 0, i)
		B := st.And(unfolded(ts, P, i, j), st.Not(ts.AtState(P, k)))
		I, err := Interpolate(ctx, st, A, B)
		if err != nil {
			if chc.Cause(ctx) != nil {
				return nil, chc.Cause(ctx)
			}
			if errors.Is(err, itp.ErrSatisfiable) {
				return nil, fmt.Errorf("the invariant is not %d-inductive", k)
			}
			return byQE(ctx, ts, P, k)
		}
		I = st.Substitute(I, ts.StateAt(i), ts.Vars)
		P = st.Simplify(st.And(P, I))
		k = i
	}
	return P, nil
}

// unfolded is R_n (see ToInductive) over the states lo … lo+n: the
// states at lo+n reachable from Init in fewer than n steps, or in n steps
// from any state, through states where P holds.
func unfolded(ts *chc.TransitionSystem, P *term.Term, lo, n int) *term.Term {
	st := ts.St
	R := st.True()
	for m := 1; m <= n; m++ {
		s := lo + m
		R = st.Or(ts.InitAt(s), st.And(R, ts.AtState(P, s-1), ts.TransAt(s-1)))
	}
	return R
}

// byQE is ToInductive's second mode: P ∧ ¬∃x_1 … x_{k-1}. (a path of
// fewer than k steps through P to a state outside P).
func byQE(ctx context.Context, ts *chc.TransitionSystem, P *term.Term, k int) (*term.Term, error) {
	st := ts.St
	// acc_m: from x_m, a path through P (from x_m on) to ¬P within the
	// remaining steps; built backwards from m = k-1.
	acc := st.False()
	for m := k - 1; m > 0; m-- {
		acc = st.And(st.Or(acc, st.Not(ts.AtState(P, m))), ts.AtState(P, m-1), ts.TransAt(m-1))
	}
	var elim []*term.Term
	keep := map[*term.Term]bool{}
	for _, x := range ts.StateAt(0) {
		keep[x] = true
	}
	for _, c := range term.FreeConsts(acc) {
		if !keep[c] {
			elim = append(elim, c)
		}
	}
	ex, err := mbp.QE(st, elim, acc, solveFunc(ctx, st))
	if err != nil {
		if chc.Cause(ctx) != nil {
			return nil, chc.Cause(ctx)
		}
		return nil, fmt.Errorf("no 1-inductive invariant from a %d-inductive one: %w", k, err)
	}
	return st.Simplify(st.And(P, st.Not(st.Substitute(ex, ts.StateAt(0), ts.Vars)))), nil
}
