package bam

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// answerTimeout is a safety net for tests that expect an answer, not a
// limit they test: the answer takes a second or less on a quiet machine,
// and a machine loaded many times over must not fail the test.
const answerTimeout = 2 * time.Minute

var allDomains = []Domain{ValuePredicate, Value, Interval, Predicate}

// The recursive examples: the paper's §1/§4.3 program and the families
// of the recursive tasks of its Table 2 (Fibonacci, Ackermann, McCarthy
// 91), each as CHCs. decide lists the domains that must answer; the
// others may answer Unknown (their elements cannot express the proof),
// never wrongly. Every witness is checked.
var paperCases = []struct {
	name   string
	want   chc.Answer
	decide []Domain
	src    string
}{
	// Fig. 1: s = sum(a, b) adds its arguments by recursion; the
	// summary ret = m + n needs a relational domain.
	{"sum", chc.Sat, []Domain{ValuePredicate, Predicate}, `
(declare-fun sum (Int Int Int) Bool)
(assert (forall ((n Int) (m Int) (r Int)) (=> (and (= n 0) (= r m)) (sum n m r))))
(assert (forall ((n Int) (m Int) (r Int)) (=> (and (not (= n 0)) (sum (- n 1) (+ m 1) r)) (sum n m r))))
(assert (forall ((a Int) (b Int) (s Int)) (=> (and (>= a 0) (>= b 0) (sum a b s) (not (= s (+ a b)))) false)))`},
	// the same procedure with a property that fails for a >= 3
	{"sum-unsafe", chc.Unsat, allDomains, `
(declare-fun sum (Int Int Int) Bool)
(assert (forall ((n Int) (m Int) (r Int)) (=> (and (= n 0) (= r m)) (sum n m r))))
(assert (forall ((n Int) (m Int) (r Int)) (=> (and (not (= n 0)) (sum (- n 1) (+ m 1) r)) (sum n m r))))
(assert (forall ((a Int) (b Int) (s Int)) (=> (and (>= a 0) (>= b 0) (sum a b s) (> s (+ b 2))) false)))`},
	// fib(10) = 55: explicit values, one block per argument value
	{"fib-10", chc.Sat, []Domain{ValuePredicate, Value, Interval}, fib + `
(assert (forall ((r Int)) (=> (and (fib 10 r) (not (= r 55))) false)))`},
	{"fib-10-unsafe", chc.Unsat, []Domain{ValuePredicate, Value, Interval}, fib + `
(assert (forall ((r Int)) (=> (and (fib 10 r) (= r 55)) false)))`},
	// fib(n) >= 0 for every n: a bound
	{"fib-nonnegative", chc.Sat, []Domain{ValuePredicate, Interval, Predicate}, fib + `
(assert (forall ((n Int) (r Int)) (=> (and (fib n r) (< r 0)) false)))`},
	// Ackermann: ack(2, 2) = 7; ack(m, n) >= 1 and >= n + 1 for m, n >= 0
	{"ackermann-2-2", chc.Sat, []Domain{ValuePredicate, Value, Interval}, ack + `
(assert (forall ((r Int)) (=> (and (ack 2 2 r) (not (= r 7))) false)))`},
	{"ackermann-positive", chc.Sat, []Domain{ValuePredicate, Interval, Predicate}, ack + `
(assert (forall ((m Int) (n Int) (r Int)) (=> (and (>= m 0) (>= n 0) (ack m n r) (< r 1)) false)))`},
	{"ackermann-above-n", chc.Sat, []Domain{ValuePredicate, Predicate}, ack + `
(assert (forall ((m Int) (n Int) (r Int)) (=> (and (>= m 0) (>= n 0) (ack m n r) (< r (+ n 1))) false)))`},
	{"ackermann-unsafe", chc.Unsat, []Domain{ValuePredicate, Predicate}, ack + `
(assert (forall ((m Int) (n Int) (r Int)) (=> (and (>= m 2) (>= n 0) (ack m n r) (< r 4)) false)))`},
	// McCarthy 91: f(x) = 91 for x <= 100 (nested recursion), f(x) >= 91
	{"mccarthy-91", chc.Sat, []Domain{ValuePredicate, Predicate}, mc91 + `
(assert (forall ((x Int) (r Int)) (=> (and (<= x 100) (mc x r) (not (= r 91))) false)))`},
	{"mccarthy-91-bound", chc.Sat, []Domain{ValuePredicate, Interval, Predicate}, mc91 + `
(assert (forall ((x Int) (r Int)) (=> (and (mc x r) (< r 91)) false)))`},
	{"mccarthy-91-unsafe", chc.Unsat, allDomains, mc91 + `
(assert (forall ((x Int) (r Int)) (=> (and (<= x 102) (mc x r) (not (= r 91))) false)))`},
}

