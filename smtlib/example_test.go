package smtlib_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

func ExampleParse() {
	st := term.NewStore()
	s, err := smtlib.Parse("counter.smt2", strings.NewReader(`
(set-logic HORN)
(declare-fun Inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (Inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (Inv x) (= y (+ x 2))) (Inv y))))
(assert (forall ((x Int)) (=> (and (Inv x) (= x 7)) false)))
(check-sat)
`), st)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Logic)
	for _, c := range s.Commands {
		fmt.Println(c.Pos, c.Kind)
	}
	// Output:
	// HORN
	// counter.smt2:2:1 set-logic
	// counter.smt2:3:1 declare-fun
	// counter.smt2:4:1 assert
	// counter.smt2:5:1 assert
	// counter.smt2:6:1 assert
	// counter.smt2:7:1 check-sat
}

func ExampleParse_error() {
	_, err := smtlib.Parse("bad.smt2", strings.NewReader(`(declare-const x Int)
(assert (and (> x 0)
             (+ x 1)))`), term.NewStore())
	fmt.Println(err)
	// Output:
	// bad.smt2:2:9: and: argument 2 has sort Int, expected Bool
}

// z3's fixedpoint commands become assertions in the HORN reading.
func ExampleWriteScript() {
	st := term.NewStore()
	s, err := smtlib.Parse("fp.smt2", strings.NewReader(`
(declare-rel Inv (Int))
(declare-rel Bad ())
(declare-var x Int)
(declare-var y Int)
(rule (=> (= x 0) (Inv x)))
(rule (=> (and (Inv x) (= y (+ x 2))) (Inv y)))
(rule (=> (and (Inv x) (= x 7)) Bad))
(query Bad)
`), st)
	if err != nil {
		fmt.Println(err)
		return
	}
	smtlib.WriteScript(os.Stdout, s)
	// Output:
	// (declare-fun Inv (Int) Bool)
	// (declare-fun Bad () Bool)
	// (assert (forall ((x Int)) (=> (= x 0) (Inv x))))
	// (assert (forall ((x Int) (y Int)) (=> (and (Inv x) (= y (+ x 2))) (Inv y))))
	// (assert (forall ((x Int)) (=> (and (Inv x) (= x 7)) Bad)))
	// (assert (=> Bad false))
	// (check-sat)
}
