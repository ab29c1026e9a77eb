package gospacer_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer"
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// hardSrc is out of Spacer's reach: x steps by 4 from 0, and the query
// asks for 10^9+1; Spacer blocks one value a level (about 16 levels a
// second), so it would need 250 million levels: no machine answers it
// before a deadline of seconds.
const hardSrc = `(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (x1 Int)) (=> (and (inv x) (= x1 (+ x 4))) (inv x1))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 1000000001)) false)))
(check-sat)`

func solveText(t *testing.T, ctx context.Context, src string, options ...gospacer.Option) gospacer.Result {
	t.Helper()
	res, err := gospacer.SolveReader(ctx, "test.smt2", strings.NewReader(src), options...)
	require.NoError(t, err)
	return res
}

// TestSolveReasons: each way of stopping gives Unknown with its typed
// reason, in time.
func TestSolveReasons(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name    string
		ctx     context.Context
		options []gospacer.Option
		want    error
		within  time.Duration
	}{
		{"timeout option", context.Background(), []gospacer.Option{gospacer.WithTimeout(300 * time.Millisecond)}, gospacer.ErrTimeout, 5 * time.Second},
		{"canceled context", canceled, nil, gospacer.ErrCanceled, time.Second},
		{"memory", context.Background(), []gospacer.Option{gospacer.WithMemoryLimit(1), gospacer.WithTimeout(20 * time.Second)}, gospacer.ErrMemory, 5 * time.Second},
		{"level bound", context.Background(), []gospacer.Option{gospacer.WithParam("spacer.max-level", "2")}, gospacer.ErrIncomplete, 5 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			res := solveText(t, tc.ctx, hardSrc, tc.options...)
			require.Equal(t, gospacer.Unknown, res.Answer)
			require.ErrorIs(t, res.Reason, tc.want, "reason %v", res.Reason)
			require.Less(t, time.Since(start), tc.within)
			require.Equal(t, "unknown", res.String())
		})
	}
	t.Run("context deadline", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		res := solveText(t, ctx, hardSrc)
		require.ErrorIs(t, res.Reason, gospacer.ErrTimeout)
	})
}

// TestSolveBadInput: bad input and bad options are errors, never a panic
// nor an answer.
func TestSolveBadInput(t *testing.T) {
	ctx := context.Background()
	src := "(set-logic HORN)\n(declare-sort U 0)"
	_, err := gospacer.SolveReader(ctx, "bad.smt2", strings.NewReader(src))
	require.ErrorContains(t, err, "bad.smt2:2:1: declare-sort is not supported in a HORN script")

	_, err = gospacer.SolveFile(ctx, "examples/no-such-file.smt2")
	require.Error(t, err)

	for _, tc := range []struct {
		options []gospacer.Option
		msg     string
	}{
		{[]gospacer.Option{gospacer.WithEngine("spacre")}, `unknown engine "spacre"`},
		{[]gospacer.Option{gospacer.WithParam("bmc.nothing", "1")}, `unknown parameter "bmc.nothing"`},
		{[]gospacer.Option{gospacer.WithParam("spacer.max-level", "many")}, "not an integer"},
		{[]gospacer.Option{gospacer.WithTimeout(-time.Second)}, "negative timeout"},
		{[]gospacer.Option{gospacer.WithMemoryLimit(-1)}, "negative memory limit"},
		{[]gospacer.Option{gospacer.WithPortfolio("spacer", "bmc:2")}, "the share must be a number in (0, 1]"},
		{[]gospacer.Option{gospacer.WithEngine("bmc"), gospacer.WithEngineValue(liar{})}, "both an engine value and the engine"},
	} {
		_, err := gospacer.SolveFile(ctx, "examples/counter.smt2", tc.options...)
		require.ErrorContains(t, err, tc.msg)
	}

	_, err = gospacer.Solve(ctx, nil)
	require.ErrorContains(t, err, "term store")
}

// TestSolveEngines: every way of naming an engine answers the examples
// right (bmc proves nothing safe: unknown there).
func TestSolveEngines(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		options []gospacer.Option
		safe    string
	}{
		{"default", nil, "sat"},
		{"spacer", []gospacer.Option{gospacer.WithEngine("spacer")}, "sat"},
		{"bmc", []gospacer.Option{gospacer.WithEngine("bmc"), gospacer.WithParam("bmc.max-depth", "20")}, "unknown"},
		{"portfolio default", []gospacer.Option{gospacer.WithPortfolio()}, "sat"},
		{"portfolio", []gospacer.Option{gospacer.WithPortfolio("spacer", "bmc:0.5")}, "sat"},
		{"engine value", []gospacer.Option{gospacer.WithEngineValue(mustEngine(t, "spacer"))}, "sat"},
		{"no preprocessing", []gospacer.Option{gospacer.WithoutPreprocessing()}, "sat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := append(tc.options, gospacer.WithTimeout(20*time.Second))
			res, err := gospacer.SolveFile(ctx, "examples/counter.smt2", opts...)
			require.NoError(t, err)
			require.Equal(t, tc.safe, res.String(), "%v", res.Reason)
			res, err = gospacer.SolveFile(ctx, "examples/unsafe.smt2", opts...)
			require.NoError(t, err)
			require.Equal(t, "unsat", res.String(), "%v", res.Reason)
			require.NoError(t, witness.CheckResult(ctx, res.System, res.Result))
		})
	}
}

