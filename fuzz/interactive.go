package fuzz

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strings"
	"time"
)

// CommandStream draws a random interactive SMT-LIB session of about n
// commands over linear integer or real arithmetic (one of them per
// stream) and Booleans, as a client sends them one at a time:
// (set-option :print-success true) first, so that every command has
// exactly one response, then declarations, assertions (some named),
// push and pop, check-sat, check-sat-assuming on literals, get-value,
// get-model, get-unsat-core, and errors on purpose (an undeclared symbol, a term of the
// wrong sort, a name declared twice, a pop below the bottom, get-value
// with no model, a wrong number of arguments; not (> 1), which z3 4.8
// reads as true where the standard asks for two arguments). Each command is one line
// without its line break.
func CommandStream(r *rand.Rand, n int) []string {
	g := &streamGen{r: r, real: r.IntN(3) == 0}
	cs := []string{"(set-option :print-success true)", "(set-option :produce-unsat-cores true)"}
	if r.IntN(2) == 0 {
		cs = append(cs, map[bool]string{false: "(set-logic QF_LIA)", true: "(set-logic QF_LRA)"}[g.real])
	}
	for range 2 + r.IntN(3) {
		cs = append(cs, g.declare())
	}
	for len(cs) < n {
		cs = append(cs, g.command())
	}
	return cs
}

// streamGen draws the commands of CommandStream, keeping the names in
// scope per push level so that most commands are well formed.
type streamGen struct {
	r      *rand.Rand
	ints   [][]string // arithmetic constants per level, level 0 first
	bools  [][]string
	nconst int
	real   bool // the arithmetic constants are Real, else Int
	nnames int  // :named assertions
}

func (g *streamGen) level() int { return max(len(g.ints), 1) - 1 }

func (g *streamGen) all(byLevel [][]string) []string {
	var xs []string
	for _, l := range byLevel {
		xs = append(xs, l...)
	}
	return xs
}

func (g *streamGen) declare() string {
	if len(g.ints) == 0 {
		g.ints, g.bools = [][]string{nil}, [][]string{nil}
	}
	g.nconst++
	l := g.level()
	if g.r.IntN(3) == 0 {
		name := fmt.Sprintf("p%d", g.nconst)
		g.bools[l] = append(g.bools[l], name)
		return "(declare-const " + name + " Bool)"
	}
	name := fmt.Sprintf("x%d", g.nconst)
	g.ints[l] = append(g.ints[l], name)
	return "(declare-const " + name + " " + g.sort() + ")"
}

func (g *streamGen) sort() string {
	if g.real {
		return "Real"
	}
	return "Int"
}

// number is a constant of the arithmetic sort: a numeral, or for Real a
// decimal or a fraction.
func (g *streamGen) number() string {
	k := g.r.IntN(21) - 10
	if !g.real {
		return numeral(k)
	}
	var v string
	switch g.r.IntN(3) {
	case 0:
		v = fmt.Sprintf("%d.0", abs(k))
	case 1:
		v = fmt.Sprintf("%d.5", abs(k))
	default:
		v = fmt.Sprintf("(/ %d.0 %d.0)", abs(k), 1+g.r.IntN(4))
	}
	if k < 0 {
		return "(- " + v + ")"
	}
	return v
}

func abs(k int) int { return max(k, -k) }

