package main

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

// runSMT reads an SMT-LIB script and executes it (or, with --parse-only,
// prints a summary line).
func runSMT(stdout, stderr io.Writer, in io.Reader, name string, o options) int {
	st := term.NewStore()
	script, err := smtlib.Parse(name, in, st)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if o.parseOnly {
		printSummary(stdout, script)
		return 0
	}
	ctx := context.Background()
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	x := newExecutor(st, w, stderr)
	code := x.run(ctx, script)
	if o.stats {
		s := x.solver.Stats()
		fmt.Fprintf(stderr, "checks %d, atoms %d, conflicts %d, decisions %d, propagations %d, theory propagations %d, pivots %d, restarts %d, time %.3fs\n",
			s.Checks, s.Atoms, s.Conflicts, s.Decisions, s.Propagations, s.TheoryProps, s.Pivots, s.Restarts, time.Since(x.start).Seconds())
	}
	return code
}

func printSummary(w io.Writer, script *smtlib.Script) {
	var decls, asserts int
	for _, c := range script.Commands {
		switch c.Kind {
		case smtlib.DeclareSort, smtlib.DefineSort, smtlib.DeclareFun, smtlib.DefineFun:
			decls++
		case smtlib.Assert:
			asserts++
		}
	}
	logic := script.Logic
	if logic == "" {
		logic = "none"
	}
	fmt.Fprintf(w, "logic %s, %d declarations, %d assertions, %d commands\n",
		logic, decls, asserts, len(script.Commands))
}

// executor runs the commands of a script against one solver.
type executor struct {
	st       *term.Store
	solver   *smt.Solver
	out      *bufio.Writer
	errw     io.Writer
	start    time.Time
	logic    string
	success  bool // :print-success
	failed   bool // an error was reported: exit code 1
	broken   bool // an assertion could not be taken: check-sat answers unknown
	brokenAt int  // scope depth at which broken was set
	// Declared constants and functions, by scope, for get-model.
	decls  []*term.Func
	marks  []scopeMark
	guards []guard // :named assertions
	last   smt.Result
	lastOK bool
}

type scopeMark struct{ decls, guards int }

type guard struct {
	lit  *term.Term
	name string
}

func newExecutor(st *term.Store, out *bufio.Writer, errw io.Writer) *executor {
	return &executor{st: st, solver: smt.New(st, smt.Options{}), out: out, errw: errw, start: time.Now()}
}

func (x *executor) errorf(pos smtlib.Pos, format string, args ...any) {
	x.out.Flush()
	fmt.Fprintf(x.errw, "%v: %s\n", pos, fmt.Sprintf(format, args...))
	x.failed = true
}

func (x *executor) ok() {
	if x.success {
		x.out.WriteString("success\n")
	}
}

func (x *executor) run(ctx context.Context, script *smtlib.Script) int {
	for i := range script.Commands {
		c := &script.Commands[i]
		if !x.exec(ctx, c) {
			break
		}
	}
	if x.failed {
		return 1
	}
	return 0
}

// exec runs one command; it returns false at exit.
func (x *executor) exec(ctx context.Context, c *smtlib.Command) bool {
	switch c.Kind {
	case smtlib.SetLogic:
		x.logic = c.Name
		x.ok()
	case smtlib.SetOption:
		switch c.Keyword {
		case ":print-success":
			x.success = c.Value == "true"
			x.ok()
		case ":produce-models", ":produce-unsat-cores", ":produce-assignments", ":random-seed",
			":verbosity", ":regular-output-channel", ":diagnostic-output-channel", ":produce-proofs",
			":interactive-mode", ":global-declarations", ":reproducible-resource-limit", ":produce-assertions":
			x.ok()
		default:
			x.out.WriteString("unsupported\n")
		}
	case smtlib.SetInfo:
		x.ok()
	case smtlib.GetInfo:
		x.getInfo(c)
	case smtlib.GetOption:
		x.out.WriteString("unsupported\n")
	case smtlib.DeclareFun:
		x.decls = append(x.decls, c.Func)
		x.ok()
	case smtlib.DeclareSort, smtlib.DefineSort, smtlib.DefineFun:
		x.ok()
	case smtlib.Assert:
		x.assert(c)
	case smtlib.CheckSat:
		x.checkSat(ctx, c, nil)
	case smtlib.CheckSatAssuming:
		x.checkSat(ctx, c, c.Terms)
	case smtlib.Push:
		for i := 0; i < c.N; i++ {
			x.solver.Push()
			x.marks = append(x.marks, scopeMark{len(x.decls), len(x.guards)})
		}
		x.ok()
	case smtlib.Pop:
		if err := x.solver.Pop(c.N); err != nil {
			x.errorf(c.Pos, "%v", err)
			return true
		}
		m := x.marks[len(x.marks)-c.N]
		x.marks = x.marks[:len(x.marks)-c.N]
		x.decls, x.guards = x.decls[:m.decls], x.guards[:m.guards]
		if x.broken && len(x.marks) < x.brokenAt {
			x.broken = false
		}
		x.lastOK = false
		x.ok()
	case smtlib.Reset:
		x.solver.Reset()
		x.decls, x.guards, x.marks = nil, nil, nil
		x.broken, x.lastOK, x.success = false, false, false
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
		x.out.WriteString("(")
		for i, a := range x.solver.Assertions() {
			if i > 0 {
				x.out.WriteString("\n ")
			}
			term.Fprint(x.out, a)
		}
		x.out.WriteString(")\n")
	case smtlib.Echo:
		x.out.WriteString("\"" + strings.ReplaceAll(c.Text, "\"", "\"\"") + "\"\n")
	case smtlib.Exit:
		return false
	default:
		x.errorf(c.Pos, "unsupported command %s", c.Name)
	}
	return true
}

