package fuzz_test

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
)

// QE projects x out: some x lies strictly between y and z iff y < z.
func ExampleQE() {
	st := term.NewStore()
	x := st.Const("x", term.RealSort)
	y := st.Const("y", term.RealSort)
	z := st.Const("z", term.RealSort)
	g, err := fuzz.QE(st, []*term.Term{x}, st.And(st.Lt(y, x), st.Lt(x, z)))
	fmt.Println(g, err)
	// Over the integers, strictly between needs a gap of two.
	i := st.Const("i", term.IntSort)
	j := st.Const("j", term.IntSort)
	k := st.Const("k", term.IntSort)
	g, err = fuzz.QE(st, []*term.Term{i}, st.And(st.Lt(j, i), st.Lt(i, k)))
	fmt.Println(g, err)
	// Output:
	// (< (+ y (* (- 1.0) z)) 0.0) <nil>
	// (<= (+ j (* (- 1) k)) (- 2)) <nil>
}

// SatQE decides a formula with division by zero, an uninterpreted
// function of the dividend.
func ExampleSatQE() {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	y := st.Const("y", term.IntSort)
	zero := st.Int(0)
	f := st.And(st.Gt(st.IntDiv(x, zero), st.IntDiv(y, zero)), st.Eq(x, y))
	sat, err := fuzz.SatQE(st, f)
	fmt.Println(sat, err)
	// Output:
	// false <nil>
}

// BruteForce finds a model over a small domain by enumeration.
func ExampleBruteForce() {
	st := term.NewStore()
	a := st.Const("a", st.ArraySort(term.IntSort, term.IntSort))
	i := st.Const("i", term.IntSort)
	f := st.And(st.Eq(st.Select(a, i), st.Int(1)), st.Eq(st.Select(a, st.Int(0)), st.Int(0)))
	m, err := fuzz.BruteForce(st, f, fuzz.Domain{Ints: []int64{0, 1}})
	fmt.Print(m)
	fmt.Println(err)
	// Output:
	// (
	//   (define-fun a () (Array Int Int) (store ((as const (Array Int Int)) 0) 1 1))
	//   (define-fun i () Int 1)
	// )
	// <nil>
}
