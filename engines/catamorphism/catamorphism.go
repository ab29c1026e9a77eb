package catamorphism

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
			{Name: "catamorphism.engines", Default: DefaultInner, Usage: "the engines that solve the abstractions, in turn, comma-separated"},
		},
		New: func(o chc.Options) (chc.Engine, error) {
			return New(o, o.Param("catamorphism.engines", DefaultInner))
		},
	})
}

// DefaultInner is the default value of catamorphism.engines: CLOVER,
// then Spacer. The abstractions are small integer systems whose
// invariants are equalities (a result's size is the sum of the
// arguments') and disequalities, which CLOVER finds in a fraction of a
// second where Spacer can turn for the whole time (ringen's tip2015
// nat_acc_plus_comm, weird_nat_add3_assoc1, isaplanner prop_15).
const DefaultInner = "clover,spacer"

// Engine is the catamorphism abstraction engine.
type Engine struct {
	opts  chc.Options
	inner []string
}

// New returns the engine with the options o, its abstraction solved by
// the registered engines listed in inner (comma-separated, see
// DefaultInner).
func New(o chc.Options, inner string) (*Engine, error) {
	e := &Engine{opts: o}
	for _, name := range strings.Split(inner, ",") {
		name = strings.TrimSpace(name)
		if _, ok := chc.LookupEngine(name); !ok || name == "catamorphism" || name == "portfolio" {
			return nil, fmt.Errorf("catamorphism.engines: no engine %q (a registered one other than catamorphism and portfolio)", name)
		}
		e.inner = append(e.inner, name)
	}
	return e, nil
}

// levels is the number of fold families tried, cheapest first.
const levels = 2

// firstSlice is the time of each run of an inner engine on the level-1
// abstraction in the first round (level 2 gets half, being needed less
// often and harder); each round doubles it.
const firstSlice = 500 * time.Millisecond

// A task is one inner engine on the abstraction of one level.
type task struct {
	level  int
	engine string
	done   bool // the engine gave up on it
}

// Solve abstracts s with the folds of each level and runs the inner
// engines on each abstraction in rounds, each run in a slice of time that
// doubles from round to round (so that a level or an engine that turns
// costs the others at most as much as they ran), until a lifted model
// passes the witness checker on s. An abstract counterexample is no
// answer (the abstraction over-approximates): it only ends its level.
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	start := time.Now()
	var n counts
	res := e.solve(ctx, s, &n)
	res.Stats = []chc.Stat{
		{Name: "catamorphism.levels", Value: n.levels},
		{Name: "catamorphism.folds", Value: n.folds},
		{Name: "catamorphism.runs", Value: n.runs},
		{Name: "catamorphism.level", Value: n.level},
		{Name: "catamorphism.time", Value: time.Since(start)},
	}
	return res
}

// counts are the statistics of a run: the abstractions built, their
// folds, the runs of inner engines, the level of the answer (0: none).
type counts struct {
	levels, folds, runs, level int
}

func (e *Engine) solve(ctx context.Context, s *chc.System, n *counts) chc.Result {
	log := chc.Logger{Name: "catamorphism", EngineOptions: chc.EngineOptions{Verbose: e.opts.Verbose, Trace: e.opts.Trace}}
	poll := chc.NewBudget(ctx) // the limits of the run: time, memory
	if err := poll.Poll(); err != nil {
		return chc.NoAnswer(err)
	}
	sorts := sortsOf(s) // none: the abstraction is the system itself
	if why := outside(s, sorts); why != "" {
		return chc.NoAnswer(chc.Incomplete("catamorphism: %s", why))
	}
	type level struct {
		a    *abstraction
		pre  *chc.System
		back passes.Translator
		done bool // unsat, or its model failed
	}
	top := levels
	if len(sorts) == 0 { // the levels are all the same
		top = 1
	}
	lv := make([]*level, top+1)
	var tasks []*task
	for l := 1; l <= top; l++ {
		for _, name := range e.inner {
			tasks = append(tasks, &task{level: l, engine: name})
		}
	}
	o := e.opts
	o.Verbose, o.Trace = nil, nil
	for slice := firstSlice; ; slice *= 2 {
		alive := false
		for _, tk := range tasks {
			if err := poll.Poll(); err != nil {
				return chc.NoAnswer(err)
			}
			if tk.done || (lv[tk.level] != nil && lv[tk.level].done) {
				continue
			}
			alive = true
			if lv[tk.level] == nil { // built on first use
				fam := newFamily(s.St, tk.level, sorts)
				n.levels++
				for _, d := range fam.order {
					for _, f := range fam.folds[d] {
						n.folds++
						if log.Tracing() {
							log.Tracef("level %d: fold %s = %s", tk.level, f.fn.Name(), term.Sprint(s.St.Body(f.fn.Rec())))
						}
					}
				}
				a := abstract(s, fam)
				pre, back, err := passes.Preprocess(ctx, a.abs, passes.Default()...)
				if err != nil {
					return chc.NoAnswer(err)
				}
				lv[tk.level] = &level{a: a, pre: pre, back: back}
			}
			l := lv[tk.level]
			inner, err := chc.NewEngine(tk.engine, o)
			if err != nil {
				return chc.NoAnswer(err)
			}
			run := slice
			if tk.level > 1 {
				run /= 2
			}
			sub, cancel := context.WithTimeout(ctx, run)
			n.runs++
			res := inner.Solve(sub, l.pre)
			// out of time (a Budget can see the deadline pass before the
			// context's timer fires), rather than given up
			expired := sub.Err() != nil || errors.Is(res.Reason, chc.ErrTimeout) || errors.Is(res.Reason, chc.ErrCanceled)
			cancel()
			log.Logf("level %d, %s in %v: abstraction %s (%v)", tk.level, tk.engine, run, res.Answer, res.Reason)
			log.Tracef("level %d, %s in %v: abstraction %s (%v)", tk.level, tk.engine, run, res.Answer, res.Reason)
			switch res.Answer {
			case chc.Unsat:
				l.done = true
			case chc.Sat:
				m, err := l.back.Model(ctx, res.Model)
				if err != nil {
					log.Logf("level %d: model translation: %v", tk.level, err)
					l.done = true
					continue
				}
				lifted := l.a.lift(m)
				if err := witness.CheckModel(ctx, s, lifted); err != nil {
					log.Logf("level %d: lifted model fails: %v", tk.level, err)
					l.done = true
					continue
				}
				n.level = tk.level
				return chc.Result{Answer: chc.Sat, Model: lifted}
			default:
				tk.done = !expired // gave up, rather than ran out of time
			}
		}
		if !alive {
			return chc.NoAnswer(chc.Incomplete("catamorphism: the abstractions have counterexamples"))
		}
	}
}

// outside says why s is outside what the folds can abstract usefully
// (datatypes with array fields, arrays among the arguments: the Solidity
// encodings, whose invariants are about array contents), or "".
func outside(s *chc.System, sorts []*term.Sort) string {
	for _, p := range s.Preds {
		for _, x := range p.Params {
			if x.Sort().IsArray() {
				return "an array argument"
			}
		}
	}
	seen := map[*term.Sort]bool{}
	var arrays func(d *term.Sort) bool
	arrays = func(d *term.Sort) bool {
		if d.IsArray() {
			return true
		}
		if !d.IsDatatype() || seen[d] {
			return false
		}
		seen[d] = true
		for _, c := range d.Datatype().Constructors() {
			for _, f := range c.Domain() {
				if arrays(f) {
					return true
				}
			}
		}
		return false
	}
	for _, d := range sorts {
		if arrays(d) {
			return "a datatype with an array field"
		}
	}
	return ""
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
