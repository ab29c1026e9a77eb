package chc

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"
)

// ErrMemory is the cause of a context that WithMemoryLimit cancelled.
var ErrMemory = errors.New("memory limit reached")

// WithMemoryLimit returns a context that is cancelled with cause ErrMemory
// (see context.Cause) once the Go heap exceeds mb megabytes, checked every
// 50 ms; mb <= 0 means no limit. Engines honour it like a timeout: they
// answer Unknown. Call cancel to stop the watch.
func WithMemoryLimit(ctx context.Context, mb int) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	if mb <= 0 {
		return ctx, func() { cancel(context.Canceled) }
	}
	limit := uint64(mb) << 20
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		var ms runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				runtime.ReadMemStats(&ms)
				if ms.HeapAlloc > limit {
					cancel(fmt.Errorf("%w (%d MB)", ErrMemory, mb))
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

// Reason says why ctx ended: "timeout", "canceled", or the cause given to
// its cancellation (such as ErrMemory).
func Reason(ctx context.Context) string {
	cause := context.Cause(ctx)
	switch {
	case cause == nil:
		return "unknown"
	case errors.Is(cause, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(cause, context.Canceled):
		return "canceled"
	}
	return cause.Error()
}
