//go:build js && wasm

// Command wasm is the playground's solver, built with GOOS=js
// GOARCH=wasm and run in a Web Worker (static/worker.js). It registers
// one JavaScript function and waits:
//
//	gospacerSolve(source, timeoutMs, engine) -> Promise<result>
//
// result has answer ("sat", "unsat", "unknown", or "" after an error),
// witness (the model, the derivation, or the output of an SMT-LIB script),
// reason (of unknown), stats (z3-style), error (bad input) and ms.
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall/js"
	"time"

	"github.com/seed-f9c3434d/gospacer"
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/script"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

func main() {
	js.Global().Set("gospacerSolve", js.FuncOf(solve))
	js.Global().Set("gospacerReady", true)
	select {}
}

// solve returns a Promise; the work runs on its own goroutine, so that
// the JavaScript event loop (and the timers behind the timeout) keep
// running whenever the solver blocks.
func solve(this js.Value, args []js.Value) any {
	src, timeout, engine := "", 10*time.Second, ""
	if len(args) > 0 {
		src = args[0].String()
	}
	if len(args) > 1 && args[1].Type() == js.TypeNumber {
		timeout = time.Duration(args[1].Float()) * time.Millisecond
	}
	if len(args) > 2 && args[2].Type() == js.TypeString {
		engine = args[2].String()
	}
	var resolve js.Value
	promise := js.Global().Get("Promise").New(js.FuncOf(func(this js.Value, a []js.Value) any {
		resolve = a[0]
		return nil
	}))
	go func() {
		resolve.Invoke(js.ValueOf(run(src, timeout, engine)))
	}()
	return promise
}

// run solves src: a CHC problem through gospacer.Solve, any other
// SMT-LIB script through the script executor.
func run(src string, timeout time.Duration, engine string) (out map[string]any) {
	start := time.Now()
	out = map[string]any{"answer": "", "witness": "", "reason": "", "stats": "", "error": ""}
	defer func() {
		if r := recover(); r != nil {
			out["error"] = fmt.Sprintf("internal error: %v", r)
		}
		out["ms"] = time.Since(start).Milliseconds()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	st := term.NewStore()
	sc, err := smtlib.Parse("input.smt2", strings.NewReader(src), st)
	if err != nil {
		out["error"] = err.Error()
		return out
	}
	if !chc.IsHornScript(sc) {
		// the responses, as gospacer -in gives them: the errors are
		// (error "line L column C: ...") responses among them
		sess := script.NewSession(script.Options{Version: "playground"})
		resp, err := sess.ExecContext(ctx, src)
		out["witness"] = resp
		var e *smtlib.Error
		if errors.As(err, &e) {
			out["error"] = fmt.Sprintf("input.smt2:%d:%d: %s", e.Pos.Line, e.Pos.Col, smtlib.OneLine(e.Msg))
		}
		return out
	}
	sys, err := chc.FromScriptRelaxed(ctx, st, sc) // the form preprocessing starts from
	if err != nil {
		out["error"] = err.Error()
		return out
	}
	var opts []gospacer.Option
	if engine != "" {
		opts = append(opts, gospacer.WithEngine(engine))
	}
	res, err := gospacer.Solve(ctx, sys, opts...)
	if err != nil {
		out["error"] = err.Error()
		return out
	}
	out["answer"] = res.String()
	var w bytes.Buffer
	if res.Answer != gospacer.Unknown {
		_ = res.WriteWitness(&w)
	}
	out["witness"] = w.String()
	if res.Reason != nil {
		out["reason"] = res.Reason.Error()
		if errors.Is(res.Reason, gospacer.ErrTimeout) {
			out["reason"] = fmt.Sprintf("timeout (%v)", timeout)
		}
	}
	var s bytes.Buffer
	_ = chc.WriteStats(&s, res.Stats)
	out["stats"] = s.String()
	return out
}