func mustEngine(t *testing.T, name string) chc.Engine {
	e, err := chc.NewEngine(name, chc.Options{})
	require.NoError(t, err)
	return e
}

// liar answers sat with the model false for every predicate.
type liar struct{}

func (liar) Solve(ctx context.Context, s *chc.System) chc.Result {
	return chc.Result{Answer: chc.Sat, Model: chc.Model{}}
}

// panicker panics.
type panicker struct{}

func (panicker) Solve(ctx context.Context, s *chc.System) chc.Result { panic("boom") }

// TestSolveCustomEngine: an engine of one's own goes through the checked
// pipeline: a wrong model and a panic both give Unknown with ErrInternal.
func TestSolveCustomEngine(t *testing.T) {
	ctx := context.Background()
	for _, e := range []chc.Engine{liar{}, panicker{}} {
		res, err := gospacer.SolveFile(ctx, "examples/counter.smt2", gospacer.WithEngineValue(e))
		require.NoError(t, err)
		require.Equal(t, gospacer.Unknown, res.Answer)
		require.True(t, errors.Is(res.Reason, gospacer.ErrInternal), "%v", res.Reason)
	}
}

// TestSolveFixedpointFormat: z3's fixedpoint format gets z3's answer.
func TestSolveFixedpointFormat(t *testing.T) {
	src := `(declare-rel r (Int))
(declare-var x Int)
(rule (=> (= x 0) (r x)))
(rule (=> (and (r x) (< x 5)) (r (+ x 1))))
(query (r 9))`
	res := solveText(t, context.Background(), src)
	require.Equal(t, gospacer.Sat, res.Answer)
	require.Equal(t, "unsat", res.String())
	require.True(t, res.System.FixedpointFormat)
	var b strings.Builder
	require.NoError(t, res.WriteWitness(&b))
	require.Contains(t, b.String(), "define-fun r")

	res = solveText(t, context.Background(), strings.Replace(src, "(r 9)", "(r 5)", 1))
	require.Equal(t, "sat", res.String())
	b.Reset()
	require.NoError(t, res.WriteWitness(&b))
	require.Contains(t, b.String(), "false <- clause")
}

// TestSolveHandBuiltModel: a Sat model of a hand-built system is checked
// on the system as given, and keyed by its predicates.
func TestSolveHandBuiltModel(t *testing.T) {
	st := term.NewStore()
	sys := &chc.System{St: st}
	p := sys.NewPred(st.Func("P", []*term.Sort{term.IntSort}, term.BoolSort))
	x := st.Const("x", term.IntSort)
	sys.Clauses = []*chc.Clause{
		{Head: &chc.Atom{Pred: p, Args: []*term.Term{st.Int(0)}}},
		{Head: &chc.Atom{Pred: p, Args: []*term.Term{st.Add(x, st.Int(2))}}, Body: []chc.Atom{{Pred: p, Args: []*term.Term{x}}}},
		{Body: []chc.Atom{{Pred: p, Args: []*term.Term{st.Add(st.Mul(st.Int(2), x), st.Int(1))}}}},
	}
	before := snapshot(sys)
	res, err := gospacer.Solve(context.Background(), sys, gospacer.WithTimeout(20*time.Second))
	require.NoError(t, err)
	require.Equal(t, gospacer.Sat, res.Answer, "%v", res.Reason)
	require.NoError(t, witness.CheckModel(context.Background(), res.System, res.Model))
	require.NotSame(t, sys, res.System)
	require.Same(t, p, res.System.Preds[0])
	require.Contains(t, res.Model, p)
	require.Equal(t, before, snapshot(sys), "Solve changed its input")
}

// snapshot is what a clause list holds, for comparison.
func snapshot(s *chc.System) []any {
	var out []any
	for _, c := range s.Clauses {
		out = append(out, c, c.Head, c.Constraint, len(c.Vars))
		for _, b := range c.Body {
			out = append(out, b.Pred, b.Args)
		}
	}
	return out
}
