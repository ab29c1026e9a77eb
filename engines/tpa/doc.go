// Package tpa implements Transition Power Abstraction (Blicha,
// Fedyukovich, Hyvärinen, Sharygina, "Transition Power Abstractions for
// Deep Counterexample Detection", TACAS 2022) and its split variant (the
// journal version, "split TPA"), as Golem runs them, on the
// transition-system view of a linear CHC system
// (chc.System.TransitionSystem). It registers two engines: "tpa" (basic)
// and "split-tpa". They share every piece but the relations, so they are
// one Engine with Options.Split rather than two packages; both names are
// in the registry because Golem's users know them by these names and the
// portfolio picks either.
//
// # The abstractions
//
// Basic TPA keeps relations T[n](x, x') over two copies of the state
// that over-approximate the paths of at most 2^n steps: T[0] = Id ∨ Tr.
// A query "can `to` be reached from `from` in at most 2^(n+1) steps" is
// asked of T[n](x0, x1) ∧ T[n](x1, x2) with from at x0 and to at x2:
//
//   - unsat: an interpolant I(x0, x2) of the two steps against from ∧ to
//     over-approximates the paths of at most 2^(n+1) steps and separates
//     them; T[n+1] learns I(x, x');
//   - sat: a midpoint, the projections (mbp) of both halves onto x1 under
//     the model, splits the query into two at level n-1: from to the
//     midpoint, then the states the first half really reaches to `to`. A
//     half that is unreachable strengthens T[n] with its interpolant and
//     the query is asked again; when both are reachable the query is, and
//     its answer is the set of states of `to` it reaches (a projection,
//     an under-approximation of the reachable states). Level 0 is
//     decided by the two steps of Tr themselves.
//
// Split TPA keeps two relations per level: E[n] for exactly 2^n steps
// (E[0] = Tr) and L[n] for fewer than 2^n (L[0] = Id). The exact query at
// level n asks E[n] ∘ E[n] as above; the less-than query asks L[n](x0,
// x2) ∨ L[n](x0, x1) ∧ E[n](x1, x2): fewer than 2^n steps (the first
// disjunct, asked again one level down), or fewer than 2^n and then
// exactly 2^n (a midpoint, a less-than and an exact query one level
// down). The main loop asks Init to Bad at level n = 0, 1, 2, …: basic
// TPA its one query, split TPA the less-than query then the exact one,
// with the fixed-point checks after each unreachable answer.
//
// # Proofs of safety (fixpoint.go, invariant.go)
//
// Every relation contains the identity where it must (T[n], L[n]), and
// each level's query showed that its relation does not connect Init to
// Bad. A relation R of level i that is closed under one more step of Tr
// over-approximates every path:
//
//   - right: R ∘ Tr ⊆ R (or only from the states of Init): the states R
//     reaches from Init, ∃x0. Init(x0) ∧ R(x0, x), are a safe inductive
//     invariant;
//   - left: Tr ∘ R ⊆ R (or only towards Bad): the states from which R
//     does not reach Bad, ¬∃x1. R(x, x1) ∧ Bad(x1), are one;
//   - Houdini first keeps the conjuncts of R that are closed by themselves
//     (the right and left invariants, accumulated over the run); they
//     strengthen R in the checks, and alone may separate Init from Bad;
//   - exact (split TPA): E[i] ∘ E[i] ⊆ E[i] (or only from the states L[i]
//     reaches from Init): L[i] ∨ L[i] ∘ E[i] over-approximates every path,
//     and the states it reaches from Init are 2^i-inductive; transition.ToInductive makes
//     them 1-inductive by halving k with interpolants (Golem's reinforced
//     unfolding), so only levels up to Options.MaxExactPower (default 10,
//     Golem's) are used.
//
// The existential quantifiers are eliminated by mbp.QE, one relation at
// a time (for the exact fixed point, Init ∘ L, then its image by E: one
// QE over both steps hung in an integer check on sum4); the invariant
// over the state (version 0, the view's Vars) becomes a model with
// TransitionSystem.Model. QE and k-to-1 get as much time as the search
// took (at least a second): when they fail the search goes on, since a
// level is checked again only once it changes and a later one may give
// a proof with an easier invariant. Golem checks these fixed points the
// same way; its exact fixed point restricted to the states that reach
// Bad gives it no model, and it is not checked here either.
//
// # Counterexamples (path.go)
//
// A reachable answer remembers how it was found (a reach tree: bases at
// level 0, compositions of two halves above). The states of its target
// are each reachable from its `from`, so a concrete path is read back end
// first: a state e of the final target and Bad, then for a composition
// the path of the second half ending in e and the path of the first half
// ending in the second's first state; a base is one small check with e
// fixed. A path of 2^n steps costs about 2^(n-1) checks and never a
// formula of its length; TransitionSystem.Derivation maps it to a
// derivation (one small check per step) that pipeline.Solve replays.
//
// # Interpolants (reach.go, simplify.go)
//
// Interpolants come from itp (McMillan's system over smt's proofs). A
// query's states go to the solver as their conjuncts (assumptions), and an
// unsat answer's core is the B side: the interpolant then speaks of what
// the two steps cannot do, not of every literal of the midpoint cubes
// (on s3_clnt_2_BUG of lra-ts, 972 queries and 346 interpolants became
// 120 and 44). When itp cannot interpolate (ErrUnsupported) and B is over
// the two states, ¬B is the fallback.
//
// On the disjunctive less-than relations the interpolants nest the
// proof's structure, and the next level's relation nests it again: after
// a few levels a relation that means x' - x < 8 is a DAG of a few dozen
// nodes but a tree of thousands, and every search splits on its nested
// disjunctions. An interpolant whose tree exceeds 200 nodes is simplified:
// in context first (simplifyInContext: inside a conjunction the literal
// conjuncts hold while the others are rewritten, inside a disjunction
// the literal disjuncts are false; equivalent), then, if still large, to
// the conjunction of the literals over its atoms that A implies, when that
// conjunction implies it (simplify: equivalent or stronger). Smaller
// interpolants stay as itp made them: measured on lia-lin and lra-ts,
// simplifying all of them solved 3 files fewer, simplifying none 1 fewer.
//
// # Versions (engines/transition)
//
// Version k of the state is the view's copy of step k
// (chc.TransitionSystem.StateAt); Init, Trans and Bad each have their own
// copy of the auxiliary constants at every step, so shifting a formula by
// d versions (transition.Versions.Shift) never makes two of them share
// one. Init and Bad lose their auxiliary constants up front when QE can
// eliminate them. The view (transition.View) decides the queries without
// body atom first; an invariant over version 0 goes back to the view's
// Vars for its model, and an exact fixed point's k-inductive invariant is
// made 1-inductive by transition.ToInductive.
//
// # Solvers
//
// The queries of a level share one incremental solver per kind that
// holds the level's relations and learns each new conjunct; a query's
// states are assumptions, and a solver is rebuilt after 40 queries since
// every assumption's atoms stay in it and every search decides them.
// Fixed-point checks, Houdini, QE and simplify use fresh solvers.
//
// # What of the papers is here, and what is not
//
// Here: basic and split TPA with their queries, midpoints by MBP, the
// refinement of a level by the failed half's interpolant, the cache of
// reachable exact queries, the less-than fixed points (right and left,
// restricted to Init or Bad) with Houdini strengthening, the exact fixed
// point (unrestricted and restricted to Init) with the k-to-1 inductive
// strengthening, invariants by QE, counterexamples of any length.
// Not here: the exact fixed point restricted to Bad (no model; Golem has
// none either), Golem's TPA over a DAG of transition systems (a linear
// system with several loops is one merged loop here, through the view's
// location variable), its combination of two LRA interpolation
// algorithms for the less-than relation (itp has one), and QE-based
// midpoints (Golem's option; MBP here).
//
// # Naming
//
//	c          the *core: the state of one run
//	v          the *transition.Versions; x0, x1, x2 the states of versions 0, 1, 2
//	E, L, T    exact, less-than, at-most relations (E[n] is exact[n])
//	from, to   the states of a query, over version 0; goal is to at 2
//	r, r1, r2  *reach answers: the whole, first and second halves
//	m          a *term.Model; I an interpolant; A, B its two sides
//	p          a *proof; ti its transition invariant
//
// # Files
//
//	tpa.go       Options, registration, Engine.Solve, the main loop
//	relation.go  relations, the query solvers, learning
//	reach.go     the exact (at-most) and less-than queries, interpolants, midpoints
//	simplify.go  interpolants as conjunctions of literals
//	fixpoint.go  the fixed-point checks and Houdini
//	invariant.go invariants from proofs, QE, k-inductive to 1-inductive (by transition)
//	path.go      concrete counterexample paths from reach trees
package tpa
