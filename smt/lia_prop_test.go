package smt_test

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// Random LIA formulas from the shared generators (package fuzz): Boolean
// structure over Int comparisons with ite, +, -, scaling, div, mod and
// abs by numerals (zero included), distinct. Three oracles, all
// independent of the solver: fuzz.BruteForce on boxed formulas (every Int
// constant and every division by zero bounded to [-box, box], so
// enumeration is exact), fuzz.SatQE (Cooper's elimination, exact without
// bounds) on systems, and z3 when it is on PATH.

const box = 3

// boxed returns f with every Int constant and every application of
// division by zero (an uninterpreted function) bounded to [-box, box].
func boxed(st *term.Store, f *term.Term) *term.Term {
	cs := []*term.Term{f}
	for u := range term.PostOrder(f) {
		isConst := u.Op() == term.OpConst && u.Sort().IsInt()
		byZero := (u.Op() == term.OpIntDiv || u.Op() == term.OpMod) && !(u.Arg(1).IsNum() && !u.Arg(1).Num().IsZero())
		if isConst || byZero {
			cs = append(cs, st.Le(st.Int(-box), u), st.Le(u, st.Int(box)))
		}
	}
	return st.And(cs...)
}

var boxDomain = fuzz.Domain{Ints: []int64{-3, -2, -1, 0, 1, 2, 3}, Limit: 20000}

// checkAnswer checks the solver's answer on f against the oracle's, the
// model of a Sat answer against f, and the proofs of the cuts.
func checkAnswer(t *rapid.T, st *term.Store, s *smt.Solver, got smt.Result, want bool) {
	script := fuzz.Script(st, s.Assertions()...)
	if err := smt.VerifyCutsOf(s); err != nil {
		t.Fatalf("cut proof: %v\n%v", err, script)
	}
	wantR := smt.Unsat
	if want {
		wantR = smt.Sat
	}
	if got != wantR {
		t.Fatalf("solver %v (%s), oracle %v\n%v", got, s.ReasonUnknown(), wantR, script)
	}
	if got == smt.Sat {
		for _, a := range s.Assertions() {
			if ok, err := s.Model().EvalBool(a); err != nil || !ok {
				t.Fatalf("model violates %v (%v)\n%v", a, err, script)
			}
		}
	}
}

// system draws a conjunction of 2 to 5 comparisons (=, <=, <) between
// Int terms of the shared generator: sparser in Boolean structure and
// richer in arithmetic than Formula, so that branches and cuts happen.
func system(st *term.Store, cfg fuzz.Config) *rapid.Generator[*term.Term] {
	it := fuzz.TermOf(st, term.IntSort, cfg)
	return rapid.Custom(func(t *rapid.T) *term.Term {
		n := rapid.IntRange(2, 5).Draw(t, "atoms")
		as := make([]*term.Term, n)
		for i := range as {
			a, b := it.Draw(t, "lhs"), it.Draw(t, "rhs")
			switch rapid.IntRange(0, 2).Draw(t, "cmp") {
			case 0:
				as[i] = st.Eq(a, b)
			case 1:
				as[i] = st.Le(a, b)
			default:
				as[i] = st.Lt(a, b)
			}
		}
		return st.And(as...)
	})
}

func TestLIARandomBoxed(t *testing.T) {
	var sats, unsats, branches, cuts, skipped int
	fuzz.Check(t, 1500, func(t *rapid.T) {
		st := term.NewStore()
		cfg := fuzz.Config{
			Theories: fuzz.Bool | fuzz.LIA,
			Vars:     rapid.IntRange(1, 3).Draw(t, "vars"),
			Depth:    rapid.IntRange(2, 4).Draw(t, "depth"),
			MaxNum:   box,
		}
		var f *term.Term
		if rapid.Bool().Draw(t, "system") {
			f = system(st, cfg).Draw(t, "f")
		} else {
			f = st.And(fuzz.Formula(st, cfg).Draw(t, "f"), fuzz.Formula(st, cfg).Draw(t, "g"))
		}
		f = boxed(st, f)
		m, err := fuzz.BruteForce(st, f, boxDomain)
		if errors.Is(err, fuzz.ErrTooLarge) {
			skipped++
			return
		}
		if err != nil {
			t.Fatalf("oracle: %v", err)
		}
		s := smt.New(st, smt.Options{})
		if err := s.Assert(f); err != nil {
			t.Fatalf("assert %v: %v", f, err)
		}
		got, err := s.Check(context.Background())
		if err != nil {
			t.Fatalf("check: %v\n%v", err, fuzz.Script(st, f))
		}
		checkAnswer(t, st, s, got, m != nil)
		if got == smt.Sat {
			sats++
		} else {
			unsats++
		}
		branches += int(s.Stats().Branches)
		cuts += int(s.Stats().Cuts)
	})
	t.Logf("%d sat, %d unsat, %d too large for the oracle; %d branches, %d cuts", sats, unsats, skipped, branches, cuts)
}

