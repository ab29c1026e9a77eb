package smt_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// WriteDIMACS of a blasted query is satisfiable exactly when Check is,
// under the same assumptions; arithmetic atoms are refused.
func TestWriteDIMACS(t *testing.T) {
	st := term.NewStore()
	s8 := st.BitVecSort(8)
	x, y := st.Const("x", s8), st.Const("y", s8)
	sv := smt.New(st, smt.Options{})
	require.NoError(t, sv.Assert(st.Eq(st.Mk(term.OpBVMul, x, st.BVInt(3, 8)), y)))
	for _, a := range []*term.Term{st.Eq(y, st.BVInt(7, 8)), st.Mk(term.OpBVUlt, y, y)} {
		want, err := sv.Check(context.Background(), a)
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, sv.WriteDIMACS(context.Background(), &buf, a))
		f, err := sat.ParseDIMACS(&buf)
		require.NoError(t, err)
		g := sat.New(sat.Options{})
		for _, cl := range f.Clauses {
			g.AddClause(cl...)
		}
		got := g.Solve(context.Background(), nil)
		require.Equal(t, want == smt.Sat, got == sat.Sat, "%v", a)
	}
	k := st.Const("k", term.IntSort)
	require.NoError(t, sv.Assert(st.Le(k, st.Int(3))))
	require.Error(t, sv.WriteDIMACS(context.Background(), &bytes.Buffer{}))
}
