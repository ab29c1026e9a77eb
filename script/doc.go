// Package script runs SMT-LIB 2.6 scripts against the smt solver: it
// answers check-sat and check-sat-assuming, prints models, values,
// unsat cores and assertions, and keeps the scopes of push and pop. The
// command-line tool and the tests share it; a Go program reading SMT-LIB
// text uses it the same way:
//
//	st := term.NewStore()
//	s, err := smtlib.Parse(name, r, st)
//	...
//	x := script.New(st, os.Stdout, os.Stderr, script.Options{})
//	if x.Run(ctx, s) > 0 { ... } // errors were reported on os.Stderr
//
// A program that embeds an SMT-LIB console uses a Session, which takes
// commands one at a time and returns each response in the standard's
// form; the command line serves its input through one:
//
//	sess := script.NewSession(script.Options{})
//	resp, err := sess.Exec("(declare-const x Int)(assert (> x 2))(check-sat)")
//	// resp "sat\n"; err the *smtlib.Error of a command that failed
//
// # Sessions
//
// A Session owns an Executor with Options.Standard (errors as the
// response (error "line L column C: message") on the regular output,
// echo's string as a literal) and an smtlib.Reader kept from call to
// call (Reader.Continue), so declarations, scopes and options persist.
// Exec reads and executes the commands of a text; ExecCommand executes a
// command the caller read into Store(); Serve reads an io.Reader command
// by command, writing each response before it reads the next (the
// reader never reads past the ) that ends a command), which is how the
// CLI answers a client on a pipe. A command that does not read gets an
// error response and the session goes on; a reader broken by an internal
// error ends it. A pop of more levels than were pushed, refused by the
// reader, ends the model of the last check-sat as z3 does (ReadFailed).
//
// Options. get-option answers every standard option and z3's :timeout
// and :rlimit from the values set-option stored, or their defaults
// (options.go); set-option checks the value's kind. :timeout bounds each
// check-sat; :rlimit and :reproducible-resource-limit take 0 only, and
// :regular-output-channel "stdout" only. Models, cores and assignments
// are given whatever :produce-* says.
//
// # Design
//
// An Executor owns one smt.Solver over the store the script was read
// into, and runs the commands in order. Responses go to one writer
// (buffered; flushed at the end of Run and Exec, and before each error
// so that the two streams interleave in order), errors to another as
// "file:line:col: message" lines. The error behaviour is
// continued-execution: a failing command reports its error and the next
// one runs; Run returns the number of errors reported, and the CLI maps
// a nonzero count to exit code 1. Exec runs a single command, for
// sessions read command by command with an smtlib.Reader.
//
// Scopes. Each push records the lengths of the declaration list (what
// get-model prints) and of the named assertions; pop truncates both and
// pops the solver. reset clears everything, :print-success included;
// reset-assertions keeps the declarations.
//
// Named assertions. (assert (! t :named n)) asserts g => t for a fresh
// Boolean g, and every check-sat assumes all live guards, so that the
// solver's core, mapped back through the guards, names the assertions
// of get-unsat-core. check-sat-assuming adds its literals to the guards.
//
// Interpolants. With (set-option :produce-interpolants true), after an
// unsat answer, (get-interpolants P1 ... Pn) in SMTInterpol's syntax (a
// partition is a name or (and names...), listed in post-order; a sequence
// is a chain, a parenthesised group a subtree) prints one interpolant per
// partition but the last, from itp.TreeContext, each checked by
// itp.CheckTree before it is printed. Every assertion in force must be
// named and in exactly one partition; anything else is an error.
//
// Projections. After a sat answer, gospacer's own command
// (get-projection (x1 ... xn) φ) prints a model-based projection of φ
// that eliminates the constants x1 ... xn under the model of the check
// (mbp.Project), checked by mbp.Check first; φ must hold in that model.
// Tools in other languages get gospacer's projection through it.
//
// Failed assertions. An assertion the solver cannot take (non-linear
// arithmetic, say) is an error, and every check-sat after it answers
// unknown until the scope it was made in is popped (or a reset): an
// answer without the assertion could be wrong.
//
// Answers. get-model, get-value and get-unsat-core need the last
// check-sat to have answered sat (unsat for the core), with no assert
// or pop since; otherwise they are errors. get-model prints the
// declared symbols in scope, each with a total value. A check-sat marked
// Query (z3's (query q)) prints sat and unsat swapped, as z3 does: sat
// when q is reachable. A cancelled context, or the time bound of
// (set-option :timeout N) (N milliseconds per check-sat, as in z3), makes
// check-sat answer unknown; (get-info :reason-unknown) then says timeout,
// canceled or the solver's reason, and "" after sat or unsat, as z3 does.
// echo prints its string without quotes, as z3 does, and with
// Options.Standard the string literal, as the standard says.
// get-unsat-assumptions prints the assumptions of the last
// check-sat-assuming in its core; get-assignment the values of the named
// assertions (names of subterms are not kept). push and pop end the
// model of the last check-sat, as in z3.
//
// # Files
//
//	doc.go        this description
//	executor.go   Options, Executor, New, Run, Exec, Stats; commands, scopes, assert
//	answers.go    check-sat, get-info, get-assertions, get-model, get-value, get-unsat-core
//	options.go    get-option, set-option, get-unsat-assumptions, get-assignment
//	session.go    Session: the console, Exec, ExecCommand, Serve
//	interpolants.go  get-interpolants
//	projection.go    get-projection
//
// # Naming
//
//	x        *Executor
//	st       *term.Store
//	s        *smtlib.Script
//	c        *smtlib.Command
//	g        guard, the literal of a named assertion
//	m        *term.Model; in pop, a scopeMark
//	as       the assumptions of one check-sat
package script
