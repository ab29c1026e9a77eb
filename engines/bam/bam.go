package bam

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// Domain is the abstract domain BAM runs with.
type Domain uint8

// The domains of the paper's Table 1.
const (
	// ValuePredicate is the product of value and predicate analysis, the
	// paper's best configuration; the engine "bam".
	ValuePredicate Domain = iota
	// Value is explicit-value analysis; the engine "bam-value".
	Value
	// Interval is interval analysis; the engine "bam-interval".
	Interval
	// Predicate is predicate abstraction; the engine "bam-predicate".
	Predicate
)

func (d Domain) String() string {
	switch d {
	case Value:
		return "value"
	case Interval:
		return "interval"
	case Predicate:
		return "predicate"
	}
	return "value+predicate"
}

// Options configure an Engine. Each numeric setting is also an engine
// parameter ("bam.depth", "bam-value.exits", ...).
type Options struct {
	Domain Domain
	// Depth bounds the blocks of one predicate on the stack: past it a
	// call enters with top, which the next call covers. It is the
	// recursion unrolling of the value domain on concrete inputs
	// (fib(10) needs 11).
	Depth int
	// Exits bounds the exit states of a block before new ones are widened
	// with the join of all (the interval domain's widening delay).
	Exits int
	// Contexts reduces the caller's state to a call's arguments (the
	// paper's reduce); off, every call enters with top, one block per
	// predicate (context-insensitive summaries).
	Contexts bool
	// CexNodes bounds the clause instances of an abstract counterexample.
	CexNodes int
	// EngineOptions: Verbose gets one progress line per fixpoint
	// iteration and refinement, Trace one line per block, exit state and
	// interpolant.
	chc.EngineOptions

	name string // the engine's name, the prefix of its lines and stats
}

// engines are the registered configurations: one per domain, so that
// each is in the conformance test and the benchmark script by name.
var engines = []struct {
	name    string
	domain  Domain
	exits   int
	summary string
}{
	{"bam", ValuePredicate, 16, "block-abstraction memoization (FSE'20) with value+predicate analysis: summaries per predicate and entry state, CEGAR by tree interpolation; recursive (nonlinear) systems"},
	{"bam-value", Value, 64, "BAM with explicit-value analysis: exact on concrete inputs (recursion memoized per argument values)"},
	{"bam-interval", Interval, 3, "BAM with interval analysis and widening: cheap bounds, no relations"},
	{"bam-predicate", Predicate, 64, "BAM with predicate abstraction and CEGAR by tree interpolation"},
}

// maxHunted bounds the counterexamples replayed in hunting.
const maxHunted = 256

// Defaults of the other settings.
const (
	defaultDepth    = 32
	defaultCexNodes = 2000
)

func init() {
	for _, e := range engines {
		e := e
		chc.Register(chc.EngineInfo{
			Name:    e.name,
			Summary: e.summary,
			Params: []chc.Param{
				{Name: e.name + ".depth", Default: fmt.Sprint(defaultDepth), Usage: "blocks of one predicate on the stack before a call enters with top (recursion unrolling)"},
				{Name: e.name + ".exits", Default: fmt.Sprint(e.exits), Usage: "exit states of a block before new ones are widened"},
				{Name: e.name + ".contexts", Default: "true", Usage: "reduce the caller's state to the call's arguments (false: one block per predicate)"},
			},
			New: func(o chc.Options) (chc.Engine, error) {
				opts := Options{Domain: e.domain, CexNodes: defaultCexNodes, EngineOptions: chc.EngineOptions{Verbose: o.Verbose, Trace: o.Trace}}
				var err error
				if opts.Depth, err = o.Int(e.name+".depth", defaultDepth); err != nil {
					return nil, err
				}
				if opts.Exits, err = o.Int(e.name+".exits", e.exits); err != nil {
					return nil, err
				}
				if opts.Contexts, err = o.Bool(e.name+".contexts", true); err != nil {
					return nil, err
				}
				if opts.Depth < 1 || opts.Exits < 1 {
					return nil, fmt.Errorf("%s: depth and exits must be positive", e.name)
				}
				return New(opts), nil
			},
		})
	}
}

// DefaultOptions are the registered defaults of domain d.
func DefaultOptions(d Domain) Options {
	o := Options{Domain: d, Depth: defaultDepth, Contexts: true, CexNodes: defaultCexNodes}
	for _, e := range engines {
		if e.domain == d {
			o.Exits = e.exits
		}
	}
	return o
}

