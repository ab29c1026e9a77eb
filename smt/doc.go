// Package smt decides quantifier-free formulas over Booleans, linear
// integer and real arithmetic, uninterpreted functions, arrays and
// algebraic datatypes, by
// DPLL(T): package sat runs the search, the theories join it through
// sat.Theory. The API is incremental (Assert, Push/Pop, Check under
// assumptions), every Sat answer comes with a model that is evaluated
// against the assertions before it is returned, every Unsat answer with
// an unsat core of the assumptions, and with Options.Proofs with a
// resolution refutation for interpolation.
//
// # Shape of a check
//
//  1. Encoding (cnf.go). Assert turns a formula into clauses once per
//     subterm (Plaisted–Greenbaum polarities: x → φ for positive uses,
//     φ → x for negative ones, both when needed); the literal of each
//     subterm is kept by term ID, so assumptions never re-encode. Atoms go
//     to their theory: comparisons to arith (arith.go), equalities of
//     uninterpreted and array sorts, applications and selects to the euf
//     plugin (euf.go, euf_terms.go). Arithmetic ite terms, div, mod, abs,
//     to_int and division by zero become fresh constants with defining
//     clauses (cnf.go lift, int_elim.go).
//  2. Search. The dispatcher (dispatch.go) is the sat.Theory: it routes
//     each theory literal to the plugin owning its variable and keeps the
//     plugins' scopes in step with the decision levels.
//  3. Arithmetic (arith.go). Every atom is one bound on one simplex
//     variable (a term's variable or a slack for a normalized linear
//     combination); over integers atoms are never strict and the
//     negation of v <= c is v >= c+1. lra decides the bounds, conflicts
//     are the negated reasons of a Farkas explanation, propagations are
//     explained lazily. Bound propagation waits until the SAT solver has
//     placed the last assumption (one scan of the atoms instead of one
//     per assumption), and a literal arith implied itself is not asserted
//     back (but the negation of an integer atom, which rounds). Integer
//     reasoning at the final check (lia_check.go): branches are fresh
//     atoms the SAT solver decides, cuts are lemmas recorded with their
//     lia proofs; SetRelaxed turns it off (a fractional model gives
//     Unknown), a cheap first try for callers that only need Unsat.
//     When every atom is an integer difference x − y ≤ c or bound x ≤ c
//     and no other theory shares arithmetic terms, package difflogic
//     decides them instead of the simplex (difflogic.go).
//  4. EUF and arrays (euf.go, array.go): congruence closure with
//     explanations; package arrays proposes axiom instances, added as
//     clauses; theory combination with arithmetic is model based
//     (combine.go).
//  5. Bit-vectors (bv.go, bitblast.go) are blasted eagerly: each
//     bit-vector term becomes a word of SAT literals through shared
//     Tseitin gates, each atom over them (=, comparisons, predicates) a
//     literal; division by fresh quotient and remainder words
//     constrained by n = q·d + r, r < d; functions over bit-vectors and
//     Booleans by Ackermann's reduction. Nothing of it exists until a
//     bit-vector atom is encoded. Assert has no context, so an atom it
//     encodes is a fresh literal whose blasting waits for the next Check
//     (bv.go flush), which polls its context every 4096 new variables
//     (and yields: the memory watch and, on wasip1 and js, the timers
//     run); an interrupted Check answers Unknown and the atoms left stay
//     pending. Assumptions are blasted by Check the same way. bv2nat becomes the sum of its bits'
//     values (ites the lifting turns into integers), int2bv a fresh
//     constant k with (= (bv2nat k) (mod n 2^w)). Arrays of bit-vectors:
//     reads Ackermannised, read-over-write, extensionality over the
//     indices read. A bit-vector term under a function of another sort
//     or a constructor, and a selector of a bit-vector sort, is also a
//     shared node of the euf graph: its equalities are the blasted ones,
//     its value in theory combination its word's (combine.go).
//     Word-level encodings keep the circuits small: a product by a
//     constant goes by the constant's non-adjacent form (shifts, one
//     adder or subtractor per non-zero digit), an equality of words is
//     one n-ary conjunction gate, and an equality met only positively is
//     encoded one way (two clauses per bit, no gate; Plaisted–Greenbaum),
//     completed if it is met negatively later (not with proofs).
//     WriteDIMACS (dimacs.go) exports a blasted query for other SAT
//     solvers.
//  6. Models (solver.go buildModel, euf_model.go): Boolean values from
//     the SAT solver, arithmetic from the simplex, classes and function
//     tables from euf; every assertion and assumption is evaluated under
//     the model (Options.NoModelCheck turns that off).
//
// # Proofs (proof.go)
//
// With Options.Proofs the SAT solver logs every clause (sat.Proof):
// inputs, theory lemmas (conflicts, explanations, cut lemmas, transitivity
// lemmas), and the resolution chain of every learnt clause. The option is
// read once, when the solver is built; off, the only cost is a nil test in
// the SAT solver. AssertPart(t, p) tags the clauses encoding t with
// partition p (Assert is partition 0): the tag is kept in the log.
// Clauses a theory adds during the search as inputs (array axiom
// instances, theory-combination equalities) and definitions made outside
// Assert (the encoding of assumptions) carry no partition: they are valid
// in the theories. Refutation gives the proof of the last Unsat answer
// read-only: clause kinds, partitions, literals, chains, and the term each
// SAT variable stands for (Term), rebuilt on demand from the atom tables:
// arithmetic atoms as the bound over the simplex row's definition, euf
// atoms as their equality or predicate, other variables as the first
// term (by ID) the encoder gave them. Under that reading an input clause
// of partition p follows from p's formulas (or is a definition, valid by
// construction) and every other leaf is valid in the theories.
// Bit-vectors (bvproof.go): bit i of the word of a term t stands for
// (= ((_ extract i i) t) #b1); the blaster's inner gates have no term,
// and with proofs a gate is shared only within the partition that made
// it, so Refutation.AuxPart names the one partition whose clauses hold
// such a variable (itp treats it as local to that side).
// Arithmetic lemmas (simplex conflicts and explanations of propagated
// bounds) keep their Farkas certificates (farkas.go): Refutation.Farkas
// gives the literals of the lemma's negation with their multipliers, read
// over the atoms' terms. Refutation.Definitions maps the solver's fresh
// constants (lifted ite, div, mod, to_int) back to their terms. A cut
// lemma keeps the case split of its lia proof (Refutation.Split: the atom
// π <= b over Int terms), so that it reads as two arithmetic lemmas
// resolved on that atom. Lemmas of euf, arrays and theory combination
// carry no certificate: package itp re-derives what it needs from their
// literals.
//
// # Files
//
//	solver.go     Solver, Options, Assert/AssertPart, Push/Pop, Check, models
//	symmetry.go   symmetry breaking over constants of uninterpreted sorts (Options.Symmetry)
//	cnf.go        the encoder: Tseitin/Plaisted–Greenbaum, lifting of ite
//	dispatch.go   the sat.Theory over the plugins
//	arith.go      arithmetic atoms, bounds, conflicts, explanations
//	lia_check.go  integer branches and cuts at the final check
//	difflogic.go  difference logic: the graph solver instead of the simplex
//	int_elim.go   div, mod, abs, to_int, division by zero
//	euf.go        the euf plugin: atoms, propagation, explanations
//	euf_terms.go  internalizing terms into the graph
//	euf_model.go  the euf part of models
//	combine.go    model-based theory combination with arithmetic and bit-vectors
//	array.go      array axiom instances as clauses
//	datatype.go   algebraic datatypes: axioms of constructor terms,
//	              acyclicity, unfolding and splitting, model values
//	proof.go      Refutation: the proof of an Unsat answer
//	farkas.go     Farkas certificates of arithmetic lemmas, cut splits
//	poll.go       the context the theories poll: the clock and a yield
//	bv.go         bit-vectors: blasting terms and atoms, division, Ackermann, models
//	bitblast.go   the circuits: gates with sharing, adders, multiplier, shifters, comparators
//	bvproof.go    the refutation's view of the blaster: bit terms, AuxPart
//	dimacs.go     WriteDIMACS: a blasted query as a DIMACS file
//
// # Naming
//
//	s           the *Solver; st its *term.Store
//	m, q        SAT literals (sat.Lit); v, sv SAT variables
//	t, u        terms; x an arithmetic variable term
//	a           the *arith plugin; p the *eufPlugin; e the *encoder
//	at, ai      an atom, its index; c a bound or coefficient
//	pol         encoding polarities (polPos, polNeg, polBoth)
//	part        a partition (AssertPart); its proof tag is part+1
package smt
