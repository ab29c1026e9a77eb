package imc

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/transition"
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Options configure an Engine.
type Options struct {
	// MaxK bounds the unrolling; 0 is no bound. Reaching it answers
	// Unknown.
	MaxK int
	// Exact makes the interpolation queries' bad states those exactly k
	// steps away (Golem's choice) instead of those within k steps
	// (McMillan's).
	Exact bool
	// EngineOptions: Verbose gets one progress line per bound, Trace one
	// line per interpolant (the image it adds) and the invariant.
	chc.EngineOptions
}

func init() {
	transition.Register(transition.Registration{
		Name:        "imc",
		Summary:     "interpolation-based model checking (McMillan) on the transition-system view (linear systems): invariants from interpolants of bounded queries",
		Bound:       "max-k",
		BoundUsage:  "bound on the unrolling (0: none)",
		Switch:      "exact",
		SwitchUsage: "interpolate against bad states exactly k steps away (Golem) rather than within k steps (McMillan)",
		New: func(k int, exact bool, out chc.EngineOptions) chc.Engine {
			return New(Options{MaxK: k, Exact: exact, EngineOptions: out})
		},
	})
}

// Engine is the IMC engine.
type Engine struct {
	opts Options
}

// New returns an IMC engine.
func New(opts Options) *Engine { return &Engine{opts: opts} }

// run is the state of one Solve.
type run struct {
	transition.Run
	e *Engine

	bmc         *smt.Solver // Init(x0) ∧ T(x0,x1) ∧ … ; Bad(x_k) assumed
	implication *smt.Solver // scratch for the fixpoint checks, one scope each

	initS, badS *term.Term // Init and Bad as state formulas over Vars

	k             int // the bound
	interpolants  int
	images        int // the longest sequence of images at one bound
	itpTime       time.Duration
	kToOne        time.Duration
	invariantSize int
}

// Solve decides s by interpolation-based model checking; see the package
// documentation.
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	r := &run{e: e, Run: transition.NewRun(ctx, "imc", e.opts.EngineOptions)}
	return r.Solve(s, r.solve, r.stats)
}

func (r *run) stats() []chc.Stat {
	st := []chc.Stat{
		{Name: "imc.k", Value: r.k},
		{Name: "imc.interpolants", Value: r.interpolants},
		{Name: "imc.max-images", Value: r.images},
		{Name: "imc.interpolation-time", Value: r.itpTime},
	}
	if r.bmc != nil {
		st = append(st, chc.Stat{Name: "imc.bmc-conflicts", Value: int(r.bmc.Stats().Conflicts)})
	}
	if r.invariantSize > 0 {
		st = append(st, chc.Stat{Name: "imc.invariant-size", Value: r.invariantSize},
			chc.Stat{Name: "imc.to-inductive-time", Value: r.kToOne})
	}
	return append(st, chc.Stat{Name: "imc.time", Value: time.Since(r.Start)})
}

func (r *run) solve(ts *chc.TransitionSystem) chc.Result {
	st := ts.St
	var err error
	if r.initS, err = transition.StateFormula(r.Ctx, ts, ts.Init); err != nil {
		return r.Fail(r.Ctx, fmt.Errorf("initial states: %v", err))
	}
	if r.badS, err = transition.StateFormula(r.Ctx, ts, ts.Bad); err != nil {
		return r.Fail(r.Ctx, fmt.Errorf("bad states: %v", err))
	}
	r.bmc = smt.New(st, smt.Options{})
	r.implication = smt.New(st, smt.Options{})
	if err := r.bmc.Assert(ts.InitAt(0)); err != nil {
		return r.Fail(r.Ctx, err)
	}
	for r.k = 0; ; r.k++ {
		k := r.k
		if r.e.opts.MaxK > 0 && k > r.e.opts.MaxK {
			return chc.NoAnswer(chc.Incomplete("imc: bound %d reached", r.e.opts.MaxK))
		}
		if k > 0 {
			if err := r.bmc.Assert(ts.TransAt(k - 1)); err != nil {
				return r.Fail(r.Ctx, err)
			}
		}
		// A path of exactly k steps from Init to Bad.
		res, err := transition.Check(r.Ctx, r.bmc, ts.BadAt(k))
		if err != nil {
			return r.Fail(r.Ctx, err)
		}
		if res == smt.Sat {
			r.Logf("k %d: counterexample of %d steps (%.2fs)", k, k, time.Since(r.Start).Seconds())
			return r.Path(r.Ctx, ts, r.bmc.Model(), k)
		}
		if k == 0 {
			continue
		}
		inv, images, err := r.finiteRun(k)
		if err != nil {
			return r.Fail(r.Ctx, err)
		}
		r.Logf("k %d: no counterexample, %d images (%.2fs)", k, images, time.Since(r.Start).Seconds())
		if inv != nil {
			return r.model(inv, k)
		}
	}
}

