// Package fuzz holds the random generators and helpers that property-based
// and differential tests across gospacer share: random well-sorted terms and
// formulas, random models, and SMT-LIB scripts that print a failing case
// readably; and the oracles that tests compare answers with: quantifier
// elimination (QE, SatQE), enumeration (BruteForce) and external solvers
// (External). Tests of every package use these generators and oracles
// instead of private copies, so an improvement here sharpens all of them.
//
// # Generators
//
// The generators are pgregory.net/rapid generators. A Config selects the
// theories (a Theory bitmask), the number of constants per sort and the
// maximal depth. The constants and functions of a Config form a fixed,
// readable signature (see Consts and Funcs):
//
//	Bool                          b0 b1 ...    Theory Bool
//	Int                           x0 x1 ...    LIA, Arrays or UF
//	Real                          r0 r1 ...    LRA
//	(Array Int Int)               a0 a1 ...    Arrays
//	(Array Int (Array Int Int))   n0 n1 ...    Arrays
//	U (uninterpreted)             u0 u1 ...    UF
//	f: Int -> Int, g: Int Int -> Int, p: Int -> Bool, h: U -> U     UF
//	fr: Real -> Real                                              UF and LRA
//	q0 q1 q2: bound Bool variables                                Quantifiers
//
// Formula draws a Boolean formula, TermOf a term of a given sort, ModelFor
// a model of given constants (and of the Config's functions and of the
// division-by-zero symbols of term.Store.DivByZero, so properties exercise
// that convention). Generators only build well-sorted terms.
//
// Datatypes (datatypes.go): Lists declares a list datatype with list and
// Int constants and draws formulas over constructors, selectors, testers
// and linear arithmetic; Satisfiable searches models among small values,
// the independent check of unsat answers in smt's and mbp's property
// tests. Script declares the store's datatypes.
//
// CHC systems (chc.go, chcarrays.go): CHCSystem draws small normalised
// systems whose Int variables the clauses bound to a small domain, so that
// BruteCHC (chcbrute.go) decides them exactly and gives the least model and
// a derivation; CHCSystemUnbounded drops the bounds and adds Real
// arguments; CHCSystemArrays draws systems over (Array Int Int) with
// stores, reads and array equalities, for engines checked by their
// witnesses and against each other. CHCSystemBitVec (chctheories.go)
// draws systems over 3-bit vectors with every kind of operator, and
// CHCSystemLists systems over the list datatype of Lists whose clauses
// bound each list to at most two small elements: BruteCHC enumerates
// bit-vectors and datatype values (DatatypeValues) too, so both are
// decided exactly, in the conformance test and the campaign.
// CHCSystemBitVecCFG (chcbvcfg.go) draws control-flow graphs over 3-bit
// vectors whose predicate has a location argument (Eldarica's SLayerCF
// shape, which passes.SplitLocations splits).
//
// Big systems (big.go): WriteBig writes, and Big reads, systems of a
// given number of clauses in the shapes program verifiers produce by the
// ten thousand (a Chain of predicates, a binary Tree of nonlinear
// clauses, FanIn: many facts into one predicate, a straight-line Program
// over eight variables), sat or unsat as asked; BigSystem draws them. The
// scale tests and chc's BenchmarkScale use them.
//
// # Shrinking
//
// rapid shrinks the recorded draws toward zero; the generators are laid out
// so that smaller draws mean smaller, more readable cases: at every node the
// choice 0 is a leaf, leaves prefer constants and small numerals, argument
// counts start at their minimum, and a model constant whose first draw is 0
// keeps its default value. A failing property thus usually shrinks to a
// term of a few nodes over x0, r0, b0 and a model of mostly defaults.
//
// # Case counts
//
// rapid runs 100 cases per rapid.Check by default. Check runs a property for
// at least a given number of cases unless -rapid.checks (or RAPID_CHECKS)
// chooses the count on the command line.
//
// # Oracles
//
// Independent deciders that tests compare the solver and projections
// with. They share no code with the solver's decision paths: their linear
// forms are their own (linear.go), not term.Linearize or term.Simplify;
// they use only term's constructors, Substitute and Model.Eval.
//
// QE(st, vars, phi) eliminates the existential quantifier of
// (exists vars phi) and returns an equivalent quantifier-free formula
// over the other constants of phi (qe.go, tableau.go, fm.go, cooper.go):
//
//  1. Preparation. Terms that mention an eliminated constant are replaced
//     by fresh constants, eliminated too, with definitions: ite over Int
//     or Real and abs (c => k = a, not c => k = b); (div a k), (mod a k)
//     for a numeral k != 0 (a = k·q + r, 0 <= r < |k|); (to_int a)
//     (i <= a < i + 1), and (is_int a) as (= (to_real (to_int a)) a).
//     Quantifiers over Bool variables are expanded.
//  2. Tableau. The Boolean structure is expanded on the fly into branches,
//     conjunctions of literals whose disjunction is the formula (a lazy
//     DNF): splits are delayed, evaluated three-valued under the branch,
//     the most constrained first; a branch closes on contradictory
//     literals or when Fourier–Motzkin refutes its real relaxation. A
//     fresh constant's definition joins a branch when the constant does.
//     Disequalities over eliminated constants split into < and >.
//  3. Elimination, per branch: Real constants by Fourier–Motzkin on exact
//     rationals (equalities by substitution, strict and non-strict bounds),
//     treating Int constants as parameters, which is exact; then Int
//     constants by Cooper's method (lcm normalization, divisibility
//     constraints, the test points of the smaller bound side).
//
// The result is a disjunction of conjunctions of the parameter literals of
// each branch and the remaining constraints: comparisons over linear sums
// and (= (mod t d) 0) for divisibility. It is not simplified.
//
// The fragment. vars are constants of sort Bool, Int or Real; phi is a
// Boolean formula, quantifier-free but for quantifiers over Bool
// variables. Eliminated constants may occur in Bool atoms and in linear
// arithmetic (+, -, * and / by numerals, to_real, ite, abs, div and mod by
// nonzero numerals, to_int, is_int, comparisons, =, distinct). Every other
// term that mentions one is outside the fragment: non-linear products,
// division by zero or by a non-numeral, arrays, applications of
// uninterpreted functions, equalities over arrays or uninterpreted sorts.
// Terms that mention no eliminated constant are parameters, of any
// theory, kept as they are. Eliminating an Int constant needs its
// constraints to have Int atoms only: an Int constant may not share a
// constraint with a Real parameter (mixed real–integer elimination is not
// implemented); Real constants may share constraints with anything.
// Outside the fragment, QE returns an error wrapping ErrUnsupported; past
// its budget (300000 constraints, or a Cooper step of more than 20000
// disjuncts), one wrapping ErrTooLarge. The method is exponential: it is
// meant for formulas with a handful of constants, as the generators draw.
//
// SatQE(st, phi) decides satisfiability by eliminating every constant.
// It first applies Ackermann's reduction to applications of uninterpreted
// functions from Int and Real arguments to an Int, Real or Bool range, and
// to division by zero, which SMT-LIB (and term.Model) treat as an
// uninterpreted function of the dividend. Arrays and uninterpreted sorts
// are outside its fragment.
//
// BruteForce(st, phi, dom) enumerates the models over a small Domain
// (integers, rationals, abstract elements, arrays over them, function
// tables at the arguments that occur) and evaluates phi under each with
// term.Model.Eval. A model it finds is a model; finding none decides
// nothing unless phi bounds its constants to dom. It covers every theory
// of the generators, for one-sided checks of Unsat answers.
//
// External(ctx, solver, script) runs z3 or cvc5 on an SMT-LIB script
// (Script's output) and returns sat, unsat or unknown; ExternalAll returns
// the answers of a script with several check-sat commands, such as
// ScriptBatch's, which checks many formulas in one process. Tests that use
// them skip when exec.LookPath fails.
//
// # Checkers for others' tests
//
// The generators and oracles are public so that programs outside
// gospacer can property-test their own code with them. CheckProjection
// checks any model-based projection: mbp.Check by evaluation (vocabulary,
// the model satisfies it), then the implication ψ ⇒ ∃x̄.φ against the QE
// oracle with package smt. ProjectionProperty is a rapid property that
// draws formulas, models and variables and checks a caller's ProjectFunc
// and package mbp's projection on each; a failure prints the shrunk case
// as SMT-LIB (see ExampleProjectionProperty, and projection_test.go for
// the wrong projections it catches). Run checks a rapid property outside
// of a test function and returns the failure as an error. For
// interpolants, itp.Check and itp.CheckSequence check a caller's answer
// with fresh smt solvers.
//
// # Long campaigns
//
// The default runs are sized for CI (all fuzz and smt tests in well under
// two minutes on two cores). Longer runs, package by package:
//
//	go test ./fuzz ./smt -rapid.checks=100000 -timeout 0
//	    every property 100000 cases (Check then runs rapid.Check once)
//	GOSPACER_CAMPAIGN=1h go test ./smt -run TestCampaignZ3 -v -timeout 0
//	    random formulas of every theory against z3 for an hour, with counts
//	    per theory; disagreements and solver errors (an internal error, a
//	    model that fails the formula) are shrunk with Shrink and go to
//	    GOSPACER_CAMPAIGN_DIR as .smt2
//	GOSPACER_CHC_CAMPAIGN=1h GOSPACER_CAMPAIGN_DIR=/tmp/chc go test ./fuzz -run TestCampaignCHC -v -timeout 0
//	    the CHC differential campaign (chccampaign.go): random systems of
//	    every kind of CHCKinds (bounded linear and nonlinear, unbounded Int
//	    and Real, arrays, 3-bit vectors, a list datatype; one to three
//	    predicates; sat and unsat; big
//	    systems of known answer in the shapes of program verifiers) through
//	    every registered engine, z3's Spacer and Golem when on PATH (each
//	    on the systems it reads; an error it reports fails the round), and
//	    brute force where bounded; counts per kind and solver at the end.
//	    GOSPACER_CHC_CAMPAIGN_ENGINES=spacer,bmc picks an engine group (an
//	    hour per group: the engines share the time), _KINDS the kinds,
//	    _TIMEOUT the time per solver (2s). A disagreement, a crash or a
//	    rejected witness is shrunk (ShrinkCHC: clauses, then conjuncts)
//	    and written to GOSPACER_CAMPAIGN_DIR as KIND-SEED.smt2; once its
//	    answer is known, keep it as fuzz/testdata/chc-regress/NAME.sat.smt2
//	    or NAME.unsat.smt2, which TestCHCRegressions runs on every engine
//	GOSPACER_INTERACTIVE_CAMPAIGN=30m go test ./fuzz -run TestCampaignInteractive -v -timeout 0
//	    the interactive differential campaign (interactive.go): random
//	    command streams (CommandStream: declarations, assertions,
//	    push/pop, check-sat, check-sat-assuming, get-value, errors on
//	    purpose) sent one command at a time to gospacer -in and z3 -in
//	    through pipes (Process), each only after both answered the last;
//	    CompareStream fails on a command that one fails and the other
//	    not, on sat against unsat, and on a response that does not come;
//	    counts of streams and commands at the end
//	go test ./cmd/gospacer -run '^$' -fuzz FuzzCLI -fuzztime 1h -parallel 1
//	go test ./cmd/gospacer -run '^$' -fuzz FuzzDIMACS -fuzztime 1h -parallel 1
//	go test ./smtlib -run '^$' -fuzz FuzzParse -fuzztime 1h -parallel 1
//	go test ./chc/passes -run '^$' -fuzz FuzzRead -fuzztime 1h -fuzzminimizetime 2s -parallel 1
//	    coverage-guided fuzzing, one target per command; Go's fuzzer
//	    minimizes each new interesting input for up to a minute unless
//	    -fuzzminimizetime says otherwise, showing 0 execs/sec meanwhile
//
// # From a failure to a regression test
//
// A failing rapid property prints the minimized case (an SMT-LIB script
// from Script for the solver's properties) and writes its draws to
// testdata/rapid/<Test>/<Test>-<time>-<pid>.fail in the package's
// directory; -rapid.failfile=<that file> replays it, as does
// -rapid.seed=<the printed seed>. Fail files follow the draws of the
// generators and stop replaying the same case when a generator changes, so
// keep the case itself. Campaigns draw formulas with Generator.Example,
// which does not shrink; Shrink(st, phi, budget, fails) makes such a
// failure small by replacing subterms with their arguments or with default
// values while fails still holds. Save the printed script as
// smt/testdata/regress/<name>.smt2 with (set-info :status sat) or unsat
// (the answer of the oracle), which TestPropRegressions runs; a known open
// bug gets a test marked t.Skip("bug: ...") instead, until it is fixed. A
// crasher of go test -fuzz is written to testdata/fuzz/<Target>/ and stays
// there: go test runs every file of that directory as a regression case.
//
// # Files
//
//	config.go      Config, Theory: what a generator draws from
//	gen.go         Formula: random formulas
//	model.go       ModelFor: random small models
//	check.go       Check: rapid with a minimum number of cases
//	run.go         Run: a rapid property outside a test
//	shrink.go      Shrink: a failing formula made smaller
//	script.go      Script: assertions as an SMT-LIB script
//	batch.go       ScriptBatch: formulas as one script
//	external.go    External: z3 or cvc5 on a script
//	brute.go       BruteForce over a Domain
//	tableau.go     the tableau oracle
//	linear.go      the oracles' linear forms and constraints
//	qe.go          QE, SatQE
//	fm.go          Fourier-Motzkin elimination
//	cooper.go      Cooper's method
//	projection.go  CheckProjection
//	chc.go         CHCSystem: random CHC systems
//	chcarrays.go   CHCSystemArrays
//	chcbrute.go    BruteCHC
//	chctheories.go CHCSystemBitVec, CHCSystemLists, DatatypeValues
//	chcbvcfg.go    BitVecCFGScript, CHCSystemBitVecCFG: control-flow graphs over bit-vectors
//	big.go         WriteBig, Big: big CHC systems
//	engines.go     the conformance test of CHC engines
//	chccampaign.go the CHC differential campaign against z3, Golem and brute force
//	interactive.go CommandStream, Process, CompareStream: the interactive campaign against z3 -in
//	datatypes.go   Lists: random formulas over a list datatype
//
// # Naming
//
//	st    *term.Store
//	cfg   Config
//	g     *gen, the state of one draw
//	t     *rapid.T
//	d     remaining depth
//	s     *term.Sort
//	q     *qe, the state of one QE or SatQE call
//	b     *branch of the tableau (in fm.go, a *builder of constraints)
//	l, e  lin, a linear form over atoms
//	c     cons, a normalized constraint; cs a conjunction of them
//	x     the constant being eliminated
//	dom   Domain of BruteForce
package fuzz
