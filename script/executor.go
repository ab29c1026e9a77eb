package script

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Options configure an Executor. The zero value is ready to use.
type Options struct {
	// Version is the answer to (get-info :version); "" answers "unknown".
	Version string
	// Standard makes the responses follow the SMT-LIB standard where the
	// default follows z3 4.8 or the earlier command line: an error is
	// the response (error "line L column C: message") on the regular
	// output, not a "file:line:col: message" line on the error writer,
	// and echo prints its string as a literal, quoted. Sessions (Session)
	// always use it.
	Standard bool
}

// An Executor runs the commands of SMT-LIB scripts against one
// smt.Solver, writing responses to one writer and positioned errors to
// another. It keeps the solver, the declarations and the :named
// assertions from command to command, so a session may span several
// scripts and single commands. An Executor is not safe for concurrent
// use.
type Executor struct {
	st        *term.Store
	solver    *smt.Solver
	out       *bufio.Writer
	errw      io.Writer
	version   string
	success   bool              // :print-success
	errors    int               // errors reported since the last Run began
	broken    bool              // an assertion could not be taken: check-sat answers unknown
	brokenAt  int               // scope depth at which broken was set
	dropped   *smtlib.Error     // an assertion that did not read: sat answers unknown
	droppedAt int               // scope depth at which dropped was set
	decls     []*term.Func      // declared constants and functions, for get-model
	marks     []scopeMark       // one per push
	guards    []guard           // :named assertions
	last      smt.Result        // the answer of the last check-sat
	lastOK    bool              // last holds, and no assertion or pop came after it
	checked   bool              // a check-sat was answered
	reason    string            // why the last check-sat answered unknown
	itp       bool              // :produce-interpolants
	timeout   time.Duration     // :timeout, per check-sat; 0 for none
	standard  bool              // Options.Standard
	options   map[string]string // the values of the options set (optionDefaults for the rest)
	assumed   []*term.Term      // the assumptions of the last check-sat-assuming
	lastErr   *smtlib.Error     // the last error reported
}

// scopeMark records the lengths of the per-scope lists at a push.
type scopeMark struct{ decls, guards int }

// guard is the Boolean literal g of a named assertion, asserted as
// g => t and assumed at each check-sat, so that cores name assertions.
type guard struct {
	lit  *term.Term
	name string
	t    *term.Term // the named formula
}

// New returns an Executor over a fresh smt.Solver on st, the store the
// scripts' terms were read into. Responses go to out, buffered and
// flushed at the end of Run and Exec and before each error; errors go
// to errw, one "file:line:col: message" line each.
func New(st *term.Store, out, errw io.Writer, opts Options) *Executor {
	version := opts.Version
	if version == "" {
		version = "unknown"
	}
	return &Executor{
		st:       st,
		out:      bufio.NewWriter(out),
		errw:     errw,
		version:  version,
		standard: opts.Standard,
	}
}

// Run executes the commands of s in order, up to the end or the first
// (exit), and returns the number of errors it reported on errw: zero
// when every command succeeded. An error does not stop the script
// (:error-behavior continued-execution). A check-sat that ctx cancels
// answers unknown; later commands still run, and answer at once.
func (x *Executor) Run(ctx context.Context, s *smtlib.Script) (errors int) {
	x.errors = 0
	defer x.out.Flush()
	for i := range s.Commands {
		if !x.exec(ctx, &s.Commands[i]) {
			break
		}
	}
	return x.errors
}

// Exec executes one command, as read by an smtlib.Reader in an
// interactive session, and flushes its response. It returns false at
// (exit): the caller reads no further.
func (x *Executor) Exec(ctx context.Context, c *smtlib.Command) (more bool) {
	defer x.out.Flush()
	return x.exec(ctx, c)
}

// sol is the solver, made at its first use: a HORN script, which the
// command line reads through a session before it knows the script's
// kind, never needs one.
func (x *Executor) sol() *smt.Solver {
	if x.solver == nil {
		x.solver = smt.New(x.st, smt.Options{Symmetry: true})
	}
	return x.solver
}

// Stats returns the statistics of the solver.
func (x *Executor) Stats() smt.Stats { return x.sol().Stats() }

// errorf reports an error at pos on errw, after the responses so far.
// With Options.Standard, the error is the response (error "...") on the
// regular output instead.
func (x *Executor) errorf(pos smtlib.Pos, format string, args ...any) {
	x.errors++
	x.lastErr = &smtlib.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
	if x.standard {
		x.out.WriteString(ErrorResponse(pos, x.lastErr.Msg))
		return
	}
	x.out.Flush()
	fmt.Fprintf(x.errw, "%v: %s\n", pos, smtlib.OneLine(fmt.Sprintf(format, args...)))
}

// ErrorResponse is the standard's response to a command that failed at
// pos: (error "line L column C: msg"), in z3's words, and a line break.
func ErrorResponse(pos smtlib.Pos, msg string) string {
	return "(error " + Literal(fmt.Sprintf("line %d column %d: %s", pos.Line, pos.Col, smtlib.OneLine(msg))) + ")\n"
}