// TestLIARandomSystems decides unbounded systems, where branch and bound
// alone may not terminate, against Cooper's elimination.
func TestLIARandomSystems(t *testing.T) {
	var sats, unsats, branches, cuts, skipped int
	fuzz.Check(t, 150, func(t *rapid.T) {
		st := term.NewStore()
		// small numbers: Cooper's elimination grows with the lcm of the
		// coefficients (large systems go to TestLIAZ3)
		cfg := fuzz.Config{Theories: fuzz.LIA, Vars: 3, Depth: 2, MaxNum: 4}
		f := system(st, cfg).Draw(t, "f")
		want, err := fuzz.SatQE(st, f)
		if errors.Is(err, fuzz.ErrTooLarge) {
			skipped++
			return
		}
		if err != nil {
			t.Fatalf("oracle: %v", err)
		}
		s := smt.New(st, smt.Options{})
		if err := s.Assert(f); err != nil {
			t.Fatalf("assert %v: %v", f, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		got, err := s.Check(ctx)
		if err != nil {
			t.Fatalf("check: %v\n%v", err, fuzz.Script(st, f))
		}
		checkAnswer(t, st, s, got, want)
		if got == smt.Sat {
			sats++
		} else {
			unsats++
		}
		branches += int(s.Stats().Branches)
		cuts += int(s.Stats().Cuts)
	})
	t.Logf("%d sat, %d unsat, %d too large for the oracle; %d branches, %d cuts", sats, unsats, skipped, branches, cuts)
}

// TestLIAZ3 compares with z3 on random formulas without bounds, mixed
// Int/Real ones included, division by zero included. It is skipped when
// z3 is not on PATH.
func TestLIAZ3(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not on PATH")
	}
	n := 250
	if testing.Short() {
		n = 100
	}
	for _, tc := range []struct {
		name   string
		cfg    fuzz.Config
		system bool
	}{
		{"formulas", fuzz.Config{Theories: fuzz.Bool | fuzz.LIA, Vars: 2, Depth: 4}, false},
		{"formulas-wide", fuzz.Config{Theories: fuzz.Bool | fuzz.LIA, Vars: 3, Depth: 3, MaxNum: 10}, false},
		{"mixed", fuzz.Config{Theories: fuzz.Bool | fuzz.LIA | fuzz.LRA, Vars: 2, Depth: 3}, false},
		{"systems", fuzz.Config{Theories: fuzz.LIA, Vars: 3, Depth: 3, MaxNum: 10}, true},
	} {
		t.Run(tc.name, func(t *testing.T) { diffZ3(t, tc.cfg, tc.system, n) })
	}
}

func diffZ3(t *testing.T, cfg fuzz.Config, sys bool, n int) {
	st := term.NewStore()
	gen := fuzz.Formula(st, cfg)
	if sys {
		gen = system(st, cfg)
	}
	fs := make([]*term.Term, n)
	var script strings.Builder
	for i := range fs {
		fs[i] = gen.Example(i)
		script.WriteString("(set-option :timeout 1000)\n")
		script.WriteString(fuzz.Script(st, fs[i]))
		script.WriteString("(reset)\n")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	answers, err := fuzz.ExternalAll(ctx, "z3", script.String())
	if errors.Is(err, context.DeadlineExceeded) {
		// z3 does not always honour :timeout; what it did not answer is
		// unknown.
		for len(answers) < n {
			answers = append(answers, "unknown")
		}
		err = nil
	}
	require.NoError(t, err)
	require.Len(t, answers, n)

	var agree, unknown, z3unknown, branches, cuts int
	for i, f := range fs {
		s := smt.New(st, smt.Options{})
		require.NoError(t, s.Assert(f), "formula %d", i)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		r, err := s.Check(ctx)
		cancel()
		require.NoError(t, err, "formula %d: %v", i, f)
		require.NoError(t, smt.VerifyCutsOf(s))
		branches += int(s.Stats().Branches)
		cuts += int(s.Stats().Cuts)
		switch {
		case answers[i] == "unknown":
			z3unknown++
		case r == smt.Unknown:
			unknown++
			t.Logf("formula %d: unknown (%s), z3 %s\n%s", i, s.ReasonUnknown(), answers[i], fuzz.Script(st, f))
		default:
			require.Equal(t, answers[i], r.String(), "formula %d\n%s", i, fuzz.Script(st, f))
			agree++
		}
	}
	t.Logf("%d agree, %d unknown, %d unknown to z3; %d branches, %d cuts", agree, unknown, z3unknown, branches, cuts)
	require.Less(t, unknown, 1+n/100, "too many unknown answers")
}
