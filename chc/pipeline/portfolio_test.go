package pipeline_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/engines/portfolio"
	"github.com/stretchr/testify/require"
)

// waiting answers Unknown once its context ends, counting its runs.
type waiting struct{ stopped atomic.Int32 }

func (w *waiting) Solve(ctx context.Context, s *chc.System) chc.Result {
	<-ctx.Done()
	w.stopped.Add(1)
	return chc.NoAnswer(chc.Cause(ctx))
}

func TestPortfolioFirstCheckedAnswerWins(t *testing.T) {
	w := &waiting{}
	p := &portfolio.Engine{Members: []portfolio.Member{
		{Name: "wait", Engine: w},
		{Name: "wrong", Engine: wrong{}},
		{Name: "panic", Engine: panicking{}},
		{Name: "inv", Engine: invariant{delay: 20 * time.Millisecond}},
	}}
	sys := readSys(t, counterSrc)
	res := pipeline.Solve(context.Background(), sys, p, chc.Options{})
	require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
	require.Contains(t, res.Stats, chc.Stat{Name: "portfolio.winner", Value: "inv"})
	require.Contains(t, res.Stats, chc.Stat{Name: "invariant.runs", Value: 1})
	require.EqualValues(t, 1, w.stopped.Load(), "the waiting member was cancelled and awaited")
	require.NoError(t, witness.CheckResult(context.Background(), sys, res))
	// The model is in the input's store, for every predicate.
	require.Len(t, res.Model, len(sys.Preds))
}

func TestPortfolioNoWinner(t *testing.T) {
	sys := readSys(t, counterSrc)
	p := &portfolio.Engine{Members: []portfolio.Member{{Name: "wrong", Engine: wrong{}}, {Name: "panic", Engine: panicking{}}}}
	res := pipeline.Solve(context.Background(), sys, p, chc.Options{})
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrInternal)
	require.ErrorContains(t, res.Reason, "boom")
	require.ErrorContains(t, res.Reason, "wrong: ")

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	w1, w2 := &waiting{}, &waiting{}
	p = &portfolio.Engine{Members: []portfolio.Member{{Name: "a", Engine: w1, Share: 0.2}, {Name: "b", Engine: w2}}}
	start := time.Now()
	res = pipeline.Solve(ctx, sys, p, chc.Options{})
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrTimeout)
	require.Less(t, time.Since(start), time.Second)
	require.EqualValues(t, 1, w1.stopped.Load())
	require.EqualValues(t, 1, w2.stopped.Load())
}

// A portfolio called directly checks on the system it is given.
func TestPortfolioDirect(t *testing.T) {
	sys := readSys(t, counterSrc)
	p := &portfolio.Engine{Members: []portfolio.Member{{Name: "wrong", Engine: wrong{}}, {Name: "inv", Engine: invariant{delay: 10 * time.Millisecond}}}}
	res := p.Solve(context.Background(), sys)
	require.Equal(t, chc.Sat, res.Answer)
	require.NoError(t, witness.CheckResult(context.Background(), sys, res))
}

// The share bounds a member's time when the context has a deadline, and
// Without when it has none. The share (40 ms) ends long before the other
// member answers (600 ms), which is long before the deadline (2 s).
func TestPortfolioShares(t *testing.T) {
	sys := readSys(t, counterSrc)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	w := &waiting{}
	p := &portfolio.Engine{Members: []portfolio.Member{{Name: "w", Engine: w, Share: 0.02}, {Name: "inv", Engine: invariant{delay: 600 * time.Millisecond}}}}
	res := pipeline.Solve(ctx, sys, p, chc.Options{})
	require.Equal(t, chc.Sat, res.Answer)
	var wTime time.Duration
	for _, s := range res.Stats {
		if s.Name == "portfolio.w-time" {
			wTime = s.Value.(time.Duration)
		}
	}
	require.Less(t, wTime, 400*time.Millisecond, "the share of 40 ms ended w, not the answer at 600 ms")

	w = &waiting{}
	p = &portfolio.Engine{Members: []portfolio.Member{{Name: "w", Engine: w, Without: 30 * time.Millisecond}}}
	res = pipeline.Solve(context.Background(), sys, p, chc.Options{})
	require.Equal(t, chc.Unknown, res.Answer)
	require.EqualValues(t, 1, w.stopped.Load())
}

// counting counts its runs and waits for its context.
type counting struct{ runs atomic.Int32 }

func (c *counting) Solve(ctx context.Context, s *chc.System) chc.Result {
	c.runs.Add(1)
	<-ctx.Done()
	return chc.NoAnswer(chc.Cause(ctx))
}

// A delayed member does not start when an earlier one wins first.
func TestPortfolioDelay(t *testing.T) {
	sys := readSys(t, counterSrc)
	c := &counting{}
	p := &portfolio.Engine{Members: []portfolio.Member{{Name: "inv", Engine: invariant{}}, {Name: "late", Engine: c, Delay: 10 * time.Second}}}
	start := time.Now()
	res := pipeline.Solve(context.Background(), sys, p, chc.Options{})
	require.Equal(t, chc.Sat, res.Answer)
	require.Less(t, time.Since(start), 5*time.Second, "the portfolio did not wait for the delayed member")
	require.Zero(t, c.runs.Load())

	c = &counting{}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	p = &portfolio.Engine{Members: []portfolio.Member{{Name: "late", Engine: c, Delay: 20 * time.Millisecond}}}
	res = pipeline.Solve(ctx, sys, p, chc.Options{})
	require.ErrorIs(t, res.Reason, chc.ErrTimeout)
	require.EqualValues(t, 1, c.runs.Load())
}
