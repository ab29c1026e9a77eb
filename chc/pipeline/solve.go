package pipeline

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
)

// Solve is the one way from a system to a checked answer; the command
// line, the tests, the benchmarks and the fuzz targets all come through
// it. It
//
//  1. bounds the heap for every phase (o.MemoryMB, see chc.BoundMemory);
//  2. preprocesses s with passes.Default, unless o.NoPreprocess (a pass
//     that fails or panics leaves the system as it was, and says so in
//     the stats); s may be in the relaxed clause form (chc.System.Relaxed,
//     as the command line reads it), which the engines get in the strict
//     form all the same: preprocessing ends with passes.Restrict, and a
//     relaxed system not preprocessed is restricted;
//  3. runs the engine under a panic guard; an engine that has not returned
//     o.Grace after ctx ended is left behind, the answer chc.Unknown;
//  4. translates the witness back through the passes and checks it on s
//     with witness.CheckResult, in what remains of ctx's time plus the grace;
//  5. answers chc.Unknown with a chc.ErrInternal reason when the engine panicked
//     or its witness failed, and with chc.Cause(ctx) when ctx ended.
//
// A Sat model has a formula for every predicate of s. An engine made of
// engines (the portfolio) finds in its context a chc.Referee that
// translates and checks each member's answer on s, so the first answer
// whose witness checks on s wins.
func Solve(ctx context.Context, s *chc.System, e chc.Engine, o chc.Options) chc.Result {
	start := time.Now()
	parent := ctx
	grace := o.GracePeriod(ctx)
	ctx, stopWatch := chc.BoundMemory(ctx, o.MemoryMB)
	defer stopWatch()
	stats := []chc.Stat{
		{Name: "solve.predicates", Value: len(s.Preds)},
		{Name: "solve.clauses", Value: len(s.Clauses)},
	}
	finish := func(res chc.Result) chc.Result {
		res.Stats = append(append(stats, res.Stats...), chc.Stat{Name: "solve.time", Value: time.Since(start)})
		return res
	}

	if len(s.Skipped) > 0 {
		solveLog(o).Logf("%d clause(s) left out at reading, first %s: unsat answers hold, sat ones become unknown", len(s.Skipped), s.Skipped[0])
	}
	pre, back := s, passes.Translator(passes.Identity{})
	if !o.NoPreprocess {
		p, tr, err := preprocessGuarded(ctx, s, passes.Default()...)
		switch {
		case chc.Cause(ctx) != nil:
			return finish(chc.NoAnswer(chc.Cause(ctx)))
		case isLimit(err):
			return finish(chc.NoAnswer(err))
		case err != nil:
			stats = append(stats, chc.Stat{Name: "solve.preprocess-error", Value: err.Error()})
			solveLog(o).Logf("preprocessing failed, solving the input as it is: %v", err)
		default:
			pre, back = p, tr
		}
		stats = append(stats,
			chc.Stat{Name: "solve.preprocess-time", Value: time.Since(start)},
			chc.Stat{Name: "solve.preprocessed-predicates", Value: len(pre.Preds)},
			chc.Stat{Name: "solve.preprocessed-clauses", Value: len(pre.Clauses)})
		solveLog(o).Logf("%d predicates, %d clauses; after preprocessing %d predicates, %d clauses (%.3fs)",
			len(s.Preds), len(s.Clauses), len(pre.Preds), len(pre.Clauses), time.Since(start).Seconds())
	}
	if pre.Relaxed {
		// no preprocessing (or it failed): the engines take the strict
		// form, the witness comes back through Restrict's translator
		p, tr, err := preprocessGuarded(ctx, pre) // (Preprocess restricts)
		switch {
		case chc.Cause(ctx) != nil:
			return finish(chc.NoAnswer(chc.Cause(ctx)))
		case isLimit(err):
			return finish(chc.NoAnswer(err))
		case err != nil:
			return finish(chc.NoAnswer(chc.Internal("the strict clause form: %v", err)))
		}
		pre, back = p, tr
	}

	// check translates a decisive answer through tr and checks it on s;
	// the check gets what remains of the time plus the grace, and stops
	// when the run is cancelled or out of memory.
	check := func(res chc.Result, tr passes.Translator) (chc.Result, chc.Stat) {
		t0 := time.Now()
		checkCtx, cancel := checkContext(parent, ctx, grace, o.MemoryMB)
		defer cancel()
		res = translateAndCheck(checkCtx, s, tr, res)
		return res, chc.Stat{Name: "solve.check-time", Value: time.Since(t0)}
	}

	// An engine made of engines asks the referee to judge its members'
	// answers (see chc.Referee); the one it accepted, already translated
	// and checked, is the answer when the engine gives it. The referee
	// runs on the engine's goroutine: it shares the translator, its
	// statistics and its verdict under mu, and judges nothing once the
	// engine has returned or been left behind (over).
	var (
		mu       sync.Mutex
		over     bool
		accepted *chc.Result
		judging  []chc.Stat
	)
	referee := func(r chc.Result) chc.Result {
		mu.Lock()
		if over {
			mu.Unlock()
			return chc.NoAnswer(chc.Incomplete("the run is over"))
		}
		tr := back
		mu.Unlock()
		r, st := check(r, tr)
		mu.Lock()
		defer mu.Unlock()
		judging = append(judging, st)
		if r.Answer != chc.Unknown && !over {
			accepted = &r
		}
		return r
	}
	t0 := time.Now()
	res := runGuarded(chc.WithReferee(ctx, referee), e, pre, grace)
	mu.Lock()
	over = true
	judged := accepted
	stats = append(stats, judging...)
	// No other answer will come: the translator, and with it the
	// intermediate systems of preprocessing, is dropped once it has
	// translated, so the check runs without them.
	tr := back
	back = nil
	mu.Unlock()
	switch {
	case res.Answer == chc.Unknown:
	case judged != nil && judged.Answer == res.Answer:
		engineStats := res.Stats
		res = *judged
		res.Stats = engineStats
	default:
		engineStats := res.Stats
		var st chc.Stat
		res, st = check(res, tr)
		stats = append(stats, st)
		res.Stats = engineStats
	}
	stats = append(stats, chc.Stat{Name: "solve.engine-time", Value: time.Since(t0)})
	if res.Answer == chc.Sat && len(s.Skipped) > 0 {
		// a model of the clauses read says nothing of the ones left out
		// (an unsat answer holds: leaving clauses out removes derivations)
		engineStats := res.Stats
		res = chc.NoAnswer(chc.Incomplete("sat without the %d clause(s) the reader left out, first %s", len(s.Skipped), s.Skipped[0]))
		res.Stats = engineStats
	}
	return finish(settle(ctx, res))
}

