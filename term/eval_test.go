package term_test

import (
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	. "github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

func evalStr(t *testing.T, m *Model, u *Term) string {
	t.Helper()
	v, err := m.Eval(u)
	require.NoError(t, err)
	require.True(t, v.IsValue(), "%v", v)
	return v.String()
}

func TestEvalArithmetic(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	r := st.Const("r", RealSort)
	m := NewModel(st)
	m.Set(x, st.Int(-7))
	m.Set(r, st.Int(3)) // an Int numeral for a Real constant is accepted
	i := st.Int
	for _, c := range []struct {
		t    *Term
		want string
	}{
		{st.Add(x, i(2), st.Neg(x)), "2"},
		{st.Sub(x, i(1), i(1)), "(- 9)"},
		{st.Mul(x, x), "49"},
		// Euclidean: 0 <= mod < |divisor|
		{st.IntDiv(x, i(2)), "(- 4)"},
		{st.Mod(x, i(2)), "1"},
		{st.IntDiv(i(7), i(-2)), "(- 3)"},
		{st.Mod(i(7), i(-2)), "1"},
		{st.IntDiv(x, i(-2)), "4"},
		{st.Mod(x, i(-2)), "1"},
		{st.Abs(x), "7"},
		{st.Div(r, i(2)), "1.5"},
		{st.Div(x, r), "(- (/ 7 3))"},
		{st.ToInt(st.Div(x, i(2))), "(- 4)"},
		{st.IsInt(st.Div(x, i(2))), "false"},
		{st.IsInt(st.Div(x, i(-7))), "true"},
		{st.ToReal(x), "(- 7.0)"},
		{st.Lt(x, r), "true"},
		{st.Ge(x, r), "false"},
		{st.Mk(OpEq, st.ToReal(x), st.Sub(r, i(10))), "true"},
		{st.Distinct(x, i(1), st.Sub(i(-8), i(-1))), "false"},
		{st.Distinct(x, i(1), i(2)), "true"},
	} {
		require.Equal(t, c.want, evalStr(t, m, c.t), "%v", c.t)
	}
}

func TestEvalBoolean(t *testing.T) {
	st := NewStore()
	p, q := st.Const("p", BoolSort), st.Const("q", BoolSort)
	m := NewModel(st)
	m.Set(p, st.True()) // q keeps its default, false
	for _, c := range []struct {
		t    *Term
		want bool
	}{
		{p, true},
		{q, false},
		{st.And(p, q), false},
		{st.And(), true},
		{st.Or(q, st.Not(p)), false},
		{st.Implies(q, st.False()), true},
		{st.Xor(p, p, p), true},
		{st.Xor(p, q), true},
		{st.Mk(OpEq, p, st.True(), st.Not(q)), true},
		{st.Distinct(p, q), true},
		{st.Ite(q, st.False(), p), true},
	} {
		got, err := m.EvalBool(c.t)
		require.NoError(t, err)
		require.Equal(t, c.want, got, "%v", c.t)
	}
	_, err := m.EvalBool(st.Int(1))
	require.Error(t, err)
}

// Division by zero is a function of the dividend that the model
// interprets (DivByZero); by default it is 0.
func TestEvalDivisionByZero(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	y := st.Const("y", IntSort)
	r := st.Const("r", RealSort)
	m := NewModel(st)
	m.Set(x, st.Int(5))
	m.Set(r, st.Real(num.NewRat(1, 2)))
	zero := st.Sub(y, y) // not a numeral: the divisor's value is 0
	require.Equal(t, "0", evalStr(t, m, st.IntDiv(x, st.Int(0))))
	require.Equal(t, "0", evalStr(t, m, st.Mod(x, zero)))
	require.Equal(t, "0.0", evalStr(t, m, st.Div(r, st.Real(num.Rat{}))))

	m.SetFunc(st.DivByZero(OpIntDiv), &FuncInterp{
		Entries: []FuncEntry{{Args: []*Term{st.Int(5)}, Value: st.Int(42)}},
		Default: st.Int(-1),
	})
	m.SetFunc(st.DivByZero(OpMod), &FuncInterp{Default: st.Int(3)})
	m.SetFunc(st.DivByZero(OpDiv), &FuncInterp{
		Entries: []FuncEntry{{Args: []*Term{st.Real(num.NewRat(1, 2))}, Value: st.Int(7)}},
	})
	require.Equal(t, "42", evalStr(t, m, st.IntDiv(x, st.Int(0))))
	require.Equal(t, "42", evalStr(t, m, st.IntDiv(x, zero)), "the same function for every zero divisor")
	require.Equal(t, "(- 1)", evalStr(t, m, st.IntDiv(st.Add(x, st.Int(1)), zero)))
	require.Equal(t, "3", evalStr(t, m, st.Mod(x, zero)))
	require.Equal(t, "7.0", evalStr(t, m, st.Div(r, st.Real(num.Rat{}))))
	require.Equal(t, "0.0", evalStr(t, m, st.Div(st.ToReal(x), st.Real(num.Rat{}))))

	// The reserved symbols are not the symbols a reader declares.
	require.NotSame(t, st.DivByZero(OpIntDiv), st.Func("@div0", []*Sort{IntSort}, IntSort))
	require.Same(t, st.DivByZero(OpIntDiv), st.DivByZero(OpIntDiv))
	require.True(t, st.IsDivByZero(st.DivByZero(OpMod)))
	require.False(t, st.IsDivByZero(st.Func("@mod0", []*Sort{IntSort}, IntSort)))
	require.Equal(t, "@/0", st.DivByZero(OpDiv).Name())
}

func TestEvalDefaults(t *testing.T) {
	st := NewStore()
	u := st.UninterpretedSort("U")
	arr := st.ArraySort(IntSort, st.ArraySort(BoolSort, RealSort))
	m := NewModel(st)
	for _, c := range []struct {
		t    *Term
		want string
	}{
		{st.Const("b", BoolSort), "false"},
		{st.Const("x", IntSort), "0"},
		{st.Const("r", RealSort), "0.0"},
		{st.Const("e", u), "U!val!0"},
		{st.Const("a", arr), "((as const (Array Int (Array Bool Real))) ((as const (Array Bool Real)) 0.0))"},
		{st.Apply(st.Func("f", []*Sort{IntSort, u}, u), st.Int(1), st.Const("e", u)), "U!val!0"},
		{st.Apply(st.Func("g", []*Sort{IntSort}, arr), st.Int(1)), "((as const (Array Int (Array Bool Real))) ((as const (Array Bool Real)) 0.0))"},
	} {
		require.Equal(t, c.want, evalStr(t, m, c.t))
	}
	_, ok := m.Lookup(st.Const("x", IntSort))
	require.False(t, ok, "defaults are not assignments")
	require.Empty(t, m.Consts())
}

func TestEvalArrayCanonical(t *testing.T) {
	st := NewStore()
	ai := st.ArraySort(IntSort, IntSort)
	a := st.Const("a", ai)
	c0 := st.ConstArrayOf(ai, st.Int(0))
	i := st.Int
	m := NewModel(st)
	// Written in another order and with a redundant entry.
	m.Set(a, st.Store(st.Store(st.Store(c0, i(2), i(5)), i(-1), i(3)), i(4), i(0)))
	v, _ := m.Lookup(a)
	require.Equal(t, "(store (store ((as const (Array Int Int)) 0) (- 1) 3) 2 5)", v.String())

	b := st.Const("b", ai)
	m.Set(b, st.Store(st.Store(c0, i(2), i(5)), i(-1), i(3)))
	vb, _ := m.Lookup(b)
	require.Same(t, v, vb, "equal arrays are the same term")

	for _, c := range []struct {
		t    *Term
		want string
	}{
		{st.Select(a, i(2)), "5"},
		{st.Select(a, i(7)), "0"},
		{st.Eq(a, b), "true"},
		{st.Eq(st.Store(a, i(2), i(0)), st.Store(b, i(2), i(1))), "false"},
		{st.Store(a, i(2), i(0)), "(store ((as const (Array Int Int)) 0) (- 1) 3)"},
		{st.Store(st.Store(a, i(-1), i(0)), i(2), i(0)), "((as const (Array Int Int)) 0)"},
		{st.Store(a, i(0), i(9)), "(store (store (store ((as const (Array Int Int)) 0) (- 1) 3) 0 9) 2 5)"},
		{st.Store(a, i(9), i(9)), "(store (store (store ((as const (Array Int Int)) 0) (- 1) 3) 2 5) 9 9)"},
		{st.Store(a, i(-9), i(9)), "(store (store (store ((as const (Array Int Int)) 0) (- 9) 9) (- 1) 3) 2 5)"},
		{st.Store(a, i(2), i(6)), "(store (store ((as const (Array Int Int)) 0) (- 1) 3) 2 6)"},
		// Every index holding the default: the constant array itself.
		{st.Eq(st.Store(st.Store(c0, i(1), i(1)), i(1), i(0)), c0), "true"},
		{st.Eq(st.ConstArrayOf(ai, st.Select(a, i(2))), st.Store(c0, i(1), i(5))), "false"},
	} {
		require.Equal(t, c.want, evalStr(t, m, c.t), "%v", c.t)
	}
}

func TestEvalNestedArrays(t *testing.T) {
	st := NewStore()
	inner := st.ArraySort(IntSort, BoolSort)
	outer := st.ArraySort(inner, inner) // arrays as indices too
	i := st.Int
	f := st.False()
	ci := st.ConstArrayOf(inner, f)
	x := st.Const("x", outer)
	m := NewModel(st)
	row := st.Store(ci, i(1), st.True())
	m.Set(x, st.Store(st.ConstArrayOf(outer, ci), row, row))
	// Built in another way: the same values.
	row2 := st.Store(st.Store(ci, i(1), st.True()), i(2), f)
	require.Equal(t, "true", evalStr(t, m, st.Select(st.Select(x, row2), i(1))))
	require.Equal(t, "false", evalStr(t, m, st.Select(st.Select(x, ci), i(1))))
	require.Equal(t, "true", evalStr(t, m, st.Eq(st.Select(x, row2), row)))
	v, _ := m.Lookup(x)
	require.Equal(t,
		"(store ((as const (Array (Array Int Bool) (Array Int Bool))) ((as const (Array Int Bool)) false)) "+
			"(store ((as const (Array Int Bool)) false) 1 true) (store ((as const (Array Int Bool)) false) 1 true))",
		v.String())
	// Array indices order by default first, then entries.
	a1 := evalTerm(t, m, st.Store(ci, i(5), st.True()))
	a2 := evalTerm(t, m, st.Store(ci, i(1), st.True()))
	a3 := evalTerm(t, m, st.ConstArrayOf(inner, st.True()))
	require.Less(t, CompareValues(a2, a1), 0)
	require.Less(t, CompareValues(ci, a2), 0)
	require.Less(t, CompareValues(a1, a3), 0)
}

func evalTerm(t *testing.T, m *Model, u *Term) *Term {
	t.Helper()
	v, err := m.Eval(u)
	require.NoError(t, err)
	return v
}

func TestEvalFunctions(t *testing.T) {
	st := NewStore()
	u := st.UninterpretedSort("U")
	ai := st.ArraySort(IntSort, IntSort)
	f := st.Func("f", []*Sort{IntSort, u}, IntSort)
	g := st.Func("g", []*Sort{ai}, BoolSort)
	e0, e1 := st.Value(u, 0), st.Value(u, 1)
	m := NewModel(st)
	m.SetFunc(f, &FuncInterp{
		Entries: []FuncEntry{
			{Args: []*Term{st.Int(1), e1}, Value: st.Int(10)},
			{Args: []*Term{st.Int(1), e1}, Value: st.Int(11)}, // shadowed
			{Args: []*Term{st.Int(2), e0}, Value: st.Int(20)},
		},
		Default: st.Int(-1),
	})
	c0 := st.ConstArrayOf(ai, st.Int(0))
	// An entry written with a non-canonical array matches canonically.
	m.SetFunc(g, &FuncInterp{Entries: []FuncEntry{{Args: []*Term{st.Store(c0, st.Int(3), st.Int(0))}, Value: st.True()}}})
	x := st.Const("x", IntSort)
	m.Set(x, st.Int(1))
	for _, c := range []struct {
		t    *Term
		want string
	}{
		{st.Apply(f, x, e1), "10"},
		{st.Apply(f, st.Add(x, x), e0), "20"},
		{st.Apply(f, x, e0), "(- 1)"},
		{st.Apply(g, c0), "true"},
		{st.Apply(g, st.Store(c0, x, x)), "false"},
	} {
		require.Equal(t, c.want, evalStr(t, m, c.t))
	}
	fi, ok := m.LookupFunc(f)
	require.True(t, ok)
	require.Len(t, fi.Entries, 2)
	require.Equal(t, []*Func{f, g}, m.Funcs())
}

func TestEvalQuantifiersAndBoundVariables(t *testing.T) {
	st := NewStore()
	p := st.BoundVar("p", BoolSort)
	q := st.BoundVar("q", BoolSort)
	b := st.Const("b", BoolSort)
	m := NewModel(st)
	for _, c := range []struct {
		t    *Term
		want string
	}{
		{st.Forall([]*Term{p}, st.Or(p, st.Not(p))), "true"},
		{st.Exists([]*Term{p, q}, st.And(p, st.Not(q), st.Not(b))), "true"},
		{st.Forall([]*Term{p}, st.Exists([]*Term{q}, st.Xor(p, q))), "true"},
		{st.Exists([]*Term{p}, st.Forall([]*Term{q}, st.Xor(p, q))), "false"},
		{st.Forall([]*Term{p}, st.Implies(p, b)), "false"},
	} {
		require.Equal(t, c.want, evalStr(t, m, c.t), "%v", c.t)
	}
	x := st.BoundVar("x", IntSort)
	_, err := m.Eval(st.Forall([]*Term{x}, st.Le(x, x)))
	require.EqualError(t, err, "term: cannot evaluate quantifier")
	_, err = m.Eval(st.Add(x, st.Int(1)))
	require.EqualError(t, err, "term: cannot evaluate free bound variable x")
}

func TestEvalLinearInDAG(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	p := st.Const("p", BoolSort)
	u := st.Add(x, st.Int(1))
	f := p
	for i := 0; i < 200; i++ { // 2^200 as a tree
		u = st.Add(u, u)
		f = st.Xor(f, st.Ite(f, f, st.Not(f)))
	}
	m := NewModel(st)
	m.Set(x, st.Int(-1))
	require.Equal(t, "0", evalStr(t, m, u))
	require.Equal(t, "false", evalStr(t, m, f))
	// Deep terms do not overflow the stack.
	d := x
	for i := 0; i < 200000; i++ {
		d = st.Add(d, st.Int(1))
	}
	require.Equal(t, "199999", evalStr(t, m, d))
}

func TestModelFprint(t *testing.T) {
	st := NewStore()
	u := st.UninterpretedSort("U")
	ai := st.ArraySort(IntSort, RealSort)
	x := st.Const("x", IntSort)
	r := st.Const("r", RealSort)
	e := st.Const("e", u)
	a := st.Const("a", ai)
	b := st.Const("b c", BoolSort)
	f := st.Func("f", []*Sort{IntSort, u}, IntSort)
	h := st.Func("h", []*Sort{IntSort}, u)
	m := NewModel(st)
	m.Set(b, st.True())
	m.Set(a, st.Store(st.ConstArrayOf(ai, st.Real(num.NewRat(1, 2))), st.Int(-2), st.Int(3)))
	m.Set(e, st.Value(u, 1))
	m.Set(x, st.Int(-3))
	m.Set(r, st.Real(num.NewRat(-1, 3)))
	m.SetFunc(f, &FuncInterp{
		Entries: []FuncEntry{
			{Args: []*Term{st.Int(1), st.Value(u, 0)}, Value: st.Int(2)},
			{Args: []*Term{st.Int(0), st.Value(u, 2)}, Value: st.Int(-4)},
		},
		Default: st.Int(7),
	})
	m.SetFunc(h, &FuncInterp{Entries: []FuncEntry{{Args: []*Term{st.Int(5)}, Value: st.Value(u, 1)}}})
	m.SetFunc(st.DivByZero(OpDiv), &FuncInterp{Default: st.Real(num.NewRat(5, 2))})
	want := `(
  ;; universe for U:
  ;;   U!val!0 U!val!1 U!val!2
  (define-fun x () Int (- 3))
  (define-fun r () Real (- (/ 1 3)))
  (define-fun e () U U!val!1)
  (define-fun a () (Array Int Real) (store ((as const (Array Int Real)) 0.5) (- 2) 3.0))
  (define-fun |b c| () Bool true)
  (define-fun f ((x!0 Int) (x!1 U)) Int
    (ite (and (= x!0 1) (= x!1 U!val!0)) 2
    (ite (and (= x!0 0) (= x!1 U!val!2)) (- 4)
    7)))
  (define-fun h ((x!0 Int)) U
    (ite (= x!0 5) U!val!1
    U!val!0))
  (define-fun @/0 ((x!0 Real)) Real
    2.5)
)
`
	var sb strings.Builder
	require.NoError(t, m.Fprint(&sb))
	require.Equal(t, want, sb.String())
	require.Equal(t, []*Term{x, r, e, a, b}, m.Consts())

	c := m.Clone()
	c.Set(x, st.Int(0))
	v, _ := m.Lookup(x)
	require.Equal(t, "(- 3)", v.String(), "Clone is independent")
}

func TestModelSetPanics(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	m := NewModel(st)
	require.Panics(t, func() { m.Set(x, st.Real(num.NewRat(1, 2))) })
	require.Panics(t, func() { m.Set(x, x) })
	require.Panics(t, func() { m.Set(st.Add(x, x), st.Int(1)) })
}
