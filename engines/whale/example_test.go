package whale_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/engines/whale"
	"github.com/seed-f9c3434d/gospacer/term"
)

// McCarthy's 91 function returns at least 91 (WHALE's §2): the engine
// answers sat through the one solve pipeline, which checks the model on
// the input.
func Example() {
	src := `(set-logic HORN)
(declare-fun mc91 (Int Int) Bool)
(assert (forall ((p Int) (r Int)) (=> (and (> p 100) (= r (- p 10))) (mc91 p r))))
(assert (forall ((p Int) (p1 Int) (p2 Int) (r Int))
  (=> (and (<= p 100) (= p1 (+ p 11)) (mc91 p1 p2) (mc91 p2 r)) (mc91 p r))))
(assert (forall ((p Int) (r Int)) (=> (and (mc91 p r) (< r 91)) false)))
`
	sys, _, err := chc.Read("mc91.smt2", strings.NewReader(src), term.NewStore())
	if err != nil {
		panic(err)
	}
	res := pipeline.Solve(context.Background(), sys, whale.New(whale.Options{}), chc.Options{})
	fmt.Println(res.Answer)
	// Output:
	// sat
}
