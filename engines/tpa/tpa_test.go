package tpa

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// answerTimeout is a safety net for tests that expect an answer, not a
// limit they test: the answer takes a second or less on a quiet machine,
// and a machine loaded many times over must not fail the test.
const answerTimeout = 2 * time.Minute

func read(t testing.TB, src string) *chc.System {
	t.Helper()
	sys, _, err := chc.Read("test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return sys
}

// solve runs the engine through pipeline.Solve, which checks the witness on
// the input: a model clause by clause, a derivation step by step.
func solve(t testing.TB, sys *chc.System, opts Options, timeout time.Duration) chc.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return pipeline.Solve(ctx, sys, New(opts), chc.Options{})
}

// steps is the number of clause instances of a linear derivation above
// its fact: the length of the counterexample.
func steps(n *chc.Node) int {
	k := 0
	for len(n.Children) == 1 {
		n = n.Children[0]
		k++
	}
	return k - 1
}

var variants = []Options{{Split: false}, {Split: true}}

func name(o Options) string {
	if o.Split {
		return "split-tpa"
	}
	return "tpa"
}

// counter is a one-variable system: x starts at init, steps by step,
// and bad is a constraint over x.
func counter(init, step, bad string) string {
	return fmt.Sprintf(`(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> %s (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x %s))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) %s) false)))
`, init, step, bad)
}

// loops is a system of two loops in sequence: p counts x up to 5 while
// y gains 2 a step, q counts y down to 0; bad is a constraint over q's
// x and y.
func loops(bad string) string {
	return fmt.Sprintf(`(set-logic HORN)
(declare-fun p (Int Int) Bool)
(declare-fun q (Int Int) Bool)
(assert (forall ((a Int) (b Int)) (=> (and (= a 0) (= b 0)) (p a b))))
(assert (forall ((a Int) (b Int) (c Int) (d Int)) (=> (and (p a b) (< a 5) (= c (+ a 1)) (= d (+ b 2))) (p c d))))
(assert (forall ((a Int) (b Int)) (=> (and (p a b) (>= a 5)) (q a b))))
(assert (forall ((a Int) (b Int) (d Int)) (=> (and (q a b) (> b 0) (= d (- b 1))) (q a d))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) %s) false)))
`, bad)
}

var cases = []struct {
	name string
	want chc.Answer
	cex  int // length of the counterexample, for unsat (0: any)
	src  string
}{
	{"even counter", chc.Sat, 0, counter("(= x 0)", "2", "(= x 7)")},
	{"counter reaches 6", chc.Unsat, 3, counter("(= x 0)", "2", "(= x 6)")},
	{"initial state is bad", chc.Unsat, 0, counter("(>= x 5)", "1", "(> x 9)")},
	{"no initial state", chc.Sat, 0, counter("(and (> x 0) (< x 0))", "1", "true")},
	{"two counters in step", chc.Sat, 0, `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 (+ x 1)) (= y1 (+ y 1))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (not (= x y))) false)))
`},
	{"nondeterministic step (aux)", chc.Unsat, 0, `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int) (d Int)) (=> (and (inv x y) (>= d 0) (<= d 3) (= x1 (+ x d)) (= y1 (+ y 1))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (= x 11) (= y 4)) false)))
`},
	{"nondeterministic safe", chc.Sat, 0, `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int) (d Int)) (=> (and (inv x y) (>= d 0) (<= d 3) (= x1 (+ x d)) (= y1 (+ y 1))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (> x (* 3 y))) false)))
`},
	{"two loops (merged with a location)", chc.Unsat, 0, loops("(= y 3)")},
	{"two loops safe", chc.Sat, 0, loops("(< y 0)")},
	{"reals", chc.Sat, 0, `
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 1.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real)) (=> (and (inv x y) (= x1 (+ x y)) (= y1 (/ y 2.0))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (< y 0.0)) false)))
`},
	{"booleans", chc.Unsat, 0, `
(set-logic HORN)
(declare-fun inv (Bool Int) Bool)
(assert (forall ((b Bool) (x Int)) (=> (and (not b) (= x 0)) (inv b x))))
(assert (forall ((b Bool) (x Int) (c Bool) (y Int)) (=> (and (inv b x) (= c (not b)) (= y (ite b (+ x 1) x))) (inv c y))))
(assert (forall ((b Bool) (x Int)) (=> (and (inv b x) (= x 3) b) false)))
`},
	{"zero-ary predicates", chc.Unsat, 0, `
(set-logic HORN)
(declare-fun p () Bool)
(declare-fun q (Int) Bool)
(assert p)
(assert (forall ((x Int)) (=> (and p (= x 1)) (q x))))
(assert (forall ((x Int) (y Int)) (=> (and (q x) (= y (* 2 x))) (q y))))
(assert (forall ((x Int)) (=> (and (q x) (= x 16)) false)))
`},
}

