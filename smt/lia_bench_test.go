package smt_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// benchScript solves an SMT-LIB script from scratch per iteration: term
// encoding, integer atoms, branch and bound and cuts.
func benchScript(b *testing.B, text string, want smt.Result) {
	b.ReportAllocs()
	for b.Loop() {
		st := term.NewStore()
		script, err := smtlib.Parse("bench.smt2", strings.NewReader(text), st)
		if err != nil {
			b.Fatal(err)
		}
		s := smt.New(st, smt.Options{})
		for _, c := range script.Commands {
			if c.Kind == smtlib.Assert {
				if err := s.Assert(c.Term); err != nil {
					b.Fatal(err)
				}
			}
		}
		if r, err := s.Check(context.Background()); err != nil || r != want {
			b.Fatalf("%v %v", r, err)
		}
	}
}

// BenchmarkLIAKnapsack: 6x + 10y + 15z = 29 has no solution in the
// naturals; the relaxation does, so branches and cuts do the work.
func BenchmarkLIAKnapsack(b *testing.B) {
	benchScript(b, decls+`(assert (and (<= 0 x) (<= 0 y) (<= 0 z) (<= x 20) (<= y 20) (<= z 20)))
		(assert (= (+ (* 6 x) (* 10 y) (* 15 z)) 29))`, smt.Unsat)
}

// BenchmarkLIADiophantine: x ≡ 1 (mod 6) and x ≡ 4 (mod 10), unbounded:
// x would be odd and even; the GCD and Diophantine checks refute it.
func BenchmarkLIADiophantine(b *testing.B) {
	benchScript(b, decls+`(assert (= (- x (* 6 a)) 1))
		(assert (= (- x (* 10 b)) 4))
		(assert (= (+ y (* 15 z)) x))`, smt.Unsat)
}

// BenchmarkLIASystem: an unbounded system with solutions far from the
// relaxation's first vertex.
func BenchmarkLIASystem(b *testing.B) {
	benchScript(b, decls+`(assert (= (+ (* 3 x) (* 6 y) (* 4 z)) (+ (* 12 a) 1)))
		(assert (= (+ (* 2 x) (* 5 z)) (+ (* 10 b) 1)))
		(assert (= (+ x y z) (* 2 a)))`, smt.Sat)
}

// BenchmarkLIADivMod: div, mod and abs by numerals with Boolean structure.
func BenchmarkLIADivMod(b *testing.B) {
	benchScript(b, decls+`(assert (= (mod (+ x y) 7) 3))
		(assert (or (= (div x 3) (abs y)) (> (mod z 5) 2)))
		(assert (= (div (+ (* 2 x) z) 4) (- y 5)))
		(assert (and (<= (- 50) x) (<= x 50) (<= (- 50) y) (<= y 50) (<= (- 50) z) (<= z 50)))`, smt.Sat)
}
