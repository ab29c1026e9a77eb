package script

import (
	"strconv"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// optionKind is the kind of value an option takes.
type optionKind uint8

const (
	boolOption    optionKind = iota + 1 // true or false
	numeralOption                       // a numeral
	stringOption                        // a string literal
)

// An optionSpec is a known option: its kind and its default, as
// get-option prints it.
type optionSpec struct {
	kind optionKind
	def  string
}

// options are the standard's options and the ones of z3 that scripts
// use, with their defaults. Models, cores and assignments are produced
// whatever :produce-* says; :random-seed and :verbosity are kept for
// get-option only (the solver is deterministic and silent).
var options = map[string]optionSpec{
	":print-success":               {boolOption, "false"},
	":produce-models":              {boolOption, "false"},
	":produce-unsat-cores":         {boolOption, "false"},
	":produce-unsat-assumptions":   {boolOption, "false"},
	":produce-assignments":         {boolOption, "false"},
	":produce-proofs":              {boolOption, "false"},
	":produce-assertions":          {boolOption, "false"},
	":produce-interpolants":        {boolOption, "false"},
	":interactive-mode":            {boolOption, "false"},
	":global-declarations":         {boolOption, "false"},
	":random-seed":                 {numeralOption, "0"},
	":verbosity":                   {numeralOption, "0"},
	":reproducible-resource-limit": {numeralOption, "0"},
	":regular-output-channel":      {stringOption, `"stdout"`},
	":diagnostic-output-channel":   {stringOption, `"stderr"`},
	":timeout":                     {numeralOption, "0"}, // z3's, milliseconds per check-sat
	":rlimit":                      {numeralOption, "0"}, // z3's resource limit: 0 only
}

// OptionDefault returns the default value of a standard option (or of
// z3's :timeout and :rlimit) as get-option prints it, and whether the
// option is known.
func OptionDefault(name string) (string, bool) {
	spec, ok := options[name]
	return spec.def, ok
}

// option returns the value of the option name, its default if unset.
func (x *Executor) option(name string) string {
	if v, ok := x.options[name]; ok {
		return v
	}
	return options[name].def
}

func (x *Executor) boolOption(name string) bool { return x.option(name) == "true" }

func (x *Executor) getOption(c *smtlib.Command) {
	if _, ok := options[c.Keyword]; !ok {
		x.out.WriteString("unsupported\n")
		return
	}
	x.out.WriteString(x.option(c.Keyword) + "\n")
}

func (x *Executor) setOption(c *smtlib.Command) {
	spec, ok := options[c.Keyword]
	if !ok {
		x.out.WriteString("unsupported\n")
		return
	}
	v := c.Value
	switch spec.kind {
	case boolOption:
		if v != "true" && v != "false" {
			x.errorf(c.Pos, "set-option %s: expected true or false, got %s", c.Keyword, v)
			return
		}
	case numeralOption:
		if _, err := strconv.ParseUint(v, 10, 63); err != nil && c.Keyword != ":timeout" {
			x.errorf(c.Pos, "set-option %s: expected a numeral, got %s", c.Keyword, v)
			return
		}
	case stringOption:
		if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
			x.errorf(c.Pos, "set-option %s: expected a string literal, got %s", c.Keyword, v)
			return
		}
	}
	switch c.Keyword {
	case ":timeout":
		d, ok := TimeoutOption(v)
		if !ok {
			x.errorf(c.Pos, "set-option :timeout: expected a number of milliseconds, got %s", v)
			return
		}
		x.timeout = d
	case ":rlimit", ":reproducible-resource-limit":
		if v != "0" {
			x.errorf(c.Pos, "set-option %s: resource limits are not supported (only 0, no limit); use :timeout", c.Keyword)
			return
		}
	case ":regular-output-channel":
		if v != `"stdout"` {
			x.errorf(c.Pos, "set-option :regular-output-channel: only \"stdout\" is supported")
			return
		}
	case ":print-success":
		x.success = v == "true"
	case ":produce-interpolants":
		x.itp = v == "true"
	}
	if x.options == nil {
		x.options = map[string]string{}
	}
	x.options[c.Keyword] = v
	x.ok()
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

// getUnsatAssumptions prints the assumptions of the last
// check-sat-assuming that are in its unsat core, in the order given.
func (x *Executor) getUnsatAssumptions(c *smtlib.Command) {
	if !x.lastOK || x.last != smt.Unsat {
		x.errorf(c.Pos, "get-unsat-assumptions: the last check-sat did not answer unsat")
		return
	}
	in := map[*term.Term]bool{}
	for _, t := range x.sol().UnsatCore() {
		in[t] = true
	}
	var b strings.Builder
	b.WriteString("(")
	n := 0
	for _, a := range x.assumed {
		if in[a] {
			if n > 0 {
				b.WriteString(" ")
			}
			n++
			term.Fprint(&b, a)
			in[a] = false // once, if given twice
		}
	}
	b.WriteString(")\n")
	x.out.WriteString(b.String())
}

// getAssignment prints the value of each named assertion of Boolean sort
// in the model of the last check-sat (the names of subterms are not
// kept: the assertions' names are those that get-unsat-core uses).
func (x *Executor) getAssignment(c *smtlib.Command) {
	m := x.haveModel(c)
	if m == nil {
		return
	}
	var b strings.Builder
	b.WriteString("(")
	for i, g := range x.guards {
		v, err := m.Eval(g.t)
		if err != nil {
			x.errorf(c.Pos, "get-assignment: %v", err)
			return
		}
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString("(" + g.name + " ")
		term.Fprint(&b, v)
		b.WriteString(")")
	}
	b.WriteString(")\n")
	x.out.WriteString(b.String())
}
