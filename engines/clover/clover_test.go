package clover

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// answerTimeout is a safety net for tests that expect an answer, not a
// limit they test: the answer takes a second or less on a quiet machine,
// and a machine loaded many times over must not fail the test.
const answerTimeout = 2 * time.Minute

// read parses a HORN file of testdata.
func read(t testing.TB, name string) *chc.System {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	s, _, err := chc.Read(name, strings.NewReader(string(src)), term.NewStore())
	require.NoError(t, err)
	return s
}

// solveRaw runs the engine on s itself (no preprocessing) and checks its
// witness on s.
func solveRaw(t *testing.T, s *chc.System, o Options, timeout time.Duration) chc.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	res := New(o).Solve(ctx, s)
	require.NoError(t, witness.CheckResult(context.Background(), s, res), "witness of %s", res.Answer)
	return res
}

// implies reports whether the model's formula for the predicate named
// name implies prop(its Params).
func implies(t *testing.T, s *chc.System, m chc.Model, name string, prop func(st *term.Store, x []*term.Term) *term.Term) bool {
	t.Helper()
	p := predNamed(s, name)
	require.NotNil(t, p, name)
	st := s.St
	sv := smt.New(st, smt.Options{})
	require.NoError(t, sv.Assert(st.And(m.Lookup(st, p), st.Not(prop(st, p.Params)))))
	r, err := sv.Check(context.Background())
	require.NoError(t, err)
	return r == smt.Unsat
}

// TestPaperFig1a is the paper's running example (Fig. 1a) on its own
// CHCs, every procedure a predicate: the model checks, and the summaries
// imply those of Table 1 (rows 5-8 for g, h, f; rows 9-10 for e and o).
func TestPaperFig1a(t *testing.T) {
	for _, k := range []int{1, 2, 5} {
		s := read(t, "evenodd-fig1a.sat.smt2")
		res := solveRaw(t, s, Options{K: k}, answerTimeout)
		require.Equal(t, chc.Sat, res.Answer, "k=%d: %v", k, res.Reason)
		even := func(st *term.Store, x *term.Term) *term.Term { return st.Eq(st.Mod(x, st.Int(2)), st.Int(0)) }
		for _, row := range []struct {
			pred string
			prop func(st *term.Store, x []*term.Term) *term.Term
		}{
			{"g", func(st *term.Store, x []*term.Term) *term.Term { return st.Not(even(st, x[0])) }},                         // row 5
			{"h", func(st *term.Store, x []*term.Term) *term.Term { return st.Eq(x[1], st.Add(x[0], st.Int(1))) }},           // row 6
			{"f", func(st *term.Store, x []*term.Term) *term.Term { return even(st, x[0]) }},                                 // row 8
			{"o", func(st *term.Store, x []*term.Term) *term.Term { return st.Eq(x[1], even(st, st.Add(x[0], st.Int(1)))) }}, // row 10
			{"e", func(st *term.Store, x []*term.Term) *term.Term { return st.Eq(x[1], even(st, x[0])) }},                    // row 9
		} {
			require.True(t, implies(t, s, res.Model, row.pred, row.prop), "k=%d: %s: %s",
				k, row.pred, res.Model.Lookup(s.St, predNamed(s, row.pred)))
		}
	}
}

func predNamed(s *chc.System, name string) *chc.Pred {
	for _, p := range s.Preds {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

// TestPaperFig1aUnsafe: main asserts !e(f()) where f() is even; the
// answer is unsat with a derivation that replays.
func TestPaperFig1aUnsafe(t *testing.T) {
	s := read(t, "evenodd-fig1a-unsafe.unsat.smt2")
	res := solveRaw(t, s, Options{}, answerTimeout)
	require.Equal(t, chc.Unsat, res.Answer, "%v", res.Reason)
	require.NoError(t, witness.CheckDerivation(context.Background(), s, res.Derivation))
}

// TestMutualRecursion runs the engine through pipeline.Solve on every file of
// testdata (the mutual-recursion families of the paper: Even-Odd, Mod n,
// Hofstadter, Combination): the answer in the name, a checked witness.
func TestMutualRecursion(t *testing.T) {
	files, err := filepath.Glob("testdata/*.smt2")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 20)
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want := chc.Sat
			if strings.HasSuffix(name, ".unsat.smt2") {
				want = chc.Unsat
			}
			s := read(t, name)
			ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
			defer cancel()
			res := pipeline.Solve(ctx, s, New(Options{}), chc.Options{})
			require.Equal(t, want, res.Answer, "%v", res.Reason)
		})
	}
}

// TestOptions runs each option both ways: EC lemmas are what proves the
// truly mutual Even-Odd property (without them induction on e alone
// cannot use o's property); data candidates are what find the residue
// there; every bound k answers right on the paper's example.
func TestOptions(t *testing.T) {
	s := read(t, "evenodd-exclusive.sat.smt2")
	res := solveRaw(t, s, Options{}, answerTimeout)
	require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
	require.Positive(t, statValue(res, "clover.ec-lemmas-used"))
	for _, o := range []Options{{NoECLemmas: true}, {NoData: true}} {
		res := solveRaw(t, read(t, "evenodd-exclusive.sat.smt2"), o, time.Second)
		require.Equal(t, chc.Unknown, res.Answer, "%+v", o)
		require.True(t, errors.Is(res.Reason, chc.ErrTimeout) || errors.Is(res.Reason, chc.ErrIncomplete), "%v", res.Reason)
	}
	for _, k := range []int{1, 2, 3, 10} {
		for _, name := range []string{"evenodd-fig1a.sat.smt2", "evenodd-fig1a-unsafe.unsat.smt2"} {
			res := solveRaw(t, read(t, name), Options{K: k}, answerTimeout)
			require.NotEqual(t, chc.Unknown, res.Answer, "k=%d %s: %v", k, name, res.Reason)
		}
	}
}

func statValue(res chc.Result, name string) int {
	for _, s := range res.Stats {
		if s.Name == name {
			if v, ok := s.Value.(int); ok {
				return v
			}
		}
	}
	return 0
}

// TestRandomBounded runs every configuration on random small systems
// (linear and nonlinear, recursive) that brute force decides: no wrong
// answer, every witness checked on the system itself.
func TestRandomBounded(t *testing.T) {
	configs := []Options{{}, {K: 1, NoData: true}, {K: 5, NoECLemmas: true}}
	decided := make([]int, len(configs))
	fuzz.Check(t, 100, func(rt *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystem(st, 0, 2).Draw(rt, "system")
		b, err := fuzz.BruteCHC(s, 0, 2)
		if err != nil {
			rt.Skip(err)
		}
		for i, o := range configs {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			res := New(o).Solve(ctx, s)
			cancel()
			if err := witness.CheckResult(context.Background(), s, res); err != nil {
				rt.Fatalf("%+v: %s witness fails: %v\n%s", o, res.Answer, err, s)
			}
			if res.Answer != chc.Unknown && res.Answer != b.Answer {
				rt.Fatalf("%+v: answered %s, brute force %s\n%s", o, res.Answer, b.Answer, s)
			}
			if res.Answer != chc.Unknown {
				decided[i]++
			}
		}
	})
	t.Logf("decided per configuration %v", decided)
}
