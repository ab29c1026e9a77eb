package gospacer

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/spacer"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Inductive is the level of a lemma that holds at every level (z3's -1
// in add_cover).
const Inductive = spacer.Inductive

// A Fixedpoint is an incremental CHC solver in the spirit of z3's
// Fixedpoint object: register predicates, add rules, then query
// formulas, as often as needed. It runs Spacer, and keeps what Spacer
// learns from query to query: the lemmas, over-approximations of the
// predicates that hold whatever the query, seed the next query, so asking
// again, or asking something close, is cheaper. Lemmas can be read
// (Lemmas, Cover) and the caller can inject those they know (AddCover,
// z3's add_cover).
//
// Adding a rule drops the learned lemmas (they may no longer hold) and
// keeps the injected ones. Answers follow z3's fixedpoint convention in
// Result.String ("sat": the query is reachable); Result.Answer stays
// chc's (Unsat: a derivation of the query exists). Every answer is
// checked like Solve's: an injected lemma that is wrong can cost time,
// never make a wrong answer: when a query with injected lemmas ends
// Unknown before its time is up (a witness failed its check, or the
// engine met a contradiction), they are dropped (with what was learned
// since) and the query is solved again.
//
// A Fixedpoint is not safe for concurrent use. A query whose engine does
// not stop within a second of the deadline returns Unknown at once and
// leaves the engine to stop by itself; the next call on the Fixedpoint
// waits for it, since it still uses the store.
type Fixedpoint struct {
	b       *Builder
	options []Option
	covers  []spacer.PredLemma // injected with AddCover
	learned []spacer.PredLemma // held at the end of the last query (covers included)
	// late is the engine of a query that pipeline.Solve left running after
	// its context ended (it stops at its next look at the context): it
	// still uses the store, so every method waits for it first.
	late *lemmaEngine
}

// settle waits for an engine left running by the last query.
func (fp *Fixedpoint) settle() {
	if fp.late != nil {
		<-fp.late.finished
		fp.late = nil
	}
}

// NewFixedpoint returns a Fixedpoint over st (nil: a new store). The
// options apply to every query; the engine is always Spacer (its
// parameters, WithParam("spacer...."), apply), and the system is not
// preprocessed (the lemmas are about its predicates as they are).
func NewFixedpoint(st *term.Store, options ...Option) *Fixedpoint {
	return &Fixedpoint{b: NewBuilder(st), options: options}
}

// Store is the term store the formulas must be built in.
func (fp *Fixedpoint) Store() *term.Store {
	fp.settle()
	return fp.b.Store()
}

// Pred declares and registers a predicate (see Builder.Pred).
func (fp *Fixedpoint) Pred(name string, sorts ...*term.Sort) *term.Func {
	fp.settle()
	return fp.b.Pred(name, sorts...)
}

// Register makes symbols predicates (z3's register_relation).
func (fp *Fixedpoint) Register(fs ...*term.Func) error {
	fp.settle()
	return fp.b.Register(fs...)
}

// AddRule adds a rule (see Builder.Rule) and drops the learned lemmas.
func (fp *Fixedpoint) AddRule(r *term.Term) error {
	fp.settle()
	if err := fp.b.add(r, false, false); err != nil {
		return err
	}
	fp.learned = nil
	return nil
}

// Query asks whether an instance of q, a formula over predicates and
// constraints whose free constants are existential, is derivable from
// the rules: Result.String is "sat" when it is (Result.Derivation shows
// how), "unsat" when not (Result.Model is an invariant of the rules that
// excludes q), "unknown" with Result.Reason otherwise. The error is for a
// malformed q or options.
func (fp *Fixedpoint) Query(ctx context.Context, q *term.Term) (Result, error) {
	fp.settle()
	c, err := newConfig(fp.options)
	if err != nil {
		return Result{}, err
	}
	if c.custom != nil || (c.engine != "" && c.engine != "spacer") {
		return Result{}, errors.New("gospacer: a Fixedpoint runs Spacer; WithEngine and WithPortfolio do not apply")
	}
	so, err := spacer.OptionsFrom(c.opts)
	if err != nil {
		return Result{}, fmt.Errorf("gospacer: %w", err)
	}
	qb := *fp.b // the rules, and the query on a copy of their clause list
	qb.sys = &System{St: fp.b.sys.St, Preds: fp.b.sys.Preds, Clauses: fp.b.sys.Clauses[:len(fp.b.sys.Clauses):len(fp.b.sys.Clauses)]}
	if err := qb.Query(q); err != nil {
		return Result{}, err
	}
	sys := qb.sys
	sys.FixedpointFormat = true
	c.opts.NoPreprocess = true

	seed := fp.learned
	if seed == nil {
		seed = fp.covers
	}
	// le is the engine of the run under way; keep records what it held
	// when it returned, or that it was left running.
	le := &lemmaEngine{en: spacer.New(so), seed: seed, finished: make(chan struct{})}
	keep := func() {
		if held, ok := le.result(); ok {
			fp.learned = held
		} else {
			fp.late = le
		}
	}
	c.engine, c.custom = "", le
	res, err := c.solve(ctx, sys, func() chc.Engine {
		keep()
		if len(fp.covers) == 0 || fp.late != nil {
			return nil
		}
		// an injected lemma may be wrong: drop them all, and what was
		// learned from them, and solve again
		fp.covers, fp.learned = nil, nil
		le = &lemmaEngine{en: spacer.New(so), seed: nil, finished: make(chan struct{})}
		return le
	})
	if err != nil {
		return Result{}, err
	}
	keep()
	return res, nil
}