const fib = `
(declare-fun fib (Int Int) Bool)
(assert (forall ((n Int)) (=> (<= n 0) (fib n 0))))
(assert (forall ((n Int)) (=> (= n 1) (fib n 1))))
(assert (forall ((n Int) (a Int) (b Int)) (=> (and (> n 1) (fib (- n 1) a) (fib (- n 2) b)) (fib n (+ a b)))))`

const ack = `
(declare-fun ack (Int Int Int) Bool)
(assert (forall ((m Int) (n Int)) (=> (= m 0) (ack m n (+ n 1)))))
(assert (forall ((m Int) (n Int) (r Int)) (=> (and (> m 0) (= n 0) (ack (- m 1) 1 r)) (ack m n r))))
(assert (forall ((m Int) (n Int) (r1 Int) (r Int)) (=> (and (> m 0) (> n 0) (ack m (- n 1) r1) (ack (- m 1) r1 r)) (ack m n r))))`

const mc91 = `
(declare-fun mc (Int Int) Bool)
(assert (forall ((x Int)) (=> (> x 100) (mc x (- x 10)))))
(assert (forall ((x Int) (y Int) (r Int)) (=> (and (<= x 100) (mc (+ x 11) y) (mc y r)) (mc x r))))`

func read(t testing.TB, src string) *chc.System {
	t.Helper()
	sys, _, err := chc.Read("test.smt2", strings.NewReader("(set-logic HORN)\n"+src+"\n(check-sat)\n"), term.NewStore())
	require.NoError(t, err)
	return sys
}

// run solves src with the engine of domain d and checks the witness.
func run(t *testing.T, d Domain, src string, timeout time.Duration) chc.Result {
	t.Helper()
	sys := read(t, src)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	res := New(DefaultOptions(d)).Solve(ctx, sys)
	require.NoError(t, witness.CheckResult(context.Background(), sys, res), "%s", d)
	return res
}

// stat is the value of the engine's statistic named suffix.
func stat(res chc.Result, suffix string) any {
	for _, s := range res.Stats {
		if strings.HasSuffix(s.Name, "."+suffix) {
			return s.Value
		}
	}
	return nil
}

func TestPaperExamples(t *testing.T) {
	for _, tc := range paperCases {
		for _, d := range allDomains {
			t.Run(tc.name+"/"+d.String(), func(t *testing.T) {
				must := slices.Contains(tc.decide, d)
				timeout := 2 * time.Second // to show it answers nothing wrong
				if must {
					timeout = 20 * time.Second
				}
				res := run(t, d, tc.src, timeout)
				if res.Answer != chc.Unknown {
					require.Equal(t, tc.want, res.Answer, "a wrong answer")
				}
				if must {
					require.Equal(t, tc.want, res.Answer, "%s: %v", d, res.Reason)
				}
			})
		}
	}
}

// TestPaperFixpoint: on the paper's example the predicate analysis ends
// as §4.3 tells, in two iterations of the fixed-point algorithm under the
// final precision: the first finds the recursive call's summary missing
// (the call is covered by the block on the stack, no exit states yet),
// the second applies the summary and finds it stable.
func TestPaperFixpoint(t *testing.T) {
	res := run(t, Predicate, paperCases[0].src, answerTimeout)
	require.Equal(t, chc.Sat, res.Answer)
	require.Equal(t, 2, stat(res, "iterations-last-round"))
	require.Positive(t, stat(res, "recursive-hits"))
}

// TestMemoization: the value analysis of fib(10) makes one block per
// argument value, 11 in all, and the second call of each, fib(n-2), is a
// cache hit: linear where the recursion tree is exponential.
func TestMemoization(t *testing.T) {
	res := run(t, Value, fib+`
(assert (forall ((r Int)) (=> (and (fib 10 r) (not (= r 55))) false)))`, answerTimeout)
	require.Equal(t, chc.Sat, res.Answer)
	require.Equal(t, 11, stat(res, "blocks"))
	require.GreaterOrEqual(t, stat(res, "cache-hits").(int), 9)
}
