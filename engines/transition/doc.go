// Package transition is the base of the engines that work on the
// transition-system view of a linear CHC system (kind, imc, pdkind, tpa
// and split-tpa), as Golem's TransitionSystemEngine: the view itself
// (chc.System.TransitionSystem, with the queries without body atom
// decided first), the loop run backwards, state formulas, paths of a
// known length mapped to derivations, the strengthening of a k-inductive
// invariant into a 1-inductive one, interpolation over unrollings, the
// step copies of the state that formulas shift between (Versions), and
// the plumbing those engines share (progress and trace lines, Unknown
// answers, registration).
//
// chc.TransitionSystem (chc/transition.go) stays the vocabulary: Init,
// Trans and Bad over the state variables, their copies per step, and the
// way back to models and derivations. This package holds what engines do
// with it.
//
// # k-to-1 strengthening
//
// A k-inductive invariant is not a model of the clauses. ToInductive
// strengthens it to a 1-inductive one by interpolation, halving k each
// time (Golem's KTo1Inductive, the reinforced unfold of Bjørner,
// Gurfinkel, McMillan and Rybalchenko): log2(k) interpolation queries.
// When itp cannot interpolate, the quantifier elimination of the k-1
// intermediate states (mbp.QE) gives P ∧ ¬(a P-path to ¬P shorter than
// k) instead.
//
// # Files
//
//	view.go         View, Reverse, StateFormula, Counterexample, PathDerivation, Short
//	inductive.go    ToInductive (k-inductive to 1-inductive)
//	interpolate.go  Interpolate
//	versions.go     Versions: the step copies of the state, formulas shifted between steps
//	output.go       Output, Run (the state a run starts from, its Solve), Check, Register
//
// # Naming
//
//	ts        the *chc.TransitionSystem; rev its Reverse
//	k         paths of k steps, k-inductive properties
//	P         a property (a formula over ts.Vars)
//	x_i       the state copy of step i (ts.StateAt(i))
package transition
