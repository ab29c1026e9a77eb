// Package chc is the vocabulary of constrained Horn clauses (CHCs):
// systems, their reading and writing, their one normal form, the
// witnesses engines answer with, the one-method Engine interface that
// every CHC engine (spacer, engines/...) implements, the reasons of
// Unknown, the Budget of a run, the registry of engines and the
// transition-system view. It is laid out like Golem: a System, a list of
// passes each returning a back-translator (chc/passes), engines behind one
// method, witnesses checked against the original system (chc/witness), and
// the pipeline that runs them in order (chc/pipeline). Those rooms stand
// above chc: it imports none of them.
//
// # Systems
//
// A System is a list of predicates and clauses over one term.Store. A
// clause is body ∧ constraint ⇒ head, the head a predicate atom or false (a
// query). Read and FromScript take SMT-LIB HORN scripts and z3's
// fixedpoint format (declare-rel, rule, query); a ScriptReader reads a script
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
// Clauses are in one normal form (normalize.go): Read builds it, Normalize
// brings a system built by hand to it (both through one atom builder),
// CheckNormal tells whether a system is in it. Each predicate has
// canonical parameter constants (Pred.Params, the vocabulary of its model formula); each clause has its
// own local constants (Clause.Vars), and every argument of every atom is a
// distinct one of them, so instantiating a predicate's formula at an atom
// is one substitution of Params by Args. An argument that was a term, or a
// variable that occurred twice, becomes a fresh variable with an equality
// in the constraint. A caller that preprocesses reads in the relaxed
// form instead (ReadRelaxed, ScriptReader.SetRelaxed; System.Relaxed):
// a variable two atoms of a clause share stays one variable, those of one
// atom are still distinct. Input outside the fragment (uninterpreted constants
// and functions into other sorts used in a clause, quantifiers inside a
// constraint, a clause with two positive atoms after the clausal form) is
// an *smtlib.Error "file:line:col: message", never a panic and never a
// silent drop.
//
// Write prints a System as a HORN script; reading it back gives the same
// system up to variable names, so printing twice gives the same text.
//
// # Witnesses
//
// Sat (the clauses have a model; the program is safe) comes with a Model:
// per predicate a quantifier-free formula over its Params. Unsat comes
// with a derivation: a tree (or DAG) of Nodes, each a clause with ground
// values for its variables (Node.Bindings) and one child per body atom,
// the root a query. Package chc/witness checks both; NonLinearClause names
// the non-linear arithmetic that its check abstracts.
//
// # Preprocessing
//
// The passes (chc/passes) map a System to an equisatisfiable one and
// return a translator of witnesses back. The pipeline runs them in three
// rounds: Simplify, EliminateLocals, MergeFacts, RemoveUnreachable,
// Inline; then Simplify, EliminateLocals, RemoveUnusedArgs,
// RemoveUnreachable, Inline; then InlineIntoQueries (the predicates only
// queries use), Simplify, EliminateLocals, RemoveUnusedArgs (package
// passes says what each does). They, the translators and the checkers are
// near-linear in the size of the system; BenchmarkScale (chc/pipeline)
// measures it from 10² to 10⁵ clauses.
//
// # Limits
//
// Every phase (reading with ReadContext, each pass, each engine, the
// translation of a witness, each checker) takes a context and stops with
// the reason (ErrTimeout, ErrMemory, ErrCanceled) within about a
// millisecond of the end of its limits, on every platform. Their hot loops
// poll a Budget: every few steps it compares the clock with the deadline,
// reads the heap size against the bound of BoundMemory, and yields.
// On wasip1 and js the scheduler is cooperative, so a deadline's timer and
// the memory watch's goroutine would never run while an engine computes;
// the Budget ends the run's context itself. The SAT search and the smt
// theories do the same with the clock and a yield.
//
// # Engines
//
// An Engine has one method, Solve(ctx, system) Result. It answers Unknown,
// with a Reason, when it cannot decide, and when ctx ends, never a guess.
// Engines neither preprocess nor check: chc/pipeline's Solve is the one
// way from a system to a checked answer. An Unknown after ctx ended takes
// Cause(ctx): ErrTimeout, ErrMemory or ErrCanceled, decided in one place
// (reason.go); an engine's own limits are ErrIncomplete, a bug caught is
// ErrInternal. Result.Reason wraps one of the five, for errors.Is.
//
// Engines register by name (registry.go) with a one-line summary and
// their own parameters ("engine.name", read from Options.Params); the
// command line lists them and builds them with NewEngine. Options holds
// what every engine takes (progress and trace writers, memory bound,
// seed). Statistics are named "who.what" (ValidStatName) and printed as
// z3 prints them, one s-expression of keywords (WriteStats).
//
// An engine made of engines (engines/portfolio) runs its members on
// clones of the system (clone.go: a copy of the term store with the same
// IDs, so a member makes the same choices it would make alone; WitnessFrom
// brings a member's witness back) and asks the Referee of its context
// (referee.go) to judge their answers.
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
//	               AnswerText
//	normalize.go   the one normal form: Normalize, CheckNormal,
//	               CheckClauseNormal, CheckPreds, ClauseError
//	normalmark.go  the record of a system in normal form (the reader's,
//	               Normalize's copy) that lets Normalize skip the walk
//	read.go        Read, FromScript, ScriptReader, IsHornScript: scripts to systems, normalisation
//	readctx.go     ReadContext, FromScriptContext, ReadRelaxed,
//	               FromScriptRelaxed: reading under limits
//	clausal.go     the clausal form of an assertion
//	supported.go   the sorts a predicate may range over
//	write.go       Write, WriteModel, WriteDerivation
//	proof.go       WriteProof: the derivation as an s-expression, for get-proof
//	nonlinear.go   NonLinear, IsNonLinear, NonLinearClause
//	reason.go      the reasons of Unknown and Cause
//	budget.go      Budget, BoundMemory: the limits of a run and their poll
//	options.go     Options and engine parameters
//	registry.go    Register, Engines, NewEngine
//	stats.go       Stat names and WriteStats
//	referee.go     Referee: how an engine of engines has its members' answers judged
//	clone.go       System.Clone, witnesses back from a clone
//	transition.go  TransitionSystem
//	transition_aux.go  TransitionSystem.AuxAt: the step copies of the local variables
//	log.go         EngineOptions, Logger, GiveUp: the plumbing every engine shares
//	instantiate.go Instantiate: a clause instance, its variables renamed apart
//	scc.go         Components, Cyclic, DependencyGraph: the strongly connected
//	               components of the predicates (Houdini's order, clover's
//	               recursion, Spacer's system depth)
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
//	b         *ScriptReader (in read.go)
//	poll      *Budget
package chc
