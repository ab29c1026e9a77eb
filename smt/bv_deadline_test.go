package smt_test

import (
	"context"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// mulChain is x_n = x_0·x_0 + 1, ..., x_k+1 = x_k·x_k + k+1 over 64
// bits, as one term of n multiplications: blasting it costs about
// 20000 gates per step.
func mulChain(st *term.Store, n int) (x0, xn *term.Term) {
	s64 := st.BitVecSort(64)
	x0 = st.Const("x0", s64)
	x := x0
	for k := 0; k < n; k++ {
		x = st.Mk(term.OpBVAdd, st.Mk(term.OpBVMul, x, x), st.BVInt(int64(k+1), 64))
	}
	return x0, x
}

// TestBVBlastDeadline: Assert leaves the blasting of a huge formula to
// Check, and Check's blasting honours its context: an expired one gives
// Unknown at once, a short one Unknown soon after its deadline (the
// bound is generous: the whole blasting takes far longer).
func TestBVBlastDeadline(t *testing.T) {
	st := term.NewStore()
	_, xn := mulChain(st, 400)
	huge := st.Eq(xn, st.BVInt(12345, 64))

	sv := smt.New(st, smt.Options{})
	start := time.Now()
	require.NoError(t, sv.Assert(huge))
	require.Less(t, time.Since(start), 5*time.Second, "Assert blasted the formula")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := sv.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, smt.Unknown, r)

	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	r, err = sv.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, smt.Unknown, r)
	require.Less(t, time.Since(start), 10*time.Second)
	require.Contains(t, sv.ReasonUnknown(), "deadline")

	// the same formula as an assumption: blasted by Check, which polls
	sv = smt.New(st, smt.Options{})
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	r, err = sv.Check(ctx, huge)
	require.NoError(t, err)
	require.Equal(t, smt.Unknown, r)
	require.Less(t, time.Since(start), 10*time.Second)
}

// TestBVDeferredAtoms: atoms Assert defers are blasted by the next Check
// and decide like eager ones, across scopes and after an interrupted
// Check.
func TestBVDeferredAtoms(t *testing.T) {
	st := term.NewStore()
	s8 := st.BitVecSort(8)
	x, y := st.Const("x", s8), st.Const("y", s8)
	sv := smt.New(st, smt.Options{})
	require.NoError(t, sv.Assert(st.Eq(st.Mk(term.OpBVMul, x, st.BVInt(3, 8)), st.BVInt(7, 8))))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := sv.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, smt.Unknown, r)
	r, err = sv.Check(context.Background())
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	v, err := sv.Model().Eval(x)
	require.NoError(t, err)
	require.Equal(t, "#xad", v.String()) // 3·0xad = 0x207 = 7 mod 256

	sv.Push()
	require.NoError(t, sv.Assert(st.Mk(term.OpBVUlt, x, y)))
	require.NoError(t, sv.Assert(st.Mk(term.OpBVUlt, y, st.BVInt(0xae, 8))))
	r, err = sv.Check(context.Background())
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	require.NoError(t, sv.Pop(1))
	r, err = sv.Check(context.Background(), st.Mk(term.OpBVUgt, y, x))
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
}
