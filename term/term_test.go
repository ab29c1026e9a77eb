package term

import (
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/stretchr/testify/require"
)

func TestHashConsing(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	y := st.Const("y", IntSort)
	a := st.Add(x, y, st.Int(1))
	b := st.Add(st.Const("x", IntSort), y, st.Int(1))
	require.Same(t, a, b)
	require.NotSame(t, a, st.Add(y, x, st.Int(1)))
	require.Same(t, st.Int(-3), st.Neg(st.Int(3)))
	require.Same(t, st.Real(num.NewRat(1, 3)), st.Div(st.Int(1), st.Int(3)))
	require.NotSame(t, x, st.BoundVar("x", IntSort))
	for i := 0; i < st.NumTerms(); i++ {
		require.Equal(t, uint32(i), st.Term(uint32(i)).ID())
	}
}

func TestBuildErrors(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	p := st.Const("p", BoolSort)
	arr := st.Const("a", st.ArraySort(IntSort, BoolSort))
	for _, c := range []struct {
		op   Op
		args []*Term
		msg  string
	}{
		{OpAnd, []*Term{p, x}, "and: argument 2 has sort Int, expected Bool"},
		{OpAdd, []*Term{x, p}, "+: argument 2 has sort Bool, expected Int or Real"},
		{OpNot, []*Term{p, p}, "not: expected 1 arguments, got 2"},
		{OpSelect, []*Term{x, x}, "select: first argument has sort Int, expected an array"},
		{OpSelect, []*Term{arr, p}, "select: argument has sort Bool, expected Int"},
		{OpEq, []*Term{x, p}, "=: arguments of sorts Int and Bool"},
		{OpMod, []*Term{x, st.Real(num.NewRat(1, 2))}, "mod: argument 2 has sort Real, expected Int"},
	} {
		_, err := st.Build(c.op, c.args...)
		require.EqualError(t, err, c.msg)
	}
}

func TestCoercion(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	r := st.Const("r", RealSort)
	s := st.Add(x, r, st.Int(2))
	require.Equal(t, RealSort, s.Sort())
	require.Equal(t, "(+ (to_real x) r 2.0)", s.String())
}

func TestPrint(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	r := st.Const("weird name", RealSort)
	a := st.Const("a", st.ArraySort(IntSort, st.ArraySort(IntSort, RealSort)))
	for _, c := range []struct {
		t    *Term
		want string
	}{
		{st.Int(-5), "(- 5)"},
		{st.Real(num.NewRat(-1, 3)), "(- (/ 1 3))"},
		{st.Real(num.NewRat(5, 2)), "2.5"},
		{st.Real(num.NewRat(4, 1)), "4.0"},
		{st.Le(st.Sub(x, st.Int(1)), st.Mul(st.Int(2), x)), "(<= (- x 1) (* 2 x))"},
		{st.Select(st.Select(a, x), x), "(select (select a x) x)"},
		{r, "|weird name|"},
		{st.ConstArrayOf(st.ArraySort(IntSort, BoolSort), st.True()), "((as const (Array Int Bool)) true)"},
	} {
		require.Equal(t, c.want, c.t.String())
	}
	bx := st.BoundVar("x", IntSort)
	q := st.Forall([]*Term{bx}, st.Le(bx, x))
	require.Equal(t, "(forall ((x Int)) (<= x x))", q.String())
	require.False(t, q.HasBound())
	require.True(t, q.Arg(1).HasBound())
}

func TestFprintShares(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	u := st.Add(x, st.Int(1))
	for i := 0; i < 40; i++ {
		u = st.Add(u, u)
	}
	out := Sprint(st.Le(u, x))
	require.Less(t, len(out), 2000)
	require.Contains(t, out, "(let ((?a1 (+ x 1))) (let ((?a2 (+ ?a1 ?a1)))")
}

// TestSimplifyStoreOverwriteToValue: overwriting a store at the same
// index can leave a store of values, which must fold to the canonical
// array value in the same pass (Simplify is idempotent).
func TestSimplifyStoreOverwriteToValue(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	arr := st.ArraySort(IntSort, IntSort)
	c := st.ConstArrayOf(arr, st.Int(-2))
	u := st.Store(st.Store(c, st.Int(0), x), st.Int(0), st.Int(-2))
	once := st.Simplify(u)
	require.Same(t, c, once)
	require.Same(t, once, st.Simplify(once))
}
