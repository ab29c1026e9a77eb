package catamorphism

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
)

func init() {
	chc.Register(chc.EngineInfo{
		Name:    "catamorphism",
		Summary: "datatype arguments abstracted by folds (size, sum, height), the abstraction solved by an integer engine: sat with models that apply recursive functions; never unsat",
		Params: []chc.Param{
			{Name: "catamorphism.engines", Default: DefaultInner, Usage: "the engines that solve the abstraction, in turn, comma-separated, each NAME[:SHARE] (SHARE: the fraction of the time left that it may use)"},
		},
		New: func(o chc.Options) (chc.Engine, error) {
			return New(o, o.Param("catamorphism.engines", DefaultInner))
		},
	})
}

// DefaultInner is the default value of catamorphism.engines: CLOVER
// first, with a third of the time, then Spacer. The abstractions are
// small integer systems whose invariants are equalities (a result's size
// is the sum of the arguments') and disequalities, which CLOVER finds in
// a fraction of a second where Spacer can turn for the whole time
// (ringen's tip2015 nat_acc_plus_comm, weird_nat_add3_assoc1, isaplanner
// prop_15).
const DefaultInner = "clover:0.3,spacer"

// Engine is the catamorphism abstraction engine.
type Engine struct {
	opts  chc.Options
	inner []member
}

// A member is one engine of the ones that solve the abstraction.
type member struct {
	name  string
	share float64 // of the time left; 1 for all of it
}

// New returns the engine with the options o, its abstraction solved by
// the registered engines listed in inner (see DefaultInner).
func New(o chc.Options, inner string) (*Engine, error) {
	e := &Engine{opts: o}
	for _, f := range strings.Split(inner, ",") {
		name, share, ok := strings.Cut(strings.TrimSpace(f), ":")
		m := member{name: name, share: 1}
		if ok {
			v, err := strconv.ParseFloat(share, 64)
			if err != nil || v <= 0 || v > 1 {
				return nil, fmt.Errorf("catamorphism.engines: bad share %q of %s", share, name)
			}
			m.share = v
		}
		if _, ok := chc.LookupEngine(name); !ok || name == "catamorphism" {
			return nil, fmt.Errorf("catamorphism.engines: no engine %q", name)
		}
		e.inner = append(e.inner, m)
	}
	return e, nil
}

// levels is the number of fold families tried, cheapest first.
const levels = 2

// Solve abstracts s with the folds of each level in turn and answers Sat
// with the first lifted model that the witness checker accepts on s; an
// abstract counterexample is no answer (the abstraction over-approximates),
// only the signal to try the next level.
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	log := chc.Logger{Name: "catamorphism", EngineOptions: chc.EngineOptions{Verbose: e.opts.Verbose}}
	sorts := sortsOf(s)
	if len(sorts) == 0 {
		return chc.NoAnswer(chc.Incomplete("catamorphism: no datatype argument"))
	}
	for level := 1; level <= levels; level++ {
		if c := chc.Cause(ctx); c != nil {
			return chc.NoAnswer(c)
		}
		fam := newFamily(s.St, level, sorts)
		a := abstract(s, fam)
		sub, cancel := share(ctx, levels-level+1)
		res := e.solveAbstract(sub, a.abs)
		cancel()
		log.Logf("level %d: abstraction %s", level, res.Answer)
		if res.Answer != chc.Sat {
			continue
		}
		m := a.lift(res.Model)
		if err := witness.CheckModel(ctx, s, m); err != nil {
			log.Logf("level %d: lifted model fails: %v", level, err)
			continue
		}
		return chc.Result{Answer: chc.Sat, Model: m}
	}
	if c := chc.Cause(ctx); c != nil {
		return chc.NoAnswer(c)
	}
	return chc.NoAnswer(chc.Incomplete("catamorphism: the abstractions have counterexamples"))
}

// share is ctx with 1/n of the time it has left (all of it for n = 1 or
// without a deadline).
func share(ctx context.Context, n int) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok || n <= 1 {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, time.Now().Add(time.Until(dl)/time.Duration(n)))
}

// shareOf is ctx with the fraction share of the time it has left.
func shareOf(ctx context.Context, share float64) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok || share >= 1 {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, time.Now().Add(time.Duration(float64(time.Until(dl))*share)))
}

// solveAbstract preprocesses the abstraction and solves it with the inner
// engine, the model translated back to the abstraction.
func (e *Engine) solveAbstract(ctx context.Context, abs *chc.System) chc.Result {
	pre, back, err := passes.Preprocess(ctx, abs, passes.Default()...)
	if err != nil {
		return chc.NoAnswer(err)
	}
	o := e.opts
	o.Verbose, o.Trace = nil, nil
	var res chc.Result
	for _, mb := range e.inner {
		inner, err := chc.NewEngine(mb.name, o)
		if err != nil {
			return chc.NoAnswer(err)
		}
		sub, cancel := shareOf(ctx, mb.share)
		res = inner.Solve(sub, pre)
		cancel()
		if res.Answer == chc.Sat || chc.Cause(ctx) != nil {
			break
		}
	}
	if res.Answer != chc.Sat {
		return res
	}
	m, err := back.Model(ctx, res.Model)
	if err != nil {
		return chc.NoAnswer(err)
	}
	res.Model = m
	return res
}

// sortsOf lists the datatype sorts of the predicates' parameters.
func sortsOf(s *chc.System) []*term.Sort {
	var sorts []*term.Sort
	for _, p := range s.Preds {
		for _, x := range p.Params {
			if x.Sort().IsDatatype() && !slices.Contains(sorts, x.Sort()) {
				sorts = append(sorts, x.Sort())
			}
		}
	}
	return sorts
}
