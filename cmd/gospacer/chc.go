package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer"
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/script"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// newHornRun prepares the run of a HORN script (or one in z3's
// fixedpoint format), which runSMT then gives command by command to
// stream: each declaration and assertion goes into a chc.ScriptReader,
// each check-sat is solved with the chosen engine through gospacer.Solve,
// the front door (preprocessing, the engine, the witness translated back
// and checked on the input), and answered in the input's convention, and
// the commands after it are answered from its result: get-model prints
// the model, get-proof the derivation, get-info the reason of unknown; a
// command that has no answer in a HORN script, or an assertion outside
// CHC, prints an (error "...") line naming it, as z3 does, and the exit
// code is then 1. A script without check-sat prints nothing. It returns
// nil and the exit code when the engine's options are wrong.
func newHornRun(ctx context.Context, stdout, stderr io.Writer, st *term.Store, o options) (*hornRun, int) {
	h := &hornRun{o: o, stderr: stderr, out: bufio.NewWriter(stdout), b: chc.NewScriptReader(st)}
	// the clauses in the relaxed form, which preprocessing starts from
	// (gospacer.Solve gives the engines the strict one, preprocessed or
	// not, and checks the witness on the system as read)
	h.b.SetRelaxed(true)
	cores := runtime.GOMAXPROCS(0)
	if o.cores > 0 {
		cores = o.cores
		runtime.GOMAXPROCS(cores)
	}
	h.engine, h.chosen, h.cores = o.engine, o.engine != "", cores
	if h.engine == "" {
		h.engine = engines.DefaultFor(cores)
	}
	h.options = []gospacer.Option{gospacer.WithEngine(h.engine), gospacer.WithMemoryLimit(o.memoryMB)}
	if _, given := o.params["portfolio.cores"]; o.cores > 0 && !given && h.engine == "portfolio" {
		h.options = append(h.options, gospacer.WithParam("portfolio.cores", strconv.Itoa(cores)))
	}
	for _, name := range slices.Sorted(maps.Keys(o.params)) {
		h.options = append(h.options, gospacer.WithParam(name, o.params[name]))
	}
	if w := o.engineLog(); w != nil { // nil without -v
		h.options = append(h.options, gospacer.WithVerbose(w))
	}
	if w := o.engineTrace(); w != nil { // -v=3: the trace on standard error
		h.options = append(h.options, gospacer.WithTrace(w))
	}
	if o.trace != "" {
		f, err := os.Create(o.trace)
		if err != nil {
			fmt.Fprintln(stderr, "gospacer:", err)
			return nil, 2
		}
		// the trace is flushed and closed by close, at the end of the run
		bw := bufio.NewWriter(f)
		h.closers = append(h.closers, func() { bw.Flush(); f.Close() })
		h.options = append(h.options, gospacer.WithTrace(bw))
	}
	// The engine the options name is built once here, to reject bad
	// options before a command is read; the default engine with the
	// default parameters needs no check (and no build: a tenth of a
	// millisecond of a tiny file's run, with checkParams's).
	if o.engine != "" || len(o.params) > 0 {
		if _, err := gospacer.Engine(h.options...); err != nil {
			fmt.Fprintln(stderr, err)
			return nil, 2
		}
	}
	h.ctx = ctx
	return h, 0
}

// close flushes the answers and closes the --trace file.
func (h *hornRun) close() {
	h.out.Flush()
	for _, f := range h.closers {
		f()
	}
}

// replay reads the commands a session answered before the script turned
// out to be HORN (see hornSwitch) without answering them again: the
// declarations and assertions go into the system, the options are set.
// A declaration or assertion the system refuses is an error, reported
// now: the session took it.
func (h *hornRun) replay(cs []*smtlib.Command) {
	out := h.out
	quiet := bufio.NewWriter(io.Discard)
	for _, c := range cs {
		if !h.add(c) {
			continue
		}
		h.out = quiet
		h.exec(c, nil) // no check-sat: it decides the mode
		h.out = out
	}
	h.errors = h.refused // the session reported the others
}

// stream executes one command; it returns false at exit. The answer of
// a check-sat comes from the system of the clauses in force.
func (h *hornRun) stream(c *smtlib.Command) bool {
	if !h.add(c) {
		return true
	}
	var sys *chc.System
	if c.Kind == smtlib.CheckSat {
		sys = h.b.System()
	}
	return h.exec(c, sys)
}

