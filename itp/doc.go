// Package itp computes Craig interpolants and checks them. Given formulas
// A and B whose conjunction is unsatisfiable, an interpolant is a formula
// I over the symbols A and B share with A ⇒ I and I ∧ B unsatisfiable.
// Spacer learns lemmas from them; every interpolant this package returns
// has passed Check in tests (and under the CLI's --validate), and where a
// step is out of reach the answer is an error, never an unchecked formula.
//
// # Entry points
//
//	Check(st, A, B, I)          vocabulary + A ∧ ¬I unsat + I ∧ B unsat
//	CheckSequence, CheckTree    the same for sequences and trees
//	Conjunctive(st, A, B)       A, B conjunctions of linear literals: one
//	                            simplex run, no SAT proof
//	Core(st, A, B)              interpolating unsat core for Spacer
//
// # Conjunctive: Farkas interpolants
//
// Each literal becomes constraints Σ a_i·x_i <= k or < k over the
// maximal non-arithmetic subterms x_i (linear.go): an equality gives two,
// a negated inequality its complement; a disequality is rejected. When
// every x_i of a constraint is Int, the constraint is tightened: scaled to
// coprime integer coefficients, k rounded down, strictness removed
// (x < 3 is x <= 2; 2x <= 5 is x <= 2). A fresh lra simplex decides the
// constraints (farkas.go); an unsat answer's conflict lists bounds with
// multipliers λ > 0, which are mapped back to the constraints (each
// normalized by lra.Normalize, so the multiplier is divided by the
// normalization factor) and verified: Σ λ_i·c_i must cancel every
// variable and leave 0 <= k < 0 or 0 < 0. The interpolant is the sum over
// A's constraints alone: since the whole sum cancels, A-local terms
// cancel in it too, and it is implied by A; adding B's part gives the
// contradiction. It is strict when a strict A-constraint has λ > 0, and
// over integers divided by the gcd of its coefficients and rounded down,
// which keeps it implied by A and only strengthens it against B.
//
// # Interpolating cores
//
// Core(st, A, B) serves Spacer's blocking queries (CHC-NOTES §2): B is the
// proof obligation's literals, A the clause and lemmas. It returns a
// conjunction of literals over shared symbols (today one inequality, or
// false, or ¬b for a single obligation literal b over shared symbols)
// implied by A and contradicting B. A's Boolean structure is resolved
// under one model of A (its implicant: conjuncts, the first true
// disjunct, the ite branch taken), the Farkas interpolant of implicant
// and B's unsat core is computed, and kept only when A implies it (an smt
// check); else the implicant shrinks to the literals A implies and the
// Farkas step is repeated. When no conjunction is found the answer is
// ErrUnsupported and Spacer uses the negated obligation.
//
// # Files
//
//	check.go     Check, CheckSequence, CheckTree, the vocabulary check
//	linear.go    literals to constraints, integer tightening, sums
//	farkas.go    the simplex run, Farkas certificates, Conjunctive
//	core.go      Core, model implicants
//
// # Naming
//
//	st         the *term.Store
//	A, B       the two sides (formulas or literal lists); I an interpolant
//	c, cons    a constraint, constraints; λ, lambda Farkas multipliers
//	nA         the number of A's constraints (they come first)
//	E, Bc      implicant literals of A; B's unsat core
package itp
