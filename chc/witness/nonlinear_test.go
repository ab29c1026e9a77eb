package witness

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/stretchr/testify/require"
)

// TestCheckModelNonLinear checks models of clauses with non-linear
// arithmetic: a valid one is accepted through the linear abstraction, a
// wrong one is refuted with a counterexample evaluated exactly, and one
// the abstraction cannot decide is "cannot be checked", never accepted.
func TestCheckModelNonLinear(t *testing.T) {
	s := readString(t, `(set-logic HORN)
(declare-fun P (Int Int) Bool)
(declare-fun Q (Int Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 1) (= y 1)) (P x y))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (P x y) (= z (* x y))) (Q x y z))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (Q x y z) (= z (* x x))) (P (+ x 1) z))))`)
	st := s.St
	p, q := s.Preds[0], s.Preds[1]
	px, py := p.Params[0], p.Params[1]
	qx, qy, qz := q.Params[0], q.Params[1], q.Params[2]
	ctx := context.Background()

	// Q(x, y, z) := z = x*y holds by congruence, P(x, y) := y >= 0 by
	// the fact that squares are not negative.
	good := chc.Model{p: st.Ge(py, st.Int(0)), q: st.Eq(qz, st.Mul(qx, qy))}
	require.NoError(t, CheckModel(ctx, s, good))

	// P(x, y) := y <= 1 fails the third clause at x = 2, which the
	// abstraction (x*x free beyond its sign) cannot tell from a spurious
	// counterexample.
	bad := chc.Model{p: st.Le(py, st.Int(1)), q: st.True()}
	require.ErrorContains(t, CheckModel(ctx, s, bad), "clause 2 (test.smt2:6:1): cannot be checked: non-linear arithmetic (* x")

	// P := px >= 0 ∧ py >= 0, Q := true: the third clause needs x*x >= 0
	// for x = any, which the abstraction knows; the second needs nothing.
	ok := chc.Model{p: st.And(st.Ge(px, st.Int(0)), st.Ge(py, st.Int(0))), q: st.Ge(qx, st.Int(0))}
	require.NoError(t, CheckModel(ctx, s, ok))

	// Q := z = x + y does not hold for x = y = 1, z = 1 (the abstraction's
	// mul is free): a model of the abstraction that is not one of the
	// clause gives "cannot be checked" or a true counterexample, never
	// an acceptance.
	wrong := chc.Model{p: st.True(), q: st.Eq(qz, st.Add(qx, qy))}
	require.ErrorContains(t, CheckModel(ctx, s, wrong), "clause 1 (test.smt2:5:1): cannot be checked: non-linear arithmetic (* x")
}

func TestNonLinear(t *testing.T) {
	s := readString(t, `(set-logic HORN)(declare-fun P (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x (* 3 y)) (= y (div x 2)) (= x (* (+ 1 2) y))) (P x y))))
(assert (forall ((x Int) (y Int)) (=> (= x (mod y x)) (P x y))))`)
	require.Nil(t, chc.NonLinear(s.St, s.Clauses[0].Constraint))
	nl := chc.NonLinear(s.St, s.Clauses[1].Constraint)
	require.NotNil(t, nl)
	require.Contains(t, nl.String(), "mod")
}
