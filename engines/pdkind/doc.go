// Package pdkind is property-directed k-induction (Jovanović and
// Dutertre, "Property-directed k-induction", FMCAD 2016) for linear CHC
// systems, on their transition-system view, after Golem's PDKind engine.
// It answers Unsat with a counterexample, Sat with a 1-inductive
// invariant, Unknown on systems that are not linear.
//
// # Induction frame and push
//
// The induction frame F is a set of obligations (lemma, cex): lemma a
// formula over the state variables, valid in every state reachable within
// n steps, and cex a set of states from which a bad state is exactly
// `steps` steps away, which the lemma excludes. F starts as {(¬Bad, Bad)}
// with n = 0. Each round pushes F with k = n+1 (the paper allows any
// 1 ≤ k ≤ n+1; Golem and this take the largest): with F_abs the
// conjunction of F's lemmas, one incremental solver holding T^k checks
// each obligation in queue order:
//
//   - F_abs at steps 0…k-1 ∧ ¬lemma at step k unsat: the lemma is
//     k-inductive relative to F; it goes to G.
//   - else, if cex is reachable from F_abs in k steps: its pre-image g
//     (model-based projection onto step 0) is a counterexample k steps
//     further from bad. Reachable from Init within n-k+1…n steps: Unsat.
//     Else the explanation of its unreachability becomes a new
//     obligation (explanation, g), and both are queued.
//   - else the counterexample to induction is generalized likewise; when
//     it is unreachable, the lemma is strengthened with the explanation
//     and queued again; when it is reachable, the lemma fails some steps
//     later (found by the reachability checker, which fixes the next n)
//     and is weakened to ¬cex, which still excludes the counterexample.
//
// When G = F, F_abs is k-inductive and valid up to n = k-1 steps: a
// k-inductive invariant, made 1-inductive by transition.ToInductive. Otherwise
// n becomes the least depth G is known valid to, and F := G.
//
// # Reachability frames
//
// R_i over-approximates the states reachable within i steps, refined on
// demand: "is f reachable within k steps" asks R_{k-1}(x0) ∧ T(x0,x1) ∧
// f(x1) of R_{k-1}'s incremental solver. A model's predecessors,
// generalized by mbp, are asked of k-1; if they are unreachable, their
// explanation joins R_{k-1} and the query repeats. Unsat gives an
// interpolant I(x1) of R_{k-1} ∧ T against f (transition.Interpolate,
// proof-based), and I ∨ (the interpolant of Init against f) explains f
// at k: it holds within k steps. Every R_i starts as true; R_0 learns
// Init's interpolants. Counts of steps are exact (each generalized state
// is one step before the next), so an Unsat answer knows the length of
// its counterexample and transition.Counterexample finds the path with one
// bounded query.
//
// # What of the paper is not here
//
// The choice of k is always n+1 (the paper's default); no lemma
// generalization beyond the interpolants (no inductive generalization
// of IC3-style cubes); no sharing of reachability frames between pushes
// other than keeping them; interpolants come from a fresh proof-producing
// solve (itp), not from the incremental frame solver.
//
// # Measured
//
// In the run of engines/kind's documentation: pdkind solved 42 of 60
// lia-lin and 8 of 30 lra-ts files, 0 wrong, every model accepted by z3
// (Golem's own pdkind: 39 and 2 in a separate run); one lia-lin file no
// other engine of ours solves.
//
// # Files
//
//	pdkind.go  the engine, induction frames, push
//	reach.go   the reachability checker, generalization by mbp
//
// # Naming
//
//	F, G        induction frames (*iframe); ob an obligation
//	n           F is valid up to n steps; k the induction depth (n+1)
//	R_i, frame  reachability frames
//	g           a generalized set of states (mbp) over Vars
package pdkind
