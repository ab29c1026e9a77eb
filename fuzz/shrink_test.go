package fuzz_test

import (
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// Shrink keeps the failure, never grows the formula, and stops at a
// formula where no single replacement it tries still fails.
func TestShrinkKeepsFailureAndIsLocallyMinimal(t *testing.T) {
	fuzz.Check(t, 300, func(t *rapid.T) {
		st := term.NewStore()
		cfg := fuzz.Config{Theories: fuzz.Bool | fuzz.LIA | fuzz.Arrays, Depth: 5}
		phi := fuzz.Formula(st, cfg).Draw(t, "phi")
		// Fails: some binary integer atom occurs, and the formula has at
		// least as many constants as the drawn number (so shrinking has
		// to keep some structure).
		want := rapid.IntRange(0, 2).Draw(t, "consts")
		fails := func(g *term.Term) bool {
			cmp := false
			for u := range term.PostOrder(g) {
				if u.NumArgs() == 2 && u.Arg(0).Sort().IsInt() && u.Sort().IsBool() {
					cmp = true
				}
			}
			return cmp && len(term.FreeConsts(g)) >= want
		}
		if !fails(phi) {
			t.Skip("the drawn formula passes")
		}
		small := fuzz.Shrink(st, phi, 1_000_000, fails)
		require.True(t, fails(small), "the shrunk formula %v passes", small)
		require.LessOrEqual(t, term.Size(small), term.Size(phi))
		// Locally minimal: shrinking again calls fails without success
		// and returns the same formula.
		again := fuzz.Shrink(st, small, 1_000_000, fails)
		require.Equal(t, small, again)
	})
}

// The budget bounds the calls.
func TestShrinkBudget(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	phi := st.And(st.Le(x, st.Add(x, st.Int(1))), st.Le(st.Int(0), st.Mul(st.Int(2), x)), st.Not(st.Eq(x, st.Int(3))))
	calls := 0
	small := fuzz.Shrink(st, phi, 3, func(*term.Term) bool { calls++; return false })
	require.Equal(t, 3, calls)
	require.Equal(t, phi, small)
	// With room, everything that is not needed goes: here, all of it.
	small = fuzz.Shrink(st, phi, 1000, func(*term.Term) bool { return true })
	require.LessOrEqual(t, term.Size(small), 1, "shrunk to %v", small)
}
