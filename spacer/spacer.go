package spacer

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Options configure the engine. The zero value is the default
// configuration; each setting is also an engine parameter (see init).
type Options struct {
	// EngineOptions: Verbose receives one progress line per level (the
	// level, the number of lemmas, of obligations, and the time so far),
	// Trace one line per lemma, obligation and reach fact.
	chc.EngineOptions
	// NoInductiveGen turns off inductive generalisation (only the unsat
	// core then generalises a blocked obligation).
	NoInductiveGen bool
	// NoWeaken turns off weakening the equalities of a lemma's cube into
	// inequalities after inductive generalisation.
	NoWeaken bool
	// PobPush re-queues a blocked obligation one level above its lemma
	// (up to the current bound), as z3 does. Off by default: on the dev
	// sets at 10 s it cost 3–4 files of lia-nonlin and 1–2 of lia-lin.
	PobPush bool
	// NoItp turns off lemmas from Farkas interpolants (package itp).
	NoItp bool
	// ItpCore falls back to itp.Core (a fresh solver per call) when the
	// cheap Farkas step on the clause solver's model finds nothing.
	ItpCore bool
	// NoArrayEqualities turns off strengthening obligations with the
	// array (dis)equalities of the model (FMCAD'15 §IV-C.2), on by
	// default when a predicate has an array argument (reach facts never
	// get them: see doc.go, Arrays).
	NoArrayEqualities bool
	// NoGuidance turns off the lemma-cluster generalisations (guide.go).
	NoGuidance bool
	// WeakAbs turns on weak abstraction: a lemma's first push checked
	// with integer reasoning off (push.go). Off by default: on lia-lin and
	// lia-nonlin it solved no file more and took 0.79x the time when off.
	WeakAbs bool
	// MayPobs turns on may-obligations from the conjectures of lemma
	// clusters (guide.go). Off by default: no file more on lia-lin and
	// lia-nonlin, 0.84x the time when off.
	MayPobs bool
	// NoStuck turns off the "stuck on a lemma" alarm (stuck.go).
	NoStuck bool
	// NoCtp turns off counterexamples to pushing: the model of a failed
	// push, kept to skip the next attempts while it still satisfies the
	// frame (ctp.go).
	NoCtp bool
	// NoWeakenBounds turns off weakening the bounds of interpolant
	// lemmas towards the obligation (bound.go).
	NoWeakenBounds bool
	// NoSymmetry turns off trying the permutations of a lemma that the
	// clauses permuting a predicate's arguments give (symmetry.go).
	NoSymmetry bool
	// NoHoudini turns off learning, before the first level, the largest
	// inductive subset of candidate invariants read off the clauses
	// (houdini.go).
	NoHoudini bool
	// MaxLevel stops with Unknown past this bound (0: no limit).
	MaxLevel int
}

// params are the engine's parameters, each a field of Options.
var params = []struct {
	name, usage string
	field       func(*Options) any // *bool or *int
}{
	{"spacer.inductive-gen", "inductive generalisation of blocked cubes", func(o *Options) any { return negated{&o.NoInductiveGen} }},
	{"spacer.weaken", "weaken equalities of lemmas into inequalities", func(o *Options) any { return negated{&o.NoWeaken} }},
	{"spacer.pob-push", "re-queue a blocked obligation one level up, as z3 does", func(o *Options) any { return &o.PobPush }},
	{"spacer.itp", "lemmas from Farkas interpolants", func(o *Options) any { return negated{&o.NoItp} }},
	{"spacer.itp-core", "fall back to itp.Core when the Farkas step finds nothing", func(o *Options) any { return &o.ItpCore }},
	{"spacer.array-equalities", "strengthen obligations with the model's array (dis)equalities", func(o *Options) any { return negated{&o.NoArrayEqualities} }},
	{"spacer.guidance", "generalise lemmas from clusters (global guidance)", func(o *Options) any { return negated{&o.NoGuidance} }},
	{"spacer.weaken-bounds", "weaken the bounds of interpolant lemmas towards the obligation", func(o *Options) any { return negated{&o.NoWeakenBounds} }},
	{"spacer.weak-abs", "check a lemma's first push with integers relaxed (weak abstraction)", func(o *Options) any { return &o.WeakAbs }},
	{"spacer.may-pobs", "queue a cluster's conjecture as a may-obligation (global guidance)", func(o *Options) any { return &o.MayPobs }},
	{"spacer.stuck", "when a lemma shape recurs level after level, try the obligation itself and sums of its bounds", func(o *Options) any { return negated{&o.NoStuck} }},
	{"spacer.ctp", "skip pushing a lemma while the model of its failed push still stands", func(o *Options) any { return negated{&o.NoCtp} }},
	{"spacer.symmetry", "learn a lemma's images under the argument permutations of clauses P(h) <- P(b)", func(o *Options) any { return negated{&o.NoSymmetry} }},
	{"spacer.houdini", "start from the largest inductive subset of candidate invariants read off the clauses", func(o *Options) any { return negated{&o.NoHoudini} }},
	{"spacer.max-level", "answer unknown past this level (0: no bound)", func(o *Options) any { return &o.MaxLevel }},
}

