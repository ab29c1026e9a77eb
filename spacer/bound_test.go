package spacer

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestBounds: literals read as bounds (integer ones tightened), the
// ratio of proportional forms, sums of bounds.
func TestBounds(t *testing.T) {
	st := term.NewStore()
	e := &engine{st: st, sys: &chc.System{St: st}, ctx: context.Background()}
	parse := func(f string) *term.Term {
		t.Helper()
		src := "(declare-fun x () Int) (declare-fun y () Int) (declare-fun r () Real) (assert " + f + ")"
		script, err := smtlib.Parse("test.smt2", strings.NewReader(src), st)
		require.NoError(t, err)
		for _, c := range script.Commands {
			if c.Kind == smtlib.Assert {
				return c.Term
			}
		}
		t.Fatal("no assertion")
		return nil
	}
	show := func(b bound) string { return term.Sprint(e.boundTerm(b)) }
	for _, tc := range []struct{ lit, want string }{
		{"(<= x 5)", "(<= x 5)"},
		{"(< x 5)", "(<= x 4)"},
		{"(not (<= x 5))", "(<= (* (- 1) x) (- 6))"},
		{"(>= (+ x y) 3)", "(<= (+ (* (- 1) x) (* (- 1) y)) (- 3))"},
		{"(< r 2.5)", "(< r 2.5)"},
		{"(not (< r 2.5))", "(<= (* (- 1.0) r) (- 2.5))"},
	} {
		b, ok := e.readBound(parse(tc.lit))
		require.True(t, ok, tc.lit)
		require.Equal(t, tc.want, show(b), tc.lit)
	}
	_, ok := e.readBound(parse("(= x 5)"))
	require.False(t, ok)

	// ratio of proportional forms
	a, _ := e.readBound(parse("(<= x 3)"))
	b, _ := e.readBound(parse("(<= (* 2 x) 20001)"))
	r, ok := ratio(b, a)
	require.True(t, ok)
	require.Equal(t, "2", r.String())
	c, _ := e.readBound(parse("(<= y 7)"))
	_, ok = ratio(a, c)
	require.False(t, ok)
	// sums of bounds over different forms
	d, _ := e.readBound(parse("(>= y 5000)"))
	s, ok := sumBounds(a, d)
	require.True(t, ok)
	require.Equal(t, "(<= (+ x (* (- 1) y)) (- 4997))", show(s))
	_, ok = sumBounds(a, b) // proportional
	require.False(t, ok)
}
