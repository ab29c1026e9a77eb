// Package catamorphism solves systems over datatypes by abstracting each
// datatype argument of a predicate by the values of folds (catamorphisms)
// over its sort: a Peano number's value, a list's length, the sum of its
// elements, a tree's height, an enumeration's index. The abstract system
// is over integers; an integer engine (spacer by default) solves it, and a
// model of it is lifted back: each predicate's formula applies the folds,
// recursive functions (term.RecDef, printed as define-fun-rec), to its
// datatype arguments. The lifted model is checked by witness.CheckModel,
// which handles such functions soundly (chc/witness/recursive.go).
//
// # Soundness
//
// The abstraction over-approximates each clause body: an equality of
// datatype terms becomes the equality of their folds (a constructor term's
// fold is the fold's case over the folds of its fields), a constructor
// test the fold's value or bound on that constructor, every other literal
// on datatypes true; each datatype variable's folds lie within the folds'
// ranges. So a model of the abstraction, with the folds applied, is a
// model of the system. A counterexample of the abstraction is no answer:
// the engine never answers unsat.
//
// # Synthesis on demand
//
// The families grow by level: level 1 has the sizes (and a non-recursive
// type's constructor index and fields), level 2 adds sums and heights.
// The inner engines (CLOVER, then Spacer) run on each level's abstraction
// in rounds, each run in a slice of time that doubles from round to round
// (500 ms first on level 1, half that on level 2): a level whose abstraction is unsat (too coarse: its
// counterexample is spurious) or whose lifted model fails the check is
// dropped, an engine that gives up on a level too, and the first lifted
// model that passes the check is the answer. Systems with arrays among
// the arguments or inside the datatypes (the Solidity encodings, whose
// invariants are about array contents) are left at once; a system
// without datatype arguments is its own abstraction.
//
// # Files
//
//	catamorphism.go  the engine: levels, the inner engine, lifting, check
//	folds.go         the fold family of each datatype sort
//	abstract.go      the abstraction of the clauses and the lifting of models
//
// # Naming
//
//	fam   *family      the folds of each sort at one level
//	a     *abstraction the abstract system and its map to the source
//	absT  a datatype term's fold values; absF a formula's over-approximation
package catamorphism