// refuse records that a command of the script is missing from the
// system, at push level depth (0 when it is not known): the check-sat
// commands answer unknown until that level is popped (or a reset).
func (h *hornRun) refuse(depth int) {
	if !h.broken || depth < h.brokenAt {
		h.broken, h.brokenAt = true, depth
	}
}

// add reads c into the system and keeps the scopes; it reports false
// when the system refuses c (an assertion outside CHC, say): an error
// response, and the check-sat commands answer unknown until the scope
// of c is popped.
func (h *hornRun) add(c *smtlib.Command) bool {
	if err := h.b.Add(c); err != nil {
		var e *smtlib.Error
		if errors.As(err, &e) {
			h.out.WriteString(script.ErrorResponse(e.Pos, e.Msg))
		} else {
			h.out.WriteString(script.ReadErrorResponse(err))
		}
		h.errors++
		h.refused++
		h.refuse(h.depth)
		return false
	}
	switch c.Kind {
	case smtlib.Push:
		h.depth += c.N
	case smtlib.Pop:
		h.depth -= c.N
		if h.broken && h.depth < h.brokenAt {
			h.broken = false
		}
	case smtlib.Reset, smtlib.ResetAssertions:
		h.depth, h.broken = 0, false // the missing clause went with the rest
	}
	return true
}

// A hornRun is the state of a HORN script between commands.
type hornRun struct {
	o       options
	out     *bufio.Writer
	stderr  io.Writer
	engine  string            // its name, for --stats
	chosen  bool              // by the user (--engine), not by default
	cores   int               // -j, else GOMAXPROCS
	options []gospacer.Option // the engine's and the run's
	ctx     context.Context   // the whole run's (-t)
	timeout time.Duration     // (set-option :timeout N)
	success bool              // :print-success
	errors  int

	checked bool              // a check-sat was answered
	solved  bool              // and res is the engine's answer on sys
	sys     *chc.System       // the system of the last check-sat
	res     chc.Result        // and its answer
	printed bool              // --model printed the model of the last check-sat
	set     map[string]string // the standard options set, for get-option

	closers  []func()          // the --trace file's
	b        *chc.ScriptReader // the clauses in force
	depth    int               // push levels
	refused  int               // commands the system refused
	broken   bool              // an assertion was left out: check-sat answers unknown
	brokenAt int               // the push level it was made at
}

// ownAnswers holds the command kinds that have an answer of their own (other
// than success, h.ok) and how each is answered. The commands of any other
// kind (declarations, assertions, scopes) were read by the Builder: they
// answer success. One table decides both which commands run keeps and
// what exec does with them.
var ownAnswers = map[smtlib.Kind]func(h *hornRun, c *smtlib.Command, sys *chc.System){
	smtlib.CheckSat:         func(h *hornRun, _ *smtlib.Command, sys *chc.System) { h.checkSat(sys) },
	smtlib.GetModel:         func(h *hornRun, c *smtlib.Command, _ *chc.System) { h.getModel(c) },
	smtlib.GetInfo:          func(h *hornRun, c *smtlib.Command, _ *chc.System) { h.getInfo(c) },
	smtlib.GetOption:        (*hornRun).getOption,
	smtlib.SetOption:        func(h *hornRun, c *smtlib.Command, _ *chc.System) { h.setOption(c) },
	smtlib.Echo:             func(h *hornRun, c *smtlib.Command, _ *chc.System) { h.out.WriteString(script.Literal(c.Text) + "\n") },
	smtlib.Exit:             func(*hornRun, *smtlib.Command, *chc.System) {},
	smtlib.Unsupported:      (*hornRun).unsupported,
	smtlib.CheckSatAssuming: (*hornRun).unsupported,
	smtlib.GetValue:         (*hornRun).unsupported,
	smtlib.GetUnsatCore:     (*hornRun).unsupported,
	smtlib.GetAssertions:    (*hornRun).unsupported,
	smtlib.GetInterpolants:  (*hornRun).unsupported,
}

// ownAnswer reports whether a command of kind k has an answer of its own.
func ownAnswer(k smtlib.Kind) bool { return ownAnswers[k] != nil }

// exec runs one command; it returns false at exit.
func (h *hornRun) exec(c *smtlib.Command, sys *chc.System) bool {
	answer := ownAnswers[c.Kind]
	if answer == nil {
		h.ok()
		return true
	}
	answer(h, c, sys)
	return c.Kind != smtlib.Exit
}

