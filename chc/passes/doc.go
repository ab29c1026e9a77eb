// Package passes holds the preprocessing passes of CHC systems, one file
// each, as Golem's transformers: a Pass maps a chc.System to an
// equisatisfiable one and returns a Translator that maps the new
// system's witnesses back (models and derivations). Passes never change
// their input. Preprocess runs a list of passes and composes their
// translators; Default is the list the solve pipeline runs.
//
// # The default list, in the order it runs
//
// Three rounds, since each pass exposes work for the others:
//
//  1. Simplify (constants and equalities propagated, false clauses
//     dropped; with Relax, the copies x' = x of arguments passed on
//     unchanged taken out, the clauses in the relaxed form below),
//     EliminateLocals (variables defined by equalities), MergeFacts (a
//     predicate's facts as one), RemoveUnreachable (the cone of
//     influence: predicates not derivable, or from which no query is
//     reachable), Inline (non-recursive predicates whose model stays
//     quantifier-free);
//  2. Simplify, EliminateLocals, RemoveUnusedArgs (arguments no clause
//     needs), RemoveUnreachable, Inline;
//  3. InlineIntoQueries (the predicates only queries use, CHC-COMP's
//     fail, composed into their queries), Simplify, EliminateLocals,
//     RemoveUnusedArgs, and EliminateLocals once more: a removed head
//     argument stays in its clause as a local variable, mostly one that
//     bounds alone constrain (Solidity's range checks), which leaves;
//     Restrict (the strict form back).
//
// Each pass builds its output with a rebuild (rebuild.go), which records
// for every new clause how its derivation nodes become nodes of the
// input and for every removed predicate its model; every output is in
// chc's normal form (chc.CheckNormal), with Vars in the order chc.Read
// gives them, or in the relaxed form below.
//
// # The relaxed clause form
//
// In chc's normal form every argument of every atom is a distinct clause
// variable, so a Solidity clause that passes 25 arguments on unchanged
// carries 25 copies x' = x: two thirds of the conjuncts of lia-arrays.
// Simplify{Relax: true} takes them out: the body atom and the head share
// the variable (chc.System.Relaxed; the arguments of one atom stay
// distinct), and the passes up to Restrict read a third of the
// conjuncts. A pass that takes the relaxed form says so by checking its
// input with checkForm (SplitLocations, MergeFacts, Inline,
// RemoveUnusedArgs, InlineIntoQueries; Simplify, EliminateLocals and
// RemoveUnreachable read arguments as a set only): where a pass read an
// argument as one atom's (Inline's values of an inlined occurrence's
// arguments, RemoveUnusedArgs' unused body arguments), it now asks
// whether another atom shares it. A pass that checks the strict form
// (checkNormal: BitVecToInt) refuses a relaxed system. Restrict gives every shared variable but its first
// occurrence (the head first) a fresh variable and its copy, and
// Preprocess ends with it whatever the list: engines see the strict form
// only. The command line reads its input in the relaxed form
// (chc.ReadRelaxed), which the witness checker and derivation replay
// take as it is.
//
// Every pass and translator is near-linear in the size of the system
// (program verifiers emit systems of 10⁵ clauses): worklists instead of
// sweeps to a fixpoint (RemoveUnreachable is Horn-SAT's unit
// propagation; Inline keeps per predicate its defining and using clauses
// and re-examines only the predicates an inlining touched) and one
// rebuild per pass. Each polls a chc.Budget and stops with the reason
// (chc.ErrTimeout, chc.ErrMemory, chc.ErrCanceled) when a limit passes.
//
// Bit-vectors: the arithmetic the passes do (solving an equality for a
// variable, bounds that contradict) goes through term.Linearize, which
// refuses every sort but Int and Real; a bit-vector equality is used only
// as a definition x = t as it stands, and the rest of a bit-vector term
// is left to term.Store.Simplify, which evaluates it bit-precisely.
//
// # Files
//
//	preprocess.go  Pass, Translator, Identity, Preprocess, Default
//	rebuild.go     what the passes share: the new system and its translator
//	derivation.go  mapping a derivation back node by node (the translators share it)
//	defs.go        reading definitions x = t off a constraint
//	idmap.go       idMap: a table of terms by a hash of their IDs (a clause's variables)
//	simplify.go    Simplify
//	locals.go      EliminateLocals
//	facts.go       MergeFacts
//	cone.go        RemoveUnreachable, Derivable
//	inline.go      Inline: the pass and its worklist
//	inline_merge.go  Inline: projecting a defining clause, merging it into a use
//	inline_back.go   Inline: the result, and models and derivations back
//	relax.go       the relaxed clause form: Simplify's copies taken out, Restrict
//	args.go        RemoveUnusedArgs
//	queries.go     InlineIntoQueries
//	bvint.go       BitVecToInt (not in Default): bit-vectors read as integers
//	bvint_ranges.go  BitVecToInt: ranges narrowed by the conjuncts
//	bvint_back.go    BitVecToInt: models and derivations back
//	bvint_locs.go    SplitLocations (bit-vector systems only): a predicate split by its location argument
//
// # Naming
//
//	s, out    *chc.System (input, output)
//	p, q      *chc.Pred
//	c, nc     *chc.Clause (old, new)
//	tr, back  Translator
//	r         *rebuild
//	poll      *chc.Budget
package passes
