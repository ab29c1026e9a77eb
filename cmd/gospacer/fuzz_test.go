package main

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/sat"
)

// Fuzz targets of the CLI. Seed corpora are in testdata/fuzz/<target>
// (SMT-LIB benchmarks and past findings); a crasher that `go test -fuzz`
// writes there stays as a regression case, run by plain `go test`.
// Campaigns, one target at a time:
//
//	go test ./cmd/gospacer -run '^$' -fuzz FuzzCLI -fuzztime 3m -parallel 1
//	go test ./cmd/gospacer -run '^$' -fuzz FuzzDIMACS -fuzztime 3m -parallel 1

// FuzzDIMACS checks the DIMACS reader and the CNF path of the CLI: no
// input panics; malformed input gives a *sat.ParseError with a position
// (and exit code 2 with file:line:col on the CLI); ParseDIMACS and
// sat.Solver.ReadDIMACS agree; well-formed input is solved with a checked
// answer (exit 10 or 20; 0 for unknown).
func FuzzDIMACS(f *testing.F) {
	for _, s := range []string{
		"p cnf 3 2\n1 -3 0\n2 3 -1 0\n",
		"c a comment\np cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n",
		"p cnf 0 0\n",
		"p cnf 1 2\n1 0 -1 0",
		"p  cnf\t2 1\r\n1 -2 0\r\n",
		"p cnf 5 3\n1 2\n3 0 4 -5 0 -1\n0\n%\n0\n",
		"p cnf 1 1\n2 0\n",
		"p cnf 1 1\n1 -0 0\n",
		"p cnf 99999999999999999999 1\n1 0\n",
		"1 2 0\n",
		"p cnf 2 1\nc inside\n1 2 0\n",
		"p cnf 3 1\n1 2 3",
	} {
		f.Add([]byte(s))
	}
	if php, err := os.ReadFile("../../examples/php-3-2.cnf"); err == nil {
		f.Add(php)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cnf, err := sat.ParseDIMACS(bytes.NewReader(data))
		s := sat.New(sat.Options{})
		err2 := s.ReadDIMACS(bytes.NewReader(data))
		if (err == nil) != (err2 == nil) {
			t.Fatalf("ParseDIMACS: %v, ReadDIMACS: %v", err, err2)
		}
		if err != nil {
			var pe *sat.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error %v (%T) without a position", err, err)
			}
			if err.Error() != err2.Error() {
				t.Fatalf("ParseDIMACS: %v, ReadDIMACS: %v", err, err2)
			}
		} else if cnf.Vars > 1<<12 {
			// The model lists every variable of the header: a huge header
			// means a huge answer, not a bug.
			return
		}
		var out, errb bytes.Buffer
		code := run([]string{"--cnf", "-t", "1", "-"}, bytes.NewReader(data), &out, &errb)
		switch {
		case err != nil && code != 2:
			t.Fatalf("malformed input (%v): exit code %d", err, code)
		case err != nil && !strings.HasPrefix(errb.String(), "<stdin>:"):
			t.Fatalf("malformed input: error %q without position", errb.String())
		case err == nil && code != 0 && code != 10 && code != 20:
			t.Fatalf("exit code %d, stderr %s", code, errb.String())
		case strings.Contains(errb.String(), "internal error"):
			t.Fatalf("%s", errb.String())
		}
	})
}

