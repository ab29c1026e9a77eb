// Package bmc is bounded model checking for CHC systems: it looks for a
// derivation of false of bounded height with one incremental smt solver,
// and answers Unsat with that derivation (checked by witness.CheckDerivation),
// Sat only when the unrolling provably covers every derivation (with a
// model checked by witness.CheckModel), and Unknown otherwise.
//
// # Encoding
//
// The unfolding tree of package unfold: slots of predicates and clause
// selectors, backward from the queries, in one incremental smt solver
// (see engines/internal/unfold's documentation).
//
// # Deepening with activation literals
//
// A non-fact selector at depth d also implies a literal deep(d). The check
// for bound H assumes ¬deep(H): slots at the frontier may only use facts.
// When it is unsat, the frontier slots get their children and the clause
// instances of their non-fact clauses, and the check runs again under
// ¬deep(H+1). Nothing is retracted: one solver serves every bound, and the
// first bound that is sat gives a derivation of minimal height. Every bound
// is checked: growing a chain by several levels between checks (and
// bisecting back to the least bound on sat) was measured slower, twice the
// CPU time on the deepest benchmark, since each unsat check leaves learned
// clauses that make the next one cheap.
//
// # Sat answers
//
// When a frontier has no non-fact clause left, the tree covers every
// derivation, so unsat under the last bound means no derivation of false
// exists. The model is then the strongest one, computed bottom-up over the
// predicates that can reach a query and be derived (others are true,
// respectively false): M(P) is the disjunction over P's clauses of the
// constraint and the body predicates' models, with local variables
// eliminated through the top-level equalities that define them (x = t; an
// Int k·x = e with |k| ≠ 1 gives x = e div k under e mod k = 0), by
// distributing a conjunction over a disjunction whose disjuncts may define
// them, by Fourier–Motzkin on a local that only inequalities bound (with
// coefficient ±1 over Int, where it is exact), and by case splits on
// Boolean ones, a bounded number of splits per clause. If a local survives, or the formula grows too large, the answer
// is Unknown; pipeline.Solve checks the model on the input.
//
// # Costs
//
// Encoding is cheap next to solving: on the benchmarks nearly all the time
// is in the smt solver (simplex bound propagation and pivoting), and on
// deep linear unrollings (hundreds of steps) the simplex tableau's rows
// dominate memory too. A budget of clause instances (defaultBudget in
// bmc.go) stops a nonlinear unfolding before it exhausts memory.
//
// # Files
//
//	bmc.go    Options, Engine: the unfolding to a depth and its check
//	model.go  reading a model of the unfolding back, Int equalities solved
//
// # Naming
//
//	u      *unfold.Tree
//	si     a slot's index
//	c, ci  *chc.Clause, its index in System.Clauses
//	k      index of a clause in a slot's clause list
//	H      the bound (height of the derivations covered)
package bmc