func (x *executor) assert(c *smtlib.Command) {
	t := c.Term
	if c.Name != "" {
		g := x.st.Fresh("named", term.BoolSort)
		x.guards = append(x.guards, guard{g, c.Name})
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

func (x *executor) checkSat(ctx context.Context, c *smtlib.Command, assumptions []*term.Term) {
	x.lastOK = false
	if x.broken {
		x.out.WriteString("unknown\n")
		return
	}
	as := make([]*term.Term, 0, len(x.guards)+len(assumptions))
	for _, g := range x.guards {
		as = append(as, g.lit)
	}
	as = append(as, assumptions...)
	r, err := x.solver.Check(ctx, as...)
	if err != nil {
		x.errorf(c.Pos, "%v", err)
	}
	x.last, x.lastOK = r, true
	answer := r.String()
	if c.Query {
		// z3's (query q) answers sat when q is reachable: when the
		// clauses, with (=> q false), are unsatisfiable.
		switch r {
		case smt.Sat:
			answer = "unsat"
		case smt.Unsat:
			answer = "sat"
		}
	}
	x.out.WriteString(answer + "\n")
}

func (x *executor) getInfo(c *smtlib.Command) {
	switch c.Keyword {
	case ":name":
		x.out.WriteString("(:name \"gospacer\")\n")
	case ":version":
		x.out.WriteString("(:version \"" + version + "\")\n")
	case ":authors":
		x.out.WriteString("(:authors \"the gospacer developers\")\n")
	case ":error-behavior":
		x.out.WriteString("(:error-behavior continued-execution)\n")
	case ":reason-unknown":
		r := x.solver.ReasonUnknown()
		if r == "" {
			r = "incomplete"
		}
		fmt.Fprintf(x.out, "(:reason-unknown %q)\n", r)
	case ":all-statistics":
		s := x.solver.Stats()
		fmt.Fprintf(x.out, "(:checks %d :conflicts %d :decisions %d :propagations %d :pivots %d)\n",
			s.Checks, s.Conflicts, s.Decisions, s.Propagations, s.Pivots)
	default:
		x.out.WriteString("unsupported\n")
	}
}

func (x *executor) haveModel(c *smtlib.Command) *term.Model {
	if !x.lastOK || x.last != smt.Sat || x.solver.Model() == nil {
		x.errorf(c.Pos, "%s: no model available (the last check-sat did not answer sat)", c.Kind)
		return nil
	}
	return x.solver.Model()
}

func (x *executor) getModel(c *smtlib.Command) {
	m := x.haveModel(c)
	if m == nil {
		return
	}
	// Print the declared symbols only, each with its value (total).
	pm := term.NewModel(x.st)
	for _, f := range x.decls {
		if f.Arity() == 0 {
			k := x.st.ConstOf(f)
			v, err := m.Eval(k)
			if err != nil {
				x.errorf(c.Pos, "get-model: %v", err)
				return
			}
			pm.Set(k, v)
		} else if fi, ok := m.LookupFunc(f); ok {
			pm.SetFunc(f, fi)
		}
	}
	pm.Fprint(x.out)
}

func (x *executor) getValue(c *smtlib.Command) {
	m := x.haveModel(c)
	if m == nil {
		return
	}
	x.out.WriteString("(")
	for i, t := range c.Terms {
		v, err := m.Eval(t)
		if err != nil {
			x.out.WriteString(")\n")
			x.errorf(c.Pos, "get-value: %v", err)
			return
		}
		if i > 0 {
			x.out.WriteString("\n ")
		}
		x.out.WriteString("(" + c.Names[i] + " ")
		term.Fprint(x.out, v)
		x.out.WriteString(")")
	}
	x.out.WriteString(")\n")
}

func (x *executor) getUnsatCore(c *smtlib.Command) {
	if !x.lastOK || x.last != smt.Unsat {
		x.errorf(c.Pos, "get-unsat-core: the last check-sat did not answer unsat")
		return
	}
	in := map[*term.Term]bool{}
	for _, t := range x.solver.UnsatCore() {
		in[t] = true
	}
	var names []string
	for _, g := range x.guards {
		if in[g.lit] {
			names = append(names, g.name)
		}
	}
	x.out.WriteString("(" + strings.Join(names, " ") + ")\n")
}
