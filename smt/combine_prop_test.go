package smt_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// combineConfigs are the signatures of the property tests: arrays (Int to
// Int, and nested), uninterpreted functions and sorts, with and without
// linear integer arithmetic.
var combineConfigs = []fuzz.Config{
	{Theories: fuzz.Bool | fuzz.Arrays, Vars: 2, Depth: 3, MaxNum: 2},
	{Theories: fuzz.Bool | fuzz.UF, Vars: 2, Depth: 3, MaxNum: 2},
	{Theories: fuzz.Bool | fuzz.Arrays | fuzz.UF, Vars: 2, Depth: 3, MaxNum: 2},
	{Theories: fuzz.Bool | fuzz.LIA | fuzz.Arrays, Vars: 2, Depth: 3, MaxNum: 3},
	{Theories: fuzz.Bool | fuzz.LIA | fuzz.Arrays | fuzz.UF, Vars: 2, Depth: 3, MaxNum: 3},
	{Theories: fuzz.LIA | fuzz.Arrays | fuzz.UF, Vars: 1, Depth: 4, MaxNum: 3},
}

// solve asserts the formulas in a new solver and checks them (the solver
// evaluates every assertion under its model before answering Sat).
func solve(t *rapid.T, st *term.Store, fs ...*term.Term) (smt.Result, *smt.Solver) {
	s := smt.New(st, smt.Options{})
	for _, f := range fs {
		if err := s.Assert(f); err != nil {
			t.Fatalf("assert: %v\n%s", err, fuzz.Script(st, fs...))
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := s.Check(ctx)
	if err != nil {
		t.Fatalf("check: %v (%s)\n%s", err, s.ReasonUnknown(), fuzz.Script(st, fs...))
	}
	return r, s
}

type tally struct{ sat, unsat, unknown, skipped, bruteSkipped atomic.Int64 }

// maxReduction bounds the size of the reductions the oracle decides:
// positive equalities of nested arrays expand to a quadratic number of
// reads, and the pure arithmetic that results can take seconds.
const maxReduction = 2500

func (c *tally) add(r smt.Result) {
	switch r {
	case smt.Sat:
		c.sat.Add(1)
	case smt.Unsat:
		c.unsat.Add(1)
	default:
		c.unknown.Add(1)
	}
}

// TestCombineAgainstReduction decides random formulas over arrays,
// uninterpreted functions and integers, and the reduction of each to
// Booleans and integer arithmetic (reduce, an independent decision
// procedure: no euf, no arrays), and requires the same answer. Sat models
// are checked by evaluation; an Unsat answer must also survive the
// enumeration of small models (fuzz.BruteForce).
func TestCombineAgainstReduction(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	var c tally
	fuzz.Check(t, n, func(t *rapid.T) {
		st := term.NewStore()
		cfg := rapid.SampledFrom(combineConfigs).Draw(t, "cfg")
		f := fuzz.Formula(st, cfg).Draw(t, "f")
		r, s := solve(t, st, f)
		c.add(r)
		if r == smt.Sat {
			if ok, err := s.Model().EvalBool(f); err != nil || !ok {
				t.Fatalf("model does not satisfy the formula (%v)\n%s\n%v", err, fuzz.Script(st, f), s.Model())
			}
		}
		g := reduce(st, f)
		if term.Size(g) > maxReduction {
			c.skipped.Add(1)
			return // the oracle is too slow on this one
		}
		r2, _ := solve(t, st, g)
		if r != smt.Unknown && r2 != smt.Unknown && r != r2 {
			t.Fatalf("solver: %v, reduction: %v\n%s\nreduction: %v", r, r2, fuzz.Script(st, f), g)
		}
		if r == smt.Unsat {
			// One-sided: a small model refutes the answer.
			m, err := fuzz.BruteForce(st, f, fuzz.Domain{Limit: 5000})
			switch {
			case errors.Is(err, fuzz.ErrTooLarge):
				c.bruteSkipped.Add(1)
			case err != nil:
				t.Fatalf("brute force: %v", err)
			case m != nil:
				t.Fatalf("unsat, but satisfied by\n%v\n%s", m, fuzz.Script(st, f))
			}
		}
	})
	t.Logf("%d sat, %d unsat, %d unknown; %d reductions, %d brute-force searches too large",
		c.sat.Load(), c.unsat.Load(), c.unknown.Load(), c.skipped.Load(), c.bruteSkipped.Load())
}

// TestCombineAgainstZ3 compares with z3 on random formulas, when z3 is on
// the PATH.
func TestCombineAgainstZ3(t *testing.T) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 not on PATH")
	}
	n := 200
	if testing.Short() {
		n = 30
	}
	dir := t.TempDir()
	var c tally
	var agreed atomic.Int64
	fuzz.Check(t, n, func(t *rapid.T) {
		st := term.NewStore()
		cfg := rapid.SampledFrom(combineConfigs).Draw(t, "cfg")
		f := fuzz.Formula(st, cfg).Draw(t, "f")
		r, _ := solve(t, st, f)
		c.add(r)
		script := fuzz.Script(st, f)
		file := filepath.Join(dir, "case.smt2")
		if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		cmd := exec.Command(z3, "-T:10", file)
		cmd.Stdout = &out
		_ = cmd.Run()
		want := strings.TrimSpace(out.String())
		if want != "sat" && want != "unsat" {
			return // z3 gave up or rejected the script
		}
		if r != smt.Unknown {
			if r.String() != want {
				t.Fatalf("solver: %v, z3: %s\n%s", r, want, script)
			}
			agreed.Add(1)
		}
	})
	t.Logf("%d sat, %d unsat, %d unknown; %d agreed with z3", c.sat.Load(), c.unsat.Load(), c.unknown.Load(), agreed.Load())
}
