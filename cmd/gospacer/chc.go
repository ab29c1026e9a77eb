package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

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

// runCHC solves the CHC system of script with the chosen engine through
// chc.Solve (preprocessing, the engine, the witness translated back and
// checked on the input) and prints the answer in the input's convention.
func runCHC(stdout, stderr io.Writer, st *term.Store, script *smtlib.Script, o options) int {
	ctx, cancel := o.context()
	defer cancel()
	sys, err := chc.FromScriptContext(ctx, st, script)
	if err != nil {
		if chc.Cause(ctx) != nil {
			// -t ran out while reading
			fmt.Fprintln(stdout, "unknown")
			return 0
		}
		fmt.Fprintln(stderr, err)
		return 2
	}
	printModel := o.model || wantsModel(script)
	eo := chc.Options{MemoryMB: o.memoryMB, Params: o.params}
	if o.verbose {
		eo.Verbose = stderr
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
		eo.Trace = bw
	}
	name := o.engine
	if name == "" {
		name = engines.DefaultEngine
	}
	engine, err := chc.NewEngine(name, eo)
	if err != nil {
		fmt.Fprintln(stderr, "gospacer:", err)
		return 2
	}
	start := time.Now()
	res := chc.Solve(ctx, sys, engine, eo)

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	fmt.Fprintln(out, sys.AnswerText(res.Answer))
	switch {
	case res.Answer == chc.Sat && printModel:
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
		fmt.Fprintf(stderr, "; %s witness checked on the input system\n", sys.AnswerText(res.Answer))
	}
	if o.stats {
		out.Flush()
		stats := append([]chc.Stat{{Name: "solve.engine", Value: name}}, res.Stats...)
		if res.Answer == chc.Unknown {
			stats = append(stats, chc.Stat{Name: "solve.reason-unknown", Value: res.Reason.Error()})
		}
		stats = append(stats, chc.Stat{Name: "time", Value: time.Since(start)})
		chc.WriteStats(stderr, stats)
	}
	return 0
}

func wantsModel(s *smtlib.Script) bool {
	for i := range s.Commands {
		if s.Commands[i].Kind == smtlib.GetModel {
			return true
		}
	}
	return false
}
