package smt

import (
	"context"
	"runtime"
	"time"
)

// polling is the context the theories of a Check see: its Err yields the
// processor and reports the deadline as passed once the clock says so,
// even before the timer fires. The theories (lra's pivots, lia's
// branches) look at Err every few steps; on a cooperative scheduler
// (wasip1, js) the timer of a deadline fires only when the running
// goroutine yields, so without this a long theory check would outlast its
// deadline.
type polling struct {
	context.Context
	deadline    time.Time
	hasDeadline bool
}

func newPolling(ctx context.Context) polling {
	p := polling{Context: ctx}
	p.deadline, p.hasDeadline = ctx.Deadline()
	return p
}

// cooperative is whether the goroutines share the processor only when
// the running one yields (wasip1, js). Elsewhere the runtime preempts a
// long loop by itself, and a yield is not free: it may wake another
// thread to look for work (a futex call), which cost 5-8% of the CPU on
// files of ten thousand checks.
const cooperative = runtime.GOOS == "wasip1" || runtime.GOOS == "js"

// Err is the context's error, context.DeadlineExceeded once the deadline
// has passed by the clock.
func (p polling) Err() error {
	if cooperative {
		runtime.Gosched()
	}
	if err := p.Context.Err(); err != nil {
		return err
	}
	if p.hasDeadline && !time.Now().Before(p.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}
