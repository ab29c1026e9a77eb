// Package clover is the CLOVER engine (Pick, Fedyukovich, Gupta,
// "Unbounded Procedure Summaries from Bounded Environments", VMCAI 2021)
// over constrained Horn clauses. Its parameters: clover.k (the bound K of
// the environments, default DefaultK), clover.ec-lemmas, clover.data (data
// candidates) and clover.max-nodes.
//
// # CLOVER in CHC terms
//
// A predicate is a procedure of the paper: its defining clauses are the
// paths of its body, their body atoms its calls, its arguments its
// inputs and outputs together. Each predicate p has two summaries over
// its Params: O[p], an over-approximation (a conjunction, initially
// true; false when no clause defines p), and U[p], an under-approximation
// (a disjunction of reach facts, initially empty). A reach fact is a
// formula every model of which is derivable; it records the clause and
// the reach facts of the body atoms it was made from.
//
// The derivation tree follows the call graph. The paper's single root,
// main, is here the query clauses: each body atom of each query is a root
// node. A node is a target atom in a bounded context: a list of at most K
// layers, each a defining clause renamed apart (tree.go, instance), the
// first one the clause of the K-th caller up (or a query), the last one
// the clause whose atom is the target, plus an interface over the head
// arguments of the first layer. ADDNODES gives a node a child per body
// atom of each of its predicate's defining clauses: the child's context is
// the parent's with that clause appended; past K layers the first one is
// dropped and projected into the interface:
//
//	iface(child) = ∃ others. iface(parent) ∧ constraint(dropped)
//	                         ∧ O on the dropped clause's other atoms
//
// by model-based projection enumerated to exhaustion (at most 8
// projections; inexact or above 300 nodes, the interface is true). This is
// the paper's interface(d, k), computed from the parent's so that only one
// clause is eliminated at a time; a node's interface is recomputed when the
// O of the dropped clause's atoms or the parent's interface changed since.
// At K = 1 a node sees its caller's clause only, the rest through the
// interface.
//
// A node's bounded environment (BENV, env) is its interface, the
// constraints of its layers, and every atom of the layers but the unfolded
// ones and the target, each by its O (b̂_O) or by its U (b̂_U). Its BODY
// is its predicate's defining clauses instantiated at the target's
// arguments with fresh locals (bodyLayer): over-approximated, their
// disjunction with the callees by O; under-approximated, one clause (the
// paper's PATH) with the callees by U. PROC is the node's predicate and
// IDX the target's index in the last layer. Two nodes with the same
// context (same clauses, same unfolded atoms, same interface) are one: the
// node ADDNODES would create is the existing one, which records the
// caller as a bounded parent (Bparent) and becomes available again when
// what it reads changed (MAKE-AVAILABLE). AVAIL, the set A, is a priority
// queue (appendix B.1, α = β = 1): lower depth + visits first, then
// predicates nearer the queries in the call graph, then the later atom of
// a clause, then the older node.
//
// # The queries (query.go)
//
// PROCESSNODE (Algorithm 2) on a node with predicate p and target x:
//
//  1. the interface is brought up to date, and for p outside recursion
//     the exact projection of its over-approximated body is conjoined to
//     O[p] (appendix B.3; at every node, once per change of the callees'
//     O: it is p's exact summary when theirs are);
//  2. per defining clause: OU, the clause with its callees by U against
//     the environment by O; when OU is satisfiable, UU, the same against
//     the environment by U. A satisfiable query adds the target's values
//     as a sample and, unless U[p] holds them already, a reach fact: the
//     model-based projection onto x of the clause with the reach facts of
//     its atoms that the model satisfies (the paper's QE(∃loc. π),
//     under-approximated, appendix B.4), the point itself when the
//     projection admits no other;
//  3. when no UU query succeeded: OO, the over-approximated body against
//     the environment by O; when OO fails, UO, the same against the
//     environment by U. An unsatisfiable query conjoins to O[p] an
//     interpolant over x (itp, checked: over x only, implied by the body,
//     inconsistent with the environment; else the exact projection of the
//     body, else the negated exact projection of the environment) and the
//     exact projection of the body (appendix B.3, when at most 200 nodes).
//     When OO is satisfiable on a recursive predicate, explicit
//     induction (below) runs, and when it changed p's summaries or
//     candidates OO is asked once more;
//  4. when no UU query succeeded (or the node has been processed more
//     than 3 times: UU can keep finding new reach facts through an
//     environment the bound makes coarse) and OO did not succeed:
//     ADDNODES;
//  5. when a summary or candidate changed, the parent and the bounded
//     parents become available (PROCESSED).
//
// A query whose inputs (the environment's summaries, the interface, the
// callees' summaries and, for OO and UO, the candidates) did not change
// since the node last asked it answers as then, without a solver
// (appendix B.2). O only grows by conjuncts O does not already imply
// (selective updates, appendix B.4). Every query asserts its formula into
// a fresh smt.Solver (induction keeps one per clause, below).
//
// SAFE and UNSAFE are checked before each step, on the queries, once a
// summary they read changed: first UNSAFE, when a query's body is
// satisfiable with its atoms by U, then SAFE, when every query is
// unsatisfiable with its atoms by O. Every conjunct of O[p] is implied by
// p's defining clauses with their atoms under the O of its time (an
// interpolant or a projection of the over-approximated body, or an
// induction step whose hypotheses are conjoined with it), and O only
// grows, so O is a solution of the other clauses throughout: SAFE needs to
// check the queries only. When the set A is empty and there is no answer,
// every node whose inputs changed since it was last processed becomes
// available again; when there is none, the answer is Unknown
// (incomplete), as it is past MaxNodes nodes.
//
// # Explicit induction and EC lemmas (induction.go, data.go)
//
// Induction proves candidates, properties over a predicate's Params. They
// come from two sources: the negated environment of the OO query that
// failed (the paper's 𝕀 = ¬b̂_O: the environment projected onto the
// target, its negation and the negation of each of its cubes), and, on by
// default, data: the predicate's samples suggest bounds of each numeric
// parameter and of the differences and sums of pairs, affine equalities
// (the null space of the samples), constant Booleans, the same numeric
// candidates per valuation of the Boolean parameters shared by at least
// three samples (b ⇒ c), equalities of array parameters, residues x mod c
// = r for c <= 6, and residue functions x mod c = r ⇒ y = v. A candidate
// false on a sample is dead; at most 160 live ones per predicate.
//
// Samples are reachable points: at the start a bottom-up search derives
// up to 24 per predicate from the facts (12 rounds, at most 200 checks,
// predicates over Int, Real and Bool only), each also a reach fact of U,
// so that a short counterexample is found before the first node; later,
// the target's values of every satisfiable OU and UU query.
//
// learn(p, hyp) is OOI and OOIL in one: every live candidate of p is
// checked in each defining clause of p, with O on the body atoms and, as
// hypotheses, every live candidate of the predicates hyp on the body atoms
// of those predicates (each under a guard literal, one incremental solver
// per clause, the candidate's negation at the head under a goal literal).
// A candidate implied at the head of every clause gets a lemma whose
// hypotheses are the union of the unsat cores' guards. The base cases are
// the clauses without atoms of hyp. hyp is p itself (OOI) and, with EC
// lemmas, the predicates of p's recursive component that p calls and that
// label one of the node's K nearest ancestors (the paper's assumps(n, D),
// with j <= k; all such ancestors at once, the unsat cores choosing). A
// lemma with a hypothesis about another predicate is an EC lemma.
//
// closure is REDUCE-LEMMAS and ELIM-LEMMAS applied to all lemmas at once:
// the greatest set of lemmas whose hypotheses are conclusions of the set
// or in O, found Houdini-like (a lemma with a hypothesis outside the set
// is proven again from the set, and leaves it when that fails; a failure
// is remembered per set). The conclusions of the set are mutually
// inductive and are conjoined to O; a lemma left out stays, its hypotheses
// may be proven later. On evenodd-exclusive, e(x, y) ∧ x mod 2 = 0 ⇒ y
// is a lemma under o's o(x, y) ∧ x mod 2 = 1 ⇒ y, and that one a lemma
// under e's; neither is inductive alone, the set of both is, and closure
// conjoins them to O (the paper's Table 1, rows 9 and 10).
//
// # Witnesses
//
// Sat: the model is O, the conjunction of each predicate's
// over-approximation. Unsat: the reach facts of U that a model of the
// query's body under U picks, read back into a derivation: one small
// query per derivation node (the clause with its head's values fixed and
// its atoms by their reach facts) gives the values of the clause's
// variables and of its atoms' arguments; nodes are shared per reach fact
// and values, so the derivation is a DAG (a tree may be exponentially
// larger, as on Hofstadter's sequences). pipeline.Solve checks both witnesses
// on the input system.
//
// # What of the paper is here, and what is not
//
// Here: the derivation tree over the call graph with bounded contexts
// and interfaces by projection, bounded parents and node reuse, the four
// queries in Algorithm 2's order, SAFE and UNSAFE, OOI and OOIL with EC
// lemmas and their elimination (RL, EL), appendix B's heuristics (node
// priority, redundant queries, body over-approximations, QE approximated
// by model-based projection, selective updates of O). Differences:
//
//   - Induction runs on OO only; UOI and UOIL (induction against the
//     environment by U) are not implemented.
//   - The paper assumes on each ancestor q_i its negated bounded
//     environment and instantiates the known lemmas L in each induction
//     (Inst(L)); here the hypotheses are the live candidates of the
//     predicates (which include their negated environments), chosen by
//     unsat cores, and lemmas combine only in closure: a set proves
//     itself or waits. One attempt uses every ancestor up to k instead of
//     attempts with j = 0, 1, ..., k.
//   - Candidates: the paper's CLOVER runs on FreqHorn, which guesses
//     candidates from a grammar and data; here data candidates (above)
//     stand for them; off (clover.data=false), the candidates are the
//     negated environments only.
//   - The interface is kept with the node and recomputed when an input
//     changed, rather than recomputed from the parent's at each query.
//   - Body projections (B.3) are conjoined at every node of a predicate
//     outside recursion, not only when OO succeeds; under-approximations
//     skip a reach fact only when U already holds the model's point (no
//     implication check U' ⇒ U).
//   - The 3-visit bound on UU before ADDNODES, the restart when A is
//     empty, the bottom-up samples and the bound on nodes (MaxNodes) are
//     not in the paper.
//
// # Measurements
//
// bench/clover-k.sh on the 33 files of testdata (the paper's families:
// Even-Odd and its variants, Mod n for n = 3, 4, 5, Hofstadter
// Figure-Figure and female/male, Combination; 22 sat, 11 unsat), -t 10 per
// file, every configuration in turn on each file, z3 4.8.12 with -T:10;
// one run on a 2-core machine shared with other benchmark runs (load
// average 3.5 to 5.6 over the run), so times are rough:
//
//	configuration           sat  unsat  wrong  unknown  total time
//	clover k=1              16   11     0      6        44.0 s
//	clover k=2              22   11     0      0         5.5 s
//	clover k=3 (default)    22   11     0      0         5.4 s
//	clover k=5              22   11     0      0         4.6 s
//	clover k=10             22   11     0      0         5.4 s
//	clover ec-lemmas=false  14   11     0      8        73.2 s
//	clover data=false       16   11     0      6        73.9 s
//	spacer                  16   11     0      6        61.1 s
//	z3                      13   11     0      9        93.5 s
//
// Every file is solved by some configuration. At k = 2, 3, 5 and 10 the
// runs are the same on every file (same steps, nodes, queries of each
// kind, lemmas; the trees are at most 4 deep and 2 steps per file on
// average suffice; 8 of the 11 unsat files are answered by the bottom-up
// samples before the first step), so the times differ by the load only.
// At k = 1 the runs go deeper (869 steps over the 33 files against 70,
// trees up to 18 deep) and 6 files are lost: combination-add,
// evenodd-exclusive and hofstadter-fm-female and -male by timeout,
// evenodd-int and mod3-exclusive with no node left. The measurement does
// not choose among k >= 2; DefaultK stays 3, one level above the smallest
// bound that solves every file (k only matters at nodes deeper than k,
// whose queries it makes larger). The paper saw the trade-off (Fig. 7) at
// larger bounds: its Mod n files were solved at k = 9 and 10, none at
// k = 2.
//
// EC lemmas are used (conjoined to O) on exactly the 8 files that fail
// without them: combination-add, evenodd-exclusive, -int, -neg, -neg-odd,
// hofstadter-fm-female, -male and mod3-exclusive, whose properties need
// the other predicate's property in their induction step. This is the
// paper's "no EC lemmas" column (0 of Even-Odd, Mod n and Combination);
// its Hofstadter family (Figure-Figure) needed none, nor do the
// Figure-Figure files here, while the female/male ones do. Without data
// candidates 6 files are lost (combination-add, -double,
// evenodd-exclusive, -int, -sum, mod3-exclusive): their invariants relate
// a result to the argument's residue (x mod 2, x mod 3), which the
// residue candidates supply and the negated environments did not. Spacer
// misses the same 6; z3 misses them too, and hofstadter-fm-female, -male
// and mod5-multiple. The step, node and query counts above are from
// --stats runs of the same binary after the table's run.
//
// --stats gives per run the queries of each kind with their successes
// and times (the paper's Fig. 8), EC lemmas found and used, induction
// checks and successes, samples, candidates, nodes and depth.
//
// # Files
//
//	clover.go     Options, registration, Solve, the main loop, SAFE, UNSAFE
//	tree.go       layers, nodes, bounded contexts and environments,
//	              interfaces, ADDNODES, the queue A
//	query.go      PROCESSNODE, the queries OO, UO, UU, OU, body projections
//	summary.go    predicates, call graph, O and U, reach facts, derivations
//	project.go    projection by enumerated MBP, checked interpolants
//	induction.go  candidates, induction (OOI, OOIL), lemmas and their closure
//	data.go       samples, the bottom-up search, data candidates
//	stats.go      counters (--stats)
//
// # Naming
//
//	e          *engine, the state of one Solve
//	n          *node; L the instance of a defining clause at its target (BODY)
//	l          *layer, a clause renamed apart in a context
//	p, q       *pred (p.p its chc.Pred)
//	rf         *reachFact, a disjunct of U
//	c, g, h    *cand: a candidate, a goal, a hypothesis
//	A, B       body and environment of OO/UO; I their interpolant
//	k          kind of query (kindOO ...); K the bound (Options.K)
//	tick       a counter of summary and candidate changes: what was read when
package clover
