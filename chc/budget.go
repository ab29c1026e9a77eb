package chc

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// This file holds the limits of a run (its deadline and its memory bound)
// and Budget, the poll that every phase calls from its hot loops so that
// it stops on time on every platform.
//
// A context's deadline and BoundMemory's watch are both carried out by
// goroutines (the runtime's timers, a ticker). On wasip1 and js the
// scheduler is cooperative: while an engine computes, no other goroutine
// runs, so a context never ends by itself. A Budget therefore does the
// work itself: every few steps it compares the clock with the deadline,
// every few polls it reads the heap size (runtime/metrics, which does not
// stop the world), it ends the run's context with the cause when a limit
// is passed, and there it yields (runtime.Gosched) so that the timers, the
// portfolio's other members and the pipeline's grace timer get their turn.

// limits are the bounds of a run, which BoundMemory attaches to its
// context for the Budgets polled under it.
type limits struct {
	memory   uint64    // heap bytes; 0: no bound
	mb       int       // the bound as given
	deadline time.Time // the context's deadline (zero: none)
	cancel   context.CancelCauseFunc
}

type limitsKey struct{}

// memoryWatch is how often BoundMemory's watch reads the heap size.
const memoryWatch = 50 * time.Millisecond

// BoundMemory returns a context that is cancelled with cause ErrMemory
// (see Cause) once the Go heap exceeds mb megabytes; mb <= 0 means no
// limit of its own: the bound is then that of the closest
// BoundMemory above ctx, if any (and mb larger than that bound
// changes nothing). A goroutine reads the heap size every 50 ms, and every Budget
// polled under the context reads it too (which is what stops a run on
// wasip1 and js, where the goroutine does not get to run while an engine
// computes). Engines honour it like a timeout: they answer Unknown. Call
// cancel to stop the watch.
func BoundMemory(ctx context.Context, mb int) (context.Context, context.CancelFunc) {
	if outer, ok := ctx.Value(limitsKey{}).(*limits); ok && outer.mb > 0 && (mb <= 0 || outer.mb < mb) {
		mb = outer.mb
	}
	ctx, cancel := context.WithCancelCause(ctx)
	lim := &limits{cancel: cancel}
	lim.deadline, _ = ctx.Deadline()
	ctx = context.WithValue(ctx, limitsKey{}, lim)
	if mb <= 0 {
		return ctx, func() { cancel(context.Canceled) }
	}
	lim.mb, lim.memory = mb, uint64(mb)<<20
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(memoryWatch)
		defer tick.Stop()
		var heap heapReader
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				if heap.bytes() > lim.memory {
					lim.exceeded()
					return
				}
			}
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() { close(done) })
		cancel(context.Canceled)
	}
}

// exceeded ends the run for its memory.
func (lim *limits) exceeded() {
	lim.cancel(fmt.Errorf("%w (%d MB)", ErrMemory, lim.mb))
}

// heapReader reads the size of the live and not yet swept heap objects
// (runtime.MemStats.HeapAlloc) without stopping the world.
type heapReader struct {
	sample [1]metrics.Sample
}

func (h *heapReader) bytes() uint64 {
	h.sample[0].Name = "/memory/classes/heap/objects:bytes"
	metrics.Read(h.sample[:])
	if h.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return h.sample[0].Value.Uint64()
}

// cooperative is whether the goroutines share the processor only when
// the running one yields (wasip1, js). Elsewhere the runtime preempts a
// long loop by itself, and a yield is not free: it may wake another
// thread to look for work (a futex call), which the first polls of each
// of the many short loops of preprocessing paid.
const cooperative = runtime.GOOS == "wasip1" || runtime.GOOS == "js"

// The pace of a Budget: it polls about every pollInterval, counting
// between 1 and maxEvery steps between two polls, and reads the heap size
// every memoryEvery polls.
const (
	pollInterval = time.Millisecond
	maxEvery     = 1024
	memoryEvery  = 16
)

// A Budget is the poll of a run's limits for a hot loop: the loop calls
// Step once per iteration (an iteration of any cost) and stops with the
// error Step returns. Every few steps Step polls: it checks the context,
// compares the clock with its deadline, reads the heap size against the
// bound of BoundMemory every few polls, and yields the processor on a
// cooperative scheduler. The number of steps between polls adapts so that
// polls come about every millisecond, whatever a step costs; a poll costs
// well under a microsecond (see BenchmarkBudget). A Budget is not safe for concurrent
// use: each loop (each goroutine) has its own.
//
// The error is ErrTimeout, ErrMemory or ErrCanceled, as Cause gives it.
// When the deadline or the memory bound of the run (the context that
// BoundMemory made, as pipeline.Solve does) is passed, the Budget also ends
// that context with the cause, so that every other loop and goroutine of
// the run stops too.
type Budget struct {
	ctx      context.Context
	lim      *limits
	deadline time.Time
	left     int // steps before the next poll
	every    int // steps between two polls
	polls    int
	last     time.Time // of the last poll
	err      error
	heap     heapReader
}

// NewBudget returns a Budget for a loop that runs under ctx.
func NewBudget(ctx context.Context) *Budget {
	b := &Budget{ctx: ctx, left: 1, every: 1, last: time.Now()}
	b.lim, _ = ctx.Value(limitsKey{}).(*limits)
	b.deadline, _ = ctx.Deadline()
	return b
}

// Step counts one iteration of the loop and polls when it is time (see
// Budget). It returns nil while the loop may go on.
func (b *Budget) Step() error {
	if b.left > 1 {
		b.left--
		return nil
	}
	return b.Poll()
}

// Poll polls now: it returns nil while the loop may go on, else why it
// must stop. Once it has returned an error it returns it ever after.
func (b *Budget) Poll() error {
	if b.err != nil {
		return b.err
	}
	now := time.Now()
	switch d := now.Sub(b.last); {
	case d < pollInterval/4 && b.every < maxEvery:
		b.every *= 2
	case d > 2*pollInterval && b.every > 1:
		b.every = max(1, b.every/4)
	}
	b.last, b.left = now, b.every
	b.polls++
	if cooperative {
		runtime.Gosched()
	}
	switch {
	case b.ctx.Err() != nil:
		b.err = Cause(b.ctx)
	case !b.deadline.IsZero() && !now.Before(b.deadline):
		b.err = ErrTimeout
		if b.lim != nil && !b.lim.deadline.IsZero() && !now.Before(b.lim.deadline) {
			b.lim.cancel(ErrTimeout)
		}
	case b.lim != nil && b.lim.memory > 0 && b.polls%memoryEvery == 1 && b.heap.bytes() > b.lim.memory:
		b.lim.exceeded()
		b.err = ErrMemory
	}
	if b.err != nil {
		b.left = 0 // every Step polls, and returns b.err
	}
	return b.err
}
