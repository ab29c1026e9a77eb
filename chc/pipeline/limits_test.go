package pipeline_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// This file checks that every phase of a solve stops on time with the
// typed reason: reading, each pass, the translation of each witness, each
// checker, each registered engine, and Solve as a whole. Each runs on an
// input big or hard enough to outlast the limits under
//
//   - an expired context: ErrTimeout at once;
//   - a frozen context, whose deadline comes but whose timer never fires
//     (what a busy goroutine sees on wasip1 and js, where timers fire
//     only when it yields): ErrTimeout within 100 ms of the deadline,
//     found by polling the clock. The deadline is 50 ms away, or a tenth
//     of the phase's own time when the phase must not finish first, so
//     that no machine is fast enough to finish before it;
//   - a memory bound of 1 MB: ErrMemory at once.

// frozen is a context whose deadline passes without its timer firing:
// Done never closes and Err stays nil.
type frozen struct {
	context.Context
	deadline time.Time
}

func (c frozen) Deadline() (time.Time, bool) { return c.deadline, true }
func (c frozen) Done() <-chan struct{}       { return nil }
func (c frozen) Err() error                  { return nil }

// slack is how late a phase may stop after its deadline (measured: under
// 1 ms; the best of five attempts counts, so that a loaded machine
// passes too). 100 ms was once passed by the portfolio under the memory
// limit (115 ms) with a benchmark running beside the tests: a loop that
// does not poll stays late by seconds (see stopsAtAll), so a second
// tells it apart all the same.
const slack = time.Second

// frozenIn is how far away the frozen limit's deadline is, at most.
const frozenIn = 50 * time.Millisecond

// A limit is one way of ending a run: it makes the context and says what
// reason to expect and by when.
type limit struct {
	name   string
	reason error
	// ctx makes the context, its cancel and the time by which to stop;
	// in is how far away a deadline is.
	ctx func(in time.Duration) (context.Context, context.CancelFunc, time.Time)
}

var limits = []limit{
	{"expired", chc.ErrTimeout, func(time.Duration) (context.Context, context.CancelFunc, time.Time) {
		ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		return ctx, cancel, time.Now().Add(slack)
	}},
	{"frozen", chc.ErrTimeout, func(in time.Duration) (context.Context, context.CancelFunc, time.Time) {
		dl := time.Now().Add(in)
		ctx, cancel := chc.BoundMemory(frozen{context.Background(), dl}, 0)
		return ctx, cancel, dl.Add(slack)
	}},
	{"memory", chc.ErrMemory, func(time.Duration) (context.Context, context.CancelFunc, time.Time) {
		ctx, cancel := chc.BoundMemory(context.Background(), 1)
		return ctx, cancel, time.Now().Add(slack)
	}},
}

// underLimits runs phase under each limit and checks that it stops by
// the limit's time; when it fails, it fails with the limit's reason.
// mayFinish allows a phase to finish in time before the limit bites (a
// fast phase under the frozen deadline, or one done before its first
// memory poll). A phase that may not finish gets a frozen deadline at a
// tenth of its own time without limits (the best of two runs), so that
// it does not finish first on a fast machine either. A loaded machine
// may not run the test for a while: the best of five attempts counts for
// the time.
func underLimits(t *testing.T, name string, mayFinish bool, phase func(ctx context.Context) error) {
	in := frozenIn
	if !mayFinish {
		own := time.Duration(1<<63 - 1)
		for range 2 {
			start := time.Now()
			require.NoError(t, phase(context.Background()), "%s without limits", name)
			own = min(own, time.Since(start))
		}
		in = min(in, own/10)
	}
	ballast := make([]byte, 4<<20) // the heap exceeds 1 MB
	defer runtime.KeepAlive(ballast)
	for _, l := range limits {
		late := time.Duration(1<<63 - 1)
		for attempt := 0; attempt < 5 && late > 0; attempt++ {
			ctx, cancel, by := l.ctx(in)
			err := stopsAtAll(t, name, l.name, func() error { return phase(ctx) })
			late = min(late, time.Since(by))
			cancel()
			if err == nil && mayFinish {
				continue // finished (with a checked answer) before the limit bit
			}
			require.ErrorIs(t, err, l.reason, "%s under the %s limit", name, l.name)
		}
		require.LessOrEqual(t, late, time.Duration(0), "%s under the %s limit: %v late", name, l.name, late+slack)
	}
}

// stopsAtAll runs phase, failing the test when it has not returned 20 s
// later: a loop that looks at ctx.Done or ctx.Err only never stops under
// the frozen limit (nor on wasip1); it must poll a chc.Budget (or
// chc.Cause, which compares the clock with the deadline).
func stopsAtAll(t *testing.T, phase, limit string, run func() error) error {
	done := make(chan error, 1)
	go func() { done <- run() }()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		t.Fatalf("%s under the %s limit has not stopped after 20 s: its loops must poll a chc.Budget", phase, limit)
		return nil
	}
}

// bigChain is the text and the system of a chain of n clauses.
func bigChain(t *testing.T, n int, want chc.Answer) (string, *chc.System) {
	var b strings.Builder
	require.NoError(t, fuzz.WriteBig(&b, fuzz.Chain, n, want))
	s, _, err := chc.Read("chain.smt2", strings.NewReader(b.String()), term.NewStore())
	require.NoError(t, err)
	return b.String(), s
}

