package itp

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestRecordedFarkas: the LRA lemmas of a proof are interpolated from the
// certificates smt recorded, not by a fresh simplex.
func TestRecordedFarkas(t *testing.T) {
	st := term.NewStore()
	x, y, z, w0 := st.Const("x", term.RealSort), st.Const("y", term.RealSort), st.Const("z", term.RealSort), st.Const("w", term.RealSort)
	two := st.Real(num.NewRat(2, 1))
	A := st.And(st.Le(x, y), st.Or(st.Le(st.Mul(two, y), st.Mul(two, z)), st.Lt(y, w0)), st.Le(w0, z))
	B := st.And(st.Lt(z, x), st.Ge(x, st.Real(num.NewRat(0, 1))))
	w, err := refute(context.Background(), st, []*term.Term{A, B})
	require.NoError(t, err)
	I, err := w.interpolant(context.Background(), 1)
	require.NoError(t, err)
	require.NoError(t, Check(st, A, B, I))
	require.Positive(t, w.recorded)
	require.Zero(t, w.derived)
}
