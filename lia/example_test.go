package lia_test

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/lia"
	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// Example refutes 2x - 2y = 1 over the integers: the simplex finds a
// rational solution, and the GCD test answers with a cut (x - y = 1/2 is
// rounded to x - y >= 1) whose proof checks; with the cut asserted the
// simplex finds the conflict.
func Example() {
	lp := lra.New()
	li := lia.New(lp)
	x, y := lp.NewVar(), lp.NewVar()
	li.SetInt(x)
	li.SetInt(y)
	one := num.NewRat(1, 1)
	d := lp.AddRow([]num.Rat{num.NewRat(2, 1), num.NewRat(-2, 1)}, []lra.Var{x, y}) // d = 2x - 2y
	li.SetInt(d)
	lp.AssertLower(d, lra.Exact(one), 1)
	lp.AssertUpper(d, lra.Exact(one), 2)
	ctx := context.Background()
	fmt.Println(lp.Check(ctx))
	switch li.Check(ctx) {
	case lia.Cut:
		c := li.Cut()
		fmt.Println(c.Kind, c.Coeffs, c.Vars, ">=", c.Bound, li.Verify(c))
		cut := lp.AddRow(c.Coeffs, c.Vars)
		lp.AssertLower(cut, lra.Exact(c.Bound), 3)
		fmt.Println(lp.Check(ctx))
	case lia.Branch:
		v, k, _ := li.Branch()
		fmt.Println("branch on", v, k)
	}
	// Output:
	// sat
	// gcd [1 -1] [0 1] >= 1 <nil>
	// unsat
}