// negated is a parameter stored as its negation (true: the field false).
type negated struct{ p *bool }

func init() {
	var ps []chc.Param
	def := Options{}
	for _, p := range params {
		var d string
		switch f := p.field(&def).(type) {
		case negated:
			d = fmt.Sprint(!*f.p)
		case *bool:
			d = fmt.Sprint(*f)
		case *int:
			d = fmt.Sprint(*f)
		}
		ps = append(ps, chc.Param{Name: p.name, Default: d, Usage: p.usage})
	}
	chc.Register(chc.EngineInfo{
		Name:    "spacer",
		Summary: "Spacer (CAV'14, FMCAD'15): lemmas by interpolation and MBP, level by level; the general-purpose engine, linear and nonlinear, arrays",
		Params:  ps,
		New: func(o chc.Options) (chc.Engine, error) {
			opts, err := OptionsFrom(o)
			if err != nil {
				return nil, err
			}
			return New(opts), nil
		},
	})
}

// OptionsFrom reads the engine's Options from the shared ones and their
// spacer.* parameters.
func OptionsFrom(o chc.Options) (Options, error) {
	opts := Options{EngineOptions: chc.EngineOptions{Verbose: o.Verbose, Trace: o.Trace}}
	for _, p := range params {
		switch f := p.field(&opts).(type) {
		case negated:
			v, err := o.Bool(p.name, !*f.p)
			if err != nil {
				return opts, err
			}
			*f.p = !v
		case *bool:
			v, err := o.Bool(p.name, *f)
			if err != nil {
				return opts, err
			}
			*f = v
		case *int:
			v, err := o.Int(p.name, *f)
			if err != nil {
				return opts, err
			}
			*f = v
		}
	}
	return opts, nil
}

// Engine is the Spacer engine; it implements chc.Engine. An Engine holds
// only its options: Solve may run concurrently on systems over distinct
// term stores.
type Engine struct {
	opts Options
}

// New returns a Spacer engine with the given options.
func New(opts Options) *Engine { return &Engine{opts: opts} }

var _ chc.Engine = (*Engine)(nil)

// errUnknown carries the reason of an Unknown answer out of the search; a
// reason that starts with "internal" is a bug (chc.ErrInternal), any other
// a limit of the engine (chc.ErrIncomplete).
type errUnknown struct{ reason string }

func (e *errUnknown) Error() string { return e.reason }

// result of the search, set by the parts that find an answer.
type found struct {
	answer chc.Answer
	model  chc.Model
	root   *chc.Node
}

// Solve decides s: Sat with a model, Unsat with a derivation, Unknown
// (never a guess) on cancellation or a sub-solver's unknown. Call it
// through pipeline.Solve, which preprocesses s and checks the witness.
func (en *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	e := newEngine(ctx, en.opts, s)
	res := e.run(nil)
	res.Stats = e.statistics()
	return res
}

