package transition

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// The engines built on this package are tested in package engines
// (transition_test.go); these are the shared helpers.

func view(t *testing.T, src string) (*chc.System, *chc.TransitionSystem) {
	t.Helper()
	s, _, err := chc.Read("test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	ts, decided, err := View(context.Background(), s)
	require.NoError(t, err)
	require.Nil(t, decided)
	return s, ts
}

// rotate3: three registers rotated each step; x0 ≥ 1 is 3-inductive and
// not 2-inductive.
const rotate3 = `
(set-logic HORN)
(declare-fun inv (Int Int Int) Bool)
(assert (forall ((a Int) (b Int) (c Int)) (=> (and (= a 1) (= b 1) (= c 1)) (inv a b c))))
(assert (forall ((a Int) (b Int) (c Int) (a1 Int) (b1 Int) (c1 Int))
  (=> (and (inv a b c) (= a1 b) (= b1 c) (= c1 a)) (inv a1 b1 c1))))
(assert (forall ((a Int) (b Int) (c Int)) (=> (and (inv a b c) (<= a 0)) false)))
`

// valid reports whether f is valid.
func valid(t *testing.T, st *term.Store, f *term.Term) bool {
	t.Helper()
	sv := smt.New(st, smt.Options{})
	require.NoError(t, sv.Assert(st.Not(f)))
	r, err := sv.Check(context.Background())
	require.NoError(t, err)
	require.NotEqual(t, smt.Unknown, r)
	return r == smt.Unsat
}

// TestToInductive: both modes (interpolation, quantifier elimination)
// turn the 3-inductive a ≥ 1 into a 1-inductive invariant that implies
// it; the property alone is no model.
func TestToInductive(t *testing.T) {
	ctx := context.Background()
	for _, mode := range []string{"interpolation", "qe"} {
		s, ts := view(t, rotate3)
		st := ts.St
		P := st.Ge(ts.Vars[0], st.Int(1))
		require.Error(t, witness.CheckModel(ctx, s, ts.Model(P)))
		var inv *term.Term
		var err error
		if mode == "qe" {
			inv, err = byQE(ctx, ts, P, 3)
		} else {
			inv, err = ToInductive(ctx, ts, P, 3)
		}
		require.NoError(t, err, mode)
		require.NoError(t, witness.CheckModel(ctx, s, ts.Model(inv)), "%s: %v", mode, inv)
		require.True(t, valid(t, st, st.Implies(inv, P)), mode)
	}
	// Not 2-inductive: an error, not a wrong invariant.
	_, ts := view(t, rotate3)
	_, err := ToInductive(ctx, ts, ts.St.Ge(ts.Vars[0], ts.St.Int(1)), 2)
	require.Error(t, err)
}

// TestStateFormula: Init's local variable is eliminated exactly.
func TestStateFormula(t *testing.T) {
	_, ts := view(t, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int) (z Int)) (=> (and (= x (* 2 z)) (> z 0)) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 100)) (inv (+ x 2)))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 0)) false)))
