package chc

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// The reasons of an Unknown answer. Result.Reason wraps exactly one of
// them, so errors.Is tells them apart; its text says more. They are
// decided here and in pipeline.Solve only: an engine that stops because its
// context ended answers with Cause(ctx), and pipeline.Solve replaces whatever an
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
// while it has not. A context whose deadline has passed has ended with
// ErrTimeout even before its timer fires (on wasip1 a busy goroutine
// keeps timers from firing; see Budget).
func Cause(ctx context.Context) error {
	if ctx.Err() == nil {
		if dl, ok := ctx.Deadline(); ok && !time.Now().Before(dl) {
			return ErrTimeout
		}
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
