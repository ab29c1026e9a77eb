package sat_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/seed-f9c3434d/gospacer/sat"
)

func ExampleSolver_Solve() {
	s := sat.New(sat.Options{})
	x, y := s.NewVar(), s.NewVar()
	s.AddClause(x.Pos(), y.Pos()) // x ∨ y
	s.AddClause(x.Neg(), y.Pos()) // ¬x ∨ y
	s.AddClause(x.Neg(), y.Neg()) // ¬x ∨ ¬y
	res := s.Solve(context.Background(), nil)
	fmt.Println(res, s.Value(x.Pos()), s.Value(y.Pos()))
	// Output: sat false true
}

// The activation-literal pattern: a lemma L is asserted as ¬a ∨ L, used
// by solving under the assumption a, and retired for good by asserting ¬a.
func ExampleSolver_Failed() {
	s := sat.New(sat.Options{})
	x := s.NewVar()
	s.AddClause(x.Pos()) // x
	a := s.NewVar()
	s.AddClause(a.Neg(), x.Neg()) // a → ¬x
	fmt.Println(s.Solve(context.Background(), []sat.Lit{a.Pos()}), s.Failed(nil))
	s.AddClause(a.Neg()) // retire the guard
	fmt.Println(s.Solve(context.Background(), nil))
	// Output:
	// unsat [2]
	// sat
}

// A refutation walked from the final (empty) clause down to the tagged
// input clauses, as an interpolation procedure would walk it. The unit ¬x
// makes x ∨ y shorten to the derived unit y at level 0.
func ExampleProof() {
	s := sat.New(sat.Options{Proof: true})
	x, y := s.NewVar(), s.NewVar()
	s.AddClauseTagged(2, x.Neg())
	s.AddClauseTagged(1, x.Pos(), y.Pos())
	s.AddClauseTagged(1, x.Pos(), y.Neg())
	fmt.Println(s.Solve(context.Background(), nil))
	p := s.Proof()
	var walk func(id sat.ClauseID, depth int)
	walk = func(id sat.ClauseID, depth int) {
		fmt.Printf("%s%v %v tag=%d\n", strings.Repeat("  ", depth), p.Kind(id), p.Clause(id), p.Tag(id))
		for _, c := range p.Chain(id) {
			walk(c, depth+1)
		}
	}
	walk(p.Final(), 0)
	// Output:
	// unsat
	// derived [] tag=0
	//   input [1 -2] tag=1
	//   input [-1] tag=2
	//   derived [2] tag=0
	//     input [1 2] tag=1
	//     input [-1] tag=2
}

func ExampleParseDIMACS() {
	f, err := sat.ParseDIMACS(strings.NewReader("c example\np cnf 2 2\n1 -2 0\n2 0\n"))
	fmt.Println(f.Vars, f.Clauses, err)
	_, err = sat.ParseDIMACS(strings.NewReader("p cnf 2 1\n1 x 0\n"))
	fmt.Println(err)
	// Output:
	// 2 [[1 -2] [2]] <nil>
	// 2:3: unexpected 'x'
}
