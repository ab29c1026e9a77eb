// Package imc is interpolation-based model checking (McMillan,
// "Interpolation and SAT-based model checking", CAV 2003) for linear CHC
// systems, on their transition-system view, as Golem's IMC engine runs
// it. It answers Unsat with the shortest counterexample, Sat with an
// inductive invariant, Unknown on systems that are not linear.
//
// # The loop
//
// For k = 0, 1, 2, …, one incremental smt solver holding Init(x0) ∧
// T(x0,x1) ∧ … ∧ T(x_{k-1},x_k) is checked under the assumption Bad(x_k):
// sat is a counterexample of k steps (read off the model). Unsat starts
// FiniteRun(k): R := Init, then repeatedly
//
//	A = R(x0) ∧ T(x0,x1)
//	B = T(x1,x2) ∧ … ∧ T(x_{k-1},x_k) ∧ (Bad(x1) ∨ … ∨ Bad(x_k))
//
// A ∧ B unsat gives an interpolant I(x1) (itp, a fresh proof-producing
// solve per query): an over-approximation of R's image from which no bad
// state is within k-1 steps. I ⇒ R (one smt check) is a fixpoint: R is an
// inductive invariant. Else R := R ∨ I and repeat. A ∧ B sat with R ≠
// Init means the images over-approximated too much: the next bound
// tries again from Init.
//
// B is McMillan's "bad within k-1 more steps". Golem's IMC takes "bad in
// exactly k-1 more steps" (Options.Exact, imc.exact), since shorter paths
// were checked at smaller bounds; but then the images need not exclude
// states one step from bad, and on a 2-inductive property such as
// x' = y, y' = x with x ≥ 1 the interpolants alternate between x ≥ 1 and
// y ≥ 1 at every bound without a fixpoint (TestIMCExact). On lia-lin at
// 10 s (two runs on a loaded 2-core machine), within-k solved 38 of 60
// and exactly-k 37 (two files only within-k, one only exactly-k), both 6
// of 30 on lra-ts; within-k is the default.
//
// # The model
//
// With B within k, R excludes Bad (Init does, by the check at bound 0, and
// every image does) and R is the invariant. With Exact, R may meet Bad
// (only its images are k-1 steps away from it); R ∧ ¬Bad is then
// k-inductive, and transition.ToInductive makes it 1-inductive, as Golem's
// computeFinalInductiveInvariant does. R starts from Init as a state
// formula (transition.StateFormula eliminates Init's local variables), so the
// invariant is over the state variables alone; pipeline.Solve checks it on the
// input.
//
// # What of the paper is not here
//
// McMillan's FiniteRun over a SAT solver's proof is the whole algorithm;
// this is its SMT version. Sequence interpolants (Vizel and Grumberg's
// ISB, several images from one refutation) are not used: FiniteRun needs
// only the cut after the first step, and each image depends on the
// previous one. Interpolants are simplified (term.Store.Simplify) but
// not strengthened or weakened.
//
// # Measured
//
// In the run of engines/kind's documentation: imc solved 39 of 60
// lia-lin and 7 of 30 lra-ts files, 0 wrong, every model accepted by z3
// (Golem's own imc: 36 and 6 in a separate run). Each image is a fresh
// proof-producing solve of the whole unrolling, so a counterexample of
// depth d costs about d²/2 interpolation queries: 780 on a counter with
// a 40-step counterexample, 4.2 s of CPU against 0.5 s for Golem's IMC,
// whose interpolating solver is incremental.
//
// # Files
//
//	imc.go  Options, Engine: interpolation over unrollings
//
// # Naming
//
//	ts      the *chc.TransitionSystem
//	k       the bound: paths of k steps
//	R       the reached states (disjuncts over Vars); I an image
//	A, B    the interpolation query's two sides
package imc
