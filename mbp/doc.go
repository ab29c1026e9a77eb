// Package mbp computes model-based projections (MBP): given a
// quantifier-free formula φ(x̄, ȳ), the variables x̄ and a model M ⊨ φ,
// Project returns a quantifier-free ψ(ȳ) with M ⊨ ψ and ψ ⇒ ∃x̄.φ. Spacer
// uses it for reachability facts and queries (Komuravelli, Gurfinkel,
// Chaki, CAV 2014; Komuravelli, Bjørner, Gurfinkel, McMillan, FMCAD 2015:
// "the papers" below). QE enumerates projections into an exact quantifier
// elimination. Package mbp calls no solver: it evaluates terms under M.
//
// # Shape of a projection
//
// A projection is a pipeline over one cube (cube.go), a conjunction of
// literals true in M that mention projected variables, with an occurrence
// list per variable; literals free of them go straight to the output.
//
//  1. Implicant (implicant.go, term.Implicant). φ's Boolean structure is
//     walked under M: a conjunction gives all its conjuncts, a
//     disjunction its first disjunct true in M (the rules
//     MBPLEFT/MBPRIGHT of FMCAD'15 Fig. 5); xor, Boolean = and ite give
//     their arguments with their values; n-ary = and distinct give binary
//     (dis)equalities; subformulas without projected variables stay
//     whole; an ite over projected variables inside an atom becomes the
//     branch M takes, with the implicant of its condition. Atoms are
//     then purified: (abs a) becomes a or
//     -a with the sign literal; (div a k) and (mod a k), k a nonzero
//     numeral, become fresh q and r with a = k·q + r, 0 <= r < |k|. The
//     cube implies φ, and the images stay finite: a cube is a set of
//     literals of φ (purified), and there are finitely many. This is
//     Spacer's implicant-based MBP rather than the papers' literal-wise
//     substitution into all of φ: the result is a conjunction, and a
//     literal false in M plays no part (so x = e in a false disjunct does
//     not make LRAProj's λ[e] the choice; see TestPaperCAV14LW).
//  2. Datatypes (datatypes.go), after Bjørner and Janota (LPAR 2015) and
//     z3's datatype plugin: a variable x of a datatype sort goes by an
//     equality x = t of the cube; else, when a literal applies a selector
//     or tester to x or equates it with a constructor term, x becomes
//     C(x1, ..., xn) for its model value C(v1, ..., vn), over fresh
//     projected variables with the values vi, and the rewriter folds the
//     selectors, testers and constructor equalities; the fresh variables
//     are projected by their theories (datatype ones at once: the model
//     value is finite, so unfolding ends). A literal s = C(t1, ..., tn)
//     whose side s has no projected variable, and t̄ has one, becomes
//     (_ is C)(s) ∧ sel1(s) = t1 ∧ ...; a disequality s ≠ C(t1, ..., tn)
//     becomes the first of ¬(_ is C)(s), sel1(s) ≠ t1, ... true in M; so
//     the projected fields meet a term of the kept variables, not the
//     model's values (revisited after each elimination). Other datatype
//     variables are left to the last stage.
//  3. Arrays (arrays.go), ArrayMBP of FMCAD'15 Section III with every
//     disjunction resolved by M: ELIMWRRD on reads over stores, PARTIALEQ,
//     ELIMWREQ, SYMM and TRIVEQ on array (dis)equalities, which become
//     partial (dis)equalities a =_Ī t between non-store terms; ELIMEQ on a
//     partial equality a =_Ī t (a := store(t, Ī, v̄), fresh v̄ projected in
//     turn, element arrays included); ELIMDISEQ; and the Ackermann
//     reduction of Section III-C: read indices partitioned by value, one
//     fresh variable per class, i = rep inside a class and rep1 < rep2 <
//     ... between classes. It applies to arrays with an Int or Real index
//     and an element sort with two values or more (ELIMDISEQ needs both).
//     Other arrays, and an array in a position ArrayMBP does not cover (an
//     argument of a function, a partial equality with itself inside), are
//     eliminated by equality resolution or by their model value.
//  4. Arithmetic (arith.go, lra.go, lia.go). Reads over stores that
//     mention a projected variable are resolved first (ELIMWRRD), which
//     frees indices. A variable left under a non-linear term (an array
//     read, a function, a product, div by zero, to_int, is_int) is
//     eliminated by an equality x = t of the cube (x with coefficient ±1
//     if Int: FMCAD'15 Section IV-C.1), else by its model value: the
//     "substitution" step of FMCAD'15 Section III-C, which is not finite.
//     The remaining literals become constraints over linear forms
//     (l <= 0, l < 0, l = 0, d | l; a disequality becomes the strict
//     inequality M satisfies). Real variables go first, by Loos–
//     Weispfenning as in CAV'14 Section 5 and Appendix F: an equality is
//     substituted; else the greatest lower bound by model value (ties:
//     strict first, then a fixed order on forms) is substituted, or
//     substituted virtually as l+ε (equations (5)-(7)); else -∞. Int
//     variables follow, by Cooper as in CAV'14 Appendix G: coefficients of
//     x made ±L (L their lcm, with L | x'), an equality substituted, else
//     x' := l* + ((M[x'] - M[l*]) mod D) for the greatest lower bound l*
//     and D the lcm of the moduli, else the upper bounds dropped and
//     x' := M[x'] mod D in the divisibility constraints. Divisibility
//     constraints print as (= (mod t D) r). An Int variable in a Real
//     constraint with a Real variable left (mixed integer-real
//     arithmetic) is eliminated by its model value.
//  5. The rest (rest.go): Booleans by their model value (finite: two
//     values), variables of other sorts (uninterpreted sorts, bit-vectors,
//     arrays over other index sorts) by an equality v = t of the cube,
//     else (for an uninterpreted sort) by a term of the cube without
//     projected variables that has v's value in M, else by their model
//     value, which for a bit-vector of width w is one of 2^w: finite (the
//     projection a bit-blasted x would get from the values of its bits).
//
// Abstract values. The rewriter folds an equality of two distinct
// abstract values (elements of an uninterpreted sort) to false. When a
// model value brings abstract values into the cube, a literal such as
// u1 != u2 may fold away together with the fact it stated, that the sort
// has two elements; ψ would then not imply ∃x̄.φ over a one-element
// universe. So ψ gets, per sort, the unsimplified conjunct (distinct v1
// ... vk) of those values and the ones of φ, when there are two or more.
//
// Every projected variable that goes by its model value, other than a
// Boolean, is listed in Result.Substituted, fresh ones included;
// Result.Finite reports an empty list. With an empty list, the projection
// is one of finitely many formulas over all models of φ, so QE by
// enumeration terminates. The result is simplified (term.Store.Simplify)
// and checked: M ⊨ ψ by evaluation, and no projected variable occurs in
// ψ.
//
// Option ArrayEqualities conjoins to ψ the equality or disequality, as M
// says, of every pair of array terms of one sort in ψ (FMCAD'15 Section
// IV-C.2).
//
// # Complexity
//
// Each literal is built, simplified and scanned for variables once per
// rewrite; the occurrence lists make the elimination of a variable cost
// the size of the literals that mention it. Values are memoized per term,
// so evaluating the subterms of φ costs its size. On a conjunction of
// blocks with their own variables (BenchmarkProject) the work is linear
// in the size of φ: allocations per block are the same at 10 and at
// 10,000 blocks; CPU time per block grows about 2.5x from 100 to 10,000
// blocks, as much as building the formula in the store does (hash
// consing and garbage collection over a larger heap). Cooper's
// substitutions multiply the sizes of the constraints sharing a
// variable, as in the paper; the Ackermann step is linear with the
// model-ordered partition; the optional array (dis)equalities are
// quadratic in the number of array terms of ψ.
//
// # Tests
//
// Properties (pgregory.net/rapid over the generators of package fuzz, at
// least 1000 cases each; -rapid.checks=N for more): model preservation by
// evaluation; under-approximation against the QE oracle fuzz.QE with
// package smt (LRA, LIA, Booleans), by witness search on sampled models
// (arrays), and by z3 on ψ ∧ ∀x̄.¬φ when z3 is on PATH (every theory, in
// one z3 process per test); finite images over hundreds of models; QE by
// enumeration against fuzz.QE. Every example of the papers is a test
// (paper_test.go), and BenchmarkProject measures growth with size.
//
// # Files
//
//	mbp.go        Options, Projector, Result, Project, the answer's check
//	run.go        the state of one projection, variables, substitution
//	eval.go       values under the model, memoized
//	cube.go       the cube: literals with occurrence lists
//	implicant.go  implicant of φ under M, purification of abs/div/mod
//	datatypes.go  datatype variables: equality resolution, unfolding
//	arrays.go     ArrayMBP, the optional array (dis)equalities
//	arith.go      constraints, non-linear occurrences, normalization
//	linear.go     arithmetic on term.Linear forms
//	lra.go        Loos–Weispfenning
//	lia.go        Cooper
//	rest.go       Booleans and other sorts (bit-vectors included)
//	qe.go         QE by enumeration of projections
//	check.go      Check: whether a formula can be a projection, by evaluation
//
// # Naming
//
//	st         *term.Store
//	m          *term.Model (in a run: the caller's, extended for fresh variables)
//	r          *run, the state of one projection
//	phi, psi   the formula and its projection
//	l          a literal (a term), or a term.Linear in arithmetic code
//	c, d       cons (a constraint); d also a modulus (num.Int)
//	x, v, a    variables: x arithmetic, a array, v any
//	t, u       terms
//	p          peq, a partial (dis)equality lhs =_idx rhs
//	L, D       lcm of the coefficients of x, of the moduli (Cooper)
//	glb        the greatest lower bound chosen by the model
//	sys        csys, the constraints of the arithmetic stage
package mbp