func (e *engine) run(seed []PredLemma) (res chc.Result) {
	defer func() {
		if r := recover(); r != nil {
			res = chc.NoAnswer(chc.Internal("spacer: panic: %v\n%s", r, debug.Stack()))
		}
	}()
	if err := e.build(); err != nil {
		return e.unknown(err)
	}
	if err := e.addSeed(seed); err != nil { // lemmas_api.go
		return e.unknown(err)
	}
	for n := 0; ; n++ {
		if e.opts.MaxLevel > 0 && n > e.opts.MaxLevel {
			return chc.NoAnswer(chc.Incomplete("spacer: level bound %d", e.opts.MaxLevel))
		}
		e.bound = n
		e.stats.levels = n + 1
		f, err := e.solveLevel(n)
		if err != nil {
			return e.unknown(err)
		}
		if f == nil {
			f, err = e.propagate(n)
			if err != nil {
				return e.unknown(err)
			}
		}
		e.progress(n)
		if f != nil {
			return e.finish(f)
		}
	}
}

func (e *engine) unknown(err error) chc.Result {
	if c := chc.Cause(e.ctx); c != nil {
		return chc.NoAnswer(c)
	}
	var u *errUnknown
	if errors.As(err, &u) && strings.HasPrefix(u.reason, "internal") {
		return chc.NoAnswer(chc.Internal("spacer: %s", strings.TrimPrefix(strings.TrimPrefix(u.reason, "internal"), ": ")))
	}
	return chc.NoAnswer(chc.Incomplete("spacer: %v", err))
}

// finish gives the answer found.
func (e *engine) finish(f *found) chc.Result {
	switch f.answer {
	case chc.Sat:
		return chc.Result{Answer: chc.Sat, Model: f.model}
	case chc.Unsat:
		return chc.Result{Answer: chc.Unsat, Derivation: f.root}
	}
	return chc.NoAnswer(chc.Internal("spacer: no answer"))
}

// solveLevel blocks the goal at level n. It returns a found counterexample,
// or nil when the goal is blocked at n.
func (e *engine) solveLevel(n int) (*found, error) {
	e.queue.push(e.newPob(e.goal, nil, n, 0, nil))
	for e.queue.len() > 0 {
		if err := e.tick(); err != nil {
			return nil, err
		}
		if err := e.maybeHoudini(); err != nil { // houdini.go
			return nil, err
		}
		pb := e.queue.pop()
		if pb.closed {
			continue
		}
		f, err := e.process(pb)
		if err != nil || f != nil {
			return f, err
		}
	}
	return nil, nil
}

// tick checks cancellation (a timeout, the memory bound, a portfolio's
// winner): it polls the run's limits every so many calls (see
// chc.Budget), which also stops the run on wasip1 and js.
func (e *engine) tick() error {
	e.steps++
	return e.poll.Step()
}

func (e *engine) progress(n int) {
	if e.opts.Verbose == nil {
		return
	}
	lemmas := 0
	for _, p := range e.preds {
		lemmas += len(p.lemmas)
	}
	e.log.Logf("level %d lemmas %d pobs %d reach %d checks %d %.2fs",
		n, lemmas, e.stats.pobs, e.stats.reach, e.stats.checks, time.Since(e.start).Seconds())
}

type stats struct {
	levels            int
	pobs              int
	reach             int
	checks            int
	checkTime         time.Duration
	mbpCalls          int
	mbpTime           time.Duration
	genTime           time.Duration
	itpTime           time.Duration
	itpCalls          int
	itpLemmas         int
	subsumed          int
	weakened          int
	boundWeakened     int
	farkasCalls       int
	guideTries        int
	guideWins         int
	pushChecks        int
	pushSkips         int
	ctpSkips          int
	stuckAlarms       int
	mayPobs           int
	relaxedHits       int
	stuckWins         int
	work              int // the clause solvers' work in checks (houdini.SolverWork), which pays for Houdini
	houdiniTries      int
	houdiniSize       int
	houdiniChecks     int
	houdiniWork       int
	houdiniInvariants int
	houdiniRefuted    int // candidates reachable states dropped (noteState)
	houdiniTime       time.Duration
	reserveChecks     int
	reserveLemmas     int
	symmetricTries    int
	symmetricLemmas   int
}

