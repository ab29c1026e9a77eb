package chc_test

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/stretchr/testify/require"
)

// stalled is a context whose deadline has passed but whose timer has not
// fired: what a busy goroutine sees on wasip1, where timers fire only when
// it yields.
type stalled struct {
	context.Context
	deadline time.Time
}

func (c stalled) Deadline() (time.Time, bool) { return c.deadline, true }

func TestCauseSeesAPassedDeadlineBeforeItsTimer(t *testing.T) {
	ctx := stalled{context.Background(), time.Now().Add(-time.Millisecond)}
	require.NoError(t, ctx.Err())
	require.ErrorIs(t, chc.Cause(ctx), chc.ErrTimeout)
	future := stalled{context.Background(), time.Now().Add(time.Hour)}
	require.NoError(t, chc.Cause(future))
}

// TestBudgetEndsTheRunAtItsDeadline: a Budget polled under the context of
// BoundMemory (the run's context, as Solve makes it) ends that context
// with ErrTimeout once the clock passes the deadline, even when the timer
// has not fired, so that everything else under the run stops too.
func TestBudgetEndsTheRunAtItsDeadline(t *testing.T) {
	ctx, cancel := chc.BoundMemory(stalled{context.Background(), time.Now().Add(-time.Millisecond)}, 0)
	defer cancel()
	require.NoError(t, ctx.Err())
	b := chc.NewBudget(ctx)
	require.ErrorIs(t, b.Poll(), chc.ErrTimeout)
	require.Error(t, ctx.Err(), "the run's context ended")
	require.ErrorIs(t, chc.Cause(ctx), chc.ErrTimeout)
	require.ErrorIs(t, b.Step(), chc.ErrTimeout, "and stays ended")
}

// TestBudgetInnerDeadline: a Budget whose own deadline (a sub-context's)
// passes ends its loop but not the run.
func TestBudgetInnerDeadline(t *testing.T) {
	run, cancel := chc.BoundMemory(context.Background(), 0)
	defer cancel()
	inner := stalled{run, time.Now().Add(-time.Millisecond)}
	require.ErrorIs(t, chc.NewBudget(inner).Poll(), chc.ErrTimeout)
	require.NoError(t, run.Err(), "the run goes on")
}

// TestBudgetMemory: past the memory bound, the first poll ends the run
// with ErrMemory.
func TestBudgetMemory(t *testing.T) {
	ballast := make([]byte, 8<<20)
	ctx, cancel := chc.BoundMemory(context.Background(), 1)
	defer cancel()
	b := chc.NewBudget(ctx)
	require.ErrorIs(t, b.Poll(), chc.ErrMemory)
	require.ErrorIs(t, chc.Cause(ctx), chc.ErrMemory)
	runtime.KeepAlive(ballast)
}

func TestBudgetCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	b := chc.NewBudget(ctx)
	require.NoError(t, b.Poll())
	cancel()
	require.ErrorIs(t, b.Poll(), chc.ErrCanceled)
}

// TestBudgetStepsStopOnTime: a loop of cheap steps under a 30 ms deadline
// stops soon after it, and so does a loop of steps of 5 ms (the number of
// steps between polls adapts down), within a few steps (and the 100 ms a
// loaded machine may take to run the goroutine again; the best of five
// attempts counts).
func TestBudgetStepsStopOnTime(t *testing.T) {
	for _, step := range []time.Duration{0, 5 * time.Millisecond} {
		bound := 3*step + 100*time.Millisecond
		best := time.Duration(1<<63 - 1)
		for attempt := 0; attempt < 5 && best >= bound; attempt++ {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			b := chc.NewBudget(ctx)
			start := time.Now()
			var err error
			for err == nil {
				if step > 0 {
					for t0 := time.Now(); time.Since(t0) < step; {
					}
				}
				err = b.Step()
			}
			cancel()
			require.ErrorIs(t, err, chc.ErrTimeout)
			best = min(best, time.Since(start)-30*time.Millisecond)
		}
		require.Less(t, best, bound, "steps of %v", step)
	}
}

// BenchmarkBudget measures the cost of a Step (most return at once) and
// of a Poll (the clock, the context, a yield, and every 16th poll the
// heap size), and of reading the heap size alone. A loop pays a poll
// about every millisecond: the cost of the limits is the poll's cost in a
// millisecond.
func BenchmarkBudget(b *testing.B) {
	ctx, cancel := chc.BoundMemory(context.Background(), 1<<20)
	defer cancel()
	ctx, cancel2 := context.WithTimeout(ctx, time.Hour)
	defer cancel2()
	b.Run("step", func(b *testing.B) {
		bg := chc.NewBudget(ctx)
		for b.Loop() {
			if bg.Step() != nil {
				b.Fatal("stopped")
			}
		}
	})
	b.Run("poll", func(b *testing.B) {
		bg := chc.NewBudget(ctx)
		for b.Loop() {
			if bg.Poll() != nil {
				b.Fatal("stopped")
			}
		}
	})
	b.Run("cause", func(b *testing.B) {
		for b.Loop() {
			if errors.Is(chc.Cause(ctx), chc.ErrTimeout) {
				b.Fatal("stopped")
			}
		}
	})
}
