package spacer

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestSumBound: for a cluster of cubes {l1, l2} whose two bounds (any of
// <=, >=, not <=, not >=, over Int or Real) keep a constant total once
// read as upper bounds, sumBound gives a literal every member implies
// (checked by smt); when the total varies it gives none.
func TestSumBound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		sort := term.IntSort
		if rapid.Bool().Draw(t, "real") {
			sort = term.RealSort
		}
		x, y, z := st.Const("x", sort), st.Const("y", sort), st.Const("z", sort)
		e1, e2 := st.Sub(x, y), st.Sub(z, y)
		kind1 := rapid.IntRange(0, 3).Draw(t, "kind1")
		kind2 := rapid.IntRange(0, 3).Draw(t, "kind2")
		lit := func(kind int, lhs *term.Term, c int64) *term.Term {
			k := st.Num(num.NewInt(c).Rat(), sort)
			switch kind {
			case 0:
				return st.Le(lhs, k)
			case 1:
				return st.Ge(lhs, k)
			case 2:
				return st.Not(st.Le(lhs, k))
			}
			return st.Not(st.Ge(lhs, k))
		}
		// c2 moves against c1 as the upper-bound reading of each kind says
		sign := func(kind int) int64 {
			if kind == 0 || kind == 3 {
				return 1
			}
			return -1
		}
		n := rapid.IntRange(3, 5).Draw(t, "members")
		vary := rapid.Bool().Draw(t, "vary")
		var cubes [][]*term.Term
		for i := range n {
			c1 := int64(-i)
			c2 := -sign(kind2) * sign(kind1) * c1
			if vary && i == n-1 {
				c2 += sign(kind2)
			}
			cubes = append(cubes, []*term.Term{lit(kind1, e1, c1), lit(kind2, e2, c2)})
		}
		e := &engine{st: st}
		var members []map[string]num.Rat
		for _, c := range cubes[:n-1] {
			_, consts, ok := cubeShape(c)
			require.True(t, ok)
			members = append(members, consts)
		}
		last := cubes[n-1]
		sum, ok := e.sumBound(last[0], last[1], members)
		if vary {
			require.False(t, ok, "a varying total gives no sum: %v", sum)
			return
		}
		require.True(t, ok)
		for _, c := range cubes {
			s := smt.New(st, smt.Options{})
			for _, l := range c {
				require.NoError(t, s.Assert(l))
			}
			require.NoError(t, s.Assert(st.Not(sum)))
			r, err := s.Check(context.Background())
			require.NoError(t, err)
			require.Equal(t, smt.Unsat, r, "%v does not imply %v", c, sum)
		}
	})
}
