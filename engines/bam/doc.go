// Package bam is block-abstraction memoization (BAM) for CHC systems,
// after Beyer and Friedberger, "Domain-Independent Interprocedural
// Program Analysis using Block-Abstraction Memoization", FSE 2020 (the
// paper): an interprocedural analysis that caches the summary of a block
// per reduced abstract entry state and reuses it at every other call with
// that entry, with a fixpoint over the cache for recursion, wrapped around
// any abstract domain that provides three operators, reduce, expand and
// rebuild. Four engines are registered, one per domain configuration of
// the paper's Table 1: bam (value+predicate, the paper's best), bam-value,
// bam-interval and bam-predicate.
//
// # Blocks are predicates; the analysis is top-down from the queries
//
// The paper's blocks are procedures; here every predicate is a block and
// every body atom a call. A clause P(x̄) ← Q1(ȳ1) ∧ … ∧ Qk(ȳk) ∧ φ is a path
// through P's body that calls Q1 … Qk in order; the arguments of an atom
// are the call's actual parameters, and the head's arguments are what the
// path returns. The analysis runs, as the paper's does, from main: the
// queries form block 0, with entry top, and every block is entered from a
// call with the caller's abstract state reduced to the callee's
// arguments. Top-down (rather than bottom-up from the facts) is what gives
// the cache its meaning: the entry state restricts a block to the
// arguments its callers can pass (the abstraction of the query's, or of
// the caller's, constraint on them), so that one predicate has a summary
// per calling context: fib(10) makes the eleven blocks fib(n = 10) …
// fib(n = 0) under the value domain, each computed once and hit by the
// second call fib(n - 2) (TestMemoization). Bottom-up there is one summary
// per predicate and nothing to look up. The option Contexts=false is that
// degenerate case (every call enters with top).
//
// # The algorithms (analysis.go, clause.go)
//
// Algorithm 1 (fixpoint) analyses block 0 again until an iteration adds
// no exit state to any block, or a query is satisfiable in the
// abstraction. Algorithm 2 (analyse, applyBlockAbstraction) takes the
// reduced entry e of a call of p: when a block of p on the stack has an
// entry covering e (the paper's line 2), the call is recursive and uses
// that block's exit states so far (none in the first iteration, the
// paper's line 6); past Depth blocks of p on the stack, the call enters
// with top, which the next such call finds on the stack (the paper
// unrolls until the summary is stable; with an infinite domain and
// arguments that change at each call, like fib's under values, a bound is
// needed). Otherwise the cache gives the block of (p, e), analysed at most
// once per iteration: a miss makes it, a hit reuses its exit states and
// only extends them. A block's exit states only grow and any growth marks
// the iteration, so the last iteration, which adds nothing, saw every
// summary complete: the paper's fixedpointReached (lines 16–20). On the
// paper's example this takes the two iterations §4.3 describes under the
// final precision (TestPaperFixpoint).
//
// Analysing a block is analysing each clause with its predicate as head
// (processClause): for each body atom in turn, the caller's state (the
// block's entry at the head, the constraint, the summaries of the atoms
// before it) is reduced to the atom's arguments and the atom's block
// taken from the cache; then the combinations of the body blocks' exit
// states that satisfy the clause are enumerated with one smt solver
// (a selector per state and position, one model per combination), and
// each gives one exit state of the block: the abstraction at the head of
// the conjunction (expand, rebuild and the transfer in one abstraction).
// A state records its combination, so a counterexample is a tree read off
// these links. States are never merged (the paper's merge^sep and
// stop^sep: a new state covered by one of the block's is dropped); past
// Exits states, a new one is widened with the join of all (the widening
// delay of intervals, the bound on values of a counter). A visit only
// enumerates combinations with a state new since the last visit
// (semi-naive evaluation), and reuses the reduced entries whose prefix did
// not change, so a hit costs no smt check unless something changed.
//
// # Operators over CHC arguments
//
// A domain (domain.go) provides top, abstract (the one operation that
// looks at formulas), coverage, join, widen, γ as a formula, a cache key
// and its refinement. Over CHCs the operators are:
//
//	reduce(Q, e_call)    the abstraction of the caller's formula at the
//	                     atom's arguments, over Q's parameters: what the
//	                     domain keeps of the caller is what it can say about
//	                     the arguments (clause variables are local, so there
//	                     is no other scope to drop)
//	expand(e_call, Q, e_O)  the caller's formula conjoined with
//	                     γ(e_O)[params := args]: the caller's own context is
//	                     never dropped, only abstracted at the head
//	rebuild(e_call, e_I, e_O)  the renaming params := args, which is also
//	                     what separates a recursive call's variables from
//	                     its caller's (each clause instance has its own);
//	                     the head's state is the abstraction of
//	                     e_call ∧ φ ∧ ∧ γ(e_O,i)[args_i], the paper's
//	                     (ψ_call ∧ φ_call ∧ ψ_O)^Π
//
// and per domain, over a predicate's parameters:
//
//	value (value.go)     parameter ↦ constant, for the tracked parameters
//	                     that have one value in every model of the formula
//	                     (reduce keeps the tracked arguments with a unique
//	                     value, as the paper's keeps the block's variables);
//	                     ⊑ is inclusion of the maps reversed, join keeps
//	                     the agreeing values, widen is join
//	interval (interval.go)  per numeric parameter the best bounds among
//	                     the model's value and thresholds (the system's
//	                     constants, rounded over Int), by binary search on
//	                     the implication; Booleans as values; widen moves
//	                     a growing bound to the next threshold or infinity
//	predicate (predicate.go)  the predicates of the precision implied
//	                     (Cartesian: the strongest cube, the paper's
//	                     Boolean abstraction's disjunctions coming from the
//	                     block's several exit states); checked together,
//	                     a refuting model dropping those it falsifies
//	value+predicate (product.go)  both, componentwise; widening widens
//	                     the values and keeps the predicates
//
// # CEGAR (bam.go, cex.go)
//
// A satisfiable query combination is an abstract counterexample: a tree
// of clause instances unfolded from the states' links (at most CexNodes),
// with fresh variables per node and a child's head arguments shared with
// its parent's body atom. Up to eight combinations per query clause are
// collected and each is replayed with one smt check. A feasible one is
// the derivation (unsat); for the spurious ones the tree interpolant
// (itp.Tree, or node by node past itp.MaxParts or a step out of its
// reach, that node's interpolant then the disjunction of model-based
// projections of its side) gives each node a formula over its
// predicate's parameters, cleaned of the conjuncts the others imply. The
// domain refines from them: predicates take the conjuncts as new
// predicates of that predicate (the paper's "new predicates per block";
// with all conjuncts in the precision the abstraction at that node
// implies the interpolant); values track the parameters the interpolants
// mention (Beyer and Löwe's refinement for value analysis); intervals
// take the constants that bound one parameter as thresholds; the product
// gives x = c and Boolean literals to the values and the rest to the
// predicates. The cache is then emptied and BAM runs again (the paper
// restarts; CPAchecker's in-place refinement is not implemented). When
// the domain gains nothing, the fixpoint goes on collecting every query
// combination it meets (hunting) in search of a feasible one: a bug deeper
// than the first counterexamples is found so, but such a run cannot end in
// sat.
//
// # Witnesses
//
// Sat: for each predicate p, the conjunction over p's blocks visited in
// the last iteration of γ(entry) ⇒ ∨ γ(exit states); predicates no block
// reached are true. A derivation of p(x̄) with x̄ in an entry ends in that
// block's exits (the reduced entries over-approximate every call in a
// derivation, the combinations cover every body tuple), the last
// iteration added nothing, and block 0 has no satisfiable combination, so
// this is a model; pipeline.Solve checks it anyway. Unsat: the derivation of a
// feasible counterexample, values from the smt model.
//
// # What the paper has that this does not
//
// The Callstack-CPA is not needed: clause variables are local, so a call's
// context is the clause. Predicate abstraction is Cartesian per
// combination instead of Boolean per path formula (BDDs); the disjunctions
// come from a block's several exit states. Refinement restarts BAM
// instead of removing the cache entries of the refined blocks. There is
// no adjustable block encoding: a block is one predicate.
//
// # Measurements
//
// Dev folders ../shared/bench/chc, bench/chc.sh -t 10 --engines
// spacer,bam,bam-value,bam-interval,bam-predicate --stat cache-hits --stat
// cache-misses --validate-with z3 (2026-11-25, one run, z3 4.8.12 in it,
// the 2-core machine shared with one or two other jobs). Solved files, and
// the medians of cache hits / misses per run over all files of the folder:
//
//	            arrays/30  lia-lin/60  lia-nonlin/40  lra-ts/30  recursion/18  diverging/18  all/196   hits/misses
//	spacer         19         44          37             18          18             4         140
//	bam (v+p)      21         40          25             10          12             1         109       31 / 12
//	bam-value      13         24          11              3           6             0          57        8 / 5
//	bam-interval   14         26          14              4           8             0          66        8 / 4
//	bam-predicate  24         40          25              9          13             1         112       20 / 11
//	z3             16         41          35             14          16             4         126
//
// 0 wrong; z3 accepted all 271 sat models it validated. Files BAM solves
// and spacer does not: five llreve array files (strcmp, strpbrk_2,
// memccpy_1, strncmp_3, memmove_1; bam-predicate all five, bam three)
// that z3 leaves too, and one lra-ts file (om1_with_relays 4_5, bam).
// Predicate analysis alone solves three array files more than the
// product in this run (cause not investigated). Value and interval analyses answer fast where they answer (time
// ratio against z3 0.54 and 1.14 over files both solve) and mostly on
// straight-line or bounded files; per-folder medians are printed by
// bench/chcstats.awk.
//
// # Files
//
//	bam.go        Engine, Options, registration, the CEGAR loop
//	analysis.go   blocks, states, the cache and stack, Algorithms 1 and 2,
//	              the model
//	clause.go     a clause in a block: reduce, combinations, exit states
//	cex.go        counterexample trees, their check, interpolation
//	domain.go     the domain interface, queries
//	value.go, interval.go, predicate.go, product.go   the domains
//	stats.go      statistics
//
// # Naming
//
//	a        *analysis
//	b, kb    *block, a block's index
//	s        a state's index (states are a.states[s])
//	e        elem, an abstract state
//	p        *chc.Pred; c, ci a clause and its index
//	q        *query
//	d        a domain
//	r        *clauseRun, or a refinement
package bam
