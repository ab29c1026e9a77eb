package kind

import (
	"context"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/transition"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Options configure an Engine.
type Options struct {
	// MaxK bounds k; 0 is no bound. Reaching it answers Unknown.
	MaxK int
	// NoBackward turns off backward induction (the reversed loop, with
	// "not initial" as the property): forward induction and the base
	// case only.
	NoBackward bool
	// EngineOptions: Verbose gets one progress line per k, Trace one
	// line per k on what it excluded, and the invariant found.
	chc.EngineOptions
}

func init() {
	transition.Register(transition.Registration{
		Name:          "kind",
		Summary:       "k-induction on the transition-system view (linear systems): short counterexamples, and safety properties that become inductive after a few steps",
		Bound:         "max-k",
		BoundUsage:    "bound on k (0: none)",
		Switch:        "backward",
		SwitchUsage:   "also induction on the reversed loop (not initial as the property)",
		SwitchDefault: true,
		New: func(k int, back bool, out chc.EngineOptions) chc.Engine {
			return New(Options{MaxK: k, NoBackward: !back, EngineOptions: out})
		},
	})
}

// Engine is the k-induction engine.
type Engine struct {
	opts Options
}

// New returns a k-induction engine.
func New(opts Options) *Engine { return &Engine{opts: opts} }

// run is the state of one Solve.
type run struct {
	transition.Run
	e *Engine

	base  *smt.Solver  // Init(x0) ∧ T(x0,x1) ∧ … ∧ T(x_{k-1},x_k); Bad(x_k) assumed
	steps []*induction // forward, then backward

	k         int
	direction string // of the induction that succeeded
	kToOne    time.Duration
}

// Solve decides s by k-induction; see the package documentation.
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	r := &run{e: e, Run: transition.NewRun(ctx, "kind", e.opts.EngineOptions)}
	return r.Solve(s, r.solve, r.stats)
}

func (r *run) stats() []chc.Stat {
	var conflicts, checks uint64
	solvers := []*smt.Solver{r.base}
	for _, d := range r.steps {
		solvers = append(solvers, d.sv)
	}
	for _, sv := range solvers {
		if sv != nil {
			s := sv.Stats()
			conflicts += s.Conflicts
			checks += uint64(s.Checks)
		}
	}
	st := []chc.Stat{
		{Name: "kind.k", Value: r.k},
		{Name: "kind.smt-checks", Value: int(checks)},
		{Name: "kind.smt-conflicts", Value: int(conflicts)},
	}
	if r.direction != "" {
		st = append(st, chc.Stat{Name: "kind.induction", Value: r.direction},
			chc.Stat{Name: "kind.to-inductive-time", Value: r.kToOne})
	}
	return append(st, chc.Stat{Name: "kind.time", Value: time.Since(r.Start)})
}

// An induction is one of the step checks: its solver unrolls loop from a
// violation V (a state formula) through states outside V, one step per
// round; unsat at round k means ¬V is k-inductive on the reverse of
// loop, prove. Forward: loop is ts reversed and V is Bad, so its solver
// holds Bad(y0) ∧ T(y1,y0) ∧ ¬Bad(y1) ∧ …; backward: loop is ts and V is
// Init, and the invariant found on prove (the reverse) is negated.
type induction struct {
	name        string
	sv          *smt.Solver
	loop, prove *chc.TransitionSystem
	V           *term.Term
	negate      bool
}

func (r *run) solve(ts *chc.TransitionSystem) chc.Result {
	st := ts.St
	r.base = smt.New(st, smt.Options{})
	if err := r.base.Assert(ts.InitAt(0)); err != nil {
		return r.Fail(r.Ctx, err)
	}
	rev := transition.Reverse(ts)
	for _, d := range []induction{
		{name: "forward", loop: rev, prove: ts, V: ts.Bad},
		{name: "backward", loop: ts, prove: rev, V: ts.Init, negate: true},
	} {
		if d.negate && r.e.opts.NoBackward {
			continue
		}
		V, err := transition.StateFormula(r.Ctx, ts, d.V)
		if err != nil {
			if chc.Cause(r.Ctx) != nil {
				return chc.NoAnswer(chc.Cause(r.Ctx))
			}
			r.Logf("no %s induction: %v", d.name, err)
			continue
		}
		d.V, d.sv = V, smt.New(st, smt.Options{})
		if err := d.sv.Assert(d.loop.InitAt(0)); err != nil {
			return r.Fail(r.Ctx, err)
		}
		r.steps = append(r.steps, &d)
	}
	for r.k = 0; ; r.k++ {
		k := r.k
		if r.e.opts.MaxK > 0 && k > r.e.opts.MaxK {
			return chc.NoAnswer(chc.Incomplete("kind: bound k = %d reached", r.e.opts.MaxK))
		}
		// Base case: a path of exactly k steps to a bad state.
		res, err := transition.Check(r.Ctx, r.base, ts.BadAt(k))
		if err != nil {
			return r.Fail(r.Ctx, err)
		}
		if res == smt.Sat {
			r.Logf("k %d: counterexample of %d steps (%.2fs)", k, k, time.Since(r.Start).Seconds())
			return r.Path(r.Ctx, ts, r.base.Model(), k)
		}
		r.Tracef("no counterexample of %d steps", k)
		if err := r.base.Assert(ts.TransAt(k)); err != nil {
			return r.Fail(r.Ctx, err)
		}
		line := fmt.Sprintf("k %d: base unsat", k)
		for _, d := range r.steps {
			if res, err = transition.Check(r.Ctx, d.sv); err != nil {
				return r.Fail(r.Ctx, err)
			}
			line += " " + d.name + " " + res.String()
			if res == smt.Unsat {
				r.Logf("%s (%.2fs)", line, time.Since(r.Start).Seconds())
				return r.model(d, k)
			}
			if err := d.sv.Assert(st.And(d.loop.TransAt(k), st.Not(d.loop.AtState(d.V, k+1)))); err != nil {
				return r.Fail(r.Ctx, err)
			}
		}
		r.Logf("%s (%.2fs)", line, time.Since(r.Start).Seconds())
	}
}

// model answers Sat with ¬V, k-inductive by d, made 1-inductive.
func (r *run) model(d *induction, k int) chc.Result {
	t0 := time.Now()
	defer func() { r.kToOne = time.Since(t0) }()
	st := r.TS.St
	r.direction = d.name
	inv, err := transition.ToInductive(r.Ctx, d.prove, st.Not(d.V), k)
	if err != nil {
		return r.Fail(r.Ctx, fmt.Errorf("%d-inductive invariant found: %v", k, err))
	}
	if d.negate {
		inv = st.Not(inv)
	}
	r.Tracef("invariant (%s, %d-inductive): %s", d.name, k, r.Short(inv))
	return chc.Result{Answer: chc.Sat, Model: r.TS.Model(inv)}
}
