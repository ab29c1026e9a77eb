package chc

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"
)

// Solve is the one way from a system to a checked answer; the command
// line, the tests, the benchmarks and the fuzz targets all come through
// it. It
//
//  1. bounds the heap for every phase (o.MemoryMB, see WithMemoryLimit);
//  2. preprocesses s with DefaultPasses, unless o.NoPreprocess (a pass
//     that fails or panics leaves the system as it was, and says so in
//     the stats);
//  3. runs the engine under a panic guard; an engine that has not returned
//     o.Grace after ctx ended is left behind, the answer Unknown;
//  4. translates the witness back through the passes and checks it on s
//     with CheckResult, in what remains of ctx's time plus the grace;
//  5. answers Unknown with an ErrInternal reason when the engine panicked
//     or its witness failed, and with Cause(ctx) when ctx ended.
//
// A Sat model has a formula for every predicate of s. A *Portfolio engine
// runs its members concurrently, each on its own clone of the
// preprocessed system, and the first answer whose witness checks on s
// wins.
func Solve(ctx context.Context, s *System, e Engine, o Options) Result {
	start := time.Now()
	parent := ctx
	grace := o.grace(ctx)
	ctx, stopWatch := WithMemoryLimit(ctx, o.MemoryMB)
	defer stopWatch()
	stats := []Stat{
		{"solve.predicates", len(s.Preds)},
		{"solve.clauses", len(s.Clauses)},
	}
	finish := func(res Result) Result {
		res.Stats = append(append(stats, res.Stats...), Stat{"solve.time", time.Since(start)})
		return res
	}

	pre, back := s, Translator(Identity{})
	if !o.NoPreprocess {
		p, tr, err := preprocessGuarded(ctx, s)
		switch {
		case Cause(ctx) != nil:
			return finish(NoAnswer(Cause(ctx)))
		case isLimit(err):
			return finish(NoAnswer(err))
		case err != nil:
			stats = append(stats, Stat{"solve.preprocess-error", err.Error()})
			o.logf("solve: preprocessing failed, solving the input as it is: %v", err)
		default:
			pre, back = p, tr
		}
		stats = append(stats,
			Stat{"solve.preprocess-time", time.Since(start)},
			Stat{"solve.preprocessed-predicates", len(pre.Preds)},
			Stat{"solve.preprocessed-clauses", len(pre.Clauses)})
		o.logf("solve: %d predicates, %d clauses; after preprocessing %d predicates, %d clauses (%.3fs)",
			len(s.Preds), len(s.Clauses), len(pre.Preds), len(pre.Clauses), time.Since(start).Seconds())
	}

	// accept translates and checks a decisive answer; the check gets what
	// remains of the time plus the grace, and stops when the run is
	// cancelled or out of memory.
	// last says that no other answer will come (a single engine): the
	// translator, and with it the intermediate systems of preprocessing,
	// is dropped once it has translated, so the check runs without them.
	accept := func(res Result, last bool) Result {
		t0 := time.Now()
		checkCtx, cancel := checkContext(parent, ctx, grace, o.MemoryMB)
		defer cancel()
		tr := back
		if last {
			back = nil
		}
		res = translateAndCheck(checkCtx, s, tr, res)
		stats = append(stats, Stat{"solve.check-time", time.Since(t0)})
		return res
	}

	t0 := time.Now()
	var res Result
	if p, ok := e.(*Portfolio); ok {
		res = p.race(ctx, pre, grace, func(r Result) Result { return accept(r, false) })
	} else {
		res = runGuarded(ctx, e, pre, grace)
		if res.Answer != Unknown {
			engineStats := res.Stats
			res = accept(res, true)
			res.Stats = engineStats
		}
	}
	stats = append(stats, Stat{"solve.engine-time", time.Since(t0)})
	return finish(settle(ctx, res))
}

// settle gives an Unknown answer its reason: Cause(ctx) once ctx has
// ended, whatever the engine said; an ErrIncomplete one when the engine's
// reason names none of the reasons.
func settle(ctx context.Context, res Result) Result {
	if res.Answer != Unknown {
		res.Reason = nil
		return res
	}
	switch {
	case Cause(ctx) != nil:
		if c := Cause(ctx); !errors.Is(res.Reason, c) && !errors.Is(res.Reason, ErrInternal) {
			res.Reason = c
		}
	case res.Reason == nil:
		res.Reason = Incomplete("no reason given")
	case !isReason(res.Reason):
		res.Reason = fmt.Errorf("%w: %w", ErrIncomplete, res.Reason)
	}
	return res
}

