package transition

import (
	"context"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Output is what the transition-system engines share of their plumbing:
// the logger (progress and trace lines, each prefixed by the engine's
// name), and the Unknown answers and smt checks every engine makes the
// same way.
type Output struct {
	chc.Logger
}

// Short is t for a trace line (see Short); "" when there is no trace, so
// that nothing is printed for nothing.
func (o Output) Short(t *term.Term) string {
	if !o.Tracing() {
		return ""
	}
	return Short(t)
}

// Fail is the Unknown answer for err (chc.GiveUp).
func (o Output) Fail(ctx context.Context, err error) chc.Result {
	return chc.GiveUp(ctx, o.Name, err)
}

// Run is the state a transition-system engine's run starts from (an
// engine's run embeds it): the plumbing, the context, the view (set by
// Solve) and the time the run started.
type Run struct {
	Output
	Ctx   context.Context
	TS    *chc.TransitionSystem
	Start time.Time
}

// NewRun starts a run of the engine name under ctx.
func NewRun(ctx context.Context, name string, o chc.EngineOptions) Run {
	return Run{Output: Output{Logger: chc.Logger{Name: name, EngineOptions: o}}, Ctx: ctx, Start: time.Now()}
}

// Solve is an engine's Solve on the view of s: solve gets the transition
// system (TS is set) unless View answers first (see Output.View); the
// statistics are attached either way.
func (r *Run) Solve(s *chc.System, solve func(*chc.TransitionSystem) chc.Result, stats func() []chc.Stat) chc.Result {
	var res chc.Result
	if ts, done := r.View(r.Ctx, s); done != nil {
		res = *done
	} else {
		r.TS = ts
		res = solve(ts)
	}
	res.Stats = stats()
	return res
}

// View is the package's View for an engine's Solve: the view, or the
// answer to return instead (Unsat from a query without body atom, said
// on both outputs; Unknown when s is no transition system).
func (o Output) View(ctx context.Context, s *chc.System) (*chc.TransitionSystem, *chc.Result) {
	ts, decided, err := View(ctx, s)
	if err != nil {
		res := o.Fail(ctx, err)
		return nil, &res
	}
	if decided != nil {
		o.Logf("a query without body atom derives false")
		o.Tracef("counterexample: a query without body atom")
		return nil, decided
	}
	return ts, nil
}

// Check runs sv under the assumptions; an Unknown answer is an error.
func Check(ctx context.Context, sv *smt.Solver, assumptions ...*term.Term) (smt.Result, error) {
	res, err := sv.Check(ctx, assumptions...)
	if err != nil {
		return smt.Unknown, err
	}
	if res == smt.Unknown {
		return smt.Unknown, fmt.Errorf("smt: %s", sv.ReasonUnknown())
	}
	return res, nil
}

// Path answers Unsat with the counterexample of n steps read off m, a
// model of an unrolling (PathDerivation), or, when m is nil, found by one
// bounded query (Counterexample); a path that does not map to a
// derivation is an internal error.
func (o Output) Path(ctx context.Context, ts *chc.TransitionSystem, m *term.Model, n int) chc.Result {
	o.Tracef("counterexample of %d steps", n)
	var d *chc.Node
	var err error
	if m != nil {
		d, err = PathDerivation(ctx, ts, m, n)
	} else {
		d, err = Counterexample(ctx, ts, n)
	}
	if err != nil {
		if chc.Cause(ctx) != nil {
			return chc.NoAnswer(chc.Cause(ctx))
		}
		return chc.NoAnswer(chc.Internal("%s: the counterexample of %d steps: %v", o.Name, n, err))
	}
	return chc.Result{Answer: chc.Unsat, Derivation: d}
}

// A Registration describes a transition-system engine for Register with chc.Register: its
// parameters are a bound, NAME.BOUND (an integer, 0 for none), and
// optionally a switch, NAME.SWITCH (true or false); New builds the engine
// from their values and chc.Options' Verbose and Trace.
type Registration struct {
	Name, Summary       string
	Bound, BoundUsage   string
	Switch, SwitchUsage string // Switch "" for none
	SwitchDefault       bool
	New                 func(bound int, on bool, out chc.EngineOptions) chc.Engine
}

// Register registers the engine r describes.
func Register(r Registration) {
	bound := r.Name + "." + r.Bound
	params := []chc.Param{{Name: bound, Default: "0", Usage: r.BoundUsage}}
	sw := r.Name + "." + r.Switch
	if r.Switch != "" {
		params = append(params, chc.Param{Name: sw, Default: fmt.Sprint(r.SwitchDefault), Usage: r.SwitchUsage})
	}
	chc.Register(chc.EngineInfo{
		Name:    r.Name,
		Summary: r.Summary,
		Params:  params,
		New: func(o chc.Options) (chc.Engine, error) {
			b, err := o.Int(bound, 0)
			if err != nil {
				return nil, err
			}
			on := r.SwitchDefault
			if r.Switch != "" {
				if on, err = o.Bool(sw, r.SwitchDefault); err != nil {
					return nil, err
				}
			}
			return r.New(b, on, chc.EngineOptions{Verbose: o.Verbose, Trace: o.Trace}), nil
		},
	})
}
