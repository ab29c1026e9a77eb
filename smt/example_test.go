package smt_test

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A solver decides the assertions in force and gives a model, which
// satisfies every assertion (the solver checks it before answering).
func Example() {
	st := term.NewStore()
	x := st.Const("x", term.RealSort)
	y := st.Const("y", term.RealSort)
	s := smt.New(st, smt.Options{})
	s.Assert(st.Le(st.Add(x, y), st.Real(num.NewRat(3, 1))))
	s.Assert(st.Gt(x, st.Real(num.NewRat(5, 2))))
	r, err := s.Check(context.Background())
	fmt.Println(r, err)
	ok, _ := s.Model().EvalBool(st.Gt(x, y))
	fmt.Println("x > y in the model:", ok)
	// Output:
	// sat <nil>
	// x > y in the model: true
}

// Assumptions hold for one Check only; after Unsat, UnsatCore names the
// assumptions that conflict with the assertions.
func ExampleSolver_Check() {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	p := st.Const("p", term.BoolSort)
	q := st.Const("q", term.BoolSort)
	s := smt.New(st, smt.Options{})
	s.Assert(st.Implies(p, st.Gt(x, st.Int(10))))
	s.Assert(st.Implies(q, st.Lt(x, st.Int(3))))
	ctx := context.Background()
	r, _ := s.Check(ctx, p)
	fmt.Println("p:", r)
	r, _ = s.Check(ctx, p, q)
	core := s.UnsatCore()
	slices.SortFunc(core, func(a, b *term.Term) int { return strings.Compare(a.Name(), b.Name()) })
	fmt.Println("p, q:", r, core)
	r, _ = s.Check(ctx, q)
	fmt.Println("q:", r)
	// Output:
	// p: sat
	// p, q: unsat [p q]
	// q: sat
}

// Push opens a scope whose assertions Pop removes.
func ExampleSolver_Push() {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	s := smt.New(st, smt.Options{})
	s.Assert(st.Ge(x, st.Int(0)))
	s.Push()
	s.Assert(st.Lt(x, st.Int(0)))
	r, _ := s.Check(context.Background())
	fmt.Println(r, len(s.Assertions()))
	s.Pop(1)
	r, _ = s.Check(context.Background())
	fmt.Println(r, len(s.Assertions()))
	// Output:
	// unsat 2
	// sat 1
}
