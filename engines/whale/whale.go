package whale

import (
	"context"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Expansion is how EXPANDARG grows an ARG.
type Expansion uint8

// The expansion strategies.
const (
	// ExpandAll unwinds every clause of the predicate at once (the
	// paper's "all-at-once": the whole control flow graph).
	ExpandAll Expansion = iota
	// ExpandOne unwinds one clause (one intra-procedural path) per
	// EXPANDARG, as IMPACT and the paper's worked example do.
	ExpandOne
)

func (x Expansion) String() string {
	if x == ExpandOne {
		return "one"
	}
	return "all"
}

// Order is the order of the formulas of the state/transition interpolant
// sequence of REFINEARG.
type Order uint8

// The orders.
const (
	// OrderObligation puts the negated specification with the ARG's own
	// clause instances first, then the calls in body order: a guard is
	// the context of a call in which the caller's obligation can fail,
	// and the last call's guard needs no quantifier elimination.
	OrderObligation Order = iota
	// OrderPaper is the paper's: the ARG's clause instances first, the
	// calls in body order, the negated specification last, so that a
	// guard is the reachable context of a call; every guard then
	// quantifies the caller's arguments away.
	OrderPaper
)

func (o Order) String() string {
	if o == OrderPaper {
		return "paper"
	}
	return "obligation"
}

// Options configure an Engine. The zero value is the default.
type Options struct {
	// Expand is the expansion strategy of EXPANDARG.
	Expand Expansion
	// Order is the interpolation order of REFINEARG.
	Order Order
	// McMillan labels every shared atom of an interpolation B's
	// (itp.LabelsMcMillan) instead of by occurrence (itp.LabelsOccurrence,
	// which sums the callee's constraints into general summaries).
	McMillan bool
	// Eager unwinds a call edge's ARG (with the expansion strategy)
	// before the first REFINEARG of its caller, so that the call is not
	// under-approximated by nothing, which makes the interpolant guess a
	// summary false and the next step refute it.
	Eager bool
	// NoHoudini turns off closing the proof with the largest inductive
	// subset of the guessed pairs and their literals (houdini.go), which
	// every condition then assumes.
	NoHoudini bool
	// MaxNodes bounds the ARGs created (0: no bound); past it the answer
	// is Unknown.
	MaxNodes int
	// EngineOptions: Verbose gets a progress line every second of work,
	// Trace one line per guard/summary pair, refuted specification and
	// cover.
	chc.EngineOptions
}

func init() {
	chc.Register(chc.EngineInfo{
		Name:    "whale",
		Summary: "WHALE (VMCAI'12): an ARG per predicate instance with guards and summaries from state/transition interpolants, covering by Hoare's rule for recursion; recursive and nonlinear systems, IMPACT on linear ones",
		Params: []chc.Param{
			{Name: "whale.expand", Default: "all", Usage: "EXPANDARG: all (every clause of the predicate at once) or one (one clause at a time)"},
			{Name: "whale.order", Default: "obligation", Usage: "interpolation order: obligation (negated specification first) or paper (negated specification last)"},
			{Name: "whale.itp", Default: "occurrence", Usage: "labels of shared atoms in interpolants: occurrence (an atom of the callee's clauses only is the callee's: Farkas sums, general summaries) or mcmillan (the strongest)"},
			{Name: "whale.eager", Default: "false", Usage: "unwind a call edge's ARG before its caller's first REFINEARG"},
			{Name: "whale.houdini", Default: "true", Usage: "close the proof with the largest inductive subset of the guessed summaries (Houdini)"},
			{Name: "whale.max-nodes", Default: "0", Usage: "answer unknown past this many ARGs (0: no bound)"},
		},
		New: func(o chc.Options) (chc.Engine, error) {
			opts := Options{EngineOptions: chc.EngineOptions{Verbose: o.Verbose, Trace: o.Trace}}
			switch v := o.Param("whale.expand", "all"); v {
			case "all":
			case "one":
				opts.Expand = ExpandOne
			default:
				return nil, fmt.Errorf("parameter whale.expand=%s: not all or one", v)
			}
			switch v := o.Param("whale.order", "obligation"); v {
			case "obligation":
			case "paper":
				opts.Order = OrderPaper
			default:
				return nil, fmt.Errorf("parameter whale.order=%s: not obligation or paper", v)
			}
			switch v := o.Param("whale.itp", "occurrence"); v {
			case "occurrence":
			case "mcmillan":
				opts.McMillan = true
			default:
				return nil, fmt.Errorf("parameter whale.itp=%s: not occurrence or mcmillan", v)
			}
			eager, err := o.Bool("whale.eager", false)
			if err != nil {
				return nil, err
			}
			opts.Eager = eager
			houdini, err := o.Bool("whale.houdini", true)
			if err != nil {
				return nil, err
			}
			opts.NoHoudini = !houdini
			n, err := o.Int("whale.max-nodes", 0)
			if err != nil {
				return nil, err
			}
			opts.MaxNodes = n
			return New(opts), nil
		},
	})
}

// Engine is the WHALE engine.
type Engine struct{ opts Options }

// New returns a WHALE engine.
func New(opts Options) *Engine { return &Engine{opts: opts} }

// Solve runs WHALE on s (see the package documentation).
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	r := newRun(ctx, s, e.opts)
	res := r.solve()
	res.Stats = r.statList()
	return res
}

