package smt

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

func check(t *testing.T, s *Solver, want Result, assumptions ...*term.Term) {
	t.Helper()
	got, err := s.Check(context.Background(), assumptions...)
	require.NoError(t, err)
	require.Equal(t, want, got, s.ReasonUnknown())
	if got == Sat {
		for _, a := range append(s.Assertions(), assumptions...) {
			ok, err := s.Model().EvalBool(a)
			require.NoError(t, err)
			require.True(t, ok, "model violates %v", a)
		}
	}
}

func TestLRA(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.RealSort)
	y := st.Const("y", term.RealSort)
	p := st.Const("p", term.BoolSort)
	half := st.Real(num.NewRat(1, 2))
	s := New(st, Options{})
	require.NoError(t, s.Assert(st.Le(st.Add(x, y), st.Real(num.NewRat(3, 1)))))
	require.NoError(t, s.Assert(st.Or(p, st.Gt(x, half))))
	check(t, s, Sat)
	s.Push()
	require.NoError(t, s.Assert(st.Not(p)))
	require.NoError(t, s.Assert(st.Gt(y, st.Real(num.NewRat(5, 2)))))
	check(t, s, Unsat)
	require.NoError(t, s.Pop(1))
	check(t, s, Sat)
	// 2x + 2y <= 6 shares the slack of x + y <= 3.
	atoms := s.Stats().Atoms
	check(t, s, Unsat, st.Gt(st.Add(st.Mul(st.Real(num.NewRat(2, 1)), x), st.Mul(st.Real(num.NewRat(2, 1)), y)), st.Real(num.NewRat(6, 1))))
	require.Equal(t, atoms, s.Stats().Atoms)
	core := s.UnsatCore()
	require.Len(t, core, 1)
}

func TestIteLifting(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.RealSort)
	c := st.Const("c", term.BoolSort)
	one := st.Real(num.NewRat(1, 1))
	s := New(st, Options{})
	v := st.Ite(c, st.Add(x, one), st.Sub(x, one))
	require.NoError(t, s.Assert(st.Gt(v, x)))
	check(t, s, Sat)
	ok, _ := s.Model().EvalBool(c)
	require.True(t, ok)
	check(t, s, Unsat, st.Not(c))
}

func TestStrictBounds(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.RealSort)
	zero := st.Real(num.Rat{})
	one := st.Real(num.NewRat(1, 1))
	s := New(st, Options{})
	require.NoError(t, s.Assert(st.And(st.Lt(zero, x), st.Lt(x, one))))
	check(t, s, Sat)
	check(t, s, Unsat, st.Eq(x, zero))
	check(t, s, Unsat, st.Distinct(x, x))
	check(t, s, Sat, st.Distinct(x, st.Real(num.NewRat(1, 2))))
}

func TestUnsupported(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.RealSort)
	s := New(st, Options{})
	err := s.Assert(st.Le(st.Mul(x, x), st.Real(num.Rat{})))
	var u *UnsupportedError
	require.ErrorAs(t, err, &u)
}

// TestRelaxed: with integer reasoning off, an integer problem whose
// rational relaxation is unsat stays Unsat (the atoms are tightened), one
// whose relaxation has only fractional models is Unknown, and the full
// check decides both.
func TestRelaxed(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	y := st.Const("y", term.IntSort)
	s := New(st, Options{})
	// 2x + 2y = z and z = 3: x + y = 3/2 only
	z := st.Const("z", term.IntSort)
	odd := st.And(st.Eq(st.Add(st.Mul(st.Int(2), x), st.Mul(st.Int(2), y)), z), st.Eq(z, st.Int(3)))
	// x > 0 and x < 1: tightened to x >= 1 and x <= 0
	gap := st.And(st.Gt(x, st.Int(0)), st.Lt(x, st.Int(1)))
	s.SetRelaxed(true)
	check(t, s, Unsat, gap)
	got, err := s.Check(context.Background(), odd)
	require.NoError(t, err)
	require.Equal(t, Unknown, got)
	require.Equal(t, ReasonRelaxed, s.ReasonUnknown())
	check(t, s, Sat, st.Eq(x, st.Int(1)), st.Eq(y, st.Int(2)))
	s.SetRelaxed(false)
	check(t, s, Unsat, odd)
	check(t, s, Unsat, gap)
}
