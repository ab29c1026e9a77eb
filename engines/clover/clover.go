package clover

import (
	"context"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Options configure an Engine.
type Options struct {
	// K is the bound of the environments: a node's queries see the
	// bodies of its K nearest callers on the derivation-tree path (the
	// rest is their projection, the interface), and its induction may
	// assume properties of the callees found among its K nearest
	// ancestors (the paper's j <= k). At least 1.
	K int
	// NoECLemmas turns EC lemmas off: induction then assumes properties
	// of the target predicate only (rule OOI), so candidates whose proof
	// needs another predicate's property are never proven.
	NoECLemmas bool
	// NoData turns off the candidates read off reachable samples; the
	// candidates are then the negated environments only.
	NoData bool
	// MaxNodes bounds the derivation tree; past it the answer is Unknown.
	MaxNodes int
	// EngineOptions: Verbose gets progress lines "clover: ...", Trace one
	// line per summary update, lemma and node.
	chc.EngineOptions
}

// DefaultK is the default bound of the environments, chosen by
// measurement (see the package documentation).
const DefaultK = 3

// defaultMaxNodes bounds the derivation tree when Options.MaxNodes is 0.
const defaultMaxNodes = 50000

func init() {
	chc.Register(chc.EngineInfo{
		Name:    "clover",
		Summary: "CLOVER (VMCAI'21): over/under summaries per predicate from bounded environments of the call graph, induction with EC lemmas; mutual recursion",
		Params: []chc.Param{
			{Name: "clover.k", Default: fmt.Sprint(DefaultK), Usage: "bound of the environments: caller levels unfolded in each query (>= 1)"},
			{Name: "clover.ec-lemmas", Default: "true", Usage: "EC lemmas: induction under assumptions about the callees met among the k nearest ancestors"},
			{Name: "clover.data", Default: "true", Usage: "induction candidates from reachable samples (bounds, equalities, residues)"},
			{Name: "clover.max-nodes", Default: fmt.Sprint(defaultMaxNodes), Usage: "bound on the derivation tree (answer unknown past it)"},
		},
		New: func(o chc.Options) (chc.Engine, error) {
			k, err := o.Int("clover.k", DefaultK)
			if err != nil {
				return nil, err
			}
			if k < 1 {
				return nil, fmt.Errorf("parameter clover.k=%d: must be at least 1", k)
			}
			ec, err := o.Bool("clover.ec-lemmas", true)
			if err != nil {
				return nil, err
			}
			data, err := o.Bool("clover.data", true)
			if err != nil {
				return nil, err
			}
			maxNodes, err := o.Int("clover.max-nodes", defaultMaxNodes)
			if err != nil {
				return nil, err
			}
			return New(Options{K: k, NoECLemmas: !ec, NoData: !data, MaxNodes: maxNodes,
				EngineOptions: chc.EngineOptions{Verbose: o.Verbose, Trace: o.Trace}}), nil
		},
	})
}

// Engine is the CLOVER engine.
type Engine struct{ opts Options }

// New returns a CLOVER engine.
func New(opts Options) *Engine {
	if opts.K < 1 {
		opts.K = DefaultK
	}
	if opts.MaxNodes <= 0 {
		opts.MaxNodes = defaultMaxNodes
	}
	return &Engine{opts: opts}
}

// engine is the state of one Solve.
type engine struct {
	ctx   context.Context
	opts  Options
	log   chc.Logger
	sys   *chc.System
	st    *term.Store
	mbp   *mbp.Projector
	start time.Time

	preds   []*pred // by chc.Pred.ID
	queries []*query
	cindex  map[*chc.Clause]int // clause -> index in sys.Clauses (set up once)

	nodes []*node
	byKey map[string]*node
	avail availQueue
	steps int // nodes processed
	tick  int // summary changes so far (pred.changed is a tick)

	cands  []*cand
	lemmas []*lemma

	dirtyO, dirtyU bool // a summary changed since the last root check
	stats          stats
}

// Solve runs the algorithm: nodes are processed until the
// over-approximations exclude every query (Sat, the model is O) or an
// under-approximation reaches one (Unsat, a derivation), or ctx ends.
func (eng *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	e := &engine{ctx: ctx, opts: eng.opts, log: chc.Logger{Name: "clover", EngineOptions: eng.opts.EngineOptions}, sys: s, st: s.St, mbp: mbp.New(s.St, mbp.Options{}),
		start: time.Now(), byKey: map[string]*node{}}
	res := e.run()
	res.Stats = e.statList()
	return res
}

func (e *engine) run() chc.Result {
	if err := e.setup(); err != nil {
		return chc.GiveUp(e.ctx, "clover", err)
	}
	if err := e.sampleAll(); err != nil {
		return chc.GiveUp(e.ctx, "clover", err)
	}
	for {
		if chc.Cause(e.ctx) != nil {
			return chc.NoAnswer(chc.Cause(e.ctx))
		}
		if r, done, err := e.checkRoots(); err != nil {
			return chc.GiveUp(e.ctx, "clover", err)
		} else if done {
			return r
		}
		n := e.avail.pop()
		if n == nil {
			n = e.restart()
			if n == nil {
				return chc.NoAnswer(chc.Incomplete("clover: no node left to process and no answer"))
			}
		}
		if len(e.nodes) > e.opts.MaxNodes {
			return chc.NoAnswer(chc.Incomplete("clover: derivation tree exceeds %d nodes", e.opts.MaxNodes))
		}
		if err := e.process(n); err != nil {
			return chc.GiveUp(e.ctx, "clover", err)
		}
		e.steps++
		if e.steps%200 == 0 {
			e.log.Logf("step %d nodes %d available %d lemmas %d ec %d elapsed %.2fs\n",
				e.steps, len(e.nodes), e.avail.len(), len(e.lemmas), e.stats.ecLemmas, time.Since(e.start).Seconds())
		}
	}
}

// checkRoots applies SAFE and UNSAFE: every query excluded by the
// over-approximations gives Sat with O as the model; a query satisfiable
// under the under-approximations gives Unsat with its derivation.
func (e *engine) checkRoots() (chc.Result, bool, error) {
	if e.dirtyU {
		e.dirtyU = false
		for _, q := range e.queries {
			root, err := e.unsafe(q)
			if err != nil {
				return chc.Result{}, false, err
			}
			if root != nil {
				e.verbose("unsafe")
				return chc.Result{Answer: chc.Unsat, Derivation: root}, true, nil
			}
		}
	}
	if e.dirtyO {
		e.dirtyO = false
		for _, q := range e.queries {
			ok, err := e.blocked(q)
			if err != nil {
				return chc.Result{}, false, err
			}
			if !ok {
				return chc.Result{}, false, nil
			}
		}
		e.verbose("safe")
		return chc.Result{Answer: chc.Sat, Model: e.model()}, true, nil
	}
	return chc.Result{}, false, nil
}

// model is O: the conjunction of each predicate's over-approximation.
func (e *engine) model() chc.Model {
	m := chc.Model{}
	for _, p := range e.preds {
		m[p.p] = p.overFormula(e.st)
	}
	return m
}

func (e *engine) verbose(what string) {
	e.log.Logf("%s after %d steps, %d nodes, %d lemmas (%d EC), elapsed %.2fs",
		what, e.steps, len(e.nodes), len(e.lemmas), e.stats.ecLemmas, time.Since(e.start).Seconds())
}