// stats are the counters of a run.
type stats struct {
	nodes, expansions, refines, refuted, covers     int
	itpCalls, smtChecks, pairs, qeFailed, fallbacks int
	impliesChecks, forceChecks, forced              int
	bySpecs, fills, refineClauses                   int
	facts, factRefuted, itpFacts                    int
	houdiniRuns, houdiniChecks, houdiniFailed       int
	maxDepth                                        int
	itpTime, smtTime, qeTime                        time.Duration
}

func (r *run) statList() []chc.Stat {
	s := r.stats
	return []chc.Stat{
		{Name: "whale.args", Value: s.nodes},
		{Name: "whale.expansions", Value: s.expansions},
		{Name: "whale.fill-expansions", Value: s.fills},
		{Name: "whale.refines", Value: s.refines},
		{Name: "whale.refine-clauses", Value: s.refineClauses},
		{Name: "whale.refuted", Value: s.refuted},
		{Name: "whale.facts", Value: s.facts},
		{Name: "whale.fact-refuted", Value: s.factRefuted},
		{Name: "whale.refines-by-specs", Value: s.bySpecs},
		{Name: "whale.covers", Value: s.covers},
		{Name: "whale.pairs", Value: s.pairs},
		{Name: "whale.max-depth", Value: s.maxDepth},
		{Name: "whale.houdini-runs", Value: s.houdiniRuns},
		{Name: "whale.houdini-checks", Value: s.houdiniChecks},
		{Name: "whale.houdini-failed", Value: s.houdiniFailed},
		{Name: "whale.itp-calls", Value: s.itpCalls},
		{Name: "whale.itp-with-facts", Value: s.itpFacts},
		{Name: "whale.itp-time", Value: s.itpTime},
		{Name: "whale.itp-fallbacks", Value: s.fallbacks},
		{Name: "whale.smt-checks", Value: s.smtChecks},
		{Name: "whale.implication-checks", Value: s.impliesChecks},
		{Name: "whale.forced-cover-checks", Value: s.forceChecks},
		{Name: "whale.forced-covers", Value: s.forced},
		{Name: "whale.smt-time", Value: s.smtTime},
		{Name: "whale.qe-time", Value: s.qeTime},
		{Name: "whale.qe-failed", Value: s.qeFailed},
		{Name: "whale.time", Value: time.Since(r.start)},
	}
}

// houdiniEvery is how many REFINEARGs pass between Houdini's first
// runs; the interval doubles with each run, up to 16 times that.
const houdiniEvery = 16

// solve is the main loop: pick the first ARG (in creation order) that is
// uncovered and incomplete or unsafe, expand or refine it; when there is
// none, the specifications of the uncovered ARGs are a model.
func (r *run) solve() chc.Result {
	r.newNode(nil, -1)
	if !r.opts.NoHoudini {
		r.pool.FactCandidates(r.sys, r.constraint)
		r.pool.ParamCandidates(r.sys)
		r.pool.QueryCandidates(r.sys, r.constraint)
		r.pool.Propagate(r.sys, r.constraint)
	}
	lastLog := time.Now()
	for step := 0; ; step++ {
		if chc.Cause(r.ctx) != nil {
			return chc.NoAnswer(chc.Cause(r.ctx))
		}
		if r.opts.Verbose != nil && time.Since(lastLog) >= time.Second {
			lastLog = time.Now()
			r.progress()
		}
		if !r.opts.NoHoudini && r.pool.Added > 0 && r.stats.refines >= r.nextHoudini {
			r.nextHoudini = r.stats.refines + houdiniEvery<<min(r.stats.houdiniRuns, 4)
			m, err := r.houdini()
			if err != nil {
				if chc.Cause(r.ctx) != nil {
					return chc.GiveUp(r.ctx, "whale", err)
				}
				// A check the solver could not decide: no invariant
				// this time, WHALE goes on.
				r.stats.houdiniFailed++
				m = nil
			}
			if m != nil {
				r.progress()
				return chc.Result{Answer: chc.Sat, Model: m}
			}
		}
		n, err := r.sweep()
		if err != nil {
			return chc.GiveUp(r.ctx, "whale", err)
		}
		if n == nil {
			r.progress()
			return chc.Result{Answer: chc.Sat, Model: r.model()}
		}
		if r.opts.MaxNodes > 0 && len(r.nodes) > r.opts.MaxNodes {
			return chc.NoAnswer(chc.Incomplete("whale: more than %d ARGs", r.opts.MaxNodes))
		}
		if n.safe && !r.complete(n) {
			r.expand(n)
			continue
		}
		root, err := r.refine(n)
		if err != nil {
			return chc.GiveUp(r.ctx, "whale", err)
		}
		if root != nil {
			r.progress()
			return chc.Result{Answer: chc.Unsat, Derivation: root}
		}
	}
}

func (r *run) progress() {
	s := r.stats
	r.log.Logf("args %d depth %d refines %d refuted %d covers %d pairs %d itp %d (%.2fs) elapsed %.2fs",
		s.nodes, s.maxDepth, s.refines, s.refuted, s.covers, s.pairs, s.itpCalls, s.itpTime.Seconds(), time.Since(r.start).Seconds())
}

// short prints a term for the trace, cut at 300 characters.
func short(t *term.Term) string {
	s := term.Sprint(t)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