// settle gives an chc.Unknown answer its reason: chc.Cause(ctx) once ctx has
// ended, whatever the engine said; an chc.ErrIncomplete one when the engine's
// reason names none of the reasons.
func settle(ctx context.Context, res chc.Result) chc.Result {
	if res.Answer != chc.Unknown {
		res.Reason = nil
		return res
	}
	switch {
	case chc.Cause(ctx) != nil:
		if c := chc.Cause(ctx); !errors.Is(res.Reason, c) && !errors.Is(res.Reason, chc.ErrInternal) {
			res.Reason = c
		}
	case res.Reason == nil:
		res.Reason = chc.Incomplete("no reason given")
	case !isReason(res.Reason):
		res.Reason = fmt.Errorf("%w: %w", chc.ErrIncomplete, res.Reason)
	}
	return res
}

// isLimit reports whether err is a reason a limit of the run gives:
// chc.ErrTimeout, chc.ErrMemory or chc.ErrCanceled.
func isLimit(err error) bool {
	return errors.Is(err, chc.ErrTimeout) || errors.Is(err, chc.ErrMemory) || errors.Is(err, chc.ErrCanceled)
}

func isReason(err error) bool {
	for _, r := range []error{chc.ErrTimeout, chc.ErrMemory, chc.ErrCanceled, chc.ErrIncomplete, chc.ErrInternal} {
		if errors.Is(err, r) {
			return true
		}
	}
	return false
}

// preprocessGuarded runs passes.Preprocess with ps (none: Restrict alone,
// for a relaxed system), turning a panic into an error.
func preprocessGuarded(ctx context.Context, s *chc.System, ps ...passes.Pass) (pre *chc.System, tr passes.Translator, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	pre, tr, err = passes.Preprocess(ctx, s, ps...)
	if err == nil && pre.Relaxed {
		// (Preprocess ends with Restrict: engines take the strict form)
		return nil, nil, errors.New("preprocessing left the relaxed clause form")
	}
	return pre, tr, err
}

// runGuarded runs e on s, turning a panic into a chc.ErrInternal chc.Unknown. An
// engine that has not returned grace after ctx ended is left behind (a
// step that does not look at ctx), the answer chc.Unknown with chc.Cause(ctx).
func runGuarded(ctx context.Context, e chc.Engine, s *chc.System, grace time.Duration) chc.Result {
	done := make(chan chc.Result, 1)
	go func() {
		res := chc.NoAnswer(chc.Internal("the engine returned nothing"))
		defer func() {
			if r := recover(); r != nil {
				res = chc.NoAnswer(chc.Internal("panic: %v\n%s", r, debug.Stack()))
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
		return chc.NoAnswer(fmt.Errorf("%w (the engine did not stop in time)", chc.Cause(ctx)))
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
	ctx, stopWatch := chc.BoundMemory(ctx, mb)
	stop := context.AfterFunc(run, func() {
		if c := chc.Cause(run); c == chc.ErrCanceled || c == chc.ErrMemory {
			cancel(context.Cause(run))
		}
	})
	return ctx, func() { stop(); stopWatch(); cancel(context.Canceled) }
}

// translateAndCheck maps res's witness back to the input system s and
// checks it there; a witness that cannot be translated or fails its check
// makes the answer chc.Unknown.
func translateAndCheck(ctx context.Context, s *chc.System, back passes.Translator, res chc.Result) (out chc.Result) {
	defer func() {
		if r := recover(); r != nil {
			out = chc.NoAnswer(chc.Internal("translating the %s witness: panic: %v\n%s", res.Answer, r, debug.Stack()))
		}
	}()
	failed := func(what string, err error) chc.Result {
		if c := chc.Cause(ctx); c != nil {
			return chc.NoAnswer(c)
		}
		if isLimit(err) {
			return chc.NoAnswer(err)
		}
		return chc.NoAnswer(chc.Internal("%s %s: %v", res.Answer, what, err))
	}
	switch res.Answer {
	case chc.Sat:
		m, err := back.Model(ctx, res.Model)
		if err != nil {
			return failed("model translation", err)
		}
		full := make(chc.Model, len(s.Preds))
		for _, p := range s.Preds {
			full[p] = s.St.Simplify(m.Lookup(s.St, p))
		}
		res.Model = full
	case chc.Unsat:
		d, err := back.Derivation(ctx, res.Derivation)
		if err != nil {
			return failed("derivation translation", err)
		}
		res.Derivation = d
	}
	if err := witness.CheckResult(ctx, s, res); err != nil {
		return failed("witness failed its check", err)
	}
	return res
}

// solveLog is the pipeline's own progress lines, through the engines' logger.
func solveLog(o chc.Options) chc.Logger {
	return chc.Logger{Name: "solve", EngineOptions: chc.EngineOptions{Verbose: o.Verbose}}
}