func (g *streamGen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

// intTerm is a linear integer term over the integer constants.
func (g *streamGen) intTerm(depth int) string {
	xs := g.all(g.ints)
	if depth <= 0 || len(xs) == 0 || g.r.IntN(3) == 0 {
		if len(xs) == 0 || g.r.IntN(3) == 0 {
			return g.number()
		}
		return g.pick(xs)
	}
	switch g.r.IntN(4) {
	case 0:
		return "(+ " + g.intTerm(depth-1) + " " + g.intTerm(depth-1) + ")"
	case 1:
		return "(- " + g.intTerm(depth-1) + " " + g.intTerm(depth-1) + ")"
	case 2:
		// (* (- 2) x): z3 reads -2 as a numeral, the standard does not
		return fmt.Sprintf("(* %s %s)", g.number(), g.intTerm(depth-1))
	}
	return "(ite " + g.boolTerm(depth-1) + " " + g.intTerm(depth-1) + " " + g.intTerm(depth-1) + ")"
}

// boolTerm is a Boolean term: comparisons of linear terms and the
// Boolean constants under the connectives.
func (g *streamGen) boolTerm(depth int) string {
	ps := g.all(g.bools)
	if depth <= 0 || g.r.IntN(3) == 0 {
		if len(ps) > 0 && g.r.IntN(3) == 0 {
			return g.pick(ps)
		}
		op := []string{"<", "<=", "=", ">=", ">", "distinct"}[g.r.IntN(6)]
		return "(" + op + " " + g.intTerm(1) + " " + g.intTerm(1) + ")"
	}
	switch g.r.IntN(5) {
	case 0:
		return "(not " + g.boolTerm(depth-1) + ")"
	case 1:
		return "(and " + g.boolTerm(depth-1) + " " + g.boolTerm(depth-1) + ")"
	case 2:
		return "(or " + g.boolTerm(depth-1) + " " + g.boolTerm(depth-1) + ")"
	case 3:
		return "(=> " + g.boolTerm(depth-1) + " " + g.boolTerm(depth-1) + ")"
	}
	return "(= " + g.boolTerm(depth-1) + " " + g.boolTerm(depth-1) + ")"
}

// numeral is k in SMT-LIB: (- 5) for -5.
func numeral(k int) string {
	if k < 0 {
		return fmt.Sprintf("(- %d)", -k)
	}
	return fmt.Sprint(k)
}

func (g *streamGen) literal() string {
	ps := g.all(g.bools)
	if len(ps) == 0 {
		return "true"
	}
	if g.r.IntN(2) == 0 {
		return "(not " + g.pick(ps) + ")"
	}
	return g.pick(ps)
}

func (g *streamGen) command() string {
	switch k := g.r.IntN(100); {
	case k < 10:
		return g.declare()
	case k < 32:
		return "(assert " + g.boolTerm(3) + ")"
	case k < 40:
		g.nnames++
		return fmt.Sprintf("(assert (! %s :named a%d))", g.boolTerm(2), g.nnames)
	case k < 48:
		g.ints, g.bools = append(g.ints, nil), append(g.bools, nil)
		return "(push 1)"
	case k < 54:
		if len(g.ints) > 1 {
			g.ints, g.bools = g.ints[:len(g.ints)-1], g.bools[:len(g.bools)-1]
		}
		return "(pop 1)" // an error when nothing was pushed
	case k < 66:
		return "(check-sat)"
	case k < 72:
		as := []string{g.literal()}
		for g.r.IntN(2) == 0 {
			as = append(as, g.literal())
		}
		return "(check-sat-assuming (" + strings.Join(as, " ") + "))"
	case k < 84:
		ts := []string{g.intTerm(1)}
		if g.r.IntN(3) == 0 {
			ts = append(ts, g.boolTerm(1))
		}
		return "(get-value (" + strings.Join(ts, " ") + "))"
	case k < 86:
		return "(get-info :assertion-stack-levels)"
	case k < 89:
		return "(get-model)"
	case k < 92:
		return "(get-unsat-core)"
	}
	// errors on purpose
	switch g.r.IntN(6) {
	case 0:
		return "(assert (> undeclared 0))"
	case 1:
		return "(assert (+ " + g.intTerm(1) + " 1))" // not Boolean
	case 2:
		if xs := g.all(g.ints); len(xs) > 0 {
			// declared twice, with the same sort (z3 overloads a name
			// by sort, where the standard refuses it)
			return "(declare-const " + g.pick(xs) + " " + g.sort() + ")"
		}
		return "(assert (and true 1))"
	case 3:
		return "(pop 100)"
	case 4:
		return "(assert (ite true p))" // wrong number of arguments
	case 5:
		if g.nnames > 0 {
			return fmt.Sprintf("(assert (! true :named a%d))", 1+g.r.IntN(g.nnames)) // a name given twice
		}
	}
	return "(get-value (undeclared))"
}

// A Process is a solver driven through pipes, one command at a time:
// Send writes a command and waits for its one response (a symbol or a
// balanced s-expression).
type Process struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	resp chan response
}

type response struct {
	text string
	err  error
}

