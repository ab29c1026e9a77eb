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
// query). Read and FromScript take SMT-LIB HORN scripts, in every shape
// CHC-COMP uses ((assert (forall ...)) with =>, (not (and ...)) queries,
// disjunctions with one positive atom, nested quantifiers and existentials
// in the body), and z3's fixedpoint format (declare-rel, rule, query).
// Predicates range over Bool, Int, Real and arrays of those.
//
// Clauses are normalised: each predicate has canonical parameter constants
// (Pred.Params, the vocabulary of its model formula); each clause has its
// own local constants (Clause.Vars), and every argument of every atom is a
// distinct one of them, so instantiating a predicate's formula at an atom
// is one substitution of Params by Args. An argument that was a term, or a
// variable that occurred twice, becomes a fresh variable with an equality
// in the constraint. Input outside the fragment (uninterpreted functions
// into other sorts, quantifiers inside a constraint, a clause with two
// positive atoms) is an *smtlib.Error "file:line:col: message", never a
// panic and never a silent drop.
//
// Write prints a System as a HORN script; reading it back gives the same
// system up to variable names, so printing twice gives the same text.
//
// # Witnesses and checking
//
// Sat (the clauses have a model; the program is safe) comes with a Model:
// per predicate a quantifier-free formula over its Params. CheckModel
// checks every clause of a system with a fresh smt solver per clause (the
// clause with the formulas substituted must be valid) and names the first
// clause that fails. Unsat comes with a derivation: a tree (or DAG) of
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
// # Engines
//
// An Engine has one method, Solve(ctx, system) Result. It answers Unknown,
// with a Reason, when it cannot decide, when ctx ends (a timeout, a
// cancellation, or the memory bound of WithMemoryLimit), never a guess.
//
// # Files
//
//	system.go      System, Pred, Clause, Atom, Model, Node, Result, Engine
//	read.go        Read, FromScript: scripts to systems, normalisation
//	write.go       Write, WriteModel, WriteDerivation
//	check.go       CheckModel, CheckDerivation
//	preprocess.go  Pass, Translator, Preprocess, DefaultPasses
//	rebuild.go     what the passes share: new system and translator
//	defs.go        reading definitions x = t off a constraint
//	readctx.go     ReadContext, FromScriptContext: reading under limits
//	simplify.go    Simplify       locals.go  EliminateLocals
//	facts.go       MergeFacts     cone.go    RemoveUnreachable, Derivable
//	inline.go      Inline         args.go    RemoveUnusedArgs
//	budget.go      Budget, WithMemoryLimit: the limits of a run and their poll
//	reason.go      ErrTimeout, ErrMemory, ... and Cause
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