// isLimit reports whether err is a reason a limit of the run gives:
// ErrTimeout, ErrMemory or ErrCanceled.
func isLimit(err error) bool {
	return errors.Is(err, ErrTimeout) || errors.Is(err, ErrMemory) || errors.Is(err, ErrCanceled)
}

func isReason(err error) bool {
	for _, r := range []error{ErrTimeout, ErrMemory, ErrCanceled, ErrIncomplete, ErrInternal} {
		if errors.Is(err, r) {
			return true
		}
	}
	return false
}

// preprocessGuarded runs DefaultPasses, turning a panic into an error.
func preprocessGuarded(ctx context.Context, s *System) (ps *System, tr Translator, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return Preprocess(ctx, s, DefaultPasses()...)
}

// runGuarded runs e on s, turning a panic into an ErrInternal Unknown. An
// engine that has not returned grace after ctx ended is left behind (a
// step that does not look at ctx), the answer Unknown with Cause(ctx).
func runGuarded(ctx context.Context, e Engine, s *System, grace time.Duration) Result {
	done := make(chan Result, 1)
	go func() {
		res := NoAnswer(Internal("the engine returned nothing"))
		defer func() {
			if r := recover(); r != nil {
				res = NoAnswer(Internal("panic: %v\n%s", r, debug.Stack()))
			}
			done <- res
		}()
		res = e.Solve(ctx, s)
	}()
	select {
	case res := <-done:
		return res
	case <-ctx.Done():
	}
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case res := <-done:
		return res
	case <-timer.C:
		return NoAnswer(fmt.Errorf("%w (the engine did not stop in time)", Cause(ctx)))
	}
}

// checkContext is the context of a witness check: the deadline of parent
// plus grace and the memory bound mb, ended early when run is cancelled
// or out of memory (but not when it merely timed out: the check has its
// grace).
func checkContext(parent, run context.Context, grace time.Duration, mb int) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(context.WithoutCancel(parent))
	if dl, ok := parent.Deadline(); ok {
		var c2 context.CancelFunc
		ctx, c2 = context.WithDeadline(ctx, dl.Add(grace))
		prev := cancel
		cancel = func(err error) { c2(); prev(err) }
	}
	ctx, stopWatch := WithMemoryLimit(ctx, mb)
	stop := context.AfterFunc(run, func() {
		if c := Cause(run); c == ErrCanceled || c == ErrMemory {
			cancel(context.Cause(run))
		}
	})
	return ctx, func() { stop(); stopWatch(); cancel(context.Canceled) }
}

// translateAndCheck maps res's witness back to the input system s and
// checks it there; a witness that cannot be translated or fails its check
// makes the answer Unknown.
func translateAndCheck(ctx context.Context, s *System, back Translator, res Result) (out Result) {
	defer func() {
		if r := recover(); r != nil {
			out = NoAnswer(Internal("translating the %s witness: panic: %v\n%s", res.Answer, r, debug.Stack()))
		}
	}()
	failed := func(what string, err error) Result {
		if c := Cause(ctx); c != nil {
			return NoAnswer(c)
		}
		if isLimit(err) {
			return NoAnswer(err)
		}
		return NoAnswer(Internal("%s %s: %v", res.Answer, what, err))
	}
	switch res.Answer {
	case Sat:
		m, err := back.Model(ctx, res.Model)
		if err != nil {
			return failed("model translation", err)
		}
		full := make(Model, len(s.Preds))
		for _, p := range s.Preds {
			full[p] = s.St.Simplify(m.Lookup(s.St, p))
		}
		res.Model = full
	case Unsat:
		d, err := back.Derivation(ctx, res.Derivation)
		if err != nil {
			return failed("derivation translation", err)
		}
		res.Derivation = d
	}
	if err := CheckResult(ctx, s, res); err != nil {
		return failed("witness failed its check", err)
	}
	return res
}

func (o Options) logf(format string, args ...any) {
	if o.Verbose != nil {
		fmt.Fprintf(o.Verbose, format+"\n", args...)
	}
}