func (e *engine) statistics() []chc.Stat {
	perLevel := []int{}
	inf := 0
	total := 0
	for _, p := range e.preds {
		for _, lm := range p.lemmas {
			total++
			if lm.level >= infLevel {
				inf++
				continue
			}
			for len(perLevel) <= lm.level {
				perLevel = append(perLevel, 0)
			}
			perLevel[lm.level]++
		}
	}
	return []chc.Stat{
		{Name: "spacer.levels", Value: e.stats.levels},
		{Name: "spacer.pobs", Value: e.stats.pobs},
		{Name: "spacer.lemmas", Value: total},
		{Name: "spacer.lemmas-inductive", Value: inf},
		{Name: "spacer.lemmas-per-level", Value: fmt.Sprint(perLevel)},
		{Name: "spacer.lemmas-subsumed", Value: e.stats.subsumed},
		{Name: "spacer.reach-facts", Value: e.stats.reach},
		{Name: "spacer.smt-checks", Value: e.stats.checks},
		{Name: "spacer.smt-time", Value: e.stats.checkTime},
		{Name: "spacer.push-checks", Value: e.stats.pushChecks},
		{Name: "spacer.push-skips", Value: e.stats.pushSkips},
		{Name: "spacer.ctp-skips", Value: e.stats.ctpSkips},
		{Name: "spacer.mbp-calls", Value: e.stats.mbpCalls},
		{Name: "spacer.mbp-time", Value: e.stats.mbpTime},
		{Name: "spacer.gen-time", Value: e.stats.genTime},
		{Name: "spacer.weakened", Value: e.stats.weakened},
		{Name: "spacer.bounds-weakened", Value: e.stats.boundWeakened},
		{Name: "spacer.guide-tries", Value: e.stats.guideTries},
		{Name: "spacer.guide-wins", Value: e.stats.guideWins},
		{Name: "spacer.may-pobs", Value: e.stats.mayPobs},
		{Name: "spacer.relaxed-hits", Value: e.stats.relaxedHits},
		{Name: "spacer.stuck-alarms", Value: e.stats.stuckAlarms},
		{Name: "spacer.stuck-wins", Value: e.stats.stuckWins},
		{Name: "spacer.houdini-tries", Value: e.stats.houdiniTries},
		{Name: "spacer.houdini-size", Value: e.stats.houdiniSize},
		{Name: "spacer.houdini-checks", Value: e.stats.houdiniChecks},
		{Name: "spacer.work", Value: e.stats.work},
		{Name: "spacer.houdini-work", Value: e.stats.houdiniWork},
		{Name: "spacer.houdini-invariants", Value: e.stats.houdiniInvariants},
		{Name: "spacer.houdini-refuted", Value: e.stats.houdiniRefuted},
		{Name: "spacer.houdini-time", Value: e.stats.houdiniTime},
		{Name: "spacer.reserve-checks", Value: e.stats.reserveChecks},
		{Name: "spacer.reserve-lemmas", Value: e.stats.reserveLemmas},
		{Name: "spacer.symmetric-tries", Value: e.stats.symmetricTries},
		{Name: "spacer.symmetric-lemmas", Value: e.stats.symmetricLemmas},
		{Name: "spacer.farkas-calls", Value: e.stats.farkasCalls},
		{Name: "spacer.itp-calls", Value: e.stats.itpCalls},
		{Name: "spacer.itp-lemmas", Value: e.stats.itpLemmas},
		{Name: "spacer.itp-time", Value: e.stats.itpTime},
	}
}

// project runs MBP, eliminating every constant of phi but keep.
func (e *engine) project(vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
	return e.projectWith(e.mbp, vars, phi, m)
}

// projectWith is project with the projector pr.
func (e *engine) projectWith(pr *mbp.Projector, vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
	t0 := time.Now()
	e.stats.mbpCalls++
	r, err := pr.Project(vars, phi, m)
	e.stats.mbpTime += time.Since(t0)
	if err != nil {
		return nil, &errUnknown{"mbp: " + err.Error()}
	}
	return r.Formula, nil
}
