package passes_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Preprocess runs the default passes; the Translator maps a model of the
// small system back to a model of the input, which witness.CheckModel checks
// on the input.
func ExamplePreprocess() {
	src := `(set-logic HORN)
(declare-fun init (Int Int) Bool)
(declare-fun loop (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 10)) (init x y))))
(assert (forall ((x Int) (y Int)) (=> (init x y) (loop x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int) (t Int))
  (=> (and (loop x y) (< x 10) (= t (+ x 1)) (= x1 t)) (loop x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (loop x y) (> x 10)) false)))
`
	st := term.NewStore()
	s, _, err := chc.Read("example.smt2", strings.NewReader(src), st)
	if err != nil {
		panic(err)
	}
	small, tr, err := passes.Preprocess(context.Background(), s, passes.Default()...)
	if err != nil {
		panic(err)
	}
	fmt.Print(small)

	// a model of the small system: loop(x) := x <= 10
	loop := small.Preds[0]
	m, err := tr.Model(context.Background(), chc.Model{loop: st.Le(loop.Params[0], st.Int(10))})
	if err != nil {
		panic(err)
	}
	fmt.Println(witness.CheckModel(context.Background(), s, m))
	_ = chc.WriteModel(os.Stdout, s, m)
	// Output:
	// (set-logic HORN)
	// (declare-fun loop (Int) Bool)
	// (assert (forall ((x!0 Int)) (=> (= x!0 0) (loop x!0))))
	// (assert (forall ((x!0 Int) (x!1 Int)) (=> (and (loop x!1) (and (= (+ x!1 (* (- 1) x!0)) (- 1)) (<= x!1 9))) (loop x!0))))
	// (assert (forall ((x!0 Int)) (=> (and (loop x!0) (not (<= x!0 10))) false)))
	// (check-sat)
	// <nil>
	// (
	//   (define-fun init ((x!0 Int) (x!1 Int)) Bool
	//     (and (= x!0 0) (= x!1 10)))
	//   (define-fun loop ((x!0 Int) (x!1 Int)) Bool
	//     (<= x!0 10))
	// )
}
