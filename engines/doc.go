// Package engines registers every CHC engine of gospacer with chc's
// registry: import it (for its effect) and build engines by name with
// chc.NewEngine, or list them with chc.Engines. DefaultEngine is the one
// the command line and the root package use when none is named.
//
// Each engine lives in its own package (spacer at the top level, the
// others under engines/) and registers itself from its init; a new engine
// is added here with one import line, and with that it is in --help, in
// the portfolio's choices and in the conformance test (conformance_test.go),
// which runs every registered engine on hand-written, paper and random
// systems and checks every witness.
//
// # Files
//
//	engines.go  the imports that register every engine, DefaultEngine
package engines
