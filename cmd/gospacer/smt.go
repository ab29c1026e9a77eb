package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/script"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// runSMT executes an SMT-LIB script command by command as it reads it
// (or, with --parse-only, reads it whole and prints a summary line):
// each command's response is written and flushed before the next command
// is read, so that a client on a pipe (-in) is answered at once. A
// command that fails, in reading or in executing, gets the standard's
// (error "line L column C: message") response and the script goes on; a
// syntax error the reader cannot resume after ends it. A HORN script
// (see hornSwitch) goes to a hornRun (newHornRun), command by command too. The
// exit code is 1 when a command failed, else 0.
func runSMT(stdout, stderr io.Writer, in io.Reader, name string, o options) (code int) {
	ctx, cancel := o.context()
	defer cancel()
	if o.parseOnly {
		return parseOnly(ctx, stdout, stderr, in, name)
	}
	start := time.Now()
	sess := script.NewSession(script.Options{Version: version})
	st := sess.Store()
	rd := smtlib.NewReader(name, &limitedReader{in, chc.NewBudget(ctx)}, st)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	var (
		failed, commands int
		checks           int               // check-sat commands (HORN: for the warning)
		logic            string            // the first set-logic
		prefix           []*smtlib.Command // undecided: the commands so far, for hornRun
		decided          bool              // SMT, or h != nil
		unread           bool              // undecided: a command did not read
		h                *hornRun
	)
	for {
		c, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if chc.Cause(ctx) != nil {
				// -t ran out while reading: the answer is unknown, unless
				// a check-sat answered already
				if checks == 0 {
					fmt.Fprintln(out, "unknown")
				}
				break
			}
			sess.ReadFailed(err)
			out.WriteString(script.ReadErrorResponse(err))
			out.Flush()
			failed++
			// A clause that did not read is missing from the system:
			// a HORN answer without it could be wrong (the fixedpoint
			// format's unsat, or sat): its check-sat answers unknown.
			if h != nil {
				h.refuse(h.depth) // popping that level removes it
			} else if !decided {
				unread = true
			}
			if rd.Broken() {
				break
			}
			continue
		}
		commands++
		if c.Kind == smtlib.SetLogic && logic == "" {
			logic = c.Name
		}
		if c.Kind == smtlib.CheckSat || c.Kind == smtlib.CheckSatAssuming {
			checks++
		}
		if !decided {
			switch hornSwitch(&c, logic, st) {
			case modeHorn:
				decided = true
				if h, code = newHornRun(ctx, stdout, stderr, st, o); h == nil {
					return code
				}
				defer h.close()
				// The commands so far were answered already: the HORN
				// run reads them again, silently.
				h.replay(prefix)
				prefix = nil
				if unread {
					h.refuse(0) // a command before the switch did not read
				}
			case modeSMT:
				decided = true
				prefix = nil
			default:
				cc := c
				prefix = append(prefix, &cc)
			}
		}
		if h != nil {
			out.Flush()
			more := h.stream(&c)
			h.out.Flush()
			if !more {
				break
			}
			continue
		}
		resp, err := sess.ExecCommand(ctx, &c)
		out.WriteString(resp)
		out.Flush()
		if err != nil {
			failed++
		}
		if sess.Exited() {
			break
		}
	}
	if h != nil {
		failed += h.errors
	}
	if failed > 0 {
		code = 1
	}
	switch {
	case commands == 0 && failed == 0:
		fmt.Fprintf(stderr, "gospacer: %s: warning: %s\n", name, "the script is empty: nothing to answer")
	case h != nil && checks == 0 && failed == 0:
		fmt.Fprintf(stderr, "gospacer: %s: warning: %s\n", name, "no (check-sat): nothing to answer")
	}
	if o.stats && h == nil {
		s := sess.Stats()
		chc.WriteStats(stderr, []chc.Stat{
			{Name: "smt.checks", Value: s.Checks},
			{Name: "smt.atoms", Value: s.Atoms},
			{Name: "smt.conflicts", Value: s.Conflicts},
			{Name: "smt.decisions", Value: s.Decisions},
			{Name: "smt.propagations", Value: s.Propagations},
			{Name: "smt.theory-propagations", Value: s.TheoryProps},
			{Name: "smt.pivots", Value: s.Pivots},
			{Name: "smt.restarts", Value: s.Restarts},
			{Name: "smt.symmetry-breaking", Value: s.Symmetry},
			{Name: "time", Value: time.Since(start)},
		})
	}
	return code
}

// A mode is how a script is executed: by package script, or as a CHC
// problem.
type mode uint8

const (
	modeUndecided mode = iota
	modeSMT
	modeHorn
)

// hornSwitch decides, at command c of a script whose first set-logic is
// logic, how the script is executed, as chc.IsHornScript decides on a
// whole script but with the commands read so far: HORN at (set-logic
// HORN), at z3's (query ...), and, unless the logic is quantifier-free,
// at an assertion with a quantifier over a declared predicate (a function
// into Bool), as z3 recognises Horn clauses without (set-logic HORN); SMT
// at any other set-logic of a quantifier-free logic and at the first
// check-sat. Until then the commands run in both ways (hornRun replays
// them).
func hornSwitch(c *smtlib.Command, logic string, st *term.Store) mode {
	switch {
	case logic == "HORN":
		return modeHorn
	case c.Kind == smtlib.CheckSat && c.Query:
		return modeHorn
	case strings.HasPrefix(logic, "QF_"):
		return modeSMT
	case c.Kind == smtlib.Assert && c.Term.HasQuantifier():
		if chc.IsHornScript(&smtlib.Script{Logic: logic, Commands: declarations(c, st)}) {
			return modeHorn
		}
	case c.Kind == smtlib.CheckSat || c.Kind == smtlib.CheckSatAssuming:
		return modeSMT
	}
	return modeUndecided
}

// declarations is a script of c and the declarations of the predicates
// it applies, for chc.IsHornScript.
func declarations(c *smtlib.Command, st *term.Store) []smtlib.Command {
	var cs []smtlib.Command
	seen := map[*term.Func]bool{}
	for u := range term.PostOrder(c.Term) {
		if (u.Op() == term.OpApply || u.Op() == term.OpConst) && !seen[u.Func()] {
			seen[u.Func()] = true
			cs = append(cs, smtlib.Command{Kind: smtlib.DeclareFun, Func: u.Func()})
		}
	}
	return append(cs, *c)
}

// parseOnly reads the whole script and prints a summary line; the exit
// code is 2 when it does not read.
func parseOnly(ctx context.Context, stdout, stderr io.Writer, in io.Reader, name string) int {
	s, err := smtlib.Parse(name, &limitedReader{in, chc.NewBudget(ctx)}, term.NewStore())
	if err != nil {
		if chc.Cause(ctx) != nil {
			// -t ran out while reading
			fmt.Fprintln(stdout, "unknown")
			return 0
		}
		fmt.Fprintln(stderr, err)
		return 2
	}
	printSummary(stdout, s)
	return 0
}

// limitedReader reads from r while the limits of the run last (see
// chc.Budget): a long read stops at the deadline of -t.
type limitedReader struct {
	r io.Reader
	b *chc.Budget
}

// Stat is the file's, when r is a file: smtlib.NewReader sizes the
// store's tables from it.
func (l *limitedReader) Stat() (fs.FileInfo, error) {
	if f, ok := l.r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		return f.Stat()
	}
	return nil, errors.ErrUnsupported
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
