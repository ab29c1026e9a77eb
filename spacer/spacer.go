package spacer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Options configure the engine. The zero value is the default
// configuration.
type Options struct {
	// Verbose, when set, receives one progress line per level: the
	// level, the number of lemmas, of obligations, and the time so far.
	Verbose io.Writer
	// Trace, when set, receives one line per lemma, obligation and reach
	// fact.
	Trace io.Writer
	// MemoryMB bounds the Go heap in MiB (0: no bound); past it Solve
	// answers Unknown with the reason "memory".
	MemoryMB int
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
	// NoArrayEqualities turns off strengthening obligations and reach
	// facts with the array (dis)equalities of the model (FMCAD'15
	// §IV-C.2), on by default when a predicate has an array argument.
	NoArrayEqualities bool
	// NoGuidance turns off the lemma-cluster generalisations (guide.go).
	NoGuidance bool
	// NoPreprocess solves the system as given, without chc.DefaultPasses.
	NoPreprocess bool
	// MaxLevel stops with Unknown past this bound (0: no limit).
	MaxLevel int
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

// errUnknown carries the reason of an Unknown answer out of the search.
type errUnknown struct{ reason string }

func (e *errUnknown) Error() string { return e.reason }

// result of the search, set by the parts that find an answer.
type found struct {
	answer chc.Answer
	model  chc.Model
	root   *chc.Node
}

// Solve decides s: Sat with a model checked by chc.CheckModel, Unsat with
// a derivation checked by chc.CheckDerivation, Unknown (never a guess) on
// timeout, cancellation, the memory bound or a sub-solver's unknown.
//
// Unless Options.NoPreprocess is set, s is first simplified by
// chc.DefaultPasses; the witness found on the simplified system is
// translated back and checked again on s.
func (en *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	sys := s
	var tr chc.Translator
	if !en.opts.NoPreprocess {
		if ps, t, err := preprocess(s); err == nil {
			sys, tr = ps, t
		}
	}
	e := newEngine(ctx, en.opts, sys)
	res := e.run()
	stats := e.statistics()
	if tr != nil {
		res = translate(ctx, s, tr, res)
		stats = append(stats, chc.Stat{Name: "spacer.preprocessed-clauses", Value: len(sys.Clauses)})
	}
	res.Stats = stats
	return res
}

// preprocess runs the default passes, turning a panic into an error.
func preprocess(s *chc.System) (ps *chc.System, tr chc.Translator, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("preprocess: %v", r)
		}
	}()
	return chc.Preprocess(s, chc.DefaultPasses()...)
}

// translate maps the witness of res back to s and checks it there.
func translate(ctx context.Context, s *chc.System, tr chc.Translator, res chc.Result) (out chc.Result) {
	defer func() {
		if r := recover(); r != nil {
			out = chc.Result{Answer: chc.Unknown, Reason: fmt.Sprintf("internal: translating the witness: %v", r)}
		}
	}()
	switch res.Answer {
	case chc.Sat:
		m, err := tr.Model(res.Model)
		if err == nil {
			err = chc.CheckModel(ctx, s, m)
		}
		if err != nil {
			return chc.Result{Answer: chc.Unknown, Reason: "internal: translated model failed: " + err.Error()}
		}
		return chc.Result{Answer: chc.Sat, Model: m}
	case chc.Unsat:
		root, err := tr.Derivation(res.Derivation)
		if err == nil {
			err = chc.CheckDerivation(s, root)
		}
		if err != nil {
			return chc.Result{Answer: chc.Unknown, Reason: "internal: translated derivation failed: " + err.Error()}
		}
		return chc.Result{Answer: chc.Unsat, Derivation: root}
	}
	return res
}