// Literal is s as an SMT-LIB string literal: quoted, with each " doubled.
func Literal(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// Dropped tells the executor that an assertion of the script did not
// read (e, from smtlib.Reader.Next): the assertions in force lack it, and
// until its scope is popped a sat answer could be wrong for the script,
// so check-sat answers unknown instead (unsat stands: it holds with the
// assertion too). Session.ReadFailed calls it for assert, z3's rule and
// query, and the recursive definitions, which are axioms.
func (x *Executor) Dropped(e *smtlib.Error) {
	if x.dropped == nil || len(x.marks) < x.droppedAt {
		x.dropped, x.droppedAt = e, len(x.marks)
	}
}

// ok prints the response of a command that has none but success.
func (x *Executor) ok() {
	if x.success {
		x.out.WriteString("success\n")
	}
}

// exec runs one command; it returns false at exit.
func (x *Executor) exec(ctx context.Context, c *smtlib.Command) bool {
	switch c.Kind {
	case smtlib.SetLogic:
		x.ok()
	case smtlib.SetOption:
		x.setOption(c)
	case smtlib.SetInfo:
		x.ok()
	case smtlib.GetInfo:
		x.getInfo(c)
	case smtlib.GetOption:
		x.getOption(c) // options.go
	case smtlib.DeclareFun:
		x.decls = append(x.decls, c.Func)
		x.ok()
	case smtlib.DeclareSort, smtlib.DefineSort, smtlib.DefineFun,
		smtlib.DeclareDatatypes: // Datatypes
		x.ok()
	case smtlib.Assert:
		x.assert(c)
	case smtlib.CheckSat:
		x.assumed = nil
		x.checkSat(ctx, c, nil)
	case smtlib.CheckSatAssuming:
		x.assumed = c.Terms
		x.checkSat(ctx, c, c.Terms)
	case smtlib.Push:
		x.push(c.N)
	case smtlib.Pop:
		x.pop(c)
	case smtlib.Reset:
		x.sol().Reset()
		x.decls, x.guards, x.marks = nil, nil, nil
		x.broken, x.lastOK, x.success, x.itp, x.dropped = false, false, false, false, nil
		x.checked, x.reason, x.timeout = false, "", 0
		x.options, x.assumed = nil, nil
		x.ok()
	case smtlib.ResetAssertions:
		x.sol().Reset()
		x.guards, x.marks = nil, nil
		x.broken, x.lastOK, x.dropped = false, false, nil
		x.ok()
	case smtlib.GetModel:
		x.getModel(c)
	case smtlib.GetValue:
		x.getValue(c)
	case smtlib.GetUnsatCore:
		x.getUnsatCore(c)
	case smtlib.GetAssertions:
		x.getAssertions()
	case smtlib.GetInterpolants:
		x.getInterpolants(ctx, c)
	case smtlib.GetProjection:
		x.getProjection(c) // projection.go
	case smtlib.Echo:
		if x.standard {
			// the standard's response is the string literal
			x.out.WriteString(Literal(c.Text) + "\n")
		} else {
			// z3 4.8 prints the string itself, without quotes.
			x.out.WriteString(c.Text + "\n")
		}
	case smtlib.Unsupported:
		switch {
		case c.Name == "get-unsat-assumptions" && c.Text == "(get-unsat-assumptions)":
			x.getUnsatAssumptions(c) // options.go
		case c.Name == "get-assignment" && c.Text == "(get-assignment)":
			x.getAssignment(c)
		default:
			x.errorf(c.Pos, "unsupported command %s", c.Name)
		}
	case smtlib.Exit:
		return false
	default:
		x.errorf(c.Pos, "unsupported command %s", c.Name)
	}
	return true
}

func (x *Executor) push(n int) {
	x.lastOK = false // as z3: the model is gone with the scope's change
	for i := 0; i < n; i++ {
		x.sol().Push()
		x.marks = append(x.marks, scopeMark{len(x.decls), len(x.guards)})
	}
	x.ok()
}

func (x *Executor) pop(c *smtlib.Command) {
	x.lastOK = false
	if err := x.sol().Pop(c.N); err != nil {
		x.errorf(c.Pos, "%v", err)
		return
	}
	m := x.marks[len(x.marks)-c.N]
	x.marks = x.marks[:len(x.marks)-c.N]
	if !x.boolOption(":global-declarations") {
		x.decls = x.decls[:m.decls]
	}
	x.guards = x.guards[:m.guards]
	if x.broken && len(x.marks) < x.brokenAt {
		x.broken = false
	}
	if x.dropped != nil && len(x.marks) < x.droppedAt {
		x.dropped = nil
	}
	x.lastOK = false
	x.ok()
}

func (x *Executor) assert(c *smtlib.Command) {
	t := c.Term
	if c.Name != "" {
		g := x.st.Fresh("named", term.BoolSort)
		x.guards = append(x.guards, guard{g, c.Name, t})
		t = x.st.Implies(g, t)
	}
	if err := x.sol().Assert(t); err != nil {
		x.errorf(c.Pos, "%v", err)
		if !x.broken {
			x.broken, x.brokenAt = true, len(x.marks)
		}
		return
	}
	x.lastOK = false
	x.ok()
}
