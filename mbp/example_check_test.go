package mbp_test

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Check any projection by evaluation: Project's answer passes; a
// candidate that keeps the projected variable, or that the model
// falsifies, does not. (fuzz.CheckProjection adds the implication check.)
func ExampleCheck() {
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	phi := st.And(st.Lt(y, x), st.Lt(x, st.Int(5)))
	m := term.NewModel(st)
	m.Set(x, st.Int(3))
	m.Set(y, st.Int(1))
	vars := []*term.Term{x}
	res, _ := mbp.Project(st, vars, phi, m)
	fmt.Println(res.Formula, mbp.Check(vars, phi, res.Formula, m))
	fmt.Println(mbp.Check(vars, phi, st.Lt(y, x), m))
	fmt.Println(mbp.Check(vars, phi, st.Gt(y, st.Int(3)), m))
	// Output:
	// (<= y 3) <nil>
	// mbp: the projection mentions x, a projected variable
	// mbp: the projection (> y 3) is false in the model
}
