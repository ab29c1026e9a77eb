// Package witness checks the witnesses of CHC answers, independently of
// the paths that found them: it imports no preprocessing pass and no
// engine (importgraph_test.go enforces it), so that a bug there cannot
// hide in its own check. The solve pipeline checks every witness on the
// ORIGINAL system, after translating it back through preprocessing,
// because that is where others' wrong answers came from (z3's inlining and
// subsumption passes without model conversion).
//
// Sat comes with a chc.Model: per predicate a quantifier-free formula over
// its Params. CheckModel checks every clause of a system (the clause with
// the formulas substituted must be valid: each conjunct of the head's
// formula is a goal refuted in turn, so that a model of many lemmas is
// not checked through the disjunction of their negations) and names the
// first clause that fails (a *chc.ClauseError). A clause whose variables
// the body forces to values is decided by evaluation alone. Otherwise the
// body's equalities (x = y, x = 3, x − y = 0) replace each class of
// constants by one member, and the reduced body refutes most goals by
// rewriting: a goal that reduces to false, or whose negation is a
// conjunct of the body or a bound its bounds imply (reduce.go: the head's
// arguments copy the body's, and the head's formula repeats its range
// conjuncts). A fresh smt solver per clause gets the goals left, with the
// part of the reduced body linked to them by shared constants (cone.go);
// only a clause this does not refute is decided whole, which names what
// fails. Each step only weakens the body, so a refutation holds of the
// clause. Non-linear
// terms go to the solver as uninterpreted functions of their arguments
// (linear.go), a sound abstraction for validity; a counterexample of the
// abstraction counts only when the clause, evaluated exactly, fails under
// it. A model may apply functions defined by cases on a datatype
// (term.RecDef, the catamorphism engine's folds): the solver sees them as
// uninterpreted, with instances of their definitions and range facts
// proved by induction added per clause (recursive.go). A small system
// (under 2¹⁶ terms) is checked in its own store: copying each clause
// cost more than checking it. A large one is checked in a scratch store
// as small as a few clauses, renewed as it grows, so that the check of a
// system is linear in its size.
//
// Unsat comes with a derivation: a tree (or DAG) of chc.Nodes, each a
// clause with ground values for its variables and one child per body
// atom, the root a query. CheckDerivation replays it by evaluation only.
// CheckResult checks either.
//
// # Files
//
//	check.go       CheckResult, and what the checkers share
//	model.go       CheckModel: clause by clause, with smt for what is left
//	forced.go      deciding a clause by evaluation when its equalities force
//	               every variable
//	reduce.go      the body's equalities and bounds: goals refuted by
//	               rewriting
//	cone.go        the part of a body that goals depend on
//	linear.go      the linear abstraction of non-linear terms for CheckModel
//	recursive.go   models that apply recursive functions (term.RecDef, folds
//	               over a datatype): well-foundedness, range facts by
//	               induction, the definitions' instances per clause
//	derivation.go  CheckDerivation: replaying a derivation by evaluation
//
// # Naming
//
//	s      *chc.System
//	m      chc.Model (or *term.Model when evaluating a node)
//	mc     *modelChecker
//	n      *chc.Node
package witness
