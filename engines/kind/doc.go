// Package kind is k-induction for linear CHC systems, on their
// transition-system view (chc.System.TransitionSystem): Init, Trans and
// Bad over the state variables. It answers Unsat with the shortest
// counterexample, Sat with a 1-inductive invariant made from the
// k-inductive property, Unknown on systems that are not linear.
//
// # The loop
//
// Three incremental smt solvers grow one step per round k = 0, 1, …
// (as Golem's Kind engine):
//
//	base      Init(x0) ∧ T(x0,x1) ∧ … ∧ T(x_{k-1},x_k), checked under the
//	          assumption Bad(x_k): sat is a counterexample of k steps
//	forward   Bad(y0) ∧ T(y1,y0) ∧ ¬Bad(y1) ∧ … ∧ T(y_k,y_{k-1}) ∧ ¬Bad(y_k):
//	          unsat means ¬Bad is k-inductive
//	backward  Init(x0) ∧ T(x0,x1) ∧ ¬Init(x1) ∧ … ∧ ¬Init(x_k): unsat
//	          means ¬Init is k-inductive on the reversed loop
//
// The forward solver unrolls the loop backwards from a bad state, so that
// each round adds one step at the end and nothing is retracted; the base
// solver checks every length, so a step check that succeeds at k has the
// base case of every shorter path behind it. Bad and Init enter negated
// as state formulas: a local variable (chc.TransitionSystem.Aux) of Bad
// is eliminated first (transition.StateFormula, by mbp.QE), since ¬Bad(x, aux) with
// aux free would only say that some aux falsifies Bad.
//
// # Sat answers need a 1-inductive invariant
//
// A k-inductive invariant is not a model of the clauses. transition.ToInductive
// strengthens it to a 1-inductive one by interpolation, halving k each
// time (Golem's KTo1Inductive, the reinforced unfold of Bjørner,
// Gurfinkel, McMillan and Rybalchenko): log2(k) interpolation queries.
// When itp cannot interpolate, the quantifier elimination of the
// k-1 intermediate states (mbp.QE) gives P ∧ ¬(a P-path to ¬P shorter
// than k) instead. Backward induction gives an invariant J of the
// reversed loop, made 1-inductive there; ¬J is the invariant. pipeline.Solve
// checks the model on the input, as for every engine.
//
// # Built on engines/transition
//
// The run (transition.Run), the view, reversal, state formulas,
// counterexamples of known length, k-to-1 strengthening and the engine
// plumbing (Output, Register) are engines/transition's, shared with imc,
// pdkind and tpa.
//
// # What of k-induction is not here
//
// No simple-path constraints (pairwise distinct states): they make
// k-induction complete for finite-state systems only, and cost a
// quadratic number of disequalities; no invariant strengthening from
// other engines.
//
// # Measured
//
// bench/chc.sh -t 10 --engines spacer,kind,imc,pdkind --validate-with z3
// lia-lin lra-ts, one run on a loaded 2-core machine (load average near
// 20): kind solved 31 of 60 lia-lin and 8 of 30 lra-ts files (spacer 44
// and 12, z3 41 and 9, Golem's default engine 41 and 4), 0 wrong, every
// model accepted by z3. Golem's own kind solved 30 and 3 in a separate
// run on the same machine.
//
// # Files
//
//	kind.go  the engine: base case, forward and backward inductions
//
// # Naming
//
//	ts        the *chc.TransitionSystem; rev its Reverse
//	k         the round: paths of k steps, k-inductive properties
//	P         a property (a formula over ts.Vars); inv an invariant
//	d         an induction (forward or backward), V its violation
//	x_i, y_i  the state copies of step i (ts.StateAt(i))
package kind