// unsupported answers a command HORN scripts do not support: get-proof
// prints the derivation; the others an error naming the command.
func (h *hornRun) unsupported(c *smtlib.Command, _ *chc.System) {
	if c.Name == "get-proof" {
		h.getProof(c)
		return
	}
	h.errorf(c, "%s is not supported in a HORN script", commandName(c))
}

func (h *hornRun) ok() {
	if h.success {
		h.out.WriteString("success\n")
	}
}

// errorf prints an error response, z3's (error "...") line, with the
// command's position.
func (h *hornRun) errorf(c *smtlib.Command, format string, args ...any) {
	h.out.WriteString(script.ErrorResponse(c.Pos, fmt.Sprintf(format, args...)))
	h.errors++
}

// getOption prints the value of a standard option: as set, or its
// default.
func (h *hornRun) getOption(c *smtlib.Command, _ *chc.System) {
	def, ok := script.OptionDefault(c.Keyword)
	switch {
	case !ok:
		h.out.WriteString("unsupported\n")
	case h.set[c.Keyword] != "":
		h.out.WriteString(h.set[c.Keyword] + "\n")
	default:
		h.out.WriteString(def + "\n")
	}
}

func (h *hornRun) setOption(c *smtlib.Command) {
	switch c.Keyword {
	case ":print-success":
		h.success = c.Value == "true"
	case ":timeout":
		d, ok := script.TimeoutOption(c.Value)
		if !ok {
			h.errorf(c, "set-option :timeout: expected a number of milliseconds, got %s", c.Value)
			return
		}
		h.timeout = d
	}
	if _, ok := script.OptionDefault(c.Keyword); ok {
		if h.set == nil {
			h.set = map[string]string{}
		}
		h.set[c.Keyword] = c.Value
	}
	h.ok()
}

// checkSat solves sys, unless it is the system of the last check-sat, and
// prints the answer.
func (h *hornRun) checkSat(sys *chc.System) {
	switch {
	case h.broken:
		// an assertion was left out: an answer could be wrong
		h.res = chc.NoAnswer(errors.New("a command of the script is missing from the system (see the error above)"))
	case !h.solved || !sameSystem(h.sys, sys):
		h.res = h.solve(sys)
	}
	h.checked, h.sys, h.solved = true, sys, !h.broken
	res := h.res
	fmt.Fprintln(h.out, sys.AnswerText(res.Answer))
	h.printed = false
	switch {
	case res.Answer == chc.Sat && h.o.model:
		h.printed = true
		if err := chc.WriteModel(h.out, sys, res.Model); err != nil {
			fmt.Fprintln(h.stderr, "gospacer:", err)
		}
	case res.Answer == chc.Unsat && h.o.cex:
		if err := chc.WriteDerivation(h.out, sys, res.Derivation); err != nil {
			fmt.Fprintln(h.stderr, "gospacer:", err)
		}
	case res.Answer == chc.Unknown && h.o.verbose:
		h.out.Flush()
		fmt.Fprintln(h.stderr, "; unknown:", res.Reason)
		if c, t := sys.NonLinearClause(); c != nil {
			fmt.Fprintf(h.stderr, "; the input has non-linear arithmetic, %s in the clause at %s, which the engines decide only where it is linear\n", term.Sprint(t), c.Origin)
		}
	}
	if h.o.validate && res.Answer != chc.Unknown {
		h.out.Flush()
		fmt.Fprintln(h.stderr, validation(sys, res.Answer))
	}
}

// validation says, in the printed answer's terms, how its witness was
// checked.
func validation(sys *chc.System, a chc.Answer) string {
	text := sys.AnswerText(a)
	switch {
	case a == chc.Sat && sys.FixedpointFormat:
		return "; " + text + ": the query is unreachable; the invariant (the model) was checked on the input system, clause by clause"
	case a == chc.Sat:
		return "; " + text + ": the model was checked on the input system, clause by clause"
	case sys.FixedpointFormat:
		return "; " + text + ": the query is reachable; its derivation was replayed on the input system, step by step"
	}
	return "; " + text + ": the derivation of false was replayed on the input system, step by step"
}

