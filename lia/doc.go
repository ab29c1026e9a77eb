// Package lia adds integer reasoning to the lra simplex: for a problem
// whose linear relaxation the simplex solved, it decides whether the
// solution is integral and, when it is not, what to do next — branch or
// cut — in the split-on-demand style of DPLL(T) solvers (z3's
// theory_lra/int_solver, Dillig et al., Christ and Hoenicke). It works on
// lra's tableau through lra's exported API only (Row, Column, Definition,
// bounds, Assignment, IsBasic) and changes nothing but the assignment
// (patching, with lra.MoveNonbasic, and the simplex checks of tentative
// bounds under a push and pop): the caller turns its answers into atoms,
// lemmas and case splits.
//
// # The problem
//
// The caller declares integer variables with SetInt: original variables,
// and slacks whose definitions have integer coefficients over integer
// variables (their values are integers whenever the others' are). Bounds
// on integer variables must be integral and non-strict; a caller creating
// atoms over integer forms scales them to coprime integer coefficients and
// rounds the bound (x < 3 is x <= 2, 2x <= 5 is x <= 2, and the negation
// of x <= 2 is x >= 3), which is also the first integer reasoning: it
// tightens bounds and normalizes constraints by the gcd of their
// coefficients (smt does this when it makes atoms).
//
// After lra.Check answered Sat the caller calls Check, which answers
//
//	Sat      every integer variable (not a slack) has an integral value
//	Branch   v <= k or v >= k+1 for k = floor(value of v)   (Branch())
//	Cut      a lemma: bounds ⇒ Σ a·x >= b, with its proof     (Cut())
//	Unknown  the context is done, or no branch applies
//
// There is no separate conflict answer: an integer infeasibility found by
// the GCD or Diophantine check is a cut that the simplex refutes at once
// with the bounds it came from, and a cut without variables (0 >= b with
// b > 0) is a conflict of its bounds, which the caller adds as a conflict
// clause.
//
// # Strategy
//
// Check looks at the integer variables that are not slacks; if all are
// integral it answers Sat. Otherwise it first tries patching (patch.go,
// after z3): a fractional basic variable becomes integral when a nonbasic
// integer variable of its row can move by a small integer step that keeps
// every variable of its column within bounds and the integral ones
// integral (lra.MoveNonbasic; the assignment stays feasible). If variables
// remain fractional, in this order:
//
//  1. the GCD test (gcd.go) on every tableau row: the integer part
//     P = Σ (A_i/g)·x_i of its free integer variables, scaled to coprime
//     integer coefficients, equals a combination of fixed variables and
//     bounded non-integer ones, whose bounds must leave an integer value
//     for P (with fixed variables only: g divides the fixed part);
//  2. the Diophantine check (dioph.go) on the equalities (fixed integer
//     variables), when they changed since the last time it found them
//     feasible: a Hermite-style triangulation with unimodular column
//     operations either finds the system solvable over the integers or
//     yields a certificate y with yᵀA integral and yᵀb fractional; every
//     boundedPeriod-th call (8) the integer variables with both bounds
//     (bounded slacks: l <= aᵀx <= u) are carried through the same
//     column operations, and one whose values under the equalities'
//     general solution miss its bounds (c + g·ℤ ∩ [l, u] empty) is cut;
//  3. every tightPeriod-th call (128), the hidden equalities (tight.go):
//     an integer variable on a bound l that the relaxation cannot leave
//     (the simplex refutes l+1, under a push and pop) holds l in every
//     integer solution, and the cut v <= l fixes it for the checks
//     above; inequalities that sum to 0 >= 0 confine the relaxation to a
//     line without integer points, along which branch and bound walks;
//  4. every gomoryPeriod-th call (4), a Gomory mixed-integer cut
//     (gomory.go) from the row of the basic integer variable with the
//     most fractional value (closest to 1/2) whose nonbasic variables all
//     sit exactly on bounds; cuts whose scaled coefficients exceed 32 bits
//     are dropped;
//  5. a branch on a fractional variable, preferring the smallest domain
//     (both bounds, least width), then one bound, then none, ties to the
//     smallest variable. The direction to try first (Branch's up) comes
//     from a deterministic pseudo-random sequence: a fixed direction makes
//     branch and bound walk to infinity on unbounded problems whose
//     relaxation has a fractional vertex everywhere along a ray.
//
// On bounded problems the search terminates: each branch shrinks a finite
// domain and cuts are interleaved with branches at a fixed period. On
// unbounded ones the GCD and Diophantine checks refute infeasible
// equality systems at once, the hidden equalities make the equalities
// that bounds imply explicit, and random directions with cuts find
// solutions in practice; termination is not guaranteed, so the caller
// keeps a budget (smt gives up with Unknown) and a context.
//
// # Proofs
//
// A Cut is a Lemma with its proof, a case split and two Farkas
// derivations (cut.go):
//
//	split      π <= k ∨ π >= k+1, π an integer form over integer variables
//	case Le    μ·(π - k <= 0)        + Σ λ·(bound)  =  -cut  (or 0 < 0)
//	case Ge    μ·(k + 1 - π <= 0)    + Σ λ·(bound)  =  -cut  (or 0 < 0)
//
// with bounds read as in lra.Explained and slacks replaced by their
// definitions; Verify checks exactly this, independently of how the cut
// was found. So integer reasoning is LRA reasoning plus case splits on
// integer atoms: a branch is a case split the SAT solver makes on a fresh
// atom, and a cut is two LRA lemmas resolved on its split atom. A
// proof-producing caller (interpolation) records the branch atoms as
// ordinary SAT decisions and the Lemma of each cut; the GCD and
// Diophantine refutations are cuts whose Le case is the cut itself and
// whose Ge case contradicts the bounds. The lemma a caller adds is
// (the bounds of both derivations) ⇒ cut: Reasons lists them.
//
// Gomory cut derivation (gomory.go): with y_j >= 0 the distances of the
// nonbasic variables from their bounds, the row reads x_b = β + Σ α_j·y_j
// with f0 = frac(β); π = x_b - Σ k_j·y_j for integers k_j chosen per
// integer y_j, and each case of the split on π <= floor(β) implies
// Σ g_j·y_j >= 1 after dropping terms with y_j >= 0.
//
// # Files
//
//	solver.go   Solver, SetInt, Check, branch selection, Floor
//	patch.go    patching fractional basic variables by nonbasic moves
//	cut.go      Lemma, Split, Derivation, linear forms over original variables
//	gomory.go   Gomory mixed-integer cuts
//	gcd.go      the GCD test on tableau rows
//	dioph.go    the Diophantine check on equalities
//	tight.go    the hidden equalities: bounds the relaxation cannot leave
//	verify.go   Verify: the independent check of a cut's proof
//
// # Naming
//
//	s             the *Solver
//	lp            the *lra.Solver it works on
//	v, x, xb, xj  lra variables; xb basic, xj nonbasic in xb's row
//	a, alpha      a row coefficient, and it signed by the bound (α_j)
//	f0, f1        frac(β) and 1 - f0 (Gomory)
//	k, c, g       split coefficient k_j, case coefficient c_j, cut coefficient g_j
//	π, P          the split form (P its variable part)
//	λ (Coeff)     a Farkas multiplier; μ (Mult) the split's multiplier
//	y, w          Diophantine certificate, combination of equalities
//	acc           dense accumulator of a linear form by variable (add, collect)
package lia
