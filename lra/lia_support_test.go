package lra

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/stretchr/testify/require"
)

func TestColumnAndMoveNonbasic(t *testing.T) {
	s := New()
	x, y := s.NewVar(), s.NewVar()
	one := num.NewRat(1, 1)
	a := s.AddRow([]num.Rat{one, one}, []Var{x, y})                    // a = x + y
	b := s.AddRow([]num.Rat{num.NewRat(2, 1), one.Neg()}, []Var{x, y}) // b = 2x - y
	require.False(t, s.AssertUpper(x, Exact(num.NewRat(10, 1)), 1))
	require.False(t, s.AssertLower(x, Exact(num.NewRat(-10, 1)), 2))
	require.False(t, s.AssertLower(a, Exact(num.NewRat(3, 1)), 3))
	require.Equal(t, Sat, s.Check(context.Background()))
	// some nonbasic variable has a column with both rows' basics
	for _, v := range []Var{x, y, a, b} {
		if s.IsBasic(v) {
			require.Panics(t, func() { s.Column(v, nil, nil) })
			require.Panics(t, func() { s.MoveNonbasic(v, Exact(num.Rat{})) })
			continue
		}
		cs, vs := s.Column(v, nil, nil)
		require.Equal(t, len(cs), len(vs))
		for i, bv := range vs {
			require.True(t, s.IsBasic(bv))
			rcs, rvs := s.Row(bv, nil, nil)
			found := false
			for j, rv := range rvs {
				if rv == v {
					found = rcs[j].Equal(cs[i])
				}
			}
			require.True(t, found, "column entry of x%d in row of x%d", v, bv)
		}
	}
	moved := false
	for _, v := range []Var{x, y} {
		if s.IsBasic(v) {
			continue
		}
		if v == x {
			require.Panics(t, func() { s.MoveNonbasic(x, Exact(num.NewRat(11, 1))) })
		}
		s.MoveNonbasic(v, Exact(num.NewRat(7, 1)))
		require.True(t, s.Assignment(v).Equal(Exact(num.NewRat(7, 1))))
		s.checkTableau() // every basic value is its row's value
		moved = true
	}
	require.True(t, moved, "x and y both basic")
}
