package main

import (
	"fmt"
	"io"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/script"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// runSMT reads an SMT-LIB script and executes it with package script (or,
// with --parse-only, prints a summary line). The exit code is 2 when the
// script does not read, 1 when a command reported an error, else 0.
func runSMT(stdout, stderr io.Writer, in io.Reader, name string, o options) (code int) {
	st := term.NewStore()
	ctx, cancel := o.context()
	defer cancel()
	s, err := smtlib.Parse(name, &limitedReader{in, chc.NewBudget(ctx)}, st)
	if err != nil {
		if chc.Cause(ctx) != nil {
			// -t ran out while reading
			fmt.Fprintln(stdout, "unknown")
			return 0
		}
		fmt.Fprintln(stderr, err)
		return 2
	}
	if o.parseOnly {
		printSummary(stdout, s)
		return 0
	}
	if msg := nothingToAnswer(s); msg != "" {
		defer func() {
			if code == 0 { // the script's errors say more
				fmt.Fprintf(stderr, "gospacer: %s: warning: %s\n", name, msg)
			}
		}()
	}
	if chc.IsHornScript(s) {
		if o.model && hasCommand(s, smtlib.GetModel) {
			// the script asks for the model itself: print it once (a
			// model validator reads one model after sat)
			o.model = false
		}
		return runCHC(stdout, stderr, st, s, o)
	}
	start := time.Now()
	x := script.New(st, stdout, stderr, script.Options{Version: version})
	if x.Run(ctx, s) > 0 {
		code = 1
	}
	if o.stats {
		s := x.Stats()
		chc.WriteStats(stderr, []chc.Stat{
			{Name: "smt.checks", Value: s.Checks},
			{Name: "smt.atoms", Value: s.Atoms},
			{Name: "smt.conflicts", Value: s.Conflicts},
			{Name: "smt.decisions", Value: s.Decisions},
			{Name: "smt.propagations", Value: s.Propagations},
			{Name: "smt.theory-propagations", Value: s.TheoryProps},
			{Name: "smt.pivots", Value: s.Pivots},
			{Name: "smt.restarts", Value: s.Restarts},
			{Name: "time", Value: time.Since(start)},
		})
	}
	return code
}

// limitedReader reads from r while the limits of the run last (see
// chc.Budget): a long read stops at the deadline of -t.
type limitedReader struct {
	r io.Reader
	b *chc.Budget
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if err := l.b.Step(); err != nil {
		return 0, err
	}
	return l.r.Read(p)
}

func printSummary(w io.Writer, s *smtlib.Script) {
	var decls, asserts int
	for _, c := range s.Commands {
		switch c.Kind {
		case smtlib.DeclareSort, smtlib.DefineSort, smtlib.DeclareFun, smtlib.DefineFun:
			decls++
		case smtlib.Assert:
			asserts++
		}
	}
	logic := s.Logic
	if logic == "" {
		logic = "none"
	}
	fmt.Fprintf(w, "logic %s, %d declarations, %d assertions, %d commands\n",
		logic, decls, asserts, len(s.Commands))
}

// nothingToAnswer says why a script has nothing to answer, or "": it is
// empty, or it is a HORN script without check-sat (z3 prints nothing for
// either; a user who forgot the check-sat learns it here). The exit code
// stays 0.
func nothingToAnswer(s *smtlib.Script) string {
	switch {
	case len(s.Commands) == 0:
		return "the script is empty: nothing to answer"
	case chc.IsHornScript(s) && !hasCommand(s, smtlib.CheckSat) && !hasCommand(s, smtlib.CheckSatAssuming):
		return "no (check-sat): nothing to answer"
	}
	return ""
}

// hasCommand reports whether the script has a command of kind k.
func hasCommand(s *smtlib.Script, k smtlib.Kind) bool {
	for _, c := range s.Commands {
		if c.Kind == k {
			return true
		}
	}
	return false
}