func (e *engine) run() (res chc.Result) {
	defer func() {
		if r := recover(); r != nil {
			res = chc.Result{Answer: chc.Unknown, Reason: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	if err := e.build(); err != nil {
		return e.unknown(err)
	}
	for n := 0; ; n++ {
		if e.opts.MaxLevel > 0 && n > e.opts.MaxLevel {
			return chc.Result{Answer: chc.Unknown, Reason: "level bound"}
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
	reason := err.Error()
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		reason = "timeout"
	case errors.Is(err, context.Canceled):
		reason = "canceled"
	}
	if e.ctx.Err() == context.DeadlineExceeded {
		reason = "timeout"
	} else if e.ctx.Err() == context.Canceled {
		reason = "canceled"
	}
	return chc.Result{Answer: chc.Unknown, Reason: reason}
}

// finish checks the witness of an answer; a witness that fails its check
// gives Unknown.
func (e *engine) finish(f *found) chc.Result {
	switch f.answer {
	case chc.Sat:
		if err := chc.CheckModel(e.ctx, e.sys, f.model); err != nil {
			if e.ctx.Err() != nil {
				return e.unknown(e.ctx.Err())
			}
			return chc.Result{Answer: chc.Unknown, Reason: "internal: model failed its check: " + err.Error()}
		}
		return chc.Result{Answer: chc.Sat, Model: f.model}
	case chc.Unsat:
		if err := chc.CheckDerivation(e.sys, f.root); err != nil {
			return chc.Result{Answer: chc.Unknown, Reason: "internal: derivation failed its check: " + err.Error()}
		}
		return chc.Result{Answer: chc.Unsat, Derivation: f.root}
	}
	return chc.Result{Answer: chc.Unknown, Reason: "no answer"}
}

// solveLevel blocks the goal at level n. It returns a found counterexample,
// or nil when the goal is blocked at n.
func (e *engine) solveLevel(n int) (*found, error) {
	e.queue.push(e.newPob(e.goal, nil, n, 0, nil))
	for e.queue.len() > 0 {
		if err := e.tick(); err != nil {
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

// tick checks cancellation and, every so often, the memory bound.
func (e *engine) tick() error {
	if err := e.ctx.Err(); err != nil {
		return err
	}
	e.steps++
	if e.opts.MemoryMB > 0 && e.steps%64 == 0 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapAlloc > uint64(e.opts.MemoryMB)<<20 {
			return &errUnknown{"memory"}
		}
	}
	return nil
}

func (e *engine) progress(n int) {
	if e.opts.Verbose == nil {
		return
	}
	lemmas := 0
	for _, p := range e.preds {
		lemmas += len(p.lemmas)
	}
	fmt.Fprintf(e.opts.Verbose, "spacer: level %d lemmas %d pobs %d reach %d checks %d %.2fs\n",
		n, lemmas, e.stats.pobs, e.stats.reach, e.stats.checks, time.Since(e.start).Seconds())
}

func (e *engine) tracef(format string, args ...any) {
	if e.opts.Trace != nil {
		fmt.Fprintf(e.opts.Trace, format, args...)
	}
}

type stats struct {
	levels      int
	pobs        int
	reach       int
	checks      int
	checkTime   time.Duration
	mbpCalls    int
	mbpTime     time.Duration
	genTime     time.Duration
	itpTime     time.Duration
	itpCalls    int
	itpLemmas   int
	subsumed    int
	weakened    int
	farkasCalls int
	guideTries  int
	guideWins   int
	pushChecks  int
	pushSkips   int
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
		{Name: "spacer.smt-time", Value: e.stats.checkTime.Round(time.Millisecond).String()},
		{Name: "spacer.push-checks", Value: e.stats.pushChecks},
		{Name: "spacer.push-skips", Value: e.stats.pushSkips},
		{Name: "spacer.mbp-calls", Value: e.stats.mbpCalls},
		{Name: "spacer.mbp-time", Value: e.stats.mbpTime.Round(time.Millisecond).String()},
		{Name: "spacer.gen-time", Value: e.stats.genTime.Round(time.Millisecond).String()},
		{Name: "spacer.weakened", Value: e.stats.weakened},
		{Name: "spacer.guide-tries", Value: e.stats.guideTries},
		{Name: "spacer.guide-wins", Value: e.stats.guideWins},
		{Name: "spacer.farkas-calls", Value: e.stats.farkasCalls},
		{Name: "spacer.itp-calls", Value: e.stats.itpCalls},
		{Name: "spacer.itp-lemmas", Value: e.stats.itpLemmas},
		{Name: "spacer.itp-time", Value: e.stats.itpTime.Round(time.Millisecond).String()},
	}
}

// project runs MBP, eliminating every constant of phi but keep.
func (e *engine) project(vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
	t0 := time.Now()
	e.stats.mbpCalls++
	r, err := e.mbp.Project(vars, phi, m)
	e.stats.mbpTime += time.Since(t0)
	if err != nil {
		return nil, &errUnknown{"mbp: " + err.Error()}
	}
	return r.Formula, nil
}

var _ = mbp.New