`)
	st := ts.St
	require.NotEmpty(t, ts.Aux)
	f, err := StateFormula(context.Background(), ts, ts.Init)
	require.NoError(t, err)
	x := ts.Vars[0]
	for _, c := range term.FreeConsts(f) {
		require.Equal(t, x, c)
	}
	// ∃z. x = 2z ∧ z > 0  ⇔  x ≥ 2 ∧ x even
	even := st.Eq(st.Mod(x, st.Int(2)), st.Int(0))
	require.True(t, valid(t, st, st.Eq(f, st.And(st.Ge(x, st.Int(2)), even))), "%v", f)
	// Bad has no local: itself.
	g, err := StateFormula(context.Background(), ts, ts.Bad)
	require.NoError(t, err)
	require.Equal(t, ts.Bad, g)
}

// TestReverse: a path of the reverse is a path of ts backwards, from a
// bad state to an initial one.
func TestReverse(t *testing.T) {
	_, ts := view(t, rotate3)
	st := ts.St
	rev := Reverse(ts)
	sv := smt.New(st, smt.Options{})
	// Init (1,1,1) is reached backwards from a = 0? Never: every state
	// before (1,1,1) is (1,1,1).
	for k := 0; k < 4; k++ {
		require.NoError(t, sv.Assert(rev.TransAt(k)))
	}
	r, err := sv.Check(context.Background(), rev.InitAt(0), rev.BadAt(4))
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	// (0,1,1) has the predecessor (1,0,1) … and (1,1,0) two steps back.
	at := func(k int, a, b, c int64) *term.Term {
		s := rev.StateAt(k)
		return st.And(st.Eq(s[0], st.Int(a)), st.Eq(s[1], st.Int(b)), st.Eq(s[2], st.Int(c)))
	}
	r, err = sv.Check(context.Background(), at(0, 0, 1, 1), at(1, 1, 0, 1), at(2, 1, 1, 0))
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
}

// TestView: a query without body atom decides the system when its
// constraint is satisfiable, and is left out otherwise.
func TestView(t *testing.T) {
	src := func(c string) string {
		return `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 5)) false)))
(assert (forall ((x Int)) (=> ` + c + ` false)))
`
	}
	s, _, err := chc.Read("t.smt2", strings.NewReader(src("(and (> x 2) (< x 4))")), term.NewStore())
	require.NoError(t, err)
	ts, decided, err := View(context.Background(), s)
	require.NoError(t, err)
	require.Nil(t, ts)
	require.Equal(t, chc.Unsat, decided.Answer)
	require.NoError(t, witness.CheckResult(context.Background(), s, *decided))

	s, _, err = chc.Read("t.smt2", strings.NewReader(src("(and (> x 2) (< x 3))")), term.NewStore())
	require.NoError(t, err)
	ts, decided, err = View(context.Background(), s)
	require.NoError(t, err)
	require.Nil(t, decided)
	require.NotNil(t, ts)
}

// TestVersions: shifting moves every step copy a formula mentions (state
// and local variables alike) by the same number of steps, agrees with the
// view's own copies, and Only, Others and ToVars see the steps.
func TestVersions(t *testing.T) {
	_, ts := view(t, `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (= x (* 2 z)) (= y z)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int) (d Int)) (=> (and (inv x y) (> d 0) (= x1 (+ x d)) (= y1 y)) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (< x y)) false)))
`)
	st := ts.St
	require.NotEmpty(t, ts.Aux)
	v := NewVersions(ts)
	for k := 0; k < 4; k++ {
		require.Equal(t, ts.InitAt(k), v.InitAt(k))
		require.Equal(t, ts.TransAt(k), v.TransAt(k))
		require.Equal(t, ts.BadAt(k), v.BadAt(k))
	}
	two := st.And(v.TransAt(0), v.TransAt(1))
	require.Equal(t, st.And(ts.TransAt(3), ts.TransAt(4)), v.Shift(two, 3))
	require.Equal(t, two, v.Shift(v.Shift(two, 3), -3))
	require.Panics(t, func() { v.Shift(two, -1) })

	x0, x2 := v.StateAt(0)[0], v.StateAt(2)[0]
	f := st.Le(x0, x2)
	require.True(t, v.Only(f, 0, 2))
	require.False(t, v.Only(f, 0))
	require.False(t, v.Only(v.TransAt(0), 0, 1), "Trans has local variables")
	require.Equal(t, []*term.Term{x2}, v.Others(f, 0))
	require.Equal(t, st.Le(v.StateAt(1)[0], x2), v.Move(f, 0, 1))
	require.Equal(t, st.Le(ts.Vars[0], x2), v.ToVars(f, 0))
	id := v.Identity(1)
	require.True(t, v.Only(id, 1, 2))
	require.Len(t, v.Others(id, 1), len(ts.Vars))
}
