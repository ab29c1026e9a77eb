package sat

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// WriteDIMACS writes a file that is satisfiable exactly when the solver
// is under the same assumptions.
func TestWriteDIMACS(t *testing.T) {
	s := New(Options{})
	a, b, c := s.NewVar(), s.NewVar(), s.NewVar()
	s.AddClause(a.Pos(), b.Pos())
	s.AddClause(a.Neg(), c.Pos())
	s.AddClause(b.Neg(), c.Pos())
	s.AddClause(a.Pos(), b.Pos(), c.Pos())
	for _, as := range [][]Lit{nil, {c.Neg()}, {a.Pos(), b.Pos()}} {
		want := s.Solve(context.Background(), as)
		var buf bytes.Buffer
		require.NoError(t, s.WriteDIMACS(&buf, as))
		f, err := ParseDIMACS(&buf)
		require.NoError(t, err)
		g := New(Options{})
		for _, cl := range f.Clauses {
			g.AddClause(cl...)
		}
		require.Equal(t, want, g.Solve(context.Background(), nil), "assumptions %v", as)
	}
}
