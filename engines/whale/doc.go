// Package whale is the WHALE engine (Albarghouthi, Gurfinkel, Chechik,
// "WHALE: An Interpolation-based Algorithm for Inter-procedural
// Verification", VMCAI 2012) over constrained Horn clauses.
//
// # WHALE in CHC terms
//
// A predicate is a function of the paper: its clauses are the paths of
// its body (a clause is one path from entry to exit, its body atoms the
// call edges in order), its arguments are both parameters and return
// values. An ARG (node) is one instance of a predicate in the unwinding,
// with its own copy x of the predicate's parameters; the root ARG is the
// instance of the queries. The justification tree is the tree of ARGs:
// unwinding clause c into ARG n gives each body atom of c a child ARG
// that justifies that call edge. The total order ≺ of the paper is the
// order of creation, in which an ARG comes after its ancestors.
//
// The specification of an ARG is a list of guard/summary pairs over the
// predicate's parameters, meaning the conjunction of guard ⇒ summary over
// every derivable fact: a set of Hoare triples {G} P {S}. The root's is
// false. The paper conjoins guards and summaries separately (G ∧ g, S ∧
// s), which is the weaker triple {G ∧ g} P {S ∧ s} and does not keep the
// caller's earlier proof; a list of triples does, so pairs only ever
// strengthen a specification, and no ARG is RESET when a sibling path or
// a child changes.
//
// EXPANDARG (arg.go) unwinds clauses into an ARG: all of its
// predicate's clauses at once (Expand = ExpandAll, the paper's whole
// CFG), or one clause per step (ExpandOne, the paper's example and
// IMPACT). Each unwound clause gets a Boolean selector sel and its
// constraint instantiated over the ARG's copy, the children's copies and
// fresh locals; an ARG gets an activation literal act. DAGCOND(n) is
//
//	act(n) ⇒ ∨ sel(c)     sel(c) ⇒ constraint(c) ∧ ∧ act(child)
//
// and IDAGCOND(n) is DAGCOND(n) with IDAGCOND of every child conjoined,
// each child its own formula (guarded by its activation), not inlined
// into one: an unexpanded ARG has no execution, so the call edges are
// under-approximated by their ARGs' unwindings.
//
// REFINEARG (refine.go) on an ARG n asks whether an execution of its
// unwinding violates its specification. DAGCOND(n) is a disjunction over
// n's unwound clauses, so the question is asked per clause, each with a
// formula of its own: the clause taken (its selector true, the others
// false) with the negated specification, then one formula per call edge
// of the clause, its ARG's IDAGCOND, in body order (the default order,
// Order = OrderObligation). A clause stays safe until n's specification
// changes or one of its call edges is refuted; only the unsafe clauses
// are decided again. Satisfiable at the root, the model selects a
// derivation of false (witness.go); at another ARG, it refutes the
// guessed specification: the ARG's pairs and those of its subtree (which
// were guessed to support them) are dropped, ARGs it covered are
// uncovered by the next sweep, and the parent must be refined again.
// Unsatisfiable, itp.StateTransition gives the state/transition
// interpolant sequence of the paper's STITP from one refutation, and
// call edge k gets the pair
//
//	GUARD(g) = ∃ others. g[act of the edges reachable from k ← true,
//	                        of the others ← false]
//	SUM(s)   = s[act(k) ← true]
//
// renamed to the predicate's parameters, g the state interpolant before
// the edge and s its transition interpolant. The existential is
// eliminated by model-based projection (mbp, at most maxQE projections;
// past them the guard is true, which only asks more of the callee). In
// OrderObligation the negated specification is in the first formula, so
// a guard is the context of the call in which the caller's obligation
// can fail, the last call's guard needs no elimination, and a linear
// clause's none at all. OrderPaper is the paper's order: DAGCOND first,
// the negated specification last, and every guard quantifies the
// caller's arguments away.
//
// COVERARG (cover.go) is applied in a sweep over the ARGs in order:
// an ARG is covered when an ancestor is, or when an earlier uncovered
// ARG of its predicate has a specification that implies its own (Hoare's
// rule for recursion, mutual recursion included: the earlier ARG may be
// an ancestor). Covers are kept while valid and sought again otherwise.
// The first uncovered ARG that is incomplete (EXPANDARG) or unsafe
// (REFINEARG) is the next step: the paper's FIFO order, since ARGs are
// created breadth first; but a clause that is unsafe only because a
// call edge was refuted waits while another call edge of it is
// uncovered and incomplete or unsafe (its unexpanded call edges got
// summary false together, and are refuted one after the other: the
// clause is then decided once for all of them). When there is none, every uncovered ARG is
// complete and safe, and the conjunction of the uncovered ARGs'
// specifications per predicate is a model (witness.go).
//
// # Differences from the paper, and additions
//
//   - Specifications are lists of pairs (above), not one guard and one
//     summary; UPDATE does not RESET the subtree, and a refuted ARG
//     resets its own subtree, not its parent's (siblings keep theirs).
//   - Labels ψ are kept only at the exits, as the paper's implementation
//     does: an ARG is safe or not.
//   - The interpolation system labels a shared atom that occurs only in
//     A's clauses as A's (itp.LabelsOccurrence), so that theory lemmas
//     sum the callee's constraints (Farkas): a base case n = 1 ∧ r = 1
//     against r < n gives n <= r, not the base case itself.
//     LabelsMcMillan is McMillan's system.
//   - Forced covering (IMPACT's, lifted to ARGs): before a call edge
//     takes its pair, it tries the specification of an earlier uncovered
//     ARG of its predicate (its ancestors first), kept when the caller
//     stays safe with it; the ARG is then covered at once. On a recursive
//     call this is the question whether the caller's specification is
//     inductive, the paper's Step 4 on mc91.
//   - REFINEARG first uses, for a child that is settled (covered, or
//     complete and safe down to covered ARGs) with a specification, that
//     specification in place of the child's unwinding: a smaller
//     formula; only when it is satisfiable is the condition decided
//     with every unwinding (a model of it is no counterexample).
//   - Houdini (houdini.go, off with NoHoudini; the candidates read off
//     the clauses and the fixpoint are chc's, CandidatePool and Houdini,
//     which Spacer shares): candidates are every
//     pair, its summary, their literals (alone and under the pair's
//     guard), the literals of each clause over its head's arguments (an
//     equality also as its two halves), x >= 0, x <= y and x >= y over
//     the integer parameters, and the negations of up to 4 of a query's
//     literals over its atom's arguments, carried along the clauses that
//     copy arguments. The largest inductive subset is computed at the
//     start and then every 16, 32, ... REFINEARGs while new candidates
//     come, and is a model when it excludes the queries. Otherwise it is
//     an invariant of every derivation, which every later condition
//     assumes of its ARG and call edges, and covers are checked modulo
//     it.
//   - Facts (facts.go): a refutation's execution derives a fact of the
//     refuted ARG's predicate (its parameters' values, with the
//     derivation). It refutes at once every other specification of the
//     predicate that it violates (the paper would refute each by a
//     REFINEARG after its unwinding caught up). A REFINEARG whose pairs
//     contradict a known fact is decided again with the known facts
//     admitted beside every ARG's unwound clauses (act(n) ⇒ a clause is
//     taken or n's copy is a fact), so that the guesses agree with them;
//     still an under-approximation, so a model is an execution and a
//     counterexample takes the fact's derivation. At most 8 facts per
//     predicate, but for an execution through facts, which the caller
//     sees only through its fact. Not with McMillan's labels, whose
//     summaries then enumerate the facts: there facts only refute.
//   - div and mod by numerals become clause-local variables (purify.go),
//     since the solver's own lifting of them is out of the
//     interpolation's reach across formulas.
//   - Eager (off by default): before an ARG's REFINEARG, the unwindings
//     of its call edges are filled, a level at a time, until they have an
//     execution, so that an unexpanded callee does not make the
//     interpolant guess a summary false.
//   - Nothing is done for more than itp.MaxParts - 2 call edges, or for a
//     proof step the interpolation cannot handle, but a fallback: each
//     call edge in turn is interpolated against the rest, the earlier ones
//     replaced by their summaries, with guards true.
//
// # Measurements
//
// bench/chc.sh -t 10 --engines spacer,whale --base (main's whale)
// --validate-with z3 recursion lia-nonlin, one run, a 2-core machine with
// two other benchmark runs beside it (load 5): files solved, 0 wrong, and
// z3 accepted all 89 models (0 rejected):
//
//	folder      files  whale  whale before  spacer  z3
//	recursion   18     15     14            18      16
//	lia-nonlin  40     32     27            37      35
//
// What each change bought, on the files whale missed (the same files in
// runs of the binary at each step, so within the noise of the load):
// deciding each clause on its own, 14 → 15 on recursion (rust-horn
// simple-2-04 or Ackermann04, both borderline) and nothing yet on
// lia-nonlin, whose root refinements went from 300-460 ms over the whole
// tree to a few ms per query clause, but whose guesses were still refuted
// one call edge at a time; facts, +5 on lia-nonlin (ch-triangle,
// fortune and slow-hull, whose counterexamples are 2 to 4 deep, bcopy2,
// CONST_sum_3_15), with the facts in every condition at once instead of
// only after a contradicted pair losing reve006 and three kind2 files
// (the facts' equalities make summaries enumerate them); forced covering
// with 2 specifications instead of 4, +1 (reve006). Whale solves no file
// that spacer does not; base whale solved metros_2 in this run (6.9 s,
// within the bound's noise), the new one not.
//
// Option settings, measured before these changes (each setting in its
// own sequential run of one binary, 20 to 30% of a core for the solver;
// a file within a second or two of the bound flips with the load, 0
// wrong answers in every run):
//
//	setting                             recursion  lia-nonlin
//	default (all, obligation, ...)      14         24
//	whale.expand=one                    15         25
//	whale.order=paper                   15         24
//	whale.itp=mcmillan                  14         25
//	whale.eager=true                    14         25
//	whale.houdini=false                 12         22
//
// Expansion one at a time and all at once did the same work on the files
// where they differ (Ackermann04: 424 and 422 REFINEARGs, 3.2 to 10 s
// either way with the load): after preprocessing most predicates have
// one or two clauses. The paper's order and the obligation order differ
// on the same borderline files; the obligation order is the default for
// its cheaper guards (no elimination for the last call edge, none at all
// on a linear clause). McMillan's labels solve two files the occurrence
// labels miss (bcopy2, an llreve file) and miss one they solve (a kind2
// file); before Houdini, the occurrence labels were what made summaries
// general (n <= r for Hanoi's base case, not n = 1 ∧ r = 1). Houdini adds
// two files in each folder (recHanoi03, enc-zip_unzip, two synthesis and
// rust-horn files), and proves mc91 before any REFINEARG.
//
// What the remaining time goes to (profiles of the files it does not
// solve, after these changes): REFINEARG's proof-producing solver, a
// fresh one per clause decided, 35 to 40% (encoding, mostly
// linearizing each atom again, still the larger part of it: every
// decision encodes the call edges' whole subtrees, which the previous
// decisions of the ARGs above them encoded already), then the shared
// solver's checks, 25 to 30% (forced covering, Houdini, implications),
// and garbage collection of the terms and tables these allocate. The
// number of REFINEARGs still grows with the refuted guesses: an
// unexpanded call edge gets summary false, and a guess a fact does not
// refute is refuted only when the callee's unwinding catches up. Tables
// (fib(n) >= c_n for each n <= 8, Fibonacci03) need as many levels of
// unwinding as the table has rows; a parity invariant (x mod 2) is out
// of reach of interpolation over the unwindings and of Houdini's
// candidates; graham and plane3 need more levels than 10 s give.
//
// # Files
//
//	whale.go    Options, registration, the main loop, statistics
//	arg.go      ARGs, EXPANDARG, DAGCOND and IDAGCOND
//	refine.go   REFINEARG, GUARD and SUM, refutation, the shared solver
//	cover.go    the sweep (COVERARG), forced covering
//	houdini.go  candidates and Houdini
//	facts.go    derivable facts from refutations
//	purify.go   div and mod as clause-local variables
//	witness.go  the model and the counterexample
//
// # Naming
//
//	r          *run, the state of one Solve
//	n, m, ch   *node (an ARG); kids its call edges' ARG ids
//	e          expansion (a clause unwound into an ARG)
//	x          an ARG's copy of its predicate's parameters
//	act, sel   activation literal of an ARG, selector of an expansion
//	g, s       state and transition interpolants; guard, sum their images
//	spec       ∧ (guard ⇒ summary) over the predicate's parameters
package whale