func (h *hornRun) solve(sys *chc.System) chc.Result {
	options := h.options
	if h.timeout > 0 {
		options = append(options[:len(options):len(options)], gospacer.WithTimeout(h.timeout))
	}
	engine := h.engine
	if !h.chosen {
		// The default may depend on the system's theories.
		engine = engines.DefaultForSystem(h.cores, sys)
		options = append(options[:len(options):len(options)], gospacer.WithEngine(engine))
	}
	start := time.Now()
	r, err := gospacer.Solve(h.ctx, sys, options...)
	res := r.Result
	if err != nil { // the options were checked before the first command
		res = chc.NoAnswer(chc.Internal("%v", err))
	}
	if h.o.stats {
		stats := append([]chc.Stat{{Name: "solve.engine", Value: engine}}, res.Stats...)
		if res.Answer == chc.Unknown {
			stats = append(stats, chc.Stat{Name: "solve.reason-unknown", Value: res.Reason.Error()})
		}
		stats = append(stats, chc.Stat{Name: "time", Value: time.Since(start)})
		h.out.Flush()
		chc.WriteStats(h.stderr, stats)
	}
	return res
}

// sameSystem reports whether a and b have the same predicates and clauses.
func sameSystem(a, b *chc.System) bool {
	return a != nil && b != nil && a.FixedpointFormat == b.FixedpointFormat &&
		slices.Equal(a.Preds, b.Preds) && slices.Equal(a.Clauses, b.Clauses)
}

func (h *hornRun) getModel(c *smtlib.Command) {
	if h.printed {
		// --model printed it after the check-sat: once (a model
		// validator reads one model after sat)
		return
	}
	h.witness(c, "model", chc.Sat, func() error { return chc.WriteModel(h.out, h.sys, h.res.Model) })
}

func (h *hornRun) getProof(c *smtlib.Command) {
	h.witness(c, "proof", chc.Unsat, func() error { return chc.WriteProof(h.out, h.sys, h.res.Derivation) })
}

// witness prints the model or proof of the last check-sat with write when
// it answered want, else an error saying why there is none.
func (h *hornRun) witness(c *smtlib.Command, what string, want chc.Answer, write func() error) {
	if !h.checked || h.res.Answer != want {
		h.errorf(c, "%s: %s", commandName(c), h.noWitness(what))
		return
	}
	if err := write(); err != nil {
		h.errorf(c, "%s: %v", commandName(c), err)
	}
}

// commandName is the name of c as the script spells it.
func commandName(c *smtlib.Command) string {
	if c.Kind == smtlib.Unsupported {
		return c.Name
	}
	return c.Kind.String()
}

// noWitness says why there is no model or proof to print.
func (h *hornRun) noWitness(what string) string {
	if !h.checked {
		return "no " + what + " is available: no check-sat was answered"
	}
	return "no " + what + " is available: the last check-sat answered " + h.sys.AnswerText(h.res.Answer)
}

func (h *hornRun) getInfo(c *smtlib.Command) {
	switch c.Keyword {
	case ":name":
		h.out.WriteString("(:name \"gospacer\")\n")
	case ":version":
		h.out.WriteString("(:version \"" + version + "\")\n")
	case ":authors":
		h.out.WriteString("(:authors \"the gospacer developers\")\n")
	case ":error-behavior":
		h.out.WriteString("(:error-behavior continued-execution)\n")
	case ":assertion-stack-levels":
		fmt.Fprintf(h.out, "(:assertion-stack-levels %d)\n", h.depth)
	case ":reason-unknown":
		h.out.WriteString("(:reason-unknown " + smtString(h.reasonUnknown()) + ")\n")
	case ":all-statistics":
		if !h.checked {
			h.out.WriteString("()\n")
			return
		}
		chc.WriteStats(h.out, h.res.Stats)
	default:
		h.out.WriteString("unsupported\n")
	}
}

// reasonUnknown is z3's answer to (get-info :reason-unknown): why the last
// check-sat answered unknown, empty after sat or unsat.
func (h *hornRun) reasonUnknown() string {
	switch {
	case !h.checked:
		return "no check-sat was answered"
	case h.res.Answer == chc.Unknown && h.res.Reason != nil:
		return h.res.Reason.Error()
	}
	return ""
}

func smtString(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// checkParams rejects an --opt that no engine declares, before any input
// is read, whatever its kind: the root's front door checks them (the one
// place that does), on the default engine.
func checkParams(params map[string]string) error {
	if len(params) == 0 {
		return nil // nothing to check
	}
	var options []gospacer.Option
	for _, name := range slices.Sorted(maps.Keys(params)) {
		options = append(options, gospacer.WithParam(name, params[name]))
	}
	if _, err := gospacer.Engine(options...); err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "gospacer: "))
	}
	return nil
}
