package bmc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
)

// Options configure an Engine.
type Options struct {
	// MaxDepth bounds the height of the derivations searched; 0 is no
	// bound. Reaching it answers Unknown.
	MaxDepth int
	// Verbose, when not nil, gets one progress line per depth.
	Verbose io.Writer
}

// defaultBudget is the most clause instances one run asserts: a nonlinear
// unfolding that outgrows it answers Unknown rather than exhaust memory.
const defaultBudget = 200000

// Engine is the BMC engine.
type Engine struct {
	opts   Options
	budget int // clause instances, see defaultBudget
}

// New returns a BMC engine.
func New(opts Options) *Engine { return &Engine{opts: opts, budget: defaultBudget} }

// Solve looks for a derivation of false of increasing height. See the
// package documentation for the answers it gives.
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	start := time.Now()
	u := newUnroller(s, e.budget)
	H := 0
	checks := 0
	res := func(r chc.Result) chc.Result {
		st := u.sv.Stats()
		r.Stats = []chc.Stat{
			{Name: "bmc-depth", Value: H},
			{Name: "bmc-slots", Value: len(u.slots)},
			{Name: "bmc-clause-instances", Value: u.instances},
			{Name: "bmc-checks", Value: checks},
			{Name: "smt-conflicts", Value: st.Conflicts},
			{Name: "smt-decisions", Value: st.Decisions},
			{Name: "time-ms", Value: time.Since(start).Milliseconds()},
		}
		return r
	}
	unknown := func(reason string) chc.Result {
		return res(chc.Result{Answer: chc.Unknown, Reason: reason})
	}
	fail := func(err error) chc.Result {
		if ctx.Err() != nil {
			return unknown(chc.Reason(ctx))
		}
		var b errBudget
		if errors.As(err, &b) {
			return unknown(fmt.Sprintf("bmc: %v at depth %d", err, H))
		}
		return unknown("bmc: " + err.Error())
	}
	if len(u.queries) == 0 {
		// No derivation of false can exist: every predicate is true.
		return e.sat(ctx, u, res, unknown)
	}
	if err := u.root(); err != nil {
		return fail(err)
	}
	frontier := []int{0}
	for {
		if ctx.Err() != nil {
			return unknown(chc.Reason(ctx))
		}
		checks++
		r, err := u.sv.Check(ctx, u.st.Not(u.deepLit(H)))
		if ctx.Err() != nil {
			return unknown(chc.Reason(ctx))
		}
		if err != nil {
			return fail(err)
		}
		if e.opts.Verbose != nil {
			fmt.Fprintf(e.opts.Verbose, "bmc: depth %d %s slots %d clauses %d elapsed %.2fs\n",
				H, r, len(u.slots), u.instances, time.Since(start).Seconds())
		}
		switch r {
		case smt.Sat:
			root, err := u.derivation(u.sv.Model())
			if err != nil {
				return unknown(err.Error())
			}
			if err := chc.CheckDerivation(s, root); err != nil {
				return unknown("bmc: derivation rejected: " + err.Error())
			}
			return res(chc.Result{Answer: chc.Unsat, Derivation: root})
		case smt.Unsat:
		default:
			return unknown("bmc: smt: " + u.sv.ReasonUnknown())
		}
		complete := true
		for _, si := range frontier {
			if u.slots[si].pending {
				complete = false
			}
		}
		if complete {
			// The tree covers every derivation, and none derives false.
			return e.sat(ctx, u, res, unknown)
		}
		if e.opts.MaxDepth > 0 && H+1 > e.opts.MaxDepth {
			return unknown(fmt.Sprintf("bmc: depth bound %d reached", e.opts.MaxDepth))
		}
		var next []int
		for _, si := range frontier {
			if ctx.Err() != nil {
				return unknown(chc.Reason(ctx))
			}
			n := len(u.slots)
			if err := u.expand(si); err != nil {
				return fail(err)
			}
			for c := n; c < len(u.slots); c++ {
				next = append(next, c)
			}
		}
		frontier = next
		H++
	}
}

// sat answers Sat with the strongest model when it can build one that
// chc.CheckModel accepts, else Unknown.
func (e *Engine) sat(ctx context.Context, u *unroller, res func(chc.Result) chc.Result, unknown func(string) chc.Result) chc.Result {
	m, err := strongestModel(u)
	if err != nil {
		return unknown("bmc: no derivation of false; no model: " + err.Error())
	}
	if err := chc.CheckModel(ctx, u.sys, m); err != nil {
		if ctx.Err() != nil {
			return unknown(chc.Reason(ctx))
		}
		return unknown("bmc: no derivation of false; model rejected: " + err.Error())
	}
	return res(chc.Result{Answer: chc.Sat, Model: m})
}
