// Package chc holds systems of constrained Horn clauses (CHCs), the
// preprocessing passes that simplify them, the witnesses engines answer
// with and the checkers of those witnesses, and the one-method Engine
// interface that every CHC engine (spacer, engines/...) implements. It is
// laid out like Golem: a System, a list of passes each returning a
// back-translator, engines behind one method, witnesses checked against the
// original system.
//
// # Systems
//
// A System is a list of predicates and clauses over one term.Store. A
// clause is body ∧ constraint ⇒ head, the head a predicate atom or false (a
// query). Read and FromScript take SMT-LIB HORN scripts and z3's
// fixedpoint format (declare-rel, rule, query); a Builder reads a script
// command by command and gives the system in force at each check-sat
// (push and pop scope it; each query replaces the last). Each assertion is
// put in clausal form first (clausal.go): quantifiers opened (universals,
// and existentials in the body), negations moved to the atoms, =>, ite,
// Boolean = and xor over predicates expanded, or distributed over and;
// it must then be a conjunction of clauses with at most one positive
// predicate atom each (a clause with more that is a tautology, P ∨ ¬P ∨ Q,
// is dropped). So every shape CHC-COMP and other
// tools' suites use reads: (=> body head), (not (and ...)) queries,
// disjunctions with one positive atom, disjunctive bodies (several
// clauses), nested ors, conjunctions of heads. Constraints, the parts
// without predicates, stay as written. Predicates range over Bool, Int,
// Real and arrays of those. IsHornScript tells a CHC script from a plain
// SMT one, also without (set-logic HORN).
//
// Clauses are normalised: each predicate has canonical parameter constants
// (Pred.Params, the vocabulary of its model formula); each clause has its
// own local constants (Clause.Vars), and every argument of every atom is a
// distinct one of them, so instantiating a predicate's formula at an atom
// is one substitution of Params by Args. An argument that was a term, or a
// variable that occurred twice, becomes a fresh variable with an equality
// in the constraint. Input outside the fragment (uninterpreted constants
// and functions into other sorts used in a clause, quantifiers inside a
// constraint, a clause with two positive atoms after the clausal form) is
// an *smtlib.Error "file:line:col: message", never a panic and never a
// silent drop.
//
// Write prints a System as a HORN script; reading it back gives the same
// system up to variable names, so printing twice gives the same text.
//
// # Witnesses and checking
//
// Sat (the clauses have a model; the program is safe) comes with a Model:
// per predicate a quantifier-free formula over its Params. CheckModel
// checks every clause of a system with a fresh smt solver per clause (the
// clause with the formulas substituted must be valid; the body and
// constraint are asserted once and each conjunct of the head's formula
// refuted in turn, so that a model of many lemmas is not checked through
// the disjunction of their negations) and names the first clause that
// fails. Non-linear terms go to the solver as uninterpreted
// functions of their arguments (nonlinear.go), a sound abstraction for
// validity; a counterexample of the abstraction counts only when the
// clause, evaluated exactly, fails under it. Unsat comes with a derivation: a tree (or DAG) of
// Nodes, each a clause with ground values for its variables and one child
// per body atom, the root a query. CheckDerivation replays it by
// evaluation only. The checkers share no code with any engine; tests and
// the CLI check every witness on the ORIGINAL system, after translating it
// back through preprocessing, because that is where others' wrong answers
// came from (z3's inlining and subsumption passes without model
// conversion).
//
// # Preprocessing
//
// A Pass maps a System to an equisatisfiable one and returns a Translator
// that maps the new system's witnesses back (models and derivations).
// Passes never change their input. Preprocess runs a list of passes and
// composes their translators. DefaultPasses is Golem's order: Simplify
// (constant and equality propagation, false clauses), EliminateLocals
// (variables defined by equalities), MergeFacts (a predicate's facts as
// one), RemoveUnreachable (the cone of influence), Inline (non-recursive
// predicates whose model stays quantifier-free), RemoveUnusedArgs, and a
// second round. Each pass builds
// its output with a rebuild (rebuild.go), which records for every new
// clause how its derivation nodes become nodes of the input and for every
// removed predicate its model; every output is normalised, with Vars in
// the order Read gives them.
//
// Every pass, translator and checker is near-linear in the size of the
// system (program verifiers emit systems of 10⁵ clauses): worklists
// instead of sweeps to a fixpoint (RemoveUnreachable is Horn-SAT's unit
// propagation; Inline keeps per predicate its defining and using clauses
// and re-examines only the predicates an inlining touched), one rebuild
// per pass, and a model check whose smt solver works in a scratch store as
// small as a clause. BenchmarkScale measures it from 10² to 10⁵ clauses.
//
// # Limits
//
// Every phase (reading with ReadContext, each pass, each engine, the
// translation of a witness, each checker) takes a context and stops with
// the reason (ErrTimeout, ErrMemory, ErrCanceled) within about a
// millisecond of the end of its limits, on every platform. Their hot loops
// poll a Budget: every few steps it compares the clock with the deadline,
// reads the heap size against the bound of WithMemoryLimit, and yields.
// On wasip1 and js the scheduler is cooperative, so a deadline's timer and
// the memory watch's goroutine would never run while an engine computes;
// the Budget ends the run's context itself. The SAT search and the smt
// theories do the same with the clock and a yield.
//
// # Engines and the solve pipeline
//
// An Engine has one method, Solve(ctx, system) Result. It answers Unknown,
// with a Reason, when it cannot decide, and when ctx ends, never a guess.
// Engines neither preprocess nor check: Solve (solve.go) is the one way
// from a system to a checked answer. It bounds the heap, runs
// DefaultPasses, runs the engine under a panic guard (an engine that does
// not return within Options.Grace of the end of ctx is left behind),
// translates the witness back and checks it on the input with
// CheckResult. A panic or a rejected witness is Unknown with ErrInternal;
// an Unknown after ctx ended takes Cause(ctx): ErrTimeout, ErrMemory or
// ErrCanceled, decided in one place (reason.go); an engine's own limits
// are ErrIncomplete. Result.Reason wraps one of the five, for errors.Is.
//
// Engines register by name (registry.go) with a one-line summary and
// their own parameters ("engine.name", read from Options.Params); the
// command line lists them and builds them with NewEngine. Options holds
// what every engine takes (progress and trace writers, memory bound,
// seed). Statistics are named "who.what" (ValidStatName) and printed as
// z3 prints them, one s-expression of keywords (WriteStats).
//
// A Portfolio (portfolio.go) is an engine made of engines that race
// concurrently, each on its own Clone of the system (clone.go: a copy of
// the term store with the same IDs, so a member makes the same choices it
// would make alone); the first answer whose witness checks on the input
// wins and the others are cancelled and awaited.
//
// # Transition systems
//
// TransitionSystem (transition.go) views a linear system as one loop,
// Init, Trans and Bad over state variables (a predicate's parameters, or
// all predicates' with a location variable), with the unrolling the
// engines for transition systems share (InitAt, TransAt, BadAt, StateAt)
// and the way back: an invariant to a Model, a path of states to a
// derivation.
//
// # Files
//
//	system.go      System, Pred, Clause, Atom, Model, Node, Result, Engine,
//	               AnswerText, CheckResult
//	read.go        Read, FromScript, Builder, IsHornScript: scripts to systems, normalisation
//	clausal.go     the clausal form of an assertion
//	write.go       Write, WriteModel, WriteDerivation
//	proof.go       WriteProof: the derivation as an s-expression, for get-proof
//	nonlinear.go   NonLinear, NonLinearClause; the linear abstraction of CheckModel
//	check.go       CheckModel, CheckDerivation
//	preprocess.go  Pass, Translator, Preprocess, DefaultPasses
//	rebuild.go     what the passes share: new system and translator
//	defs.go        reading definitions x = t off a constraint
//	readctx.go     ReadContext, FromScriptContext: reading under limits
//	simplify.go    Simplify       locals.go  EliminateLocals
//	facts.go       MergeFacts     cone.go    RemoveUnreachable, Derivable
//	inline.go      Inline         args.go    RemoveUnusedArgs
//	reason.go      the reasons of Unknown and Cause
//	budget.go      Budget, WithMemoryLimit: the limits of a run and their poll
//	options.go     Options and engine parameters
//	registry.go    Register, Engines, NewEngine
//	stats.go       Stat names and WriteStats
//	solve.go       Solve: the pipeline
//	portfolio.go   Portfolio: engines racing on clones
//	clone.go       System.Clone, witnesses back from a clone
//	transition.go  TransitionSystem
//	transition_aux.go  TransitionSystem.AuxAt: the step copies of the local variables
//	houdini.go     CandidatePool, Houdini: candidate invariants read off
//	               the clauses and their largest inductive subset (WHALE's
//	               closing step, Spacer's reserve)
//	log.go         EngineOptions, Logger, GiveUp: the plumbing every engine shares
//	instantiate.go Instantiate: a clause instance, its variables renamed apart
//
// # Naming
//
//	s, sys    *System
//	st        *term.Store
//	p, q      *Pred
//	c, cl     *Clause
//	a, b      Atom (b: a body atom)
//	m         Model (or *term.Model when evaluating a node)
//	n, root   *Node
//	tr, back  Translator
//	poll      *Budget
package chc
