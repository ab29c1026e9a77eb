package passes

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// FuzzRead checks the HORN reader and what follows it: no input panics;
// an error is an *smtlib.Error with a position; a system read prints and
// reads back, and the default preprocessing pipeline runs on it without
// error and leaves it unchanged, giving a normalised system; so does the
// relaxed reading (chc.ReadRelaxed), in the relaxed form. A campaign:
//
//	go test ./chc/passes -run '^$' -fuzz FuzzRead -fuzztime 3m -fuzzminimizetime 2s -parallel 1
//
// Without -fuzzminimizetime the fuzzer spends up to a minute minimizing
// each new interesting input, and its progress lines show 0 execs/sec
// meanwhile; no input of a 60 s campaign took 2 s to read and
// preprocess.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 0)) false)))
(check-sat)`,
		`(set-logic HORN)
(declare-fun P (Int Bool) Bool)
(declare-fun Q (Int) Bool)
(assert (forall ((x Int) (b Bool)) (=> (and (> x 2) b) (P x b))))
(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (P x b) (P y (not b)) (= x (* 2 y))) (Q (+ x y)))))
(assert (forall ((z Int)) (=> (Q z) (>= z 0))))
(check-sat)`,
		`(set-logic HORN)
(declare-fun A () Bool)
(declare-fun B ((Array Int Int) Real) Bool)
(assert A)
(assert (forall ((a (Array Int Int)) (r Real)) (=> (and A (= (select a 0) 1) (<= r 0.5)) (B (store a 1 2) r))))
(assert (forall ((a (Array Int Int)) (r Real)) (=> (B a r) (not (= (select a 1) 2)))))
(check-sat)`,
		`(declare-rel R (Int))
(declare-var x Int)
(rule (=> (= x 1) (R x)))
(query (R 1))`,
		`(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (exists ((y Int)) (=> (P y) (P x)))))`,
		`(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (or (P x) (P (+ x 1)))))`,
		`(set-logic HORN)
(declare-fun f (Int) Int)
(assert (forall ((x Int)) (=> (= (f x) 1) false)))`,
		`(set-logic HORN) (assert (forall ((x Int)) (=> (and (= (div x 0) 3) (= (mod x 2) 1)) false)))`,
		// Shapes of other tools' suites: disjunctive bodies, nested or,
		// ite and = over predicates, scopes, commands after check-sat,
		// uninterpreted constants, non-linear terms.
		`(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (and (P x) (Q x)))))
(assert (forall ((x Int)) (not (or (and (P x) (> x 10)) (and (Q x) (< x (- 5)))))))
(check-sat)
(get-proof)
(get-info :reason-unknown)`,
		`(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int) (y Int)) (or (not (and (P x) (< x 10))) (or (not (= y (+ x 1))) (P y)))))
(assert (forall ((x Int)) (=> (ite (> x 0) (P x) (= x (- 1))) (P (* x x)))))
(push 1)
(assert (forall ((x Int)) (= (P x) (xor (> x 2) (P (- x))))))
(pop 1)
(check-sat)`,
		`(declare-fun P (Int Int) Bool)
(declare-const n Int)
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (distinct (P y x) (< x n))) (P (div x y) (mod y x)))))
(check-sat)
(get-model)`,
		`(declare-rel R (Int))
(declare-var x Int)
(rule (=> (or (= x 1) (R (- x 1))) (R x)))
(query (R 5))
(query (and (R x) (< x 0)))`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, _, err := chc.Read("fuzz.smt2", strings.NewReader(src), term.NewStore())
		if err != nil {
			var se *smtlib.Error
			if !errors.As(err, &se) {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		printed := s.String()
		back, _, err := chc.Read("printed", strings.NewReader(printed), term.NewStore())
		if err != nil {
			t.Fatalf("reading the printed system: %v\n%s", err, printed)
		}
		if got := back.String(); got != printed {
			t.Fatalf("round trip:\n%s\nreads back as\n%s", printed, got)
		}
		out, _, err := Preprocess(context.Background(), s, Default()...)
		if err != nil {
			t.Fatalf("preprocessing: %v\n%s", err, printed)
		}
		if s.String() != printed {
			t.Fatalf("preprocessing changed its input")
		}
		if err := chc.CheckNormal(chc.NewBudget(context.Background()), out); err != nil {
			t.Fatalf("preprocessing: %v", err)
		}
		// the relaxed reading (the command line's): the same clauses in
		// the relaxed form, preprocessed into the strict one
		r, _, err := chc.ReadRelaxed(context.Background(), "fuzz.smt2", strings.NewReader(src), term.NewStore())
		if err != nil {
			t.Fatalf("the relaxed reading fails where the strict one does not: %v", err)
		}
		if len(r.Clauses) != len(s.Clauses) || !r.Relaxed {
			t.Fatalf("the relaxed reading has %d clauses (relaxed %v), the strict one %d", len(r.Clauses), r.Relaxed, len(s.Clauses))
		}
		for i, c := range r.Clauses {
			if err := chc.CheckClauseRelaxedIn(r.St, i, c); err != nil {
				t.Fatalf("the relaxed reading: %v", err)
			}
		}
		rout, _, err := Preprocess(context.Background(), r, Default()...)
		if err != nil {
			t.Fatalf("preprocessing the relaxed reading: %v\n%s", err, r.String())
		}
		if err := chc.CheckNormal(chc.NewBudget(context.Background()), rout); err != nil || rout.Relaxed {
			t.Fatalf("preprocessing the relaxed reading: %v (relaxed %v)", err, rout.Relaxed)
		}
	})
}
