package itp_test

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// ExampleConjunctive interpolates x <= y ∧ y <= z against z < x over the
// integers: the A-part of the Farkas sum is x - z <= 0.
func ExampleConjunctive() {
	st := term.NewStore()
	x, y, z := st.Const("x", term.IntSort), st.Const("y", term.IntSort), st.Const("z", term.IntSort)
	A := []*term.Term{st.Le(x, y), st.Le(y, z)}
	B := []*term.Term{st.Lt(z, x)}
	I, err := itp.Conjunctive(st, A, B)
	fmt.Println(I, err)
	fmt.Println(itp.Check(st, st.And(A...), st.And(B...), I))
	// Output:
	// (<= (+ x (* (- 1) z)) 0) <nil>
	// <nil>
}

// ExampleInterpolate interpolates two formulas with Boolean structure
// from smt's refutation.
func ExampleInterpolate() {
	st := term.NewStore()
	p, q, r := st.Const("p", term.BoolSort), st.Const("q", term.BoolSort), st.Const("r", term.BoolSort)
	x := st.Const("x", term.IntSort)
	A := st.And(st.Or(p, q), st.Implies(p, st.Le(x, st.Int(0))), st.Implies(q, st.Le(x, st.Int(-5))))
	B := st.And(st.Ge(x, st.Int(1)), st.Or(r, st.Not(r)))
	I, err := itp.Interpolate(st, A, B)
	fmt.Println(err)
	fmt.Println(itp.Check(st, A, B, I))
	// Output:
	// <nil>
	// <nil>
}

// ExampleCore blocks the proof obligation x' = 5 ∧ y' = 3 of a transition
// x' = x + 1, y' = y + 1 under the lemma x <= y: the core is x' <= y',
// a lemma more general than the negated obligation.
func ExampleCore() {
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	x1, y1 := st.Const("x1", term.IntSort), st.Const("y1", term.IntSort)
	A := []*term.Term{st.Eq(x1, st.Add(x, st.Int(1))), st.Eq(y1, st.Add(y, st.Int(1))), st.Le(x, y)}
	B := []*term.Term{st.Eq(x1, st.Int(5)), st.Eq(y1, st.Int(3))}
	core, err := itp.Core(st, A, B)
	fmt.Println(core, err)
	// Output:
	// [(<= (+ x1 (* (- 1) y1)) 0)] <nil>
}
