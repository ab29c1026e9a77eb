// Package sat is the CDCL SAT solver that DPLL(T), interpolation and Spacer
// stand on. It is incremental (clauses, variables and assumptions between
// Solve calls), logs resolution proofs on request, and has a hook through
// which a theory solver joins the search without the core loop knowing about
// theories.
//
// # Handles
//
// A Var is a uint32 numbered from 1, as in DIMACS; a Lit is 2v for the
// positive and 2v+1 for the negative literal of v, so m.Not() is m^1 and
// per-literal tables are indexed by the literal itself. Var 0 and Lit 0
// (VarNull, LitNull) are never used, so zero values mean "none" and the
// DIMACS number of a variable is its handle.
//
// # Clauses
//
// Every clause lives in one []Lit arena: a size word with flags and the
// literals, preceded by header words only where needed (activity, LBD and
// "used" counter for learned clauses; the proof ClauseID with proof
// logging), so an input ternary clause takes four words. A clause is named
// by a cref, the arena index of its size word, so the propagation loop
// touches one contiguous stretch per clause. There is no heap object per
// clause; deleting a clause marks it and counts its words as wasted, and gc
// compacts the arena by relocation (MiniSat's scheme) when a quarter of it
// is waste, forwarding the crefs held by the clause lists, the watch lists
// and the reasons on the trail.
//
// # Propagation
//
// Two watched literals with blocker literals: watches[m] lists the long
// clauses watching m as {cref, blocker}; a true blocker skips the clause
// without reading it. Binary clauses have their own lists bins[m] whose
// blocker is the other literal, so they are propagated without touching the
// arena, and before the long clauses. The values are kept per literal
// (vals[m] is 1, -1 or 0) so a test is one load. propagateBool keeps its
// tables in locals, is free of interface calls, and allocates nothing in
// steady state (BenchmarkPropagate, TestPropagateNoAlloc).
//
// # Conflicts
//
// analyze derives the first-UIP clause, minimises it recursively (MiniSat's
// ccmin-mode 2 with abstract levels), computes its LBD, and the solver
// backjumps. Learned clauses sit in three tiers by LBD (as in Glucose 4 and
// MapleLCM): core (<= 2) kept for good, mid (<= 6) kept while they keep
// taking part in conflicts, and local. reduceDB runs on two triggers:
// Glucose's schedule (every 2000 + 300k conflicts), deleting the less active
// half of the clauses unused since the previous reduction, and MiniSat's
// budget (a third of the input clauses, growing by 10% at geometric
// intervals) on the non-core clauses, deleting the less active half of all
// of them. The budget keeps the database small on small hard formulas
// (pigeonhole, random 3-SAT), where propagation over thousands of long
// learned clauses would dominate; the schedule governs large ones.
//
// A backjump of more than 300 levels backtracks one level only
// (chronological backtracking, Nadel and Ryvchin 2018, see chrono.go):
// the asserted literal is assigned out of order at its own level, so a
// DPLL(T) search does not decide and theory-check the same levels again.
// Options.NoChrono, Proof and DRAT switch it off.
//
// # Decisions and restarts
//
// EVSIDS with phase saving: the variables wait in a binary heap by
// activity, those of activity zero (never bumped) in a bit set by index
// (heap.go). Conflict analysis bumps the variables it resolves on and,
// reason-side (CaDiCaL), those in the reasons of the learned clause's
// literals. The decay is 0.95 in stable mode and
// grows from 0.8 to 0.95 in focused mode (Glucose). Restarts follow one of
// three policies (Options.Restarts). The default, RestartMixed, alternates
// CaDiCaL-style between a focused mode (restart when the fast moving average
// of LBD exceeds the slow one by 10%) and a stable mode (Luby restarts with
// 1024 conflicts per unit, deciding on target phases: the largest
// conflict-free assignment since the last restart); each mode lasts as many
// propagations as the last focused one, doubling every round. RestartGlucose
// and RestartLuby use one mode only. Restarts reuse the trail: decisions the
// heap would repeat are kept. The default was picked by measurement
// (bench/sat.sh, and CPU time and propagation counts over the benchmark
// files, also with variables and clauses shuffled): mixed took about 0.7x
// the CPU time of glucose alone and of Luby alone, the clause budget halved
// the time on random 3-SAT, and reason-side bumping took a fifth off.
//
// # Incremental use
//
// Solve(ctx, assumptions) decides the clauses under assumptions, which take
// the first decision levels (MiniSat). Unsat under assumptions leaves the
// failed assumptions (analyzeFinal) in Failed; Sat leaves a model. Clauses
// added between calls are attached at level 0 at once: nothing is rebuilt.
// The activation-literal pattern of Spacer - assert ¬a ∨ L, solve under a,
// retire a with the unit ¬a - costs one clause per lemma, and Simplify (also
// run by Solve when worthwhile) removes the clauses satisfied at level 0,
// retired lemmas included. ctx is checked every 64 conflicts and 1024
// decisions (and at a decision after 2^18 propagated literals, for large
// formulas), and so is its deadline against the clock, after yielding the
// processor (on wasip1 and js a busy goroutine keeps timers from firing);
// SetBudget bounds conflicts and propagations per call. Both give Unknown.
//
// A check whose assumptions propagate nearly every variable (Spacer's
// frames: each level literal assumed on or off, each lemma then satisfied
// or unit) would pop every assigned variable off the heap only for
// cancelUntil to put it back: two heap operations per variable and call.
// pickBranchLit answers at once when no variable is unassigned and scans
// the heap array when at most 16 are (the same choice as popping).
// Theories see the assumption phase (PlacingAssumptions) and whether an
// assignment was theirs (Implied), to defer or skip work.
//
// # Elimination
//
// Eliminate runs bounded variable elimination (SatELite, as MiniSat's
// SimpSolver does before solving): a variable goes when the non-tautological
// resolvents of its clauses are no more numerous than the clauses and none
// is longer than 20 literals. Removed clauses go on a stack from which
// models are extended; resolvents are derived clauses in the proof log and
// added lemmas in DRAT. It is for one-shot use (the CLI): variables used
// later must be frozen first (Freeze; theory variables are frozen
// automatically), and using an eliminated variable panics.
//
// # Proofs
//
// With Options.Proof every clause gets a ClauseID and the Proof records its
// kind (input with the user's tag, theory lemma, derived), literals and, for
// derived clauses, the resolution chain. Chains are complete: level-0 units
// are recorded as derived unit clauses (proofUnits) and folded into every
// chain that drops a level-0 literal, and chains are built after
// minimisation by a depth-first walk of the implication graph (buildChain),
// so replaying them resolves on exactly one variable per step.
// Proof().Final() is the empty clause, or under assumptions the clause of
// the negated failed assumptions. With proof logging off the search does
// exactly the same work (TestProofOffIsFree). Options.DRAT writes a DRAT
// proof in text for plain SAT use.
//
// # Theories
//
// A Theory (see its documentation) is told the assignments of variables
// marked with SetTheoryVar after each Boolean fixpoint, implies literals
// with Imply and explains them lazily (Explain, asked only by conflict
// analysis; the explanation becomes a lemma clause), returns conflict
// clauses, follows backtracking, and gets a final check on full assignments
// in which it may add lemmas, variables and atoms. Clauses added during
// callbacks are queued and attached by attachLemma, which backtracks as
// needed to keep the watch invariants. Lemmas are proof leaves of KindLemma.
//
// # Files
//
//	lit.go        Var, Lit, LBool, Result
//	solver.go     Solver, Options, New, AddClause, Value, Failed, trail
//	clause.go     arena layout, attach, remove, gc
//	propagate.go  propagate, propagateBool (the hot loop)
//	analyze.go    analyze, litRedundant, LBD, analyzeFinal
//	chrono.go     chronological backtracking: conflictLevel, backjumpLevel
//	search.go     Solve, search, learn
//	restart.go    restart policies, modes, target phases, Luby
//	heap.go       EVSIDS heap and decisions
//	reduce.go     reduceDB, Simplify
//	elim.go       Eliminate, Freeze, model extension
//	proof.go      Proof, ClauseID, chains
//	drat.go       DRAT writer
//	theory.go     Theory, Imply, AddLemma, attachLemma, explain
//	dimacs.go     ParseDIMACS, ReadDIMACS, ParseError
//	export.go     WriteDIMACS: the clauses held, for other solvers
//	stats.go      Stats
//
// # Naming
//
//	m, n, p, q   Lit            fl     the literal that became false
//	u, v, x      Var            c      a clause's literals ([]Lit)
//	cr           cref           w, ws  watcher, watch list
//	id           ClauseID       ch     a resolution chain
//	lvl, bt      decision level confl  a conflicting clause
//	...s         a slice of ... (lits, cands, roots)
//
// Methods are verbs after MiniSat: propagate, analyze, analyzeFinal, search,
// reduceDB, cancelUntil; scratch buffers are fields named for what they hold
// (learnt, toClear, chain).
package sat
