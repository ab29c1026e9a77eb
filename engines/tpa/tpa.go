package tpa

import (
	"context"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/transition"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Options configure an Engine.
type Options struct {
	// Split selects split TPA (exact and less-than relations); off, basic
	// TPA (one relation for at most 2^n steps).
	Split bool
	// MaxExactPower bounds the level of an exact fixed point that is
	// turned into a model: the invariant it gives is 2^level-inductive,
	// and making it 1-inductive unrolls 2^level steps. 0 means 10.
	MaxExactPower int
	// EngineOptions: Verbose gets one progress line per level, Trace one
	// line per reachability query.
	chc.EngineOptions
}

// defaultMaxExactPower is Options.MaxExactPower's default (Golem's bound).
const defaultMaxExactPower = 10

func init() {
	for _, split := range []bool{false, true} {
		name, summary := "tpa", "transition power abstraction: over-approximations of at most 2^n steps; deep counterexamples of linear systems, safety from a closed level"
		if split {
			name, summary = "split-tpa", "split transition power abstraction: exact and less-than 2^n steps; deep counterexamples and invariants of linear systems (Golem's competition engine)"
		}
		params := []chc.Param{}
		if split {
			params = append(params, chc.Param{Name: name + ".max-exact-power", Default: "10",
				Usage: "highest level of an exact fixed point turned into a model (its invariant is 2^level-inductive)"})
		}
		chc.Register(chc.EngineInfo{
			Name:    name,
			Summary: summary,
			Params:  params,
			New: func(o chc.Options) (chc.Engine, error) {
				opts := Options{Split: split, EngineOptions: chc.EngineOptions{Verbose: o.Verbose, Trace: o.Trace}}
				if split {
					p, err := o.Int(name+".max-exact-power", defaultMaxExactPower)
					if err != nil {
						return nil, err
					}
					if p < 1 || p > 30 {
						return nil, fmt.Errorf("%s.max-exact-power: %d is not in 1 … 30", name, p)
					}
					opts.MaxExactPower = p
				}
				return New(opts), nil
			},
		})
	}
}

// Engine is the TPA engine (basic or split).
type Engine struct {
	opts Options
}

// New returns a TPA engine.
func New(opts Options) *Engine {
	if opts.MaxExactPower == 0 {
		opts.MaxExactPower = defaultMaxExactPower
	}
	return &Engine{opts: opts}
}

func (e *Engine) name() string {
	if e.opts.Split {
		return "split-tpa"
	}
	return "tpa"
}

// core is the state of one run.
type core struct {
	ctx   context.Context
	st    *term.Store
	ts    *chc.TransitionSystem
	v     *transition.Versions
	mbp   *mbp.Projector
	split bool
	name  string
	// exact[n] over-approximates the paths of exactly 2^n steps (split)
	// or of at most 2^n steps (basic); less[n] those of fewer than 2^n
	// steps (split only).
	exact, less []*relation
	solvers     []*querySolvers   // by level
	cache       []map[pair]*reach // reachable exact queries by level
	// transition invariants found by Houdini: closed under a step of Tr
	// on the right, on the left
	rightInv, leftInv []*term.Term
	// the sizes of the relations (and invariants) at the last fixed-point
	// check of each level: a level is checked again only when one grew
	lessChecked, exactChecked [][3]int
	maxExactPower             int
	log                       chc.Logger
	stats                     counters
}

type counters struct {
	power, queries, checks, interpolants, itpFallbacks, learned int
	projections, cacheHits, fixpointChecks, houdiniChecks, qe   int
	exactTooDeep, cexLength, simplifyChecks, simplified         int
	invariantFailures                                           int
}

// Solve decides a linear system seen as a transition system; a system
// that is not one answers Unknown.
func (e *Engine) Solve(ctx context.Context, sys *chc.System) chc.Result {
	start := time.Now()
	c := &core{ctx: ctx, st: sys.St, split: e.opts.Split, name: e.name(),
		maxExactPower: e.opts.MaxExactPower, log: chc.Logger{Name: e.name(), EngineOptions: e.opts.EngineOptions}}
	var proofKind string
	res := func(r chc.Result) chc.Result {
		n := c.name
		r.Stats = []chc.Stat{
			{Name: n + ".power", Value: c.stats.power},
			{Name: n + ".queries", Value: c.stats.queries},
			{Name: n + ".smt-checks", Value: c.stats.checks},
			{Name: n + ".interpolants", Value: c.stats.interpolants},
			{Name: n + ".interpolant-fallbacks", Value: c.stats.itpFallbacks},
			{Name: n + ".learned", Value: c.stats.learned},
			{Name: n + ".simplified", Value: c.stats.simplified},
			{Name: n + ".simplify-checks", Value: c.stats.simplifyChecks},
			{Name: n + ".projections", Value: c.stats.projections},
			{Name: n + ".cache-hits", Value: c.stats.cacheHits},
			{Name: n + ".fixpoint-checks", Value: c.stats.fixpointChecks},
			{Name: n + ".houdini-checks", Value: c.stats.houdiniChecks},
			{Name: n + ".qe", Value: c.stats.qe},
			{Name: n + ".invariant-failures", Value: c.stats.invariantFailures},
			{Name: n + ".cex-length", Value: c.stats.cexLength},
			{Name: n + ".time", Value: time.Since(start)},
		}
		if proofKind != "" {
			r.Stats = append(r.Stats, chc.Stat{Name: n + ".fixpoint", Value: proofKind})
		}
		return r
	}
	fail := func(err error) chc.Result { return res(chc.GiveUp(ctx, c.name, err)) }
	ts, decided := transition.Output{Logger: c.log}.View(ctx, sys)
	if decided != nil {
		return res(*decided)
	}
	if len(sys.Preds) == 0 {
		proofKind = "trivial"
		return res(chc.Result{Answer: chc.Sat, Model: chc.Model{}})
	}
	c.ts, c.v = ts, transition.NewVersions(ts)
	c.mbp = mbp.New(c.st, mbp.Options{})
	c.log.Logf("%d state variables, %d auxiliary", len(ts.Vars), len(ts.Aux))
	if err := c.pureInitAndBad(); err != nil {
		return fail(err)
	}
	// safe turns a proof into a model. The quantifier elimination and
	// the k-to-1 strengthening can take long on integers; they get as
	// long as the search took (at least a second), and when they fail the
	// search goes on: the level is not checked again until it changes,
	// and another level may give a proof.
	safe := func(p *proof) (chc.Result, bool) {
		budget := time.Since(start)
		if budget < time.Second {
			budget = time.Second
		}
		ictx, cancel := context.WithTimeout(ctx, budget)
		c.ctx = ictx
		inv, err := c.invariant(p)
		c.ctx = ctx
		cancel()
		if err != nil {
			if chc.Cause(ctx) != nil {
				return res(chc.NoAnswer(chc.Cause(ctx))), true
			}
			c.stats.invariantFailures++
			c.log.Logf("%s fixed point at level %d, but no invariant: %v", p.kind, p.level, err)
			return chc.Result{}, false
		}
		if !c.v.Only(inv, 0) {
			return res(chc.NoAnswer(chc.Internal("%s: the invariant mentions other constants than the state: %v", c.name, inv))), true
		}
		proofKind = p.kind
		c.log.Logf("safe: %s fixed point at level %d (%s); invariant of size %d", p.kind, p.level, time.Since(start).Round(time.Millisecond), term.Size(inv))
		return res(chc.Result{Answer: chc.Sat, Model: ts.Model(c.v.ToVars(inv, 0))}), true
	}
	unsafe := func(r *reach) chc.Result {
		path, err := c.concretePath(r)
		if err != nil {
			return fail(fmt.Errorf("unsafe in %d steps but no path: %w", r.steps, err))
		}
		c.stats.cexLength = len(path) - 1
		c.log.Logf("unsafe: counterexample of %d steps (%s)", len(path)-1, time.Since(start).Round(time.Millisecond))
		t0 := time.Now()
		d, err := ts.Derivation(ctx, path)
		if err != nil {
			return fail(fmt.Errorf("unsafe but no derivation: %w", err))
		}
		c.log.Logf("derivation of %d steps (%s)", len(path)-1, time.Since(t0).Round(time.Millisecond))
		return res(chc.Result{Answer: chc.Unsat, Derivation: d})
	}
	// proved is the answer of a fixed-point check, when it gives one
	proved := func(p *proof, err error) (chc.Result, bool) {
		switch {
		case err != nil:
			return fail(err), true
		case p == nil:
			return chc.Result{}, false
		}
		return safe(p)
	}
	// trivial systems: no initial state, or no bad state
	for _, t := range []struct {
		f   *term.Term
		inv *term.Term
	}{{c.v.Init, c.st.False()}, {c.v.Bad, c.st.True()}} {
		ok, _, err := c.satisfiable(t.f)
		if err != nil {
			return fail(err)
		}
		if !ok {
			proofKind = "trivial"
			return res(chc.Result{Answer: chc.Sat, Model: ts.Model(t.inv)})
		}
	}
	if err := c.start(); err != nil {
		return fail(err)
	}
	init, bad := c.v.Init, c.v.Bad
	for n := 0; ; n++ {
		c.stats.power = n
		if c.split {
			r, err := c.reachLess(init, bad, n)
			if err != nil {
				return fail(err)
			}
			if r != nil {
				return unsafe(r)
			}
			c.log.Logf("level %d: safe for fewer than 2^%d steps (%s)", n, n+1, time.Since(start).Round(time.Millisecond))
			if r, done := proved(c.lessFixpoint(n + 1)); done {
				return r
			}
			if r, done := proved(c.exactFixpoint(n)); done {
				return r
			}
		}
		r, err := c.reachExact(init, bad, n)
		if err != nil {
			return fail(err)
		}
		if r != nil {
			return unsafe(r)
		}
		if c.split {
			c.log.Logf("level %d: safe for exactly 2^%d steps (%s)", n, n+1, time.Since(start).Round(time.Millisecond))
			if r, done := proved(c.exactFixpoint(n)); done {
				return r
			}
			continue
		}
		c.log.Logf("level %d: safe for at most 2^%d steps (%s)", n, n+1, time.Since(start).Round(time.Millisecond))
		if r, done := proved(c.lessFixpoint(n + 1)); done {
			return r
		}
	}
}

// start sets level 0 of the relations: E[0] = Tr and L[0] = Id (split),
// T[0] = Id ∨ Tr (basic).
func (c *core) start() error {
	v := c.v
	if c.split {
		relAt(&c.exact, 0).add(v.Trans)
		relAt(&c.less, 0).add(v.Identity(0))
		return nil
	}
	relAt(&c.exact, 0).add(c.st.Or(v.Identity(0), v.Trans))
	return nil
}

// pureInitAndBad eliminates the auxiliary constants of Init and Bad when
// quantifier elimination can: queries from and to pure state sets have
// interpolants over the states alone, and ¬B is a fallback interpolant.
func (c *core) pureInitAndBad() error {
	v := c.v
	for _, f := range []**term.Term{&v.Init, &v.Bad} {
		if v.Only(*f, 0) {
			continue
		}
		g, err := c.qe(*f, 0)
		if err != nil {
			if chc.Cause(c.ctx) != nil {
				return chc.Cause(c.ctx)
			}
			c.log.Logf("auxiliary constants stay: %v", err)
			continue
		}
		*f = g
	}
	return nil
}