// finiteRun is McMillan's FiniteRun at bound k ≥ 1: from R = Init, the
// interpolant of R(x0) ∧ T(x0,x1) against T(x1,x2) ∧ … ∧ Bad(x_k) is an
// image of R from which no bad state is k-1 steps away; R grows by these
// images until one adds nothing (an inductive invariant over Vars) or the
// query becomes satisfiable (the images over-approximated too much: the
// caller tries k+1).
func (r *run) finiteRun(k int) (*term.Term, int, error) {
	ts, st := r.TS, r.TS.St
	x1 := ts.StateAt(1)
	var suffix, bads []*term.Term
	for i := 1; i < k; i++ {
		suffix = append(suffix, ts.TransAt(i))
		if !r.e.opts.Exact {
			bads = append(bads, ts.BadAt(i))
		}
	}
	B := st.And(append(suffix, st.Or(append(bads, ts.BadAt(k))...))...)
	R := []*term.Term{r.initS} // disjuncts, over Vars
	for n := 1; ; n++ {
		if chc.Cause(r.Ctx) != nil {
			return nil, n, chc.Cause(r.Ctx)
		}
		if n > r.images {
			r.images = n
		}
		A := st.And(ts.AtState(st.Or(R...), 0), ts.TransAt(0))
		t0 := time.Now()
		I, err := transition.Interpolate(r.Ctx, st, A, B)
		r.itpTime += time.Since(t0)
		if errors.Is(err, itp.ErrSatisfiable) {
			if n == 1 {
				return nil, n, chc.Internal("imc: bound %d: the bounded check and the interpolation query disagree", k)
			}
			r.Tracef("k %d: image %d reaches a bad state: spurious", k, n)
			return nil, n, nil
		}
		if err != nil {
			return nil, n, fmt.Errorf("interpolation at bound %d: %w", k, err)
		}
		r.interpolants++
		I = st.Simplify(st.Substitute(I, x1, ts.Vars))
		r.Tracef("k %d: image %d: %s", k, n, r.Short(I))
		in, err := r.implies(I, R)
		if err != nil {
			return nil, n, err
		}
		if in {
			return st.Or(R...), n, nil
		}
		R = append(R, I)
	}
}

// implies reports whether I ⇒ R₁ ∨ … ∨ Rₙ.
func (r *run) implies(I *term.Term, R []*term.Term) (bool, error) {
	st := r.TS.St
	sv := r.implication
	sv.Push()
	defer sv.Pop(1)
	if err := sv.Assert(st.And(I, st.Not(st.Or(R...)))); err != nil {
		return false, err
	}
	res, err := transition.Check(r.Ctx, sv)
	if err != nil {
		return false, err
	}
	return res == smt.Unsat, nil
}

// model answers Sat for inv, an inductive invariant over Vars from which
// no bad state is k steps away: inv ∧ ¬Bad is k-inductive (Golem's
// computeFinalInductiveInvariant), and inv itself when it excludes Bad.
func (r *run) model(inv *term.Term, k int) chc.Result {
	t0 := time.Now()
	defer func() { r.kToOne = time.Since(t0) }()
	st := r.TS.St
	sv := smt.New(st, smt.Options{})
	if err := sv.Assert(st.And(inv, r.badS)); err != nil {
		return r.Fail(r.Ctx, err)
	}
	res, err := transition.Check(r.Ctx, sv)
	if err != nil {
		return r.Fail(r.Ctx, err)
	}
	if res == smt.Sat {
		inv, err = transition.ToInductive(r.Ctx, r.TS, st.And(inv, st.Not(r.badS)), k)
		if err != nil {
			return r.Fail(r.Ctx, err)
		}
	}
	r.invariantSize = term.Size(inv)
	r.Tracef("invariant: %s", r.Short(inv))
	return chc.Result{Answer: chc.Sat, Model: r.TS.Model(inv)}
}
