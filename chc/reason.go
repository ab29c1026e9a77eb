package chc

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"
)

// The reasons of an Unknown answer. Result.Reason wraps exactly one of
// them, so errors.Is tells them apart; its text says more. They are
// decided here and in Solve only: an engine that stops because its
// context ended answers with Cause(ctx), and Solve replaces whatever an
// engine says by Cause(ctx) once the context has ended.
var (
	// ErrTimeout: the deadline passed.
	ErrTimeout = errors.New("timeout")
	// ErrMemory: the heap outgrew Options.MemoryMB.
	ErrMemory = errors.New("memory")
	// ErrCanceled: the caller (or a portfolio whose other member won)
	// cancelled the run.
	ErrCanceled = errors.New("canceled")
	// ErrIncomplete: the engine gave up: a bound reached, a theory or a
	// shape it does not handle, a sub-solver's unknown.
	ErrIncomplete = errors.New("incomplete")
	// ErrInternal: a bug caught on the way (a panic, a witness that
	// failed its check); never an answer.
	ErrInternal = errors.New("internal error")
)

// Incomplete is an ErrIncomplete reason with the given detail.
func Incomplete(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrIncomplete, fmt.Sprintf(format, args...))
}

// Internal is an ErrInternal reason with the given detail.
func Internal(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInternal, fmt.Sprintf(format, args...))
}

// Cause says why ctx ended: ErrTimeout, ErrMemory or ErrCanceled; nil
// while it has not.
func Cause(ctx context.Context) error {
	if ctx.Err() == nil {
		return nil
	}
	cause := context.Cause(ctx)
	switch {
	case errors.Is(cause, ErrMemory):
		return ErrMemory
	case errors.Is(cause, context.DeadlineExceeded), errors.Is(cause, ErrTimeout):
		return ErrTimeout
	}
	return ErrCanceled
}

// NoAnswer is the Unknown result with the given reason.
func NoAnswer(reason error) Result { return Result{Answer: Unknown, Reason: reason} }

// memoryPoll is how often WithMemoryLimit reads the heap size.
const memoryPoll = 50 * time.Millisecond

// WithMemoryLimit returns a context that is cancelled with cause ErrMemory
// (see Cause) once the Go heap exceeds mb megabytes, checked every 50 ms;
// mb <= 0 means no limit. Engines honour it like a timeout: they answer
// Unknown. Call cancel to stop the watch.
func WithMemoryLimit(ctx context.Context, mb int) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	if mb <= 0 {
		return ctx, func() { cancel(context.Canceled) }
	}
	limit := uint64(mb) << 20
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(memoryPoll)
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
