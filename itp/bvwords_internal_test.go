package itp

import (
	"math/big"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestWordLevel: runs of bit literals of one term merge, in a
// conjunction and in a disjunction, and the result is equivalent to the
// input on every value of the word.
func TestWordLevel(t *testing.T) {
	st := term.NewStore()
	y := st.Const("y", st.BitVecSort(4))
	p := st.Const("p", term.BoolSort)
	one, zero := st.BVInt(1, 1), st.BVInt(0, 1)
	bit := func(i int) *term.Term {
		e, err := st.BuildIndexed(term.OpExtract, i, i, y)
		require.NoError(t, err)
		return e
	}
	cases := []struct {
		in   *term.Term
		want string
	}{
		{st.And(st.Eq(bit(0), one), st.Not(st.Eq(bit(1), one)), p), "(and p (= ((_ extract 1 0) y) #b01))"},
		{st.Or(st.Not(st.Eq(bit(2), one)), st.Eq(bit(3), one), p), "(or p (not (= ((_ extract 3 2) y) #b01)))"},
		{st.And(st.Eq(bit(0), one), st.Eq(bit(1), zero), st.Eq(bit(2), one), st.Eq(bit(3), one)), "(= y #xd)"},
		{st.And(st.Eq(bit(0), one), st.Eq(bit(2), one), p), ""}, // no run: unchanged
	}
	m := term.NewModel(st)
	for _, c := range cases {
		got := wordLevel(st, c.in)
		for v := int64(0); v < 16; v++ {
			for _, pv := range []bool{false, true} {
				m.Set(y, st.BVNum(big.NewInt(v), 4))
				m.Set(p, st.Bool(pv))
				a, err := m.EvalBool(c.in)
				require.NoError(t, err)
				b, err := m.EvalBool(got)
				require.NoError(t, err)
				require.Equal(t, a, b, "%v and %v at y=%d p=%v", c.in, got, v, pv)
			}
		}
		if c.want == "" {
			require.Same(t, c.in, got)
		} else {
			require.Equal(t, c.want, got.String())
		}
	}
}
