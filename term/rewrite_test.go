package term_test

import (
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	. "github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// sig is a small signature for table tests: x < y < z (Int), r < s (Real),
// p < q (Bool), a (Array Int Int), f: Int -> Int, in ID order.
type sig struct {
	st            *Store
	x, y, z, r, s *Term
	p, q, a       *Term
	f             *Func
}

func newSig() sig {
	st := NewStore()
	return sig{
		st: st,
		x:  st.Const("x", IntSort), y: st.Const("y", IntSort), z: st.Const("z", IntSort),
		r: st.Const("r", RealSort), s: st.Const("s", RealSort),
		p: st.Const("p", BoolSort), q: st.Const("q", BoolSort),
		a: st.Const("a", st.ArraySort(IntSort, IntSort)),
		f: st.Func("f", []*Sort{IntSort}, IntSort),
	}
}

func TestSimplifyTable(t *testing.T) {
	g := newSig()
	st, x, y, z, r, s, p, q, a := g.st, g.x, g.y, g.z, g.r, g.s, g.p, g.q, g.a
	i := st.Int
	rat := func(n, d int64) *Term { return st.Real(num.NewRat(n, d)) }
	ai := a.Sort()
	c0 := st.ConstArrayOf(ai, i(0))
	for _, c := range []struct {
		t    *Term
		want string
	}{
		// constant folding
		{st.Add(i(1), st.Mul(i(2), i(3))), "7"},
		{st.IntDiv(i(-7), i(2)), "(- 4)"},
		{st.Mod(i(-7), i(-2)), "1"},
		{st.Abs(i(-3)), "3"},
		{st.ToInt(rat(-1, 2)), "(- 1)"},
		{st.IsInt(rat(4, 2)), "true"},
		{st.Div(rat(1, 2), rat(1, 4)), "2.0"},
		{st.Lt(i(1), i(2)), "true"},
		{st.Distinct(i(1), i(2), i(3)), "true"},
		{st.Eq(i(1), i(2)), "false"},
		{st.Ite(st.True(), x, y), "x"},
		{st.Select(st.Store(c0, i(1), i(5)), i(1)), "5"},
		{st.Select(st.Store(c0, i(1), i(5)), i(2)), "0"},
		{st.Store(st.Store(c0, i(2), i(5)), i(1), i(0)), "(store ((as const (Array Int Int)) 0) 2 5)"},
		// division by zero stays
		{st.IntDiv(st.Add(x, i(0)), i(0)), "(div x 0)"},
		{st.Div(r, st.Sub(rat(1, 1), rat(1, 1))), "(/ r 0.0)"},
		// linear forms
		{st.Sub(x, x), "0"},
		{st.Add(y, x, i(1), st.Neg(y)), "(+ x 1)"},
		{st.Mul(i(2), st.Add(x, st.Mul(i(3), y)), i(-1)), "(+ (* (- 2) x) (* (- 6) y))"},
		{st.Add(st.ToReal(x), st.Div(r, i(2)), rat(1, 3)), "(+ (to_real x) (* 0.5 r) (/ 1 3))"},
		{st.Mul(x, st.Mul(i(2), y), x), "(* 2 (* x x y))"},
		{st.Mul(st.Add(y, i(1)), x), "(* x (+ y 1))"},
		{st.Div(r, s), "(/ r s)"},
		{st.Mul(st.ToReal(x), st.ToReal(y)), "(to_real (* x y))"},
		{st.Neg(st.ToReal(st.Mul(x, st.Add(x, y)))), "(* (- 1.0) (to_real (* x (+ x y))))"},
		{st.Mul(r, st.ToReal(st.Mul(x, st.Add(x, y)))), "(* (to_real x) r (+ (to_real x) (to_real y)))"},
		// div and mod by numerals
		{st.IntDiv(x, i(1)), "x"},
		{st.Mod(x, i(-1)), "0"},
		{st.IntDiv(x, i(-2)), "(* (- 1) (div x 2))"},
		{st.Mod(x, i(-2)), "(mod x 2)"},
		{st.IntDiv(st.Add(st.Mul(i(4), x), y, i(7)), i(2)), "(+ (* 2 x) (div (+ y 1) 2) 3)"},
		{st.Mod(st.Add(st.Mul(i(4), x), i(7)), i(2)), "1"},
		{st.ToInt(st.Add(st.ToReal(x), rat(5, 2))), "(+ x 2)"},
		{st.IsInt(st.Add(st.ToReal(x), rat(5, 2))), "false"},
		{st.ToInt(r), "(to_int r)"},
		// comparisons
		{st.Lt(x, i(3)), "(<= x 2)"},
		{st.Gt(x, i(3)), "(not (<= x 3))"},
		{st.Ge(x, i(3)), "(not (<= x 2))"},
		{st.Le(st.Mul(i(2), x), i(7)), "(<= x 3)"},
		{st.Le(st.Mul(i(-2), x), i(7)), "(not (<= x (- 4)))"},
		{st.Le(st.Add(st.Mul(i(4), x), st.Mul(i(6), y)), i(9)), "(<= (+ (* 2 x) (* 3 y)) 4)"},
		{st.Le(x, y), "(<= (+ x (* (- 1) y)) 0)"},
		{st.Ge(x, y), "(not (<= (+ x (* (- 1) y)) (- 1)))"},
		{st.Eq(st.Mul(i(2), x), i(3)), "false"},
		{st.Eq(st.Mul(i(-2), x), st.Mul(i(4), y)), "(= (+ x (* 2 y)) 0)"},
		{st.Eq(x, y), "(= (+ x (* (- 1) y)) 0)"},
		{st.Le(r, rat(1, 2)), "(<= r 0.5)"},
		{st.Lt(r, rat(1, 2)), "(not (>= r 0.5))"},
		{st.Ge(st.Mul(i(2), r), i(1)), "(>= r 0.5)"},
		{st.Gt(r, i(1)), "(not (<= r 1.0))"},
		{st.Le(st.Neg(r), i(1)), "(>= r (- 1.0))"},
		{st.Lt(st.Mul(i(-2), r), s), "(not (<= (+ r (* 0.5 s)) 0.0))"},
		{st.Eq(st.Mul(i(3), r), i(1)), "(= r (/ 1 3))"},
		{st.Lt(st.ToReal(x), rat(5, 2)), "(<= x 2)"},
		{st.Le(st.Div(st.ToReal(x), i(3)), rat(1, 2)), "(<= x 1)"},
		{st.Eq(st.ToReal(x), rat(1, 2)), "false"},
		{st.Le(x, x), "true"},
		{st.Lt(st.Add(x, i(1)), x), "false"},
		// Boolean structure
		{st.And(p, st.True(), st.And(q, p)), "(and p q)"},
		{st.Or(p, st.False()), "p"},
		{st.And(p, st.Not(p)), "false"},
		{st.Or(st.Le(x, i(3)), st.Gt(x, i(3))), "true"},
		{st.Not(st.Not(p)), "p"},
		{st.Implies(p, q), "(or q (not p))"},
		{st.Xor(p, st.Not(q), st.True()), "(xor p q)"},
		{st.Xor(p, q, p), "q"},
		{st.Xor(st.Not(p), q), "(not (xor p q))"},
		{st.Ite(p, q, q), "q"},
		{st.Ite(st.Not(p), x, y), "(ite p y x)"},
		{st.Ite(p, st.True(), q), "(or p q)"},
		{st.Ite(p, st.False(), q), "(and q (not p))"},
		{st.Ite(p, q, st.True()), "(or q (not p))"},
		{st.Ite(p, q, st.False()), "(and p q)"},
		{st.Ite(p, st.False(), st.True()), "(not p)"},
		{st.Eq(p, st.True()), "p"},
		{st.Eq(st.False(), p), "(not p)"},
		{st.Eq(p, st.Not(p)), "false"},
		{st.Eq(st.Not(q), st.Not(p)), "(= p q)"},
		{st.Mk(OpEq, x, y, z), "(and (= (+ x (* (- 1) y)) 0) (= (+ x (* (- 1) z)) 0))"},
		{st.Distinct(p, q), "(not (= p q))"},
		{st.Distinct(p, q, st.True()), "false"},
		{st.Distinct(x, y, x), "false"},
		{st.Distinct(z, y, x), "(distinct x y z)"},
		// arrays
		{st.Select(st.Store(a, x, y), x), "y"},
		{st.Select(st.Store(a, i(1), y), i(2)), "(select a 2)"},
		{st.Select(st.Store(a, x, y), i(2)), "(select (store a x y) 2)"},
		{st.Select(st.ConstArrayOf(ai, x), y), "x"},
		{st.Store(st.Store(a, x, i(1)), x, i(2)), "(store a x 2)"},
		{st.Store(a, x, st.Select(a, x)), "a"},
		{st.Eq(st.Store(c0, i(1), i(1)), st.Store(c0, i(2), i(1))), "false"},
		{st.Eq(a, a), "true"},
		// applications and ite are variables of linear forms
		{st.Add(st.Apply(g.f, st.Add(x, i(0))), st.Apply(g.f, x)), "(* 2 (f x))"},
		{st.Le(st.Ite(p, x, y), st.Add(x, i(1))), "(not (<= (+ x (* (- 1) (ite p x y))) (- 2)))"},
	} {
		got := st.Simplify(c.t)
		require.Equal(t, c.want, got.String(), "Simplify %v", c.t)
		require.Same(t, got, st.Simplify(got), "idempotent on %v", c.t)
	}
}

func TestSimplifyQuantifiers(t *testing.T) {
	st := NewStore()
	x := st.BoundVar("x", IntSort)
	y := st.Const("y", IntSort)
	q := st.Forall([]*Term{x}, st.Le(st.Add(x, st.Int(1)), st.Add(y, x)))
	require.Equal(t, "(forall ((x Int)) (not (<= y 0)))", st.Simplify(q).String())
	q = st.Exists([]*Term{x}, st.Le(x, x))
	require.Equal(t, "true", st.Simplify(q).String())
}

func TestSimplifyLinearInDAG(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	p := st.Const("p", BoolSort)
	u := st.Add(x, st.Int(1))
	f := st.Le(u, st.Int(0))
	for i := 0; i < 100; i++ {
		u = st.Add(u, u)
		f = st.Or(st.And(f, p), st.And(st.Not(p), f))
	}
	s := st.Simplify(st.Le(u, st.Int(0)))
	require.Equal(t, "(<= x (- 1))", s.String())
	require.Less(t, Size(st.Simplify(f)), 1000)
}

func TestNNF(t *testing.T) {
	g := newSig()
	st, x, p, q := g.st, g.x, g.p, g.q
	le := st.Le(x, st.Int(1))
	b := st.BoundVar("b", BoolSort)
	for _, c := range []struct {
		t    *Term
		want string
	}{
		{st.Not(st.And(p, st.Or(q, st.Not(le)))), "(or (not p) (and (not q) (<= x 1)))"},
		{st.Not(st.Implies(p, q)), "(and p (not q))"},
		{st.Xor(p, q), "(or (and p (not q)) (and (not p) q))"},
		{st.Not(st.Xor(p, q)), "(or (and p q) (and (not p) (not q)))"},
		{st.Xor(p, q, le), "(or (and p (or (and q (<= x 1)) (and (not q) (not (<= x 1))))) (and (not p) (or (and q (not (<= x 1))) (and (not q) (<= x 1)))))"},
		{st.Eq(p, q), "(or (and p q) (and (not p) (not q)))"},
		{st.Not(st.Mk(OpEq, p, q, st.True())), "(or (and p (not q)) (and (not p) q) (not p))"},
		{st.Not(st.Ite(p, q, le)), "(or (and p (not q)) (and (not p) (not (<= x 1))))"},
		{st.Distinct(p, q, le), "false"},
		{st.Not(st.Eq(x, st.Int(1))), "(not (= x 1))"},
		{st.Not(st.Forall([]*Term{b}, st.Or(b, p))), "(exists ((b Bool)) (and (not b) (not p)))"},
		{st.And(p, st.Not(st.True())), "false"},
	} {
		require.Equal(t, c.want, st.NNF(c.t).String(), "NNF %v", c.t)
	}
}

func TestLinearize(t *testing.T) {
	g := newSig()
	st, x, y, r := g.st, g.x, g.y, g.r
	i := st.Int
	l, ok := st.Linearize(st.Sub(st.Mul(i(3), st.Add(y, x, i(2))), st.Neg(x), y))
	require.True(t, ok)
	require.Equal(t, []*Term{x, y}, l.Vars)
	require.Equal(t, []num.Rat{num.NewRat(4, 1), num.NewRat(2, 1)}, l.Coeffs)
	require.Equal(t, num.NewRat(6, 1), l.Const)
	require.Equal(t, num.NewRat(2, 1), l.Coeff(y))
	require.True(t, l.Coeff(r).IsZero())
	require.Equal(t, "(+ (* 4 x) (* 2 y) 6)", st.FromLinear(l, IntSort).String())
	require.Equal(t, "(+ (* 4.0 (to_real x)) (* 2.0 (to_real y)) 6.0)", st.FromLinear(l, RealSort).String())

	// Real division by a constant and to_real are linear.
	l, ok = st.Linearize(st.Div(st.Add(r, st.ToReal(x)), i(4)))
	require.True(t, ok)
	require.Equal(t, []*Term{x, r}, l.Vars)
	require.Equal(t, "(+ (* 0.25 (to_real x)) (* 0.25 r))", st.FromLinear(l, RealSort).String())

	// Non-linear: the product is one variable and ok is false.
	l, ok = st.Linearize(st.Add(st.Mul(x, i(2), y), i(1)))
	require.False(t, ok)
	require.Len(t, l.Vars, 1)
	require.Equal(t, "(* x y)", l.Vars[0].String())
	require.Equal(t, num.NewRat(2, 1), l.Coeffs[0])

	// Other operators are variables, not looked into.
	d := st.IntDiv(st.Add(x, i(0)), i(2))
	l, ok = st.Linearize(st.Add(d, d))
	require.True(t, ok)
	require.Equal(t, []*Term{d}, l.Vars)

	_, ok = st.Linearize(g.p)
	require.False(t, ok)

	// FromLinear normalizes its input.
	u := st.FromLinear(Linear{Vars: []*Term{y, x, y}, Coeffs: []num.Rat{num.NewRat(1, 1), num.NewRat(-1, 1), num.NewRat(-1, 1)}}, IntSort)
	require.Equal(t, "(* (- 1) x)", u.String())
	require.Equal(t, "0", st.FromLinear(Linear{}, IntSort).String())
	require.Panics(t, func() {
		st.FromLinear(Linear{Vars: []*Term{x}, Coeffs: []num.Rat{num.NewRat(1, 2)}}, IntSort)
	})
}

func TestSubstitute(t *testing.T) {
	g := newSig()
	st, x, y, z, r := g.st, g.x, g.y, g.z, g.r
	i := st.Int
	u := st.Add(x, st.Mul(i(2), y), st.Apply(g.f, x))
	// simultaneous
	require.Equal(t, "(+ y (* 2 x) (f y))", st.Substitute(u, []*Term{x, y}, []*Term{y, x}).String())
	// compound sources, not replaced inside replaced terms
	require.Equal(t, "(+ x (* 2 y) z)", st.SubstituteMap(u, map[*Term]*Term{st.Apply(g.f, x): z}).String())
	// Int for Real
	require.Equal(t, "(+ (to_real x) 1.0)", st.Substitute(st.Add(r, i(1)), []*Term{r}, []*Term{x}).String())
	require.Panics(t, func() { st.Substitute(x, []*Term{x}, []*Term{g.p}) })

	// Bound variables are replaced only where free.
	bx := st.BoundVar("x", IntSort)
	body := st.Le(bx, y)
	q := st.Forall([]*Term{bx}, body)
	f := st.And(st.Le(bx, i(0)), q)
	require.Equal(t, "(and (<= 7 0) (forall ((x Int)) (<= x y)))", st.Substitute(f, []*Term{bx}, []*Term{i(7)}).String())
	// Substituting a free bound variable under a binder of the same variable
	// renames the binder (no capture).
	by := st.BoundVar("y", IntSort)
	q2 := st.Forall([]*Term{bx}, st.Le(bx, y))
	got := st.Substitute(q2, []*Term{y}, []*Term{st.Add(bx, i(1))})
	require.Regexp(t, `^\(forall \(\(x!\d+ Int\)\) \(<= x!\d+ \(\+ x 1\)\)\)$`, got.String())
	require.True(t, got.HasBound(), "x is free in the result")
	_ = by

	// FreeConsts, Funcs, Size, PostOrder
	require.Equal(t, []*Term{x, y}, FreeConsts(u))
	require.Equal(t, []*Func{g.f}, Funcs(u))
	require.Equal(t, 6, Size(u)) // x, 2, y, (* 2 y), (f x), u
	n := 0
	for v := range PostOrder(u) {
		n++
		if v == y {
			break
		}
	}
	require.Equal(t, 3, n)
}

func TestSubstituteLinearInDAG(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	y := st.Const("y", IntSort)
	u := st.Add(x, st.Int(1))
	for i := 0; i < 200; i++ {
		u = st.Add(u, u)
	}
	v := st.Substitute(u, []*Term{x}, []*Term{y})
	require.Equal(t, Size(u), Size(v))
	require.Equal(t, []*Term{y}, FreeConsts(v))
}

// TestSimplifyMapNested: SimplifyMap starts from replacements whose linear
// forms the simplifier has not met: computing one while summing must not
// overwrite the sum (the linearizer's scratch).
func TestSimplifyMapNested(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	d := st.IntDiv(x, st.Int(0))
	to := st.Add(st.Int(-1), x)
	for _, u := range []*Term{d, st.Neg(d), st.Add(st.Neg(d), x), st.Le(st.Add(st.Neg(d), x), x)} {
		want := st.Simplify(st.Substitute(u, []*Term{x}, []*Term{to}))
		require.Equal(t, want, st.SimplifySubstitute(u, []*Term{x}, []*Term{to}), "%v", u)
	}
}
