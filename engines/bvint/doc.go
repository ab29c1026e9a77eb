// Package bvint is the engine that solves a system over bit-vectors as
// one over integers: passes.TranslateBitVec reads every bit-vector as an
// integer in its range with the wrap-around made explicit (an exact
// translation), the default preprocessing runs on the integer system, an
// arithmetic engine (bvint.engine: Spacer by default; bvint-kind and
// bvint-pdkind are k-induction and PDKind) solves it, and the witness is
// translated back to the bit-vector system: a model with bv2nat for each
// bit-vector parameter, a derivation with each integer value as its
// literal modulo 2^w. The solve pipeline checks it on the input like any
// other answer, so a counterexample of the integer system is an answer
// only once it replays on the bit-vectors.
//
// A system the translation refuses (bitwise operators without a mask,
// non-linear multiplication, shifts by variables: see passes.BitVecToInt)
// goes to the inner engine as it is, over bit-vectors (the stat
// ENGINE.refused says so); so does, trivially, a system without
// bit-vector variables.
//
// # Files
//
//	bvint.go  the registration and the engine
//
// # Naming
//
//	s      *chc.System over bit-vectors (the engine's input)
//	is     the system over integers; pre, back: after its preprocessing
//	tr     passes.Translator of the translation
package bvint
