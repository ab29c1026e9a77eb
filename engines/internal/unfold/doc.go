// Package unfold unrolls a CHC system backward from its queries into a
// tree of slots asserted into one incremental smt solver: the encoding of
// bounded model checking (engines/bmc), for every engine that needs
// derivations of bounded height, linear or nonlinear. It sits under
// engines/internal: a helper of the engines, not for users. (A linear system
// seen as a loop unrolls more simply with chc.TransitionSystem's InitAt,
// TransAt and BadAt.)
//
// # An unfolding tree of slots
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
// # Use
//
// New makes the tree with its solver; Root makes the root slot; Expand
// gives a slot its children and the instances of its clauses with a body;
// Deep(d) is the literal that the clauses with a body of the slots at
// depth d imply, so that checking under ¬Deep(H) asks for a derivation of
// height ≤ H; Derivation reads the derivation a model selects.
//
// # Files
//
//	tree.go  the unfolding tree and its slots
//
// # Naming
//
//	u      *Tree
//	sl     *slot, si its index in Tree.slots
//	c, ci  *chc.Clause, its index in System.Clauses
//	k      index of a clause in a slot's clause list
package unfold
