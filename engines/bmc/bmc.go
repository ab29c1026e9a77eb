package bmc

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/internal/unfold"
	"github.com/seed-f9c3434d/gospacer/smt"
)

// Options configure an Engine.
type Options struct {
	// MaxDepth bounds the height of the derivations searched; 0 is no
	// bound. Reaching it answers Unknown.
	MaxDepth int
	// EngineOptions: Verbose gets one progress line per depth, Trace one
	// line per slot of the unfolding: its depth, predicates and clauses.
	chc.EngineOptions
}

func init() {
	chc.Register(chc.EngineInfo{
		Name:    "bmc",
		Summary: "bounded model checking: shortest derivations of false (unsat); sat only when the unfolding is finite",
		Params: []chc.Param{
			{Name: "bmc.max-depth", Default: "0", Usage: "bound on the derivation height searched (0: none)"},
		},
		New: func(o chc.Options) (chc.Engine, error) {
			d, err := o.Int("bmc.max-depth", 0)
			if err != nil {
				return nil, err
			}
			return New(Options{MaxDepth: d, EngineOptions: chc.EngineOptions{Verbose: o.Verbose, Trace: o.Trace}}), nil
		},
	})
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
	poll := chc.NewBudget(ctx)
	log := chc.Logger{Name: "bmc", EngineOptions: e.opts.EngineOptions}
	u, err := unfold.New(poll, s, e.budget, log)
	if err != nil {
		return chc.NoAnswer(err)
	}
	H := 0
	checks := 0
	res := func(r chc.Result) chc.Result {
		st := u.Solver().Stats()
		r.Stats = []chc.Stat{
			{Name: "bmc.depth", Value: H},
			{Name: "bmc.slots", Value: u.NumSlots()},
			{Name: "bmc.clause-instances", Value: u.Instances()},
			{Name: "bmc.checks", Value: checks},
			{Name: "bmc.smt-conflicts", Value: st.Conflicts},
			{Name: "bmc.smt-decisions", Value: st.Decisions},
			{Name: "bmc.time", Value: time.Since(start)},
		}
		return r
	}
	unknown := func(reason error) chc.Result {
		return res(chc.NoAnswer(reason))
	}
	fail := func(err error) chc.Result {
		var b unfold.BudgetError
		if errors.As(err, &b) {
			err = fmt.Errorf("%v at depth %d", err, H)
		}
		return res(chc.GiveUp(ctx, "bmc", err))
	}
	if len(u.Queries()) == 0 {
		// No derivation of false can exist: every predicate is true.
		return e.sat(u, res, unknown)
	}
	if err := u.Root(); err != nil {
		return fail(err)
	}
	frontier := []int{0}
	for {
		if err := poll.Poll(); err != nil {
			return unknown(err)
		}
		checks++
		r, err := u.Solver().Check(ctx, s.St.Not(u.Deep(H)))
		if c := chc.Cause(ctx); c != nil {
			return unknown(c)
		}
		if err != nil {
			return fail(err)
		}
		log.Logf("depth %d %s slots %d clauses %d elapsed %.2fs",
			H, r, u.NumSlots(), u.Instances(), time.Since(start).Seconds())
		switch r {
		case smt.Sat:
			root, err := u.Derivation(u.Solver().Model())
			if isLimit(err) {
				return unknown(err)
			}
			if err != nil {
				return unknown(chc.Internal("bmc: reading the derivation: %v", err))
			}
			return res(chc.Result{Answer: chc.Unsat, Derivation: root})
		case smt.Unsat:
		default:
			return unknown(chc.Incomplete("bmc: smt: %s", u.Solver().ReasonUnknown()))
		}
		complete := true
		for _, si := range frontier {
			if u.Pending(si) {
				complete = false
			}
		}
		if complete {
			// The tree covers every derivation, and none derives false.
			return e.sat(u, res, unknown)
		}
		if e.opts.MaxDepth > 0 && H+1 > e.opts.MaxDepth {
			return unknown(chc.Incomplete("bmc: depth bound %d reached", e.opts.MaxDepth))
		}
		var next []int
		for _, si := range frontier {
			n := u.NumSlots()
			if err := u.Expand(si); err != nil {
				return fail(err)
			}
			for c := n; c < u.NumSlots(); c++ {
				next = append(next, c)
			}
		}
		frontier = next
		H++
	}
}

// isLimit reports whether err says that a limit of the run was passed.
func isLimit(err error) bool {
	return errors.Is(err, chc.ErrTimeout) || errors.Is(err, chc.ErrMemory) || errors.Is(err, chc.ErrCanceled)
}

// sat answers Sat with the strongest model when it can build one, else
// Unknown.
func (e *Engine) sat(u *unfold.Tree, res func(chc.Result) chc.Result, unknown func(error) chc.Result) chc.Result {
	m, err := strongestModel(u)
	if isLimit(err) {
		return unknown(err)
	}
	if err != nil {
		return unknown(chc.Incomplete("bmc: no derivation of false; no model: %v", err))
	}
	return res(chc.Result{Answer: chc.Sat, Model: m})
}
