package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// engineOptions are what the CLI passes to every engine.
type engineOptions struct {
	verbose  io.Writer // progress lines, or nil
	trace    io.Writer // lemma and obligation log, or nil
	memoryMB int
}

// isCHC reports whether a script is a CHC problem: logic HORN, or z3's
// fixedpoint format (a query).
func isCHC(s *smtlib.Script) bool {
	if s.Logic == "HORN" {
		return true
	}
	for i := range s.Commands {
		if c := &s.Commands[i]; c.Kind == smtlib.CheckSat && c.Query {
			return true
		}
	}
	return false
}

// runCHC solves the CHC system of script with the chosen engine after
// preprocessing, translates the witness back to the input system, checks it
// there and prints the answer (CHC-COMP conventions; z3's reversed ones for
// the fixedpoint format). Witnesses are always checked: one that fails
// turns the answer into unknown.
func runCHC(stdout, stderr io.Writer, st *term.Store, script *smtlib.Script, o options) int {
	sys, err := chc.FromScript(st, script)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	newEngine, ok := engineByName(o.engine)
	if !ok {
		fmt.Fprintf(stderr, "gospacer: unknown engine %q (one of %s)\n", o.engine, strings.Join(engineNames(), ", "))
		return 2
	}
	ctx := context.Background()
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}
	ctx, stopWatch := chc.WithMemoryLimit(ctx, o.memoryMB)
	defer stopWatch()

	start := time.Now()
	eo := engineOptions{memoryMB: o.memoryMB}
	if o.verbose {
		eo.verbose = stderr
	}
	if o.trace != "" {
		f, err := os.Create(o.trace)
		if err != nil {
			fmt.Fprintln(stderr, "gospacer:", err)
			return 2
		}
		defer f.Close()
		bw := bufio.NewWriter(f)
		defer bw.Flush()
		eo.trace = bw
	}
	pre, back, err := chc.Preprocess(sys, passes()...)
	if err != nil {
		fmt.Fprintln(stderr, "gospacer: internal error: preprocessing:", err)
		return 1
	}
	if o.verbose {
		fmt.Fprintf(stderr, "; %d predicates, %d clauses; after preprocessing %d predicates, %d clauses (%.3fs)\n",
			len(sys.Preds), len(sys.Clauses), len(pre.Preds), len(pre.Clauses), time.Since(start).Seconds())
	}
	res, err := solve(ctx, newEngine(eo), pre)
	if err != nil {
		fmt.Fprintln(stderr, "gospacer: internal error:", err)
		return 1
	}
	// The witness check gets what remains of -t (and the grace an engine
	// gets to stop), never more: the answer is then unknown.
	checkCtx := context.Background()
	if o.timeout > 0 {
		var cancel context.CancelFunc
		checkCtx, cancel = context.WithDeadline(checkCtx, start.Add(o.timeout+overrun))
		defer cancel()
	}
	res = translateAndCheck(checkCtx, sys, back, res)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	answer := res.Answer.String()
	if sys.FixedpointFormat {
		// z3 answers a query sat when it is reachable.
		switch res.Answer {
		case chc.Sat:
			answer = "unsat"
		case chc.Unsat:
			answer = "sat"
		}
	}
	fmt.Fprintln(out, answer)
	switch {
	case res.Answer == chc.Sat && (o.model || wantsModel(script)):
		if err := chc.WriteModel(out, sys, res.Model); err != nil {
			fmt.Fprintln(stderr, "gospacer:", err)
		}
	case res.Answer == chc.Unsat && o.cex:
		if err := chc.WriteDerivation(out, sys, res.Derivation); err != nil {
			fmt.Fprintln(stderr, "gospacer:", err)
		}
	case res.Answer == chc.Unknown && o.verbose:
		fmt.Fprintln(stderr, "; unknown:", res.Reason)
	}
	if o.validate && res.Answer != chc.Unknown {
		fmt.Fprintf(stderr, "; %s witness checked on the input system\n", res.Answer)
	}
	if o.stats {
		out.Flush()
		printStats(stderr, res.Stats, time.Since(start))
	}
	return 0
}

// overrun is how long an engine may take to return after its context
// ended before the CLI answers unknown without it.
const overrun = time.Second

// solve runs the engine, turning a panic into an error: a bug, reported as
// such, never an answer. An engine that has not returned overrun after ctx
// ended (a long step that does not look at ctx) is left behind with the
// answer unknown, so that -t holds for the command line whatever happens
// inside.
func solve(ctx context.Context, e chc.Engine, s *chc.System) (chc.Result, error) {
	type outcome struct {
		res chc.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		defer func() {
			if r := recover(); r != nil {
				o.err = fmt.Errorf("panic: %v", r)
			}
			done <- o
		}()
		o.res = e.Solve(ctx, s)
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-ctx.Done():
	}
	select {
	case o := <-done:
		return o.res, o.err
	case <-time.After(overrun):
		return chc.Result{Answer: chc.Unknown, Reason: chc.Reason(ctx) + " (the engine did not stop in time)"}, nil
	}
}

func wantsModel(s *smtlib.Script) bool {
	for i := range s.Commands {
		if s.Commands[i].Kind == smtlib.GetModel {
			return true
		}
	}
	return false
}

// translateAndCheck maps res's witness back to the input system and checks
// it there; a witness that cannot be translated or checked makes the
// answer Unknown.
func translateAndCheck(ctx context.Context, sys *chc.System, back chc.Translator, res chc.Result) chc.Result {
	unknown := func(why string) chc.Result {
		return chc.Result{Answer: chc.Unknown, Reason: why, Stats: res.Stats}
	}
	switch res.Answer {
	case chc.Sat:
		m, err := back.Model(res.Model)
		if err != nil {
			return unknown("model translation: " + err.Error())
		}
		for _, p := range sys.Preds {
			m[p] = sys.St.Simplify(m.Lookup(sys.St, p))
		}
		if err := chc.CheckModel(ctx, sys, m); err != nil {
			return unknown("the model failed its check: " + err.Error())
		}
		res.Model = m
	case chc.Unsat:
		d, err := back.Derivation(res.Derivation)
		if err != nil {
			return unknown("derivation translation: " + err.Error())
		}
		if err := chc.CheckDerivation(sys, d); err != nil {
			return unknown("the derivation failed its check: " + err.Error())
		}
		res.Derivation = d
	}
	return res
}

func printStats(w io.Writer, stats []chc.Stat, elapsed time.Duration) {
	width := 4
	for _, s := range stats {
		width = max(width, len(s.Name))
	}
	for _, s := range stats {
		fmt.Fprintf(w, "; %-*s %v\n", width, s.Name, s.Value)
	}
	fmt.Fprintf(w, "; %-*s %.3fs\n", width, "time", elapsed.Seconds())
}

// engineNames lists the engines --engine accepts.
func engineNames() []string {
	names := make([]string, 0, len(engines))
	for _, e := range engines {
		names = append(names, e.name)
	}
	sort.Strings(names)
	return names
}

func engineByName(name string) (func(engineOptions) chc.Engine, bool) {
	if name == "" {
		name = engines[0].name
	}
	for _, e := range engines {
		if e.name == name {
			return e.make, true
		}
	}
	return nil, false
}
