package itp

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestRecordedFarkasDiffLogic: on integer difference logic smt decides
// with package difflogic, whose conflicts and explanations carry
// certificates with multiplier 1 per literal. Every arithmetic lemma of
// the proof is interpolated from them (none derived by a fresh simplex),
// and the interpolant checks.
func TestRecordedFarkasDiffLogic(t *testing.T) {
	recorded := 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		xs := make([]*term.Term, 4)
		for i := range xs {
			xs[i] = st.Const(fmt.Sprintf("x%d", i), term.IntSort)
		}
		c := func(name string) *term.Term { return st.Int(rapid.Int64Range(-3, 3).Draw(t, name)) }
		d := func(x, y *term.Term, name string) *term.Term {
			if rapid.Bool().Draw(t, name+"strict") {
				return st.Lt(st.Sub(x, y), c(name))
			}
			return st.Le(st.Sub(x, y), c(name))
		}
		// A: x0 − x1, then x1 − x2 or x1 − x3 (x1 local to A);
		// B: x2 − x0 and x3 − x0, with random constants and bounds
		A := st.And(d(xs[0], xs[1], "a0"), st.Or(d(xs[1], xs[2], "a1"), d(xs[1], xs[3], "a2")), st.Le(xs[1], c("a3")))
		B := st.And(d(xs[2], xs[0], "b0"), d(xs[3], xs[0], "b1"), st.Le(c("b2"), xs[0]))
		w, err := refute(context.Background(), st, []*term.Term{A, B})
		if errors.Is(err, ErrSatisfiable) {
			return
		}
		require.NoError(t, err)
		I, err := w.interpolant(context.Background(), 1)
		require.NoError(t, err)
		require.NoError(t, Check(st, A, B, I))
		require.Zero(t, w.derived, "a lemma without a verified certificate")
		recorded += w.recorded
	})
	require.Positive(t, recorded, "no certificate used")
}
