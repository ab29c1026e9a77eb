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

// ExampleSession embeds an SMT-LIB console: each command is executed as
// it is given and its response returned; a command that fails gets the
// standard's error response and the session goes on. An assertion that
// fails leaves the assertions in force without it: until its scope is
// popped, check-sat answers unknown rather than a sat that could be
// wrong.
func ExampleSession() {
	s := script.NewSession(script.Options{})
	for _, cmd := range []string{
		"(set-logic QF_LIA)",
		"(declare-const x Int)",
		"(assert (> x 2))",
		"(check-sat)",
		"(push 1)",
		"(assert (> y 5))",
		"(check-sat)",
		"(assert (< x 3))",
		"(check-sat)",
		"(pop 1)",
		"(check-sat-assuming ((= x 4)))",
		"(get-value (x (* 2 x)))",
		"(get-option :print-success)",
		"(get-info :assertion-stack-levels)",
	} {
		resp, err := s.Exec(cmd)
		if err != nil {
			fmt.Print("failed: ")
		}
		fmt.Print(resp)
	}
	// Output:
	// sat
	// failed: (error "line 1 column 12: unknown symbol y")
	// unknown
	// unsat
	// sat
	// ((x 4)
	//  ((* 2 x) 8))
	// false
	// (:assertion-stack-levels 0)
}
