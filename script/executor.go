package script

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Options configure an Executor. The zero value is ready to use.
type Options struct {
	// Version is the answer to (get-info :version); "" answers "unknown".
	Version string
}

// An Executor runs the commands of SMT-LIB scripts against one
// smt.Solver, writing responses to one writer and positioned errors to
// another. It keeps the solver, the declarations and the :named
// assertions from command to command, so a session may span several
// scripts and single commands. An Executor is not safe for concurrent
// use.
type Executor struct {
	st       *term.Store
	solver   *smt.Solver
	out      *bufio.Writer
	errw     io.Writer
	version  string
	success  bool          // :print-success
	errors   int           // errors reported since the last Run began
	broken   bool          // an assertion could not be taken: check-sat answers unknown
	brokenAt int           // scope depth at which broken was set
	decls    []*term.Func  // declared constants and functions, for get-model
	marks    []scopeMark   // one per push
	guards   []guard       // :named assertions
	last     smt.Result    // the answer of the last check-sat
	lastOK   bool          // last holds, and no assertion or pop came after it
	checked  bool          // a check-sat was answered
	reason   string        // why the last check-sat answered unknown
	itp      bool          // :produce-interpolants
	timeout  time.Duration // :timeout, per check-sat; 0 for none
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
		st:      st,
		solver:  smt.New(st, smt.Options{}),
		out:     bufio.NewWriter(out),
		errw:    errw,
		version: version,
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

// Stats returns the statistics of the solver.
func (x *Executor) Stats() smt.Stats { return x.solver.Stats() }

// errorf reports an error at pos on errw, after the responses so far.
func (x *Executor) errorf(pos smtlib.Pos, format string, args ...any) {
	x.out.Flush()
	fmt.Fprintf(x.errw, "%v: %s\n", pos, smtlib.OneLine(fmt.Sprintf(format, args...)))
	x.errors++
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
		x.out.WriteString("unsupported\n")
	case smtlib.DeclareFun:
		x.decls = append(x.decls, c.Func)
		x.ok()
	case smtlib.DeclareSort, smtlib.DefineSort, smtlib.DefineFun,
		smtlib.DeclareDatatypes: // Datatypes
		x.ok()
	case smtlib.Assert:
		x.assert(c)
	case smtlib.CheckSat:
		x.checkSat(ctx, c, nil)
	case smtlib.CheckSatAssuming:
		x.checkSat(ctx, c, c.Terms)
	case smtlib.Push:
		x.push(c.N)
	case smtlib.Pop:
		x.pop(c)
	case smtlib.Reset:
		x.solver.Reset()
		x.decls, x.guards, x.marks = nil, nil, nil
		x.broken, x.lastOK, x.success, x.itp = false, false, false, false
		x.checked, x.reason, x.timeout = false, "", 0
		x.ok()
	case smtlib.ResetAssertions:
		x.solver.Reset()
		x.guards, x.marks = nil, nil
		x.broken, x.lastOK = false, false
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
		// z3 prints the string itself, without quotes.
		x.out.WriteString(c.Text + "\n")
	case smtlib.Exit:
		return false
	default:
		x.errorf(c.Pos, "unsupported command %s", c.Name)
	}
	return true
}

func (x *Executor) setOption(c *smtlib.Command) {
	switch c.Keyword {
	case ":print-success":
		x.success = c.Value == "true"
		x.ok()
	case ":produce-interpolants":
		x.itp = c.Value == "true"
		x.ok()
	case ":timeout":
		d, ok := TimeoutOption(c.Value)
		if !ok {
			x.errorf(c.Pos, "set-option :timeout: expected a number of milliseconds, got %s", c.Value)
			return
		}
		x.timeout = d
		x.ok()
	case ":produce-models", ":produce-unsat-cores", ":produce-assignments", ":random-seed",
		":verbosity", ":regular-output-channel", ":diagnostic-output-channel", ":produce-proofs",
		":interactive-mode", ":global-declarations", ":reproducible-resource-limit", ":produce-assertions":
		x.ok()
	default:
		x.out.WriteString("unsupported\n")
	}
}

// TimeoutOption reads the value of (set-option :timeout N): N
// milliseconds, as in z3, 0 for no timeout.
func TimeoutOption(value string) (time.Duration, bool) {
	n, err := strconv.ParseUint(value, 10, 63)
	if err != nil || n > uint64(1<<63-1)/uint64(time.Millisecond) {
		return 0, false
	}
	return time.Duration(n) * time.Millisecond, true
}

func (x *Executor) push(n int) {
	for i := 0; i < n; i++ {
		x.solver.Push()
		x.marks = append(x.marks, scopeMark{len(x.decls), len(x.guards)})
	}
	x.ok()
}

func (x *Executor) pop(c *smtlib.Command) {
	if err := x.solver.Pop(c.N); err != nil {
		x.errorf(c.Pos, "%v", err)
		return
	}
	m := x.marks[len(x.marks)-c.N]
	x.marks = x.marks[:len(x.marks)-c.N]
	x.decls, x.guards = x.decls[:m.decls], x.guards[:m.guards]
	if x.broken && len(x.marks) < x.brokenAt {
		x.broken = false
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
	if err := x.solver.Assert(t); err != nil {
		x.errorf(c.Pos, "%v", err)
		if !x.broken {
			x.broken, x.brokenAt = true, len(x.marks)
		}
		return
	}
	x.lastOK = false
	x.ok()
}
