package chc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// EngineOptions is the core every engine's Options embeds (spacer's and
// those under engines/): where the engine's progress lines (Verbose) and
// trace lines (Trace) go, nil for nowhere. A registration fills it from
// Options' Verbose and Trace.
type EngineOptions struct {
	// Verbose, when not nil, gets the engine's progress lines.
	Verbose io.Writer
	// Trace, when not nil, gets the engine's trace lines: what it
	// learned, excluded or found, a line each.
	Trace io.Writer
}

// Logger writes an engine's progress and trace lines: each line is
// prefixed by "Name: " (no prefix when Name is "") and ends in a
// newline (added when the format has none).
type Logger struct {
	Name string
	EngineOptions
}

// Logf writes a progress line to Verbose.
func (l Logger) Logf(format string, args ...any) { l.write(l.Verbose, format, args) }

// Tracef writes a trace line to Trace.
func (l Logger) Tracef(format string, args ...any) { l.write(l.Trace, format, args) }

// Tracing reports whether trace lines go anywhere, for a caller that
// would build a line at some cost.
func (l Logger) Tracing() bool { return l.Trace != nil }

func (l Logger) write(w io.Writer, format string, args []any) {
	if w == nil {
		return
	}
	if l.Name != "" {
		format = l.Name + ": " + format
	}
	if !strings.HasSuffix(format, "\n") {
		format += "\n"
	}
	fmt.Fprintf(w, format, args...)
}

// GiveUp is the Unknown answer of the engine name when it stops on err:
// the context's cause once ctx has ended; err itself when it is a reason
// already (it wraps ErrIncomplete or ErrInternal, or is a limit: a
// Budget's ErrTimeout, ErrMemory or ErrCanceled); ErrCanceled for the end
// of another context; else an ErrIncomplete reason naming the engine and
// err.
func GiveUp(ctx context.Context, name string, err error) Result {
	if Cause(ctx) != nil {
		return NoAnswer(Cause(ctx))
	}
	for _, reason := range []error{ErrIncomplete, ErrInternal, ErrTimeout, ErrMemory, ErrCanceled} {
		if errors.Is(err, reason) {
			return NoAnswer(err)
		}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return NoAnswer(ErrCanceled)
	}
	return NoAnswer(Incomplete("%s: %v", name, err))
}
