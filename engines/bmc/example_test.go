package bmc_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/bmc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A counter that starts at 0 and steps by 2 reaches 6 after three steps:
// BMC answers unsat with the derivation, from the fact to the query.
func Example() {
	src := `(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 2))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 6)) false)))
`
	sys, _, err := chc.Read("counter.smt2", strings.NewReader(src), term.NewStore())
	if err != nil {
		panic(err)
	}
	res := bmc.New(bmc.Options{}).Solve(context.Background(), sys)
	fmt.Println(res.Answer)
	if err := chc.WriteDerivation(os.Stdout, sys, res.Derivation); err != nil {
		panic(err)
	}
	// Output:
	// unsat
	// 0: (inv 0) <- clause 0
	// 1: (inv 2) <- clause 1 [0]
	// 2: (inv 4) <- clause 1 [1]
	// 3: (inv 6) <- clause 1 [2]
	// 4: false <- clause 2 [3]
}