func TestReadStopsOnTime(t *testing.T) {
	text, _ := bigChain(t, 20000, chc.Sat)
	underLimits(t, "read", false, func(ctx context.Context) error {
		_, _, err := chc.ReadContext(ctx, "chain.smt2", strings.NewReader(text), term.NewStore())
		return err
	})
}

func TestPassesStopOnTime(t *testing.T) {
	_, s := bigChain(t, 20000, chc.Sat)
	seen := map[string]bool{}
	for _, p := range passes.Default() {
		if seen[p.Name()] {
			continue
		}
		seen[p.Name()] = true
		// RemoveUnreachable and RemoveUnusedArgs may finish a chain of
		// 20000 clauses in 50 ms; the others may not.
		underLimits(t, p.Name(), true, func(ctx context.Context) error {
			_, _, err := p.Apply(ctx, s)
			return err
		})
	}
	underLimits(t, "the default passes", true, func(ctx context.Context) error {
		_, _, err := passes.Preprocess(ctx, s, passes.Default()...)
		return err
	})
}

// TestWitnessesStopOnTime: the translation of a model and of a derivation
// back through the passes, CheckModel and CheckDerivation.
func TestWitnessesStopOnTime(t *testing.T) {
	ctx := context.Background()
	_, sat := bigChain(t, 10000, chc.Sat)
	pre, back, err := passes.Preprocess(ctx, sat, passes.Default()...)
	require.NoError(t, err)
	require.Empty(t, pre.Clauses, "the chain is inlined away")
	underLimits(t, "model translation", true, func(ctx context.Context) error {
		_, err := back.Model(ctx, chc.Model{})
		return err
	})
	m, err := back.Model(ctx, chc.Model{})
	require.NoError(t, err)
	underLimits(t, "CheckModel", false, func(ctx context.Context) error {
		return witness.CheckModel(ctx, sat, m)
	})

	_, unsat := bigChain(t, 10000, chc.Unsat)
	engine, err := chc.NewEngine("spacer", chc.Options{})
	require.NoError(t, err)
	pre, back, err = passes.Preprocess(ctx, unsat, passes.Default()...)
	require.NoError(t, err)
	res := engine.Solve(ctx, pre)
	require.Equal(t, chc.Unsat, res.Answer)
	underLimits(t, "derivation translation", true, func(ctx context.Context) error {
		_, err := back.Derivation(ctx, res.Derivation)
		return err
	})
	d, err := back.Derivation(ctx, res.Derivation)
	require.NoError(t, err)
	underLimits(t, "CheckDerivation", true, func(ctx context.Context) error {
		return witness.CheckDerivation(ctx, unsat, d)
	})
}

// hardSystem is a safe system no engine solves in a second.
func hardSystem(t *testing.T) *chc.System {
	f, err := os.Open("../../cmd/gospacer/testdata/hard.smt2")
	require.NoError(t, err)
	defer f.Close()
	s, _, err := chc.Read("hard.smt2", f, term.NewStore())
	require.NoError(t, err)
	return s
}

// TestEnginesStopOnTime runs every registered engine on a hard system,
// directly and through Solve. An engine may solve it before the frozen
// deadline bites (pdkind finds its invariant in a few milliseconds): its
// answer must then check.
func TestEnginesStopOnTime(t *testing.T) {
	s := hardSystem(t)
	for _, info := range chc.Engines() {
		t.Run(info.Name, func(t *testing.T) {
			e, err := info.New(chc.Options{})
			require.NoError(t, err)
			reason := func(c *chc.System, res chc.Result) error {
				if res.Answer == chc.Unknown {
					return res.Reason
				}
				if err := witness.CheckResult(context.Background(), c, res); err != nil {
					return fmt.Errorf("%s on the hard system: %s witness rejected: %w", info.Name, res.Answer, err)
				}
				return nil
			}
			underLimits(t, info.Name, true, func(ctx context.Context) error {
				c := s.Clone()
				return reason(c, e.Solve(ctx, c))
			})
			underLimits(t, "Solve with "+info.Name, true, func(ctx context.Context) error {
				return reason(s, pipeline.Solve(ctx, s, e, chc.Options{}))
			})
		})
	}
}

// TestSolveMemoryOption: Options.MemoryMB bounds every phase of Solve:
// it stops at once (in under a millisecond; a loaded machine may pause
// the test for longer: the best of five attempts counts).
func TestSolveMemoryOption(t *testing.T) {
	ballast := make([]byte, 4<<20)
	defer runtime.KeepAlive(ballast)
	_, s := bigChain(t, 2000, chc.Sat)
	e, err := chc.NewEngine("spacer", chc.Options{})
	require.NoError(t, err)
	best := time.Duration(1<<63 - 1)
	for attempt := 0; attempt < 5 && best >= slack; attempt++ {
		start := time.Now()
		res := pipeline.Solve(context.Background(), s, e, chc.Options{MemoryMB: 1})
		best = min(best, time.Since(start))
		require.Equal(t, chc.Unknown, res.Answer)
		require.True(t, errors.Is(res.Reason, chc.ErrMemory), "reason %v", res.Reason)
	}
	require.Less(t, best, slack)
}