func TestCases(t *testing.T) {
	for _, o := range variants {
		for _, tc := range cases {
			t.Run(name(o)+"/"+tc.name, func(t *testing.T) {
				res := solve(t, read(t, tc.src), o, answerTimeout)
				require.Equal(t, tc.want, res.Answer, "reason: %v", res.Reason)
				if tc.want == chc.Unsat && tc.cex > 0 {
					require.Equal(t, tc.cex, steps(res.Derivation))
				}
			})
		}
	}
}

// deepCounter counts x up by one and y up by two from 0 and is bad at
// x = n: its only counterexample has n steps.
func deepCounter(n int) string {
	return fmt.Sprintf(`(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 (+ x 1)) (= y1 (+ y 2))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (= x %d)) false)))
`, n)
}

// TestDeepCounterexample: a counterexample of thousands of steps is found
// at level 11, read back with one small check per two steps, mapped to
// a derivation and replayed by pipeline.Solve.
func TestDeepCounterexample(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	for _, o := range variants {
		t.Run(name(o), func(t *testing.T) {
			res := solve(t, read(t, deepCounter(n)), o, 5*time.Minute)
			require.Equal(t, chc.Unsat, res.Answer, "reason: %v", res.Reason)
			require.Equal(t, n, steps(res.Derivation))
		})
	}
}

// TestMaxExactPower runs both settings of the option on a system whose
// split-TPA proof is an exact fixed point at level 2 (x even needs
// parity, which no less-than relation learns): with the bound at 1 the
// engine finds no proof.
func TestMaxExactPower(t *testing.T) {
	src := cases[0].src
	for _, p := range []int{1, 10} {
		var stats bytes.Buffer
		timeout := 3 * time.Second // p = 1: no proof, whatever the time
		if p == 10 {
			timeout = 20 * time.Second // a proof in 0.2 s
		}
		res := solve(t, read(t, src), Options{Split: true, MaxExactPower: p, EngineOptions: chc.EngineOptions{Verbose: &stats}}, timeout)
		if p == 1 {
			require.NotEqual(t, chc.Unsat, res.Answer)
		} else {
			require.Equal(t, chc.Sat, res.Answer, "reason: %v", res.Reason)
		}
		kind := ""
		for _, s := range res.Stats {
			if s.Name == "split-tpa.fixpoint" {
				kind = s.Value.(string)
			}
		}
		if p == 10 {
			require.Equal(t, "exact", kind, stats.String())
		} else {
			require.NotEqual(t, "exact", kind, stats.String())
		}
	}
}

// TestDeterministic: the same input gives the same answer and statistics
// (but times).
func TestDeterministic(t *testing.T) {
	for _, o := range variants {
		var runs [2][]chc.Stat
		for i := range runs {
			res := solve(t, read(t, loops("(= y 3)")), o, answerTimeout)
			for _, s := range res.Stats {
				if _, isTime := s.Value.(time.Duration); !isTime {
					runs[i] = append(runs[i], s)
				}
			}
		}
		require.Equal(t, runs[0], runs[1])
	}
}

// TestNotTransitionSystem: a nonlinear system is Unknown, incomplete.
func TestNotTransitionSystem(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (p x) (p y) (= z (+ x y))) (p z))))
(assert (forall ((x Int)) (=> (and (p x) (= x 0)) false)))
`
	for _, o := range variants {
		res := New(o).Solve(context.Background(), read(t, src))
		require.Equal(t, chc.Unknown, res.Answer)
		require.ErrorIs(t, res.Reason, chc.ErrIncomplete)
	}
}
