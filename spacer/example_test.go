package spacer_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/spacer"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Two counters that start at 0 and step together stay equal: Spacer
// answers sat with an inductive invariant as the model.
func Example() {
	src := `(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int))
  (=> (and (inv x y) (= x1 (+ x 1)) (= y1 (+ y 1))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (not (= x y))) false)))
(check-sat)`
	st := term.NewStore()
	sys, _, err := chc.Read("example.smt2", strings.NewReader(src), st)
	if err != nil {
		panic(err)
	}
	// pipeline.Solve preprocesses, runs the engine and checks the model on
	// the input system.
	res := pipeline.Solve(context.Background(), sys, spacer.New(spacer.Options{}), chc.Options{})
	fmt.Println(res.Answer)
	_ = chc.WriteModel(os.Stdout, sys, res.Model)
	// Output:
	// sat
	// (
	//   (define-fun inv ((x!0 Int) (x!1 Int)) Bool
	//     (= (+ x!0 (* (- 1) x!1)) 0))
	// )
}
