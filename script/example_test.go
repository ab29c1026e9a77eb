package script_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/seed-f9c3434d/gospacer/script"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

func Example() {
	st := term.NewStore()
	s, err := smtlib.Parse("example.smt2", strings.NewReader(`
(set-logic QF_LIA)
(declare-const x Int)
(declare-const y Int)
(assert (! (< x y) :named lt))
(assert (! (> x 5) :named big))
(check-sat)
(get-value (x y))
(check-sat-assuming ((< y 0)))
(get-unsat-core)
(get-model)
`), st)
	if err != nil {
		fmt.Println(err)
		return
	}
	x := script.New(st, os.Stdout, os.Stdout, script.Options{})
	errors := x.Run(context.Background(), s)
	fmt.Println(errors, "error")
	// Output:
	// sat
	// ((x 6)
	//  (y 7))
	// unsat
	// (lt big)
	// example.smt2:11:1: get-model: no model available (the last check-sat did not answer sat)
	// 1 error
}
