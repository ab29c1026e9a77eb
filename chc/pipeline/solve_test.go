package pipeline_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/stretchr/testify/require"
)

// busy computes until its context ends, allocating as it goes.
type busy struct{}

func (busy) Solve(ctx context.Context, s *chc.System) chc.Result {
	var keep [][]byte
	for ctx.Err() == nil {
		keep = append(keep, make([]byte, 1<<16))
		if len(keep) > 4096 {
			keep = keep[:0]
		}
		time.Sleep(time.Millisecond)
	}
	return chc.NoAnswer(chc.Incomplete("stopped"))
}

// stuck ignores its context.
type stuck struct{ release chan struct{} }

func (e stuck) Solve(ctx context.Context, s *chc.System) chc.Result {
	<-e.release
	return chc.NoAnswer(chc.Incomplete("released"))
}

// vague answers Unknown with a reason that names no kind.
type vague struct{}

func (vague) Solve(ctx context.Context, s *chc.System) chc.Result {
	return chc.Result{Answer: chc.Unknown}
}

// The pipeline gives every engine the same reasons of unknown.
func TestSolveReasons(t *testing.T) {
	sys := readSys(t, counterSrc)

	res := pipeline.Solve(context.Background(), sys, panicking{}, chc.Options{})
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrInternal)
	require.ErrorContains(t, res.Reason, "boom")

	res = pipeline.Solve(context.Background(), sys, wrong{}, chc.Options{})
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrInternal)
	require.ErrorContains(t, res.Reason, "sat witness failed its check")

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	res = pipeline.Solve(ctx, sys, busy{}, chc.Options{})
	require.ErrorIs(t, res.Reason, chc.ErrTimeout)
	require.Equal(t, "timeout", res.Reason.Error())
	require.Less(t, time.Since(start), time.Second)

	res = pipeline.Solve(context.Background(), sys, busy{}, chc.Options{MemoryMB: 1})
	require.ErrorIs(t, res.Reason, chc.ErrMemory)
	require.Equal(t, "memory", res.Reason.Error())

	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	res = pipeline.Solve(ctx, sys, busy{}, chc.Options{})
	require.ErrorIs(t, res.Reason, chc.ErrCanceled)

	res = pipeline.Solve(context.Background(), sys, vague{}, chc.Options{})
	require.ErrorIs(t, res.Reason, chc.ErrIncomplete)

	// An engine that does not stop is left behind after the grace.
	e := stuck{make(chan struct{})}
	defer close(e.release)
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	res = pipeline.Solve(ctx, sys, e, chc.Options{Grace: 100 * time.Millisecond})
	require.ErrorIs(t, res.Reason, chc.ErrTimeout)
	require.ErrorContains(t, res.Reason, "did not stop in time")
	require.Less(t, time.Since(start), 2*time.Second, "the deadline and the grace are 150 ms")
}

// A Sat answer has a model of every predicate of the input, including
// those preprocessing removed, and the statistics name the phases.
func TestSolveModelAndStats(t *testing.T) {
	sys := readSys(t, `(set-logic HORN)
(declare-fun inv (Int) Bool)
(declare-fun mid (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (inv x) (mid x))))
(assert (forall ((x Int) (y Int)) (=> (and (mid x) (< x 10) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 10)) false)))
`)
	var log bytes.Buffer
	res := pipeline.Solve(context.Background(), sys, invariant{}, chc.Options{Verbose: &log})
	require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
	require.Len(t, res.Model, 2)
	require.NoError(t, witness.CheckResult(context.Background(), sys, res))
	names := map[string]bool{}
	for _, s := range res.Stats {
		require.True(t, chc.ValidStatName(s.Name), s.Name)
		names[s.Name] = true
	}
	for _, n := range []string{"solve.preprocess-time", "solve.engine-time", "solve.check-time", "solve.time", "invariant.runs"} {
		require.True(t, names[n], n)
	}
	require.True(t, strings.HasPrefix(log.String(), "solve: 2 predicates, 4 clauses; after preprocessing 1 predicates"), log.String())
}

func TestWriteStats(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, chc.WriteStats(&b, []chc.Stat{
		{Name: "a.count", Value: 3},
		{Name: "a.time", Value: 1500 * time.Millisecond},
		{Name: "a.list", Value: "[1 2]"},
		{Name: "a.name", Value: "spacer"},
	}))
	require.Equal(t, "(:a.count 3\n :a.time 1.500\n :a.list \"[1 2]\"\n :a.name spacer)\n", b.String())
	require.False(t, chc.ValidStatName("Spacer.levels"))
	require.False(t, chc.ValidStatName("spacer levels"))
	require.True(t, chc.ValidStatName("spacer.lemmas-per-level"))
}
