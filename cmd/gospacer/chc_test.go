package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// fixedEngine answers with a model of its own making: the CLI must check
// it on the input and print it, or turn the answer into unknown.
type fixedEngine struct {
	model func(s *chc.System) chc.Model
}

func (e fixedEngine) Solve(ctx context.Context, s *chc.System) chc.Result {
	return chc.Result{Answer: chc.Sat, Model: e.model(s), Stats: []chc.Stat{{Name: "lemmas", Value: 1}}}
}

// testEngine is what the engine "cli-test" is, for the test that sets it.
var testEngine chc.Engine

func init() {
	chc.Register(chc.EngineInfo{Name: "cli-test", Summary: "the engine a test of the CLI sets",
		New: func(chc.Options) (chc.Engine, error) { return testEngine, nil }})
}

// withEngine makes e the engine "cli-test" for the test's duration and
// returns the flags that choose it.
func withEngine(t *testing.T, e chc.Engine) []string {
	saved := testEngine
	t.Cleanup(func() { testEngine = saved })
	testEngine = e
	return []string{"--engine", "cli-test"}
}

// invariant is the model Inv(x) := f(x) of examples/counter.smt2.
func invariant(f func(st *term.Store, x *term.Term) *term.Term) func(s *chc.System) chc.Model {
	return func(s *chc.System) chc.Model {
		p := s.Preds[0]
		return chc.Model{p: f(s.St, p.Params[0])}
	}
}

func TestCHCModelChecked(t *testing.T) {
	good := invariant(func(st *term.Store, x *term.Term) *term.Term {
		return st.And(st.Ge(x, st.Int(0)), st.Eq(st.Mod(x, st.Int(2)), st.Int(0)))
	})
	flags := withEngine(t, fixedEngine{good})
	code, out, errs := runCLI(t, "", append(flags, "--model", "--stats", "--validate", "../../examples/counter.smt2")...)
	require.Equal(t, 0, code, errs)
	require.Equal(t, "sat\n(\n  (define-fun Inv ((x!0 Int)) Bool\n    (and (= (mod x!0 2) 0) (not (<= x!0 (- 1)))))\n)\n", out)
	require.Contains(t, errs, "; sat: the model was checked on the input system, clause by clause")
	require.Contains(t, errs, "\n :lemmas 1\n")

	// x >= 0 is not inductive relative to the query (7 is not excluded).
	weak := invariant(func(st *term.Store, x *term.Term) *term.Term { return st.Ge(x, st.Int(0)) })
	flags = withEngine(t, fixedEngine{weak})
	code, out, errs = runCLI(t, "", append(flags, "-v", "--model", "../../examples/counter.smt2")...)
	require.Equal(t, 0, code, errs)
	require.Equal(t, "unknown\n", out)
	require.Contains(t, errs, "; unknown: internal error: sat witness failed its check: clause 2")
}

func TestCHCEngineFlag(t *testing.T) {
	code, _, errs := runCLI(t, "", "--engine", "no-such", "../../examples/counter.smt2")
	require.Equal(t, 2, code)
	require.Contains(t, errs, `unknown engine "no-such"`)
	code, _, errs = runCLI(t, "", "--memory", "-1", "../../examples/counter.smt2")
	require.Equal(t, 2, code, errs)
}

func TestCHCBadInput(t *testing.T) {
	src := "(set-logic HORN)\n(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (> x 0) (or (P x) (P (+ x 1))))))\n(check-sat)\n"
	// the assertion is refused, and the check-sat cannot answer without it
	code, out, errs := runCLI(t, src, "-")
	require.Equal(t, 1, code, errs)
	require.True(t, strings.HasPrefix(out, `(error "line 3 column 1: `), out)
	require.True(t, strings.HasSuffix(out, ")\nunknown\n"), out)
}

// TestCHCFixedpointAnswer checks z3's reversed reading of the fixedpoint
// format: a model (the query unreachable) prints unsat.
func TestCHCFixedpointAnswer(t *testing.T) {
	src := "(declare-rel R (Int))(declare-rel E ())(declare-var x Int)(rule (R 0))(rule (=> (and (R x) (< x 0)) E))(query E)"
	flags := withEngine(t, fixedEngine{func(s *chc.System) chc.Model {
		m := chc.Model{}
		for _, p := range s.Preds { // what preprocessing left of R and E
			m[p] = s.St.True()
			if p.Arity() == 1 {
				m[p] = s.St.Ge(p.Params[0], s.St.Int(0))
			}
		}
		return m
	}})
	code, out, errs := runCLI(t, src, append(flags, "-")...)
	require.Equal(t, 0, code, errs)
	require.Equal(t, "unsat\n", out)
}

// stuckEngine ignores its context.
type stuckEngine struct{ release chan struct{} }

func (e stuckEngine) Solve(ctx context.Context, s *chc.System) chc.Result {
	<-e.release
	return chc.NoAnswer(chc.Incomplete("released"))
}

// TestCHCTimeoutHolds checks that -t bounds the run even when the engine
// does not look at its context.
func TestCHCTimeoutHolds(t *testing.T) {
	e := stuckEngine{make(chan struct{})}
	defer close(e.release)
	flags := withEngine(t, e)
	start := time.Now()
	code, out, errs := runCLI(t, "", append(flags, "-t", "0.2", "-v", "../../examples/counter.smt2")...)
	require.Equal(t, 0, code, errs)
	require.Equal(t, "unknown\n", out)
	require.Contains(t, errs, "timeout (the engine did not stop in time)")
	require.Less(t, time.Since(start), 5*time.Second, "a deadline of 200 ms and the grace: 300 ms")
}
