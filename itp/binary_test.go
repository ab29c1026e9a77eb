package itp_test

import (
	"context"
	"errors"
	"testing"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestBinary: an interpolant of x ≥ y ∧ y ≥ 1 against x ≤ 0 is over x
// alone, implied by A and contradicting B; a satisfiable pair is
// ErrSatisfiable; an ended context ends the call with an error.
func TestBinary(t *testing.T) {
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	A := st.And(st.Ge(x, y), st.Ge(y, st.Int(1)))
	B := st.Le(x, st.Int(0))
	I, err := itp.Binary(context.Background(), st, A, B)
	require.NoError(t, err)
	require.Equal(t, []*term.Term{x}, term.FreeConsts(I))
	require.True(t, isUnsat(t, st, A, st.Not(I)), "A does not imply %v", I)
	require.True(t, isUnsat(t, st, I, B), "%v does not contradict B", I)

	_, err = itp.Binary(context.Background(), st, A, st.Ge(x, st.Int(5)))
	require.True(t, errors.Is(err, itp.ErrSatisfiable), "%v", err)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = itp.Binary(ctx, st, A, B)
	require.Error(t, err)
}
