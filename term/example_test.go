package term_test

import (
	"fmt"
	"os"

	"github.com/seed-f9c3434d/gospacer/term"
)

func ExampleStore_Simplify() {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	y := st.Const("y", term.IntSort)
	f := st.And(
		st.Lt(st.Mul(st.Int(2), x), st.Int(7)),    // 2x < 7
		st.Ge(st.Add(x, y, st.Neg(x)), st.Int(1)), // x + y - x >= 1
		st.True(),
	)
	fmt.Println(st.Simplify(f))
	// Output: (and (<= x 3) (not (<= y 0)))
}

func ExampleModel_Eval() {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	a := st.Const("a", st.ArraySort(term.IntSort, term.IntSort))
	m := term.NewModel(st)
	m.Set(x, st.Int(2))
	// a is unassigned: the constant array of 0.
	v, _ := m.Eval(st.Store(st.Store(a, x, st.Int(5)), st.Int(1), st.Int(7)))
	fmt.Println(v)
	v, _ = m.Eval(st.IntDiv(x, st.Int(0))) // division by zero: 0 by default
	fmt.Println(v)
	_ = m.Fprint(os.Stdout)
	// Output:
	// (store (store ((as const (Array Int Int)) 0) 1 7) 2 5)
	// 0
	// (
	//   (define-fun x () Int 2)
	// )
}