// StartProcess starts the solver command (such as "z3 -in" or
// "gospacer -in") with its standard input and output on pipes.
func StartProcess(name string, args ...string) (*Process, error) {
	cmd := exec.Command(name, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &Process{cmd: cmd, in: in, resp: make(chan response, 1)}
	go p.read(bufio.NewReader(out))
	return p, nil
}

// read splits the solver's output into responses.
func (p *Process) read(r *bufio.Reader) {
	defer close(p.resp)
	for {
		text, err := readResponse(r)
		p.resp <- response{text, err}
		if err != nil {
			return
		}
	}
}

// readResponse reads one response: a run of characters up to the end of
// the line, or an s-expression from its ( to the matching ), across
// lines, with string literals and quoted symbols skipped whole.
func readResponse(r *bufio.Reader) (string, error) {
	var b strings.Builder
	depth := 0
	started := false
	for {
		c, err := r.ReadByte()
		if err != nil {
			return b.String(), err
		}
		switch {
		case !started && (c == ' ' || c == '\n' || c == '\r' || c == '\t'):
			continue
		case c == '"' || c == '|':
			started = true
			b.WriteByte(c)
			for {
				d, err := r.ReadByte()
				if err != nil {
					return b.String(), err
				}
				b.WriteByte(d)
				if d == c {
					if c == '"' {
						if e, err := r.Peek(1); err == nil && e[0] == '"' {
							r.ReadByte()
							b.WriteByte('"')
							continue
						}
					}
					break
				}
			}
			continue
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				b.WriteByte(c)
				return b.String(), nil
			}
		case c == '\n' && depth == 0:
			return b.String(), nil
		}
		started = true
		b.WriteByte(c)
	}
}

// ErrNoResponse is the error of Send when the solver gave no response in
// time.
var ErrNoResponse = errors.New("fuzz: no response in time")

// Send writes command and a line break, and returns the solver's
// response, waiting at most timeout for it.
func (p *Process) Send(command string, timeout time.Duration) (string, error) {
	if _, err := io.WriteString(p.in, command+"\n"); err != nil {
		return "", err
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case r, ok := <-p.resp:
		if !ok {
			return "", io.EOF
		}
		return r.text, r.err
	case <-t.C:
		return "", ErrNoResponse
	}
}

// Write writes command and a line break without waiting: for commands
// that have no response.
func (p *Process) Write(command string) error {
	_, err := io.WriteString(p.in, command+"\n")
	return err
}

// Close closes the solver's standard input and waits for it to end,
// killing it after a second.
func (p *Process) Close() error {
	p.in.Close()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Second):
		p.cmd.Process.Kill()
		return <-done
	}
}

// A StreamStats counts what CompareStream compared.
type StreamStats struct {
	Commands, Answers, Decided, Errors int
}

// CompareStream sends the commands one at a time to two solvers and
// compares their responses: both fail or neither does (an (error ...)
// response), and where both answer a check-sat with sat or unsat, the
// same answer. After a check-sat that only one decides, the commands
// that depend on its answer (get-value) are not compared until the next
// check-sat. It returns the first disagreement as an error naming the
// command.
func CompareStream(a, b *Process, commands []string, timeout time.Duration) (StreamStats, error) {
	var st StreamStats
	skip := false // the last check-sat's answers differ: get-value may too
	for i, c := range commands {
		ra, err := a.Send(c, timeout)
		if err != nil {
			return st, fmt.Errorf("command %d %s: first solver: %w", i+1, c, err)
		}
		rb, err := b.Send(c, timeout)
		if err != nil {
			return st, fmt.Errorf("command %d %s: second solver: %w", i+1, c, err)
		}
		st.Commands++
		ea, eb := strings.HasPrefix(ra, "(error "), strings.HasPrefix(rb, "(error ")
		if ea || eb {
			st.Errors++
		}
		check := strings.HasPrefix(c, "(check-sat")
		if check && !ea && !eb {
			st.Answers++
			decided := func(s string) bool { return s == "sat" || s == "unsat" }
			switch {
			case decided(ra) && decided(rb):
				st.Decided++
				if ra != rb {
					return st, fmt.Errorf("command %d %s: answers %s and %s", i+1, c, ra, rb)
				}
				skip = false
			default:
				skip = ra != rb
			}
			continue
		}
		if skip && (strings.HasPrefix(c, "(get-value") || strings.HasPrefix(c, "(get-model") || strings.HasPrefix(c, "(get-unsat-core")) {
			continue
		}
		if ea != eb {
			return st, fmt.Errorf("command %d %s: responses %q and %q", i+1, c, ra, rb)
		}
	}
	return st, nil
}
