package gospacer

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The types of package chc that a caller of this package meets, under
// shorter names.
type (
	// System is a set of constrained Horn clauses (chc.System).
	System = chc.System
	// Pred is a predicate of a System.
	Pred = chc.Pred
	// Model maps each predicate to a formula over its Params.
	Model = chc.Model
	// Node is a node of a derivation of false.
	Node = chc.Node
	// Answer is Sat, Unsat or Unknown.
	Answer = chc.Answer
	// Stat is one statistic: a name and a value.
	Stat = chc.Stat
)

// The answers, in CHC-COMP's reading: Sat means the clauses have a model
// (the program is safe), Unsat that false is derivable (a counterexample).
// Result.String gives the answer in the input's own convention.
const (
	Unknown = chc.Unknown
	Sat     = chc.Sat
	Unsat   = chc.Unsat
)

// The reasons of an Unknown answer: Result.Reason wraps exactly one, so
// errors.Is(res.Reason, ErrTimeout) tells why; the reason's text says
// more. They are chc's own values.
var (
	// ErrTimeout: the context's deadline (or WithTimeout) passed.
	ErrTimeout = chc.ErrTimeout
	// ErrMemory: the heap outgrew WithMemoryLimit.
	ErrMemory = chc.ErrMemory
	// ErrCanceled: the caller cancelled the context.
	ErrCanceled = chc.ErrCanceled
	// ErrIncomplete: the engine gave up (a bound, an unsupported shape).
	ErrIncomplete = chc.ErrIncomplete
	// ErrInternal: a bug was caught (a panic, a witness that failed its
	// check); never an answer.
	ErrInternal = chc.ErrInternal
)

// Result is a checked answer. The embedded chc.Result holds the Answer,
// the witness (Model after Sat, Derivation after Unsat, both already
// checked on System), the Reason of an Unknown answer and the Stats.
type Result struct {
	chc.Result
	// System is the system the witness refers to: the one given to
	// Solve, its normalised copy when Normalize had to change it, or the
	// one read by SolveFile and SolveReader.
	System *System
}

// String is the answer in the convention of the input: "sat" when the
// clauses have a model for HORN input and systems built in Go, "sat" when
// the query is reachable for z3's fixedpoint format (declare-rel, rule,
// query) and a Fixedpoint's queries.
func (r Result) String() string {
	if r.System == nil {
		return r.Answer.String()
	}
	return r.System.AnswerText(r.Answer)
}

// WriteWitness prints what backs the answer: after Sat the model, one
// (define-fun P (...) Bool body) per predicate; after Unsat the derivation
// of false, one line per clause instance from the facts up; after Unknown
// the reason, as a comment.
func (r Result) WriteWitness(w io.Writer) error {
	switch r.Answer {
	case Sat:
		return chc.WriteModel(w, r.System, r.Model)
	case Unsat:
		return chc.WriteDerivation(w, r.System, r.Derivation)
	}
	_, err := fmt.Fprintf(w, "; unknown: %v\n", r.Reason)
	return err
}

// Solve decides sys: the answer is checked (a Sat model clause by clause
// on sys, an Unsat derivation step by step), and Unknown, never a guess,
// when the engine cannot decide, the context ends, or the memory bound is
// hit; Result.Reason then says which (see ErrTimeout). The error is for
// bad input only: a system Normalize rejects, or malformed options.
//
// Solve normalises sys first (see Normalize), so a system built by hand
// may have terms as atom arguments; it never changes sys. The default
// engine is Spacer; see WithEngine and WithPortfolio for others.
//
// An engine that has not stopped a second after the context ended is
// left to finish its step in the background (the answer is Unknown at
// once); until then it still uses sys's term store, which is not safe
// for concurrent use. The engines look at the context often, so this is
// rare; a portfolio's members work on copies of the store.
func Solve(ctx context.Context, sys *System, options ...Option) (Result, error) {
	c, err := newConfig(options)
	if err != nil {
		return Result{}, err
	}
	return c.solve(ctx, sys, nil)
}

// Engine builds the engine the options name, as Solve does: its
// parameters checked, the default Spacer when none is named. The command
// line builds it once to reject bad options before reading any command.
func Engine(options ...Option) (chc.Engine, error) {
	c, err := newConfig(options)
	if err != nil {
		return nil, err
	}
	return c.buildEngine()
}

// solve is the one front door: Solve, SolveReader, SolveFile, a
// Fixedpoint's queries and, through Solve, the command line all come
// through it. It normalises sys, turns the options into an engine (the
// one place where engine parameters are checked), bounds ctx by the
// options' timeout (the one place where it is applied; the memory bound
// is the pipeline's) and runs the one pipeline, pipeline.Solve. While the
// answer is Unknown before ctx ended, again, when not nil, may give
// another engine to run in what remains of the time (nil: no more); a
// Fixedpoint asks again without its injected lemmas.
func (c *config) solve(ctx context.Context, sys *System, again func() chc.Engine) (Result, error) {
	norm, err := Normalize(sys)
	if err != nil {
		return Result{}, err
	}
	e, err := c.buildEngine()
	if err != nil {
		return Result{}, err
	}
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	res := pipeline.Solve(ctx, norm, e, c.opts)
	for again != nil && res.Answer == Unknown && ctx.Err() == nil {
		if e = again(); e == nil {
			break
		}
		res = pipeline.Solve(ctx, norm, e, c.opts)
	}
	if norm != sys && res.Answer == Sat {
		// the model is over sys's predicates: check it on sys as given
		if err := witness.CheckModel(ctx, withConstraints(sys), res.Model); err != nil {
			res = chc.Result{Answer: Unknown, Reason: chc.Internal("the model fails on the system as given: %v", err), Stats: res.Stats}
			if ctx.Err() != nil {
				res.Reason = chc.Cause(ctx)
			}
		}
	}
	return Result{Result: res, System: norm}, nil
}

// withConstraints is sys with true for the nil constraints.
func withConstraints(sys *System) *System {
	cp := *sys
	cp.Clauses = make([]*chc.Clause, len(sys.Clauses))
	for i, c := range sys.Clauses {
		cp.Clauses[i] = c
		if c.Constraint == nil {
			cc := *c
			cc.Constraint = sys.St.True()
			cp.Clauses[i] = &cc
		}
	}
	return &cp
}

// SolveReader reads an SMT-LIB HORN script, or one in z3's fixedpoint
// format, from r and solves it like Solve. A read error is an
// *smtlib.Error, "name:line:col: message"; reading stops when ctx ends,
// and the answer is then Unknown with the reason.
func SolveReader(ctx context.Context, name string, r io.Reader, options ...Option) (Result, error) {
	// the relaxed clause form, which preprocessing starts from (see
	// chc.System.Relaxed): Solve keeps it, the pipeline gives the engine
	// the strict one
	sys, _, err := chc.ReadRelaxed(ctx, name, r, term.NewStore())
	if c := chc.Cause(ctx); c != nil {
		return Result{Result: chc.NoAnswer(c)}, nil
	}
	if err != nil {
		return Result{}, err
	}
	return Solve(ctx, sys, options...)
}

// SolveFile is SolveReader on the file at path.
func SolveFile(ctx context.Context, path string, options ...Option) (Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return Result{}, err
	}
	defer f.Close()
	return SolveReader(ctx, path, f, options...)
}
