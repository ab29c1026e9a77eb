// Package bmc is bounded model checking for CHC systems: it looks for a
// derivation of false of bounded height with one incremental smt solver,
// and answers Unsat with that derivation (checked by chc.CheckDerivation),
// Sat only when the unrolling provably covers every derivation (with a
// model checked by chc.CheckModel), and Unknown otherwise.
//
// # Encoding: an unfolding tree of slots
//
// A derivation is a tree of ground clause instances whose root is a query.
// The encoding unfolds the clauses backward from the queries into a tree of
// slots. The root slot (depth 0) chooses a query clause. A slot at depth d
// holds, for every predicate P that can occur there, a Boolean active(P)
// and a fresh copy of P's parameters, and for every clause c with head P a
// Boolean selector sel(c):
//
//	active(P) ⇒ ∨ sel(c)                       (c with head P)
//	sel(c)    ⇒ constraint(c)[copies] ∧ ∧ active(child_i, Q_i)
//
// where the copy of c's variables maps its head arguments to the slot's
// copy of P's parameters, the arguments of its i-th body atom Q_i to the
// copy of Q_i's parameters in the slot's i-th child, and every other
// variable to a fresh constant of that (slot, clause). A slot has one child
// per body position (as many as the longest body among its clauses), and
// the child at position i holds every predicate some clause of the slot has
// at position i. A clause's body atoms take positions in the order of
// their predicates (stable by Pred.ID), so clauses whose bodies differ only
// in order agree on positions and a child holds few predicates (on a
// benchmark with six-atom bodies in all orders this cut the slots at depth
// 5 from 938 to 154). Body positions are shared by all clauses of a slot, so
// the tree branches only as much as the bodies are long: for a linear
// system it is a chain, one slot per depth holding every predicate, which
// is the classical BMC unrolling (backward from the query); for a nonlinear
// one, slots grow with max-body-length^depth, and a budget on the number of
// clause instances turns a blow-up into Unknown.
//
// The encoding is complete for derivations of height ≤ H, the depth of the
// deepest slots: every derivation maps onto the tree, one clause instance
// per slot, its i-th premise in the i-th child. It is sound: any model
// selects, from the root, one query and recursively one clause per premise,
// and every selected clause instance holds in the model, so reading the
// selected instances back gives a derivation (which is checked anyway).
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
// is Unknown; a model is returned only after chc.CheckModel accepts it.
//
// # Costs
//
// Encoding is cheap next to solving: on the benchmarks nearly all the time
// is in the smt solver (simplex bound propagation and pivoting), and on
// deep linear unrollings (hundreds of steps) the simplex tableau's rows
// dominate memory too. A budget of clause instances (budget in bmc.go)
// stops a nonlinear unfolding before it exhausts memory.
//
// # Naming
//
//	u      *unroller
//	sl     *slot, si its index in unroller.slots
//	c, ci  *chc.Clause, its index in System.Clauses
//	k      index of a clause in a slot's clause list
//	H      the bound (height of the derivations covered)
package bmc
