package whale

import (
	"bytes"
	"context"
	"fmt"
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

// read parses a HORN script (the header set-logic is added when missing).
func read(t testing.TB, src string) *chc.System {
	t.Helper()
	if !strings.Contains(src, "set-logic") {
		src = "(set-logic HORN)\n" + src
	}
	sys, _, err := chc.Read("whale_test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err, src)
	return sys
}

// solve runs the engine (with a 20 s bound) and checks its witness on
// sys.
func solve(t testing.TB, sys *chc.System, opts Options) chc.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	res := New(opts).Solve(ctx, sys)
	require.NoError(t, witness.CheckResult(context.Background(), sys, res))
	for _, s := range res.Stats {
		require.True(t, chc.ValidStatName(s.Name), s.Name)
	}
	return res
}

// height is the height of a derivation: 0 for a fact.
func height(n *chc.Node) int {
	h := 0
	for _, c := range n.Children {
		h = max(h, 1+height(c))
	}
	return h
}

func stat(res chc.Result, name string) int {
	for _, s := range res.Stats {
		if s.Name == name {
			return s.Value.(int)
		}
	}
	return -1
}

type configuration struct {
	name string
	opts Options
}

// configurations are every setting of every option.
func configurations() []configuration {
	var out []configuration
	for _, x := range []Expansion{ExpandAll, ExpandOne} {
		for _, o := range []Order{OrderObligation, OrderPaper} {
			for _, mcm := range []bool{false, true} {
				for _, e := range []bool{false, true} {
					for _, h := range []bool{false, true} {
						out = append(out, configuration{
							fmt.Sprintf("expand=%s/order=%s/mcmillan=%v/eager=%v/houdini=%v", x, o, mcm, e, h),
							Options{Expand: x, Order: o, McMillan: mcm, Eager: e, NoHoudini: !h},
						})
					}
				}
			}
		}
	}
	return out
}

var cases = []struct {
	name string
	want chc.Answer
	src  string
}{
	{"counter safe", chc.Sat, `
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 10) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 10)) false)))`},
	{"counter unsafe", chc.Unsat, `
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 10) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 4)) false)))`},
	{"two loops", chc.Sat, `
(declare-fun p (Int Int) Bool)
(declare-fun q (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (p x y))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (< x 5)) (p (+ x 1) (+ y 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (>= x 5)) (q x y))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (> x 0)) (q (- x 1) (- y 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (not (= x y))) false)))`},
	{"nonlinear sum", chc.Sat, `
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 2)) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (p y)) (q (+ x y)))))
(assert (forall ((z Int)) (=> (and (q z) (> z 4)) false)))`},
	{"nonlinear sum unsafe", chc.Unsat, `
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 2)) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (p y)) (q (+ x y)))))
(assert (forall ((z Int)) (=> (and (q z) (> z 3)) false)))`},
	{"mutual recursion even odd", chc.Sat, `
(declare-fun even (Int Int) Bool)
(declare-fun odd (Int Int) Bool)
(assert (forall ((n Int)) (=> (= n 0) (even n 1))))
(assert (forall ((n Int) (m Int) (r Int)) (=> (and (> n 0) (= m (- n 1)) (odd m r)) (even n r))))
(assert (forall ((n Int)) (=> (= n 0) (odd n 0))))
(assert (forall ((n Int) (m Int) (r Int)) (=> (and (> n 0) (= m (- n 1)) (even m r)) (odd n r))))
(assert (forall ((n Int) (r Int)) (=> (and (even n r) (or (< r 0) (> r 1))) false)))`},
	{"recursion with two calls unsafe", chc.Unsat, `
(declare-fun f (Int Int) Bool)
(assert (forall ((n Int) (r Int)) (=> (and (<= n 1) (= r n)) (f n r))))
(assert (forall ((n Int) (a Int) (b Int)) (=> (and (> n 1) (f (- n 1) a) (f (- n 2) b)) (f n (+ a b)))))
(assert (forall ((n Int) (r Int)) (=> (and (f n r) (= n 6) (= r 8)) false)))`},
	{"no fact", chc.Sat, `
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (and (p x) (> x 0)) (p (+ x 1)))))
(assert (forall ((x Int)) (=> (p x) false)))`},
	{"query without body", chc.Unsat, `
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x))))
(assert (forall ((x Int)) (=> (= x 3) false)))`},
	{"div and mod", chc.Sat, `
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (= y (+ x (mod x 3) 1))) (p y))))
(assert (forall ((x Int)) (=> (and (p x) (< x 0)) false)))`},
	{"div unsafe", chc.Unsat, `
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (= y (+ x (div x 2) 1))) (p y))))
(assert (forall ((x Int)) (=> (and (p x) (= x 7)) false)))`},
	{"booleans", chc.Sat, `
(declare-fun p (Bool Int) Bool)
(assert (forall ((b Bool) (x Int)) (=> (and b (= x 0)) (p b x))))
(assert (forall ((b Bool) (x Int)) (=> (and (p b x) (< x 3)) (p (not b) (+ x 1)))))
(assert (forall ((b Bool) (x Int)) (=> (and (p b x) b (= x 1)) false)))`},
	// Houdini's invariant of P1 is false (bvand x x = x is not
	// simplified away, so the candidate x != x & x survives); the pair
	// guard true, summary false of the call edge of P1 must not stand
	// for the one of P0 (an implication cache keyed without the
	// predicate once took it as implied and answered sat).
	{"bit-vector invariant false of one predicate", chc.Unsat, `
(declare-fun P0 () Bool)
(declare-fun P1 ((_ BitVec 3) (_ BitVec 3)) Bool)
(assert (forall ((x!0 (_ BitVec 3))) (=> (and (bvult x!0 #b111) (not (bvult x!0 x!0))) P0)))
(assert (forall ((x!0 (_ BitVec 3)) (x!1 (_ BitVec 3)) (x!2 (_ BitVec 3)) (x!3 (_ BitVec 3))) (=> (and (P1 x!2 x!3) (and (= x!2 (bvshl x!0 #b001)) (= x!3 (bvadd x!1 #b001)) (= x!3 (bvnot #b010)))) (P1 x!0 x!1))))
(assert (forall ((x!0 (_ BitVec 3)) (x!1 (_ BitVec 3))) (=> (and P0 (not (= x!1 (bvand x!1 x!1)))) (P1 x!0 x!1))))
(assert (forall ((x!0 (_ BitVec 3)) (x!1 (_ BitVec 3))) (=> (and (P1 x!0 x!1) P0) false)))
(assert (=> P0 false))`},
}

// TestCases runs every case in every configuration.
func TestCases(t *testing.T) {
	for _, c := range cases {
		for _, o := range configurations() {
			t.Run(c.name+"/"+o.name, func(t *testing.T) {
				sys := read(t, c.src)
				res := solve(t, sys, o.opts)
				require.Equal(t, c.want, res.Answer, "reason: %v", res.Reason)
			})
		}
	}
}

// TestProgress: -v lines, the trace of guards and summaries, and the
// statistics the issue asks for.
func TestProgress(t *testing.T) {
	sys := read(t, cases[0].src)
	var verbose, trace bytes.Buffer
	res := solve(t, sys, Options{EngineOptions: chc.EngineOptions{Verbose: &verbose, Trace: &trace}, NoHoudini: true})
	require.Equal(t, chc.Sat, res.Answer)
	require.Contains(t, verbose.String(), "whale: args ")
	require.Contains(t, trace.String(), " guard ")
	require.Contains(t, trace.String(), " summary ")
	for _, name := range []string{"whale.args", "whale.refines", "whale.covers", "whale.itp-calls", "whale.itp-time"} {
		found := false
		for _, s := range res.Stats {
			found = found || s.Name == name
		}
		require.True(t, found, name)
	}
}

// TestCancel: a cancelled context stops the run with Unknown.
func TestCancel(t *testing.T) {
	sys := read(t, `(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int)) (=> (inv x y) (inv (+ x 1) (+ y x)))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (< y 0)) false)))`)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	res := New(Options{}).Solve(ctx, sys)
	if res.Answer == chc.Unknown {
		require.ErrorIs(t, res.Reason, chc.ErrTimeout)
	} else {
		require.NoError(t, witness.CheckResult(context.Background(), sys, res))
	}
	require.Less(t, time.Since(start), 5*time.Second)
}

// TestParams: the registry builds the engine from its parameters and
// rejects malformed ones.
func TestParams(t *testing.T) {
	for _, ok := range []map[string]string{
		{"whale.expand": "one", "whale.order": "paper", "whale.itp": "mcmillan", "whale.eager": "true", "whale.houdini": "false", "whale.max-nodes": "10"},
		{},
	} {
		_, err := chc.NewEngine("whale", chc.Options{Params: ok})
		require.NoError(t, err)
	}
	for _, bad := range []map[string]string{
		{"whale.expand": "some"}, {"whale.order": "x"}, {"whale.itp": "pudlak"}, {"whale.eager": "maybe"}, {"whale.houdini": "2"}, {"whale.max-nodes": "many"},
	} {
		_, err := chc.NewEngine("whale", chc.Options{Params: bad})
		require.Error(t, err, "%v", bad)
	}
}

// TestMaxNodes: the bound on ARGs answers Unknown, incomplete.
func TestMaxNodes(t *testing.T) {
	sys := read(t, cases[0].src)
	res := New(Options{MaxNodes: 2, NoHoudini: true}).Solve(context.Background(), sys)
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrIncomplete)
}