// Engine is the BAM engine; it implements chc.Engine.
type Engine struct {
	opts Options
}

// New returns a BAM engine. Zero bounds take the defaults.
func New(opts Options) *Engine {
	def := DefaultOptions(opts.Domain)
	if opts.Depth <= 0 {
		opts.Depth = def.Depth
	}
	if opts.Exits <= 0 {
		opts.Exits = def.Exits
	}
	if opts.CexNodes <= 0 {
		opts.CexNodes = def.CexNodes
	}
	for _, e := range engines {
		if e.domain == opts.Domain {
			opts.name = e.name
		}
	}
	return &Engine{opts: opts}
}

// newDomain is the domain of d over the system's predicates, with its
// initial precision.
func newDomain(d Domain, sys *chc.System) domain {
	switch d {
	case Value:
		return newValueDomain(sys)
	case Interval:
		return newIntervalDomain(sys)
	case Predicate:
		return newPredicateDomain(sys)
	}
	return &productDomain{newValueDomain(sys), newPredicateDomain(sys)}
}

// Solve runs CEGAR around BAM: the fixpoint of the block abstractions
// under the current precision either closes without a satisfiable query
// (sat, with the model read off the cache) or yields an abstract
// counterexample, which is replayed on the clauses: feasible, it is the
// derivation (unsat); spurious, its tree interpolants refine the
// precision and BAM starts again. Unknown when a refinement adds nothing.
func (en *Engine) Solve(ctx context.Context, s *chc.System) (res chc.Result) {
	opts := en.opts
	c := &counters{start: time.Now()}
	dom := newDomain(opts.Domain, s)
	a := newAnalysis(ctx, s, dom, &opts, c)
	defer func() { res.Stats = a.statistics() }()
	a.log.Tracef("%s domain, %d predicates, %d clauses, depth %d, exits %d, contexts %v\n",
		dom.name(), len(s.Preds), len(s.Clauses), opts.Depth, opts.Exits, opts.Contexts)
	c.rounds++
	a.reset()
	for {
		if err := a.fixpoint(); err != nil {
			return a.unknown(err)
		}
		if len(a.cex) == 0 {
			if a.hunting {
				return a.unknown(fmt.Errorf("the %s domain cannot rule out a spurious counterexample, and no other is feasible", dom.name()))
			}
			return chc.Result{Answer: chc.Sat, Model: a.model()}
		}
		// every counterexample is replayed; a feasible one is the answer,
		// the interpolants of the spurious ones refine together
		var all []refinement
		size := 0
		for _, cex := range a.cex {
			order, err := a.tree(cex)
			if errors.Is(err, errTooLarge) && len(all) > 0 {
				continue
			}
			if err != nil {
				return a.unknown(err)
			}
			c.cexNodes = len(order)
			size += len(order)
			d, rs, err := a.check(order)
			if err != nil {
				return a.unknown(err)
			}
			if d != nil {
				a.log.Tracef("counterexample of %d clause instances is feasible\n", len(order))
				return chc.Result{Answer: chc.Unsat, Derivation: d}
			}
			all = append(all, rs...)
		}
		if !dom.refine(all) {
			// nothing to refine: go on with the fixpoint in search of a
			// feasible counterexample (a bug deeper than these)
			if !a.hunting {
				a.log.Tracef("%d spurious counterexamples give the %s domain nothing new: hunting\n", len(a.cex), dom.name())
			}
			a.hunting = true
			c.hunted += len(a.cex)
			a.cex = a.cex[:0]
			if c.hunted > maxHunted {
				return a.unknown(fmt.Errorf("the %s domain cannot rule out spurious counterexamples, and %d replayed are all spurious", dom.name(), c.hunted))
			}
			continue
		}
		c.refinements++
		a.log.Logf("refinement %d: %d counterexamples of %d clause instances, precision %d",
			c.refinements, len(a.cex), size, a.precisionTotal())
		c.rounds++
		a.reset()
	}
}

// unknown is the Unknown answer for err: the context's cause when it
// ended, else the engine's limit.
func (a *analysis) unknown(err error) chc.Result {
	return chc.GiveUp(a.ctx, a.opts.name, err)
}
