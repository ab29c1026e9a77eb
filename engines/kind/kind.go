package kind

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
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
	// Verbose, when not nil, gets one progress line per k.
	Verbose io.Writer
	// Trace, when not nil, gets one line per k on what it excluded, and
	// the invariant found.
	Trace io.Writer
}

func init() {
	chc.Register(chc.EngineInfo{
		Name:    "kind",
		Summary: "k-induction on the transition-system view (linear systems): short counterexamples, and safety properties that become inductive after a few steps",
		Params: []chc.Param{
			{Name: "kind.max-k", Default: "0", Usage: "bound on k (0: none)"},
			{Name: "kind.backward", Default: "true", Usage: "also induction on the reversed loop (not initial as the property)"},
		},
		New: func(o chc.Options) (chc.Engine, error) {
			k, err := o.Int("kind.max-k", 0)
			if err != nil {
				return nil, err
			}
			back, err := o.Bool("kind.backward", true)
			if err != nil {
				return nil, err
			}
			return New(Options{MaxK: k, NoBackward: !back, Verbose: o.Verbose, Trace: o.Trace}), nil
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
	e     *Engine
	out   Output
	ctx   context.Context
	ts    *chc.TransitionSystem
	start time.Time

	base *smt.Solver // Init(x0) ∧ T(x0,x1) ∧ … ∧ T(x_{k-1},x_k); Bad(x_k) assumed
	fwd  *smt.Solver // reversed: Bad(y0) ∧ T(y1,y0) ∧ ¬Bad(y1) ∧ … ∧ T(y_k,y_{k-1}) ∧ ¬Bad(y_k)
	bwd  *smt.Solver // Init(x0) ∧ T(x0,x1) ∧ ¬Init(x1) ∧ … ∧ T(x_{k-1},x_k) ∧ ¬Init(x_k)
	rev  *chc.TransitionSystem

	badS, initS *term.Term // Bad, Init as state formulas (nil: not available)

	k         int
	direction string // of the induction that succeeded
	kToOne    time.Duration
}

// Solve decides s by k-induction; see the package documentation.
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	r := &run{e: e, ctx: ctx, start: time.Now(), out: Output{Name: "kind", Verbose: e.opts.Verbose, Trace: e.opts.Trace}}
	res := r.solve(s)
	res.Stats = r.stats()
	return res
}

func (r *run) stats() []chc.Stat {
	var conflicts, checks uint64
	for _, sv := range []*smt.Solver{r.base, r.fwd, r.bwd} {
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
	return append(st, chc.Stat{Name: "kind.time", Value: time.Since(r.start)})
}

func (r *run) solve(s *chc.System) chc.Result {
	ts, done := r.out.View(r.ctx, s)
	if done != nil {
		return *done
	}
	r.ts = ts
	st := ts.St
	var err error
	if r.badS, err = StateFormula(r.ctx, ts, ts.Bad); err != nil {
		r.out.Logf("no forward induction: bad states: %v", err)
		r.badS = nil
	}
	if !r.e.opts.NoBackward {
		if r.initS, err = StateFormula(r.ctx, ts, ts.Init); err != nil {
			r.out.Logf("no backward induction: initial states: %v", err)
			r.initS = nil
		}
	}
	if r.ctx.Err() != nil {
		return chc.NoAnswer(chc.Cause(r.ctx))
	}
	r.base = smt.New(st, smt.Options{})
	if err := r.base.Assert(ts.InitAt(0)); err != nil {
		return r.out.Fail(r.ctx, err)
	}
	if r.badS != nil {
		r.rev = Reverse(ts)
		r.fwd = smt.New(st, smt.Options{})
		if err := r.fwd.Assert(r.rev.AtState(r.badS, 0)); err != nil {
			return r.out.Fail(r.ctx, err)
		}
	}
	if r.initS != nil {
		r.bwd = smt.New(st, smt.Options{})
		if err := r.bwd.Assert(ts.InitAt(0)); err != nil {
			return r.out.Fail(r.ctx, err)
		}
	}
	for r.k = 0; ; r.k++ {
		k := r.k
		if r.e.opts.MaxK > 0 && k > r.e.opts.MaxK {
			return chc.NoAnswer(chc.Incomplete("kind: bound k = %d reached", r.e.opts.MaxK))
		}
		// Base case: a path of exactly k steps to a bad state.
		res, err := Check(r.ctx, r.base, ts.BadAt(k))
		if err != nil {
			return r.out.Fail(r.ctx, err)
		}
		if res == smt.Sat {
			r.out.Logf("k %d: counterexample of %d steps (%.2fs)", k, k, time.Since(r.start).Seconds())
			return r.out.Path(r.ctx, ts, r.base.Model(), k)
		}
		r.out.Tracef("no counterexample of %d steps", k)
		if err := r.base.Assert(ts.TransAt(k)); err != nil {
			return r.out.Fail(r.ctx, err)
		}
		// Forward step: ¬Bad holds after k steps through ¬Bad states.
		fwd, bwd := "off", "off"
		if r.fwd != nil {
			if res, err = Check(r.ctx, r.fwd); err != nil {
				return r.out.Fail(r.ctx, err)
			}
			fwd = res.String()
			if res == smt.Unsat {
				r.out.Logf("k %d: base unsat forward unsat (%.2fs)", k, time.Since(r.start).Seconds())
				return r.model(st.Not(r.badS), k, false)
			}
			if err := r.fwd.Assert(st.And(r.rev.TransAt(k), st.Not(r.rev.AtState(r.badS, k+1)))); err != nil {
				return r.out.Fail(r.ctx, err)
			}
		}
		// Backward step: ¬Init holds before k steps from ¬Init states.
		if r.bwd != nil {
			if res, err = Check(r.ctx, r.bwd); err != nil {
				return r.out.Fail(r.ctx, err)
			}
			bwd = res.String()
			if res == smt.Unsat {
				r.out.Logf("k %d: base unsat backward unsat (%.2fs)", k, time.Since(r.start).Seconds())
				return r.model(st.Not(r.initS), k, true)
			}
			if err := r.bwd.Assert(st.And(ts.TransAt(k), st.Not(ts.AtState(r.initS, k+1)))); err != nil {
				return r.out.Fail(r.ctx, err)
			}
		}
		r.out.Logf("k %d: base unsat forward %s backward %s (%.2fs)", k, fwd, bwd, time.Since(r.start).Seconds())
	}
}

// model answers Sat with P, a k-inductive invariant of the loop (of its
// reverse when backward), made 1-inductive.
func (r *run) model(P *term.Term, k int, backward bool) chc.Result {
	t0 := time.Now()
	defer func() { r.kToOne = time.Since(t0) }()
	r.direction = "forward"
	loop := r.ts
	if backward {
		r.direction = "backward"
		loop = Reverse(r.ts)
	}
	inv, err := ToInductive(r.ctx, loop, P, k)
	if err != nil {
		return r.out.Fail(r.ctx, fmt.Errorf("%d-inductive invariant found: %v", k, err))
	}
	if backward {
		inv = r.ts.St.Not(inv)
	}
	r.out.Tracef("invariant (%s, %d-inductive): %s", r.direction, k, r.out.Short(inv))
	return chc.Result{Answer: chc.Sat, Model: r.ts.Model(inv)}
}
