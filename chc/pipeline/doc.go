// Package pipeline is the one way from a CHC system to a checked answer:
// Solve bounds the heap, runs the preprocessing passes (chc/passes), runs
// the engine under a panic guard, translates the witness back through the
// passes and checks it on the input system (chc/witness). It stands above
// both rooms because chc, the vocabulary they share, cannot import them.
//
// An engine made of engines (the portfolio) finds in its context a
// chc.Referee that translates and checks each member's answer on the
// input, so the first member whose witness checks wins; the pipeline
// knows no engine by its type.
//
// The front doors (the root package's Solve, SolveFile, SolveReader and
// Fixedpoint, and through them the command line) build the engine from
// their options and call Solve.
//
// # Files
//
//	solve.go  Solve: the pipeline, its guards and the check's context
//
// # Naming
//
//	s     *chc.System (the input), pre: after preprocessing
//	e     chc.Engine
//	o     chc.Options
//	back  passes.Translator
package pipeline
