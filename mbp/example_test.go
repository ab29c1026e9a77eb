package mbp_test

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Project ℓ1 and m out of the query of CAV'14, Fig. 7, under the
// execution m0 = 3, ℓ0 = 3, ℓ1 = 2, m = 1.
func ExampleProject() {
	st := term.NewStore()
	m0, l0 := st.Const("m0", term.IntSort), st.Const("l0", term.IntSort)
	l1, m := st.Const("l1", term.IntSort), st.Const("m", term.IntSort)
	phi := st.And(
		st.Eq(l1, st.Sub(l0, st.Int(1))),
		st.Eq(m, st.Sub(l1, st.Int(1))),
		st.Lt(m0, st.Add(st.Mul(st.Int(2), m), st.Int(4))))
	model := term.NewModel(st)
	for c, v := range map[*term.Term]int64{m0: 3, l0: 3, l1: 2, m: 1} {
		model.Set(c, st.Int(v))
	}
	res, err := mbp.Project(st, []*term.Term{l1, m}, phi, model)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Formula, res.Finite()) // m0 - 2·l0 <= -1, i.e. m0 < 2·l0
	// Output:
	// (<= (+ m0 (* (- 2) l0)) (- 1)) true
}

// An index under an array read can only go by its model value: the
// result says so.
func ExampleResult_Substituted() {
	st := term.NewStore()
	a := st.Const("a", st.ArraySort(term.IntSort, term.IntSort))
	i := st.Const("i", term.IntSort)
	phi := st.Gt(st.Select(a, i), st.Int(0))
	model := term.NewModel(st)
	model.Set(a, st.ConstArrayOf(a.Sort(), st.Int(1)))
	model.Set(i, st.Int(3))
	res, _ := mbp.Project(st, []*term.Term{i}, phi, model)
	fmt.Println(res.Formula, res.Substituted)
	// Output:
	// (not (<= (select a 3) 0)) [i]
}

// QE by enumeration, with a toy "solver" for this one formula: the
// models it returns stand for what a real solver (smt.Solver) gives.
func ExampleQE() {
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	// ∃x. y = 2x + 1 ∧ 0 <= x <= 3
	phi := st.And(st.Eq(y, st.Add(st.Mul(st.Int(2), x), st.Int(1))), st.Le(st.Int(0), x), st.Le(x, st.Int(3)))
	solve := func(f *term.Term) (*term.Model, bool, error) {
		for v := int64(0); v <= 3; v++ { // enough for this formula
			m := term.NewModel(st)
			m.Set(x, st.Int(v))
			m.Set(y, st.Int(2*v+1))
			if ok, _ := m.EvalBool(f); ok {
				return m, true, nil
			}
		}
		return nil, false, nil
	}
	q, err := mbp.QE(st, []*term.Term{x}, phi, solve)
	fmt.Println(q, err)
	// Output:
	// (and (not (<= y 0)) (<= y 7) (= (mod y 2) 1)) <nil>
}
