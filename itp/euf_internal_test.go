package itp

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestEUFInterpolantTable: eufInterpolant on conflicts whose interpolant
// needs an implication (Horn facts) or a shared term that occurs in
// neither side (mixed congruences); every answer is checked.
func TestEUFInterpolantTable(t *testing.T) {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	c := func(n string) *term.Term { return st.Const(n, u) }
	f := st.Func("f", []*term.Sort{u}, u)
	g := st.Func("g", []*term.Sort{u, u}, u)
	fa := st.Func("fa", []*term.Sort{u}, u) // A-local function
	p := st.Func("p", []*term.Sort{u}, term.BoolSort)
	a, a2, b, b2 := c("a"), c("a2"), c("b"), c("b2")
	x1, x2, y1, y2, s := c("x1"), c("x2"), c("y1"), c("y2"), c("s")
	F := func(x *term.Term) *term.Term { return st.Apply(f, x) }
	for _, tc := range []struct {
		name   string
		as, bs []*term.Term
	}{
		{"horn", []*term.Term{st.Eq(y1, st.Apply(fa, x1)), st.Eq(y2, st.Apply(fa, x2))},
			[]*term.Term{st.Eq(x1, x2), st.Not(st.Eq(y1, y2))}},
		{"mixed congruence", []*term.Term{st.Eq(a, x1), st.Eq(F(a), y1)},
			[]*term.Term{st.Eq(b, x1), st.Not(st.Eq(F(b), y1))}},
		{"mixed binary", []*term.Term{st.Eq(a, x1), st.Eq(st.Apply(g, a, x2), y1)},
			[]*term.Term{st.Eq(b, x2), st.Not(st.Eq(st.Apply(g, x1, b), y1))}},
		{"A disequality", []*term.Term{st.Eq(a, x1), st.Eq(a2, x2), st.Not(st.Eq(F(a), F(a2)))},
			[]*term.Term{st.Eq(x1, b), st.Eq(b, x2)}},
		{"nested", []*term.Term{st.Eq(a, F(x1)), st.Eq(a2, F(x2)), st.Eq(st.Apply(fa, a), y1), st.Eq(st.Apply(fa, a2), y2)},
			[]*term.Term{st.Eq(x1, b), st.Eq(b, x2), st.Not(st.Eq(y1, y2))}},
		{"predicate", []*term.Term{st.Eq(a, x1), st.Apply(p, a)},
			[]*term.Term{st.Eq(b, x1), st.Eq(b2, b), st.Not(st.Apply(p, b2))}},
		{"B inside A inside B", []*term.Term{st.Eq(a, F(s)), st.Eq(st.Apply(fa, a), x1), st.Eq(st.Apply(fa, x2), y1)},
			[]*term.Term{st.Eq(F(b), x2), st.Eq(b, s), st.Not(st.Eq(x1, y1))}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			A, B := st.And(tc.as...), st.And(tc.bs...)
			color := colorBySides(A, B)
			I, ok := eufInterpolant(st, tc.as, tc.bs, color)
			require.True(t, ok)
			require.NoError(t, Check(st, A, B, I), "I = %v", I)
			ok, err := verifyLemma(context.Background(), st, tc.as, tc.bs, I)
			require.NoError(t, err)
			require.True(t, ok)
			// And through the proof: the lemma is closed, not guessed.
			w, err := refute(context.Background(), st, []*term.Term{A, B})
			require.NoError(t, err)
			J, err := w.interpolant(context.Background(), 1)
			require.NoError(t, err)
			require.NoError(t, Check(st, A, B, J), "J = %v", J)
			require.Zero(t, w.cands, "a lemma went to the candidates")
		})
	}
}

// colorBySides classifies terms by the constants and functions of A and
// B (the test's stand-in for the walker's masks).
func colorBySides(A, B *term.Term) func(*term.Term) class {
	masks := map[any]uint64{}
	for i, f := range []*term.Term{A, B} {
		for _, k := range term.FreeConsts(f) {
			masks[k] |= 1 << i
		}
		for _, fn := range term.Funcs(f) {
			masks[fn] |= 1 << i
		}
	}
	return func(t *term.Term) class {
		var ms []uint64
		for _, k := range term.FreeConsts(t) {
			ms = append(ms, masks[k])
		}
		for _, fn := range term.Funcs(t) {
			ms = append(ms, masks[fn])
		}
		return classOfMasks(ms, 1)
	}
}

// TestModelFallback: theory combination makes the mixed equality a = b
// (a A-local, b B-local) in the proof; the walker cannot label it, and
// the models' implicants give an interpolant over fr and numerals.
func TestModelFallback(t *testing.T) {
	st := term.NewStore()
	fr := st.Func("fr", []*term.Sort{term.RealSort}, term.RealSort)
	a, b := st.Const("a", term.RealSort), st.Const("b", term.RealSort)
	r := func(n int64) *term.Term { return st.Real(num.NewRat(n, 1)) }
	A := st.And(st.Eq(st.Apply(fr, a), r(1)), st.Le(a, r(0)), st.Ge(a, r(0)))
	B := st.And(st.Eq(st.Apply(fr, b), r(2)), st.Le(b, r(0)), st.Ge(b, r(0)))
	w, err := refute(context.Background(), st, []*term.Term{A, B})
	require.NoError(t, err)
	_, err = w.interpolant(context.Background(), 1) // the mixed a - b < 0
	require.ErrorIs(t, err, ErrUnsupported)
	I, err := binaryInterpolant(context.Background(), st, A, B)
	require.NoError(t, err)
	require.NoError(t, Check(st, A, B, I), "I = %v", I)
	J, err := w.modelInterpolant(context.Background(), A, B, ErrUnsupported)
	require.NoError(t, err)
	require.NoError(t, Check(st, A, B, J), "J = %v", J)
	require.Positive(t, w.modelRounds)
}