// A Lemma is what Spacer knows of a predicate: Formula, over the
// predicate's parameters (Fixedpoint.Params), holds for every fact of the
// predicate derivable in at most Level steps (every one when Level is
// Inductive).
type Lemma struct {
	Pred    *term.Func
	Level   int
	Formula *term.Term
}

// Lemmas are the lemmas held after the last query (learned and
// injected), by predicate in order of registration.
func (fp *Fixedpoint) Lemmas() []Lemma {
	fp.settle()
	src := fp.learned
	if src == nil {
		src = fp.covers
	}
	out := make([]Lemma, len(src))
	for i, lm := range src {
		out[i] = Lemma{Pred: lm.Pred.Func, Level: lm.Level, Formula: lm.Pred.Instantiate(fp.b.sys.St, lm.Formula, fp.b.callerVars(lm.Pred))}
	}
	return out
}

// Params are the parameters of the predicate f, the constants the
// formulas of Lemmas are over, named as the caller names them: the
// arguments of f's first application to distinct constants in a rule
// (st.Apply(inv, x, y): x and y), else internal constants; nil when f is
// not registered.
func (fp *Fixedpoint) Params(f *term.Func) []*term.Term {
	fp.settle()
	if p := fp.b.preds[f]; p != nil {
		return fp.b.callerVars(p)
	}
	return nil
}

// Cover is the conjunction of the lemmas of atom's predicate that hold at
// level (with level Inductive: of its inductive lemmas), over atom's
// arguments: the atom is z3's style of naming the variables, such as
// st.Apply(inv, x, y).
func (fp *Fixedpoint) Cover(level int, atom *term.Term) (*term.Term, error) {
	fp.settle()
	p, err := fp.atomPred(atom)
	if err != nil {
		return nil, err
	}
	st := fp.Store()
	var parts []*term.Term
	for _, lm := range fp.Lemmas() {
		if lm.Pred != p.Func {
			continue
		}
		if lm.Level == Inductive || (level != Inductive && lm.Level >= level) {
			parts = append(parts, lm.Formula)
		}
	}
	return st.Simplify(st.Substitute(st.And(append(parts, st.True())...), fp.b.callerVars(p), atom.Args())), nil
}

// AddCover tells the solver that property holds for every fact of atom's
// predicate derivable in at most level steps (every fact with level
// Inductive): atom applies the predicate to distinct constants
// (st.Apply(inv, x, y)) and property is a formula over them (st.Le(x,
// y)). The cover seeds every later query, like z3's add_cover; it is
// trusted, not proved (see Fixedpoint for what a wrong one costs).
func (fp *Fixedpoint) AddCover(level int, atom, property *term.Term) error {
	fp.settle()
	p, err := fp.atomPred(atom)
	if err != nil {
		return err
	}
	if level < 0 && level != Inductive {
		return fmt.Errorf("gospacer: AddCover: level %d (a level is >= 0, or Inductive)", level)
	}
	if property == nil || !chc.InStore(fp.Store(), property) || property.Sort() != term.BoolSort || property.HasQuantifier() || property.HasBound() {
		return errors.New("gospacer: AddCover: the property is not a quantifier-free Boolean formula of the Fixedpoint's store")
	}
	args := atom.Args()
	own := map[*term.Term]bool{}
	for _, x := range args {
		if !x.IsConst() || own[x] {
			return fmt.Errorf("gospacer: AddCover: the arguments of %s must be distinct constants", term.Sprint(atom))
		}
		own[x] = true
	}
	for _, x := range term.FreeConsts(property) {
		if !own[x] {
			return fmt.Errorf("gospacer: AddCover: the property mentions %s, not an argument of %s", x.Name(), term.Sprint(atom))
		}
	}
	if fns := term.Funcs(property); len(fns) > 0 {
		return fmt.Errorf("gospacer: AddCover: the property applies %s", fns[0].Name())
	}
	f := fp.Store().Substitute(property, args, p.Params)
	lm := spacer.PredLemma{Pred: p, Level: level, Formula: f}
	fp.covers = append(fp.covers, lm)
	if fp.learned != nil {
		fp.learned = append(fp.learned, lm)
	}
	return nil
}

// atomPred is the registered predicate atom applies.
func (fp *Fixedpoint) atomPred(atom *term.Term) (*Pred, error) {
	if atom != nil && chc.InStore(fp.Store(), atom) && (atom.Op() == term.OpApply || atom.Op() == term.OpConst) {
		if p := fp.b.preds[atom.Func()]; p != nil {
			return p, nil
		}
	}
	return nil, fmt.Errorf("gospacer: %v does not apply a registered predicate", atom)
}

// lemmaEngine runs Spacer from seed lemmas and keeps the lemmas it holds
// at the end; pipeline.Solve may leave it behind (grace), so under a lock, and
// finished is closed when it returns.
type lemmaEngine struct {
	en       *spacer.Engine
	seed     []spacer.PredLemma
	finished chan struct{}
	mu       sync.Mutex
	held     []spacer.PredLemma
	done     bool
}

func (le *lemmaEngine) Solve(ctx context.Context, s *chc.System) chc.Result {
	defer close(le.finished)
	res, held := le.en.SolveWithLemmas(ctx, s, le.seed)
	le.mu.Lock()
	le.held, le.done = held, true
	le.mu.Unlock()
	return res
}

func (le *lemmaEngine) result() ([]spacer.PredLemma, bool) {
	le.mu.Lock()
	defer le.mu.Unlock()
	return le.held, le.done
}
