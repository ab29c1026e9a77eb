package spacer

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestBounds: literals read as bounds (integer ones tightened), the
// ratio of proportional forms, sums of bounds.
func TestBounds(t *testing.T) {
	st := term.NewStore()
	e := &engine{st: st, sys: &chc.System{St: st}, ctx: context.Background()}
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	r := st.Const("r", term.RealSort)
	n := func(k int64) *term.Term { return st.Int(k) }
	half := func(k int64) *term.Term { return st.Real(num.NewRat(k, 2)) }
	show := func(b bound) string { return term.Sprint(e.boundTerm(b)) }
	for _, tc := range []struct {
		lit  *term.Term
		want string
	}{
		{st.Le(x, n(5)), "(<= x 5)"},
		{st.Lt(x, n(5)), "(<= x 4)"},
		{st.Not(st.Le(x, n(5))), "(<= (* (- 1) x) (- 6))"},
		{st.Ge(st.Add(x, y), n(3)), "(<= (+ (* (- 1) x) (* (- 1) y)) (- 3))"},
		{st.Lt(r, half(5)), "(< r 2.5)"},
		{st.Not(st.Lt(r, half(5))), "(<= (* (- 1.0) r) (- 2.5))"},
	} {
		b, ok := e.readBound(tc.lit)
		require.True(t, ok, tc.want)
		require.Equal(t, tc.want, show(b))
	}
	_, ok := e.readBound(st.Eq(x, n(5)))
	require.False(t, ok)

	// ratio of proportional forms
	a, _ := e.readBound(st.Le(x, n(3)))
	b, _ := e.readBound(st.Le(st.Mul(n(2), x), n(20001)))
	lambda, ok := ratio(b, a)
	require.True(t, ok)
	require.Equal(t, "2", lambda.String())
	c, _ := e.readBound(st.Le(y, n(7)))
	_, ok = ratio(a, c)
	require.False(t, ok)
	// sums of bounds over different forms
	d, _ := e.readBound(st.Ge(y, n(5000)))
	s, ok := sumBounds(a, d)
	require.True(t, ok)
	require.Equal(t, "(<= (+ x (* (- 1) y)) (- 4997))", show(s))
	_, ok = sumBounds(a, b) // proportional
	require.False(t, ok)
}
