package lra_test

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// Example decides 2x + 2y < 6, x >= 1, y >= 2 (unsat) and, after
// backtracking, 2x + 2y < 6, x >= 1 (sat).
func Example() {
	s := lra.New()
	x, y := s.NewVar(), s.NewVar()

	// 2x + 2y < 6 is (x + y) < 3 after normalizing by 2.
	cs, vs, f := lra.Normalize([]num.Rat{num.NewRat(2, 1), num.NewRat(2, 1)}, []lra.Var{x, y})
	sum := s.AddRow(cs, vs)
	s.AssertUpper(sum, lra.Below(num.NewRat(6, 1).Quo(f)), 1)
	s.AssertLower(x, lra.Exact(num.NewRat(1, 1)), 2)

	s.Push()
	s.AssertLower(y, lra.Exact(num.NewRat(2, 1)), 3)
	fmt.Println(s.Check(context.Background()))
	for _, e := range s.Conflict() {
		fmt.Printf("reason %d × %v\n", e.Reason, e.Coeff)
	}
	s.Pop(1)

	fmt.Println(s.Check(context.Background()))
	fmt.Println("x + y < 3:", s.Value(x).Add(s.Value(y)).Cmp(num.NewRat(3, 1)) < 0)
	// Output:
	// unsat
	// reason 1 × 1
	// reason 2 × 1
	// reason 3 × 1
	// sat
	// x + y < 3: true
}