// FuzzCLI feeds arbitrary bytes to the SMT-LIB executor as standard input
// with a 1 s timeout: it never panics, exits with 0, 1 (a command failed)
// or 2 (the input does not read), never reports an internal error (a
// model failing its check, a panic caught), and positions every error, on
// standard error or, for HORN scripts, in (error ...) responses.
func FuzzCLI(f *testing.F) {
	for _, s := range []string{
		"(set-logic QF_LRA)(declare-fun x () Real)(assert (< 0 x 1))(check-sat)(get-model)(get-value (x (+ x 1)))",
		"(declare-fun p () Bool)(declare-fun q () Bool)(assert (! (or p q) :named a))(assert (! (not p) :named b))(check-sat-assuming ((not q)))(get-unsat-core)",
		"(set-option :print-success true)(declare-fun x () Int)(push 2)(assert (> x 3))(pop 1)(check-sat)(pop 1)(pop 1)(get-assertions)",
		"(declare-fun x () Int)(assert (= (mod x 0) (div x 0)))(assert (= (to_int 1.5) (abs x)))(check-sat)(get-model)",
		"(declare-sort U 0)(declare-fun f (U) U)(declare-fun a () U)(assert (distinct (f a) a))(check-sat)(get-model)",
		"(declare-fun a () (Array Int Int))(assert (= (select (store a 1 2) 1) 3))(check-sat)(get-info :reason-unknown)",
		"(declare-fun x () Real)(assert (and (is_int x) (> x 0.5) (< x 1.5)))(check-sat)(get-value (x))(reset)(check-sat)",
		"(echo \"hi\")(get-info :name)(get-info :version)(get-info :all-statistics)(set-option :foo 1)(get-option :x)(exit)(check-sat)",
		"(check-sat)(get-model)(get-unsat-core)(get-value (1))",
		"(declare-fun x () Int)(assert (forall ((y Int)) (> y x)))(check-sat)",
		"(assert (* 1 2))",
		"(declare-fun x () Int)(assert (> (* x x) 2))(check-sat)",
		"(define-fun f ((x Int)) Int (+ x 1))(declare-fun y () Int)(assert (= (f y) 0))(check-sat)(get-model)",
		"(set-logic HORN)(declare-fun P (Int Bool) Bool)(assert (forall ((x Int)(b Bool)) (=> (and (= x 0) b) (P x b))))(assert (forall ((x Int)(b Bool)) (=> (P x b) (P (+ x 1) (not b)))))(assert (forall ((x Int)) (not (and (P x false) (= x 3)))))(check-sat)(get-model)",
		"(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)(assert (forall ((x Int)) (or (not (> x 0)) (P x))))(assert (forall ((x Int)(y Int)) (=> (and (P x) (P y)) (Q (+ x y)))))(assert (forall ((x Int)) (=> (and (Q x) (< x 2)) false)))(check-sat)",
		"(declare-rel R (Int (Array Int Int)))(declare-rel Err ())(declare-var i Int)(declare-var a (Array Int Int))(rule (R 0 a))(rule (=> (and (R i a) (< i 3)) (R (+ i 1) (store a i 1))))(rule (=> (and (R i a) (= (select a 0) 1) (>= i 3)) Err))(query Err)",
		"(set-logic HORN)(declare-fun f (Int) Int)(assert (forall ((x Int)) (=> (= (f x) 0) false)))(check-sat)",
		"(set-logic HORN)(declare-fun P (Int) Bool)(assert (forall ((x Int)) (=> (exists ((y Int)) (and (= x (* 2 y)) (P y))) (P x))))(assert (forall ((x Int)) (=> (and (P x) (forall ((z Int)) (> z x))) false)))(check-sat)",
		"(set-logic HORN)(set-option :timeout 50)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)(assert (forall ((x Int)) (=> (= x 0) (and (P x) (Q x)))))(assert (forall ((x Int)) (not (or (and (P x) (> x 10)) (and (Q x) (< x (- 5)))))))(check-sat)(get-proof)(get-model)(get-info :reason-unknown)(get-assignment)(push 1)(assert (forall ((x Int)) (=> (P x) false)))(check-sat)(get-proof)(pop 1)(check-sat)(echo \"end\")",
		"(declare-fun P (Int) Bool)(declare-const n Int)(assert (forall ((x Int) (y Int)) (or (not (and (P x) (< x 10))) (or (not (= y (+ x 1))) (P y)))))(assert (forall ((x Int)) (=> (P x) (= (* x x) n))))(check-sat)(get-model)",
	} {
		f.Add([]byte(s))
	}
	for _, name := range []string{"../../examples/mixing.smt2", "../../examples/counter.smt2", "../../examples/unsafe.smt2"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var out, errb bytes.Buffer
		code := run([]string{"-t", "1", "-"}, bytes.NewReader(data), &out, &errb)
		if code != 0 && code != 1 && code != 2 {
			t.Fatalf("exit code %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
		}
		e := errb.String()
		if strings.Contains(e, "internal error") || strings.Contains(e, "panic") {
			t.Fatalf("exit code %d, stderr:\n%s", code, e)
		}
		for _, line := range strings.Split(strings.TrimSpace(e), "\n") {
			if line != "" && !strings.HasPrefix(line, "<stdin>:") {
				t.Fatalf("error without position: %q", line)
			}
		}
		if code == 0 && e != "" {
			t.Fatalf("exit code 0 with errors:\n%s", e)
		}
		// A failing command is answered with a positioned (error ...)
		// line, and the exit code is 1.
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(line, "(error ") && (!strings.HasPrefix(line, `(error "line `) || strings.Contains(line, "internal error") || code != 1) {
				t.Fatalf("error response %q", line)
			}
		}
	})
}
