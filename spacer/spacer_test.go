package spacer

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/term"
)

// answerTimeout is a safety net for tests that expect an answer, not a
// limit they test: the answer takes a second or less on a quiet machine,
// and a machine loaded many times over must not fail the test.
const answerTimeout = 2 * time.Minute

// optionSet is a configuration of the engine, and whether pipeline.Solve
// preprocesses for it.
type optionSet struct {
	Options
	noPreprocess bool
}

// solveText reads a HORN script and solves it through pipeline.Solve, which
// checks the witness on the input: a witness that fails is an error.
func solveText(t *testing.T, src string, opts optionSet) chc.Result {
	t.Helper()
	st := term.NewStore()
	sys, _, err := chc.Read("test.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	res := pipeline.Solve(ctx, sys, New(opts.Options), chc.Options{NoPreprocess: opts.noPreprocess})
	require.NotErrorIs(t, res.Reason, chc.ErrInternal)
	return res
}

var handwritten = []struct {
	name, want, src string
}{
	{"counter-safe", "sat", `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 10) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 10)) false)))
(check-sat)`},
	{"counter-unsafe", "unsat", `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 10) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 10)) false)))
(check-sat)`},
	{"two-vars-safe", "sat", `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 (+ x 1)) (= y1 (+ y 1))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (not (= x y))) false)))
(check-sat)`},
	{"real-safe", "sat", `
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 0.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real)) (=> (and (inv x y) (< x 10.0) (= x1 (+ x 0.5)) (= y1 (+ y 1.0))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (> y (* 2.0 x))) false)))
(check-sat)`},
	{"real-unsafe", "unsat", `
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 0.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real)) (=> (and (inv x y) (< x 10.0) (= x1 (+ x 0.5)) (= y1 (+ y 1.0))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (> y 19.5)) false)))
(check-sat)`},
	{"zero-ary", "unsat", `
(set-logic HORN)
(declare-fun p () Bool)
(declare-fun q () Bool)
(assert p)
(assert (=> p q))
(assert (=> q false))
(check-sat)`},
	{"zero-ary-safe", "sat", `
(set-logic HORN)
(declare-fun p () Bool)
(declare-fun q () Bool)
(assert p)
(assert (=> q p))
(assert (=> q false))
(check-sat)`},
	{"bool-args", "sat", `
(set-logic HORN)
(declare-fun inv (Bool Int) Bool)
(assert (forall ((b Bool) (x Int)) (=> (and b (= x 0)) (inv b x))))
(assert (forall ((b Bool) (x Int) (b1 Bool) (x1 Int)) (=> (and (inv b x) (= b1 (not b)) (= x1 (ite b (+ x 1) (- x 1)))) (inv b1 x1))))
(assert (forall ((b Bool) (x Int)) (=> (and (inv b x) (or (> x 1) (< x 0))) false)))
(check-sat)`},
	{"nonlinear-twice-safe", "sat", `
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 2)) (p x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (p x) (p y) (= z (+ x y))) (q z))))
(assert (forall ((z Int)) (=> (and (q z) (> z 4)) false)))
(check-sat)`},
	{"nonlinear-twice-unsafe", "unsat", `
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 2)) (p x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (p x) (p y) (= z (+ x y))) (q z))))
(assert (forall ((z Int)) (=> (and (q z) (>= z 4)) false)))
(check-sat)`},
	{"second-atom-reachable", "unsat", `
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun r (Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (< x 5) (= y (+ x 1))) (p y))))
(assert (forall ((x Int)) (=> (= x 7) (r x))))
(assert (forall ((x Int) (y Int)) (=> (and (r x) (p y) (= y 5) (= x 7)) false)))
(check-sat)`},
	{"array-safe", "sat", `
(set-logic HORN)
(declare-fun inv ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (= i 0) (= (select a 0) 5)) (inv a i))))
(assert (forall ((a (Array Int Int)) (i Int) (b (Array Int Int)) (j Int)) (=> (and (inv a i) (= b (store a (+ i 1) 3)) (= j (+ i 1))) (inv b j))))
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (inv a i) (not (= (select a 0) 5))) false)))
(check-sat)`},
	{"array-unsafe", "unsat", `
(set-logic HORN)
(declare-fun inv ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (= i 0) (= (select a 0) 5)) (inv a i))))
(assert (forall ((a (Array Int Int)) (i Int) (b (Array Int Int)) (j Int)) (=> (and (inv a i) (< i 3) (= b (store a (- 2 i) 3)) (= j (+ i 1))) (inv b j))))
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (inv a i) (not (= (select a 0) 5))) false)))
(check-sat)`},
	{"no-clauses-for-pred", "sat", `
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (p x) false)))
(check-sat)`},
	{"fact-query", "unsat", `
(set-logic HORN)
(assert (forall ((x Int)) (=> (> x 3) false)))
(check-sat)`},
}

// optionSets: the default, everything off, and each option on its own.
var optionSets = []optionSet{
	{},
	{Options{NoInductiveGen: true, NoWeaken: true, NoItp: true, NoArrayEqualities: true, NoGuidance: true,
		NoWeakenBounds: true, NoStuck: true, NoCtp: true}, true},
	{Options: Options{NoInductiveGen: true}},
	{Options: Options{NoWeaken: true}},
	{Options: Options{PobPush: true}},
	{Options: Options{NoItp: true}},
	{Options: Options{ItpCore: true}},
	{Options: Options{NoArrayEqualities: true}},
	{Options: Options{NoGuidance: true}},
	{Options: Options{NoWeakenBounds: true}},
	{Options: Options{NoStuck: true}},
	{Options: Options{NoCtp: true}},
	{Options: Options{MayPobs: true}},
	{Options: Options{WeakAbs: true}},
	{noPreprocess: true},
}

// needsItp lists systems core-based generalisation does not solve.
var needsItp = map[string]bool{"array-safe": true}

func TestHandwritten(t *testing.T) {
	for _, tc := range handwritten {
		for oi, opts := range optionSets {
			if needsItp[tc.name] && opts.NoItp {
				continue
			}
			t.Run(fmt.Sprintf("%s/opts%d", tc.name, oi), func(t *testing.T) {
				res := solveText(t, tc.src, opts)
				require.Equal(t, tc.want, res.Answer.String(), "reason: %s", res.Reason)
			})
		}
	}
}

// TestIteGrammar: a nay-horn synthesis grammar (CHC-COMP, lia-nonlin)
// whose clauses define NT4 by ite over a Boolean nonterminal. The Farkas
// lemma NT4 >= 0 needs the ite resolved in the clause's implicant;
// without that each lemma excluded one point NT4 = -99 - k per reach
// fact NT1 = k and the run did not end.
func TestIteGrammar(t *testing.T) {
	src, err := os.ReadFile("testdata/nay-horn-IF_fg_mpg_example4.smt2")
	require.NoError(t, err)
	res := solveText(t, string(src), optionSet{})
	require.Equal(t, chc.Sat, res.Answer, "reason: %s", res.Reason)
}
