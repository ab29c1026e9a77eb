package script

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

func (x *Executor) checkSat(ctx context.Context, c *smtlib.Command, assumptions []*term.Term) {
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
	if x.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, x.timeout)
		defer cancel()
	}
	r, err := x.sol().Check(ctx, as...)
	if err != nil {
		x.errorf(c.Pos, "%v", err)
	}
	x.reason = ""
	if r == smt.Sat && x.dropped != nil {
		// sat without an assertion that did not read
		r = smt.Unknown
		x.reason = fmt.Sprintf("an assertion did not read (the error at line %d column %d): sat could be wrong without it", x.dropped.Pos.Line, x.dropped.Pos.Col)
	}
	x.last, x.lastOK, x.checked = r, true, true
	if r == smt.Unknown && x.reason == "" {
		x.reason = reasonUnknown(ctx, x.sol().ReasonUnknown())
	}
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

// reasonUnknown names why a check-sat under ctx answered unknown in z3's
// words: timeout, canceled, or the solver's reason (incomplete when it
// gives none). A passed deadline is a timeout even before the context's
// timer fires: the solver polls the clock itself and may stop first.
func reasonUnknown(ctx context.Context, solver string) string {
	dl, hasDeadline := ctx.Deadline()
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded),
		hasDeadline && !time.Now().Before(dl),
		solver == context.DeadlineExceeded.Error():
		return "timeout"
	case ctx.Err() != nil:
		return "canceled"
	case solver == "":
		return "incomplete"
	}
	return solver
}

func (x *Executor) getInfo(c *smtlib.Command) {
	switch c.Keyword {
	case ":name":
		x.out.WriteString("(:name \"gospacer\")\n")
	case ":version":
		x.out.WriteString("(:version \"" + x.version + "\")\n")
	case ":authors":
		x.out.WriteString("(:authors \"the gospacer developers\")\n")
	case ":error-behavior":
		x.out.WriteString("(:error-behavior continued-execution)\n")
	case ":reason-unknown":
		// As z3: the reason after unknown, "" after sat or unsat.
		r := x.reason
		if !x.checked {
			r = "no check-sat was answered"
		}
		x.out.WriteString("(:reason-unknown \"" + strings.ReplaceAll(r, "\"", "\"\"") + "\")\n")
	case ":assertion-stack-levels":
		fmt.Fprintf(x.out, "(:assertion-stack-levels %d)\n", len(x.marks))
	case ":all-statistics":
		s := x.sol().Stats()
		fmt.Fprintf(x.out, "(:checks %d :conflicts %d :decisions %d :propagations %d :pivots %d)\n",
			s.Checks, s.Conflicts, s.Decisions, s.Propagations, s.Pivots)
	default:
		x.out.WriteString("unsupported\n")
	}
}

func (x *Executor) getAssertions() {
	x.out.WriteString("(")
	for i, a := range x.sol().Assertions() {
		if i > 0 {
			x.out.WriteString("\n ")
		}
		term.Fprint(x.out, a)
	}
	x.out.WriteString(")\n")
}

// haveModel returns the model of the last check-sat, or reports an error
// and returns nil when there is none.
func (x *Executor) haveModel(c *smtlib.Command) *term.Model {
	if !x.lastOK || x.last != smt.Sat || x.sol().Model() == nil {
		x.errorf(c.Pos, "%s: no model available (the last check-sat did not answer sat)", c.Kind)
		return nil
	}
	return x.sol().Model()
}

func (x *Executor) getModel(c *smtlib.Command) {
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

func (x *Executor) getValue(c *smtlib.Command) {
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

func (x *Executor) getUnsatCore(c *smtlib.Command) {
	if !x.lastOK || x.last != smt.Unsat {
		x.errorf(c.Pos, "get-unsat-core: the last check-sat did not answer unsat")
		return
	}
	in := map[*term.Term]bool{}
	for _, t := range x.sol().UnsatCore() {
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
