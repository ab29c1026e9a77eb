package itp_test

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Check a user's interpolant: A = x <= y ∧ y <= z and B = z < x are
// jointly unsatisfiable, and x <= z, over the shared x and z, separates
// them. Each wrong candidate gets the reason it fails.
func ExampleCheck() {
	st := term.NewStore()
	x, y, z := st.Const("x", term.IntSort), st.Const("y", term.IntSort), st.Const("z", term.IntSort)
	A := st.And(st.Le(x, y), st.Le(y, z))
	B := st.Lt(z, x)
	for _, I := range []*term.Term{
		st.Le(x, z),                    // right
		st.Le(x, y),                    // y is A's alone
		st.Le(x, st.Add(z, st.Int(1))), // too weak: consistent with B
		st.Le(x, st.Sub(z, st.Int(1))), // too strong: A does not imply it
	} {
		fmt.Printf("%v: %v\n", I, itp.Check(st, A, B, I))
	}
	// Output:
	// (<= x z): <nil>
	// (<= x y): itp: interpolant mentions y, which A and B do not share
	// (<= x (+ z 1)): I ∧ B: satisfiable
	// (<= x (- z 1)): A does not imply I: satisfiable
}
