package smt_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// Property-based tests of the solver against independent oracles, with
// the shared generators of package fuzz:
//
//	fuzz.SatQE        Fourier–Motzkin and Cooper elimination (LRA, LIA,
//	                  their mix, UF over numbers by Ackermann's reduction)
//	fuzz.BruteForce   enumeration of small models (arrays, UF): one-sided,
//	                  a model it finds refutes an Unsat answer
//	z3                fuzz.ExternalAll, when z3 is on PATH
//
// Every Sat answer has its model evaluated against every assertion and
// assumption. Theories the solver does not support yet (it returns an
// *smt.UnsupportedError) skip their tests, so that they start checking as
// soon as the theory lands. TestCampaignZ3 runs long campaigns on demand.
// A failure prints an SMT-LIB script (fuzz.Script); saved under
// testdata/regress with its (set-info :status ...), it becomes a
// regression test (TestPropRegressions).

// propTimeout bounds one Check; an Unknown after it is counted, not failed.
const propTimeout = 500 * time.Millisecond

// propCounts counts the outcomes of a property.
type propCounts struct {
	sat, unsat, unknown, unsupported, oracleSkipped int
}

func (c *propCounts) log(t *testing.T) {
	t.Helper()
	t.Logf("%d sat, %d unsat, %d unknown, %d unsupported by the solver, %d beyond the oracle",
		c.sat, c.unsat, c.unknown, c.unsupported, c.oracleSkipped)
	// Unknown is never wrong; a rate above 3% says the solver regressed.
	require.LessOrEqual(t, c.unknown*100, 3*(c.sat+c.unsat+c.unknown), "more than 3%% unknown answers")
}

func (c *propCounts) add(r smt.Result) {
	switch r {
	case smt.Sat:
		c.sat++
	case smt.Unsat:
		c.unsat++
	default:
		c.unknown++
	}
}

// propScript renders the assertions and assumptions of a failing case.
func propScript(st *term.Store, s *smt.Solver, assumptions []*term.Term) string {
	return fuzz.Script(st, append(s.Assertions(), assumptions...)...)
}

// propAssert asserts f; it reports false (and counts) when the solver does
// not support f, and fails on any other error.
func propAssert(t *rapid.T, s *smt.Solver, f *term.Term, c *propCounts) bool {
	err := s.Assert(f)
	var u *smt.UnsupportedError
	if errors.As(err, &u) {
		c.unsupported++
		return false
	}
	if err != nil {
		t.Fatalf("assert %v: %v", f, err)
	}
	return true
}

// propCheck checks s under the assumptions and evaluates every assertion
// and assumption under the model of a Sat answer.
func propCheck(t *rapid.T, st *term.Store, s *smt.Solver, assumptions ...*term.Term) smt.Result {
	ctx, cancel := context.WithTimeout(context.Background(), propTimeout)
	defer cancel()
	r, err := s.Check(ctx, assumptions...)
	if err != nil {
		t.Fatalf("check: %v (%s)\n%s", err, s.ReasonUnknown(), propScript(st, s, assumptions))
	}
	if r == smt.Sat {
		m := s.Model()
		for _, a := range append(s.Assertions(), assumptions...) {
			ok, err := m.EvalBool(a)
			if err != nil || !ok {
				t.Fatalf("the model violates %v (%v)\n%v\n%s", a, err, m, propScript(st, s, assumptions))
			}
		}
	}
	return r
}

// propOracle decides f with fuzz.SatQE; ok is false beyond its fragment
// or budget.
func propOracle(st *term.Store, f *term.Term) (want smt.Result, ok bool) {
	sat, err := fuzz.SatQE(st, f)
	if err != nil {
		return smt.Unknown, false
	}
	if sat {
		return smt.Sat, true
	}
	return smt.Unsat, true
}

// propConfig draws a configuration over the theories th.
func propConfig(t *rapid.T, th fuzz.Theory) fuzz.Config {
	return fuzz.Config{
		Theories: th,
		Vars:     rapid.IntRange(1, 3).Draw(t, "vars"),
		Depth:    rapid.IntRange(1, 4).Draw(t, "depth"),
	}
}

// propDecide asserts 1 to 3 random formulas over th and compares the
// answer with SatQE, or for formulas beyond SatQE's fragment (arrays,
// uninterpreted sorts), an Unsat answer with BruteForce, which refutes it
// by finding a model over a small domain. Sat answers are checked by
// their models. small draws smaller formulas, for enumeration.
func propDecide(t *testing.T, th fuzz.Theory, n int, small bool) {
	var c propCounts
	var bruteChecked int
	fuzz.Check(t, n, func(t *rapid.T) {
		st := term.NewStore()
		cfg := propConfig(t, th)
		maxFs := 3
		if small {
			cfg.Vars, cfg.Depth, maxFs = min(cfg.Vars, 2), min(cfg.Depth, 3), 2
		}
		fs := rapid.SliceOfN(fuzz.Formula(st, cfg), 1, maxFs).Draw(t, "assertions")
		s := smt.New(st, smt.Options{})
		for _, f := range fs {
			if !propAssert(t, s, f, &c) {
				t.Skip("unsupported")
			}
		}
		r := propCheck(t, st, s)
		c.add(r)
		f := st.And(fs...)
		if want, ok := propOracle(st, f); ok {
			if r != smt.Unknown && r != want {
				t.Fatalf("solver %v, SatQE %v\n%s", r, want, propScript(st, s, nil))
			}
			return
		}
		c.oracleSkipped++
		if r != smt.Unsat {
			return
		}
		m, err := fuzz.BruteForce(st, f, fuzz.Domain{Ints: []int64{0, 1}, Limit: 2000})
		if err != nil {
			return
		}
		bruteChecked++
		if m != nil {
			t.Fatalf("solver unsat, but BruteForce found the model\n%v\n%s", m, propScript(st, s, nil))
		}
	})
	c.log(t)
	if c.oracleSkipped > 0 {
		t.Logf("%d unsat answers beyond SatQE confirmed by enumeration", bruteChecked)
	}
}

func TestPropLRA(t *testing.T) { propDecide(t, fuzz.Bool|fuzz.LRA, 1000, false) }

func TestPropLIA(t *testing.T) {
	propSkipUnless(t, fuzz.LIA)
	propDecide(t, fuzz.Bool|fuzz.LIA, 1000, false)
}

func TestPropLIRA(t *testing.T) {
	propSkipUnless(t, fuzz.LIA)
	propDecide(t, fuzz.Bool|fuzz.LIA|fuzz.LRA, 1000, false)
}

func TestPropArrays(t *testing.T) {
	propSkipUnless(t, fuzz.Arrays)
	propDecide(t, fuzz.Bool|fuzz.Arrays, 1000, true)
}

func TestPropUF(t *testing.T) {
	propSkipUnless(t, fuzz.UF)
	propDecide(t, fuzz.Bool|fuzz.UF, 1000, true)
}

// TestPropUFArith mixes UF with Int and Real; SatQE decides the formulas
// without U terms (functions on numbers, by Ackermann's reduction).
func TestPropUFArith(t *testing.T) {
	propSkipUnless(t, fuzz.UF|fuzz.LIA)
	propDecide(t, fuzz.UF|fuzz.LIA|fuzz.LRA, 1000, true)
}

func TestPropAllTheories(t *testing.T) {
	propSkipUnless(t, fuzz.LIA|fuzz.Arrays|fuzz.UF)
	propDecide(t, fuzz.All, 1000, true)
}

// propProbes are formulas that a solver supporting the theory decides.
var propProbes = map[fuzz.Theory]string{
	fuzz.LIA:    "(and (<= (* 2 x0) 3) (= (mod x0 2) 1))",
	fuzz.Arrays: "(and (= (select (store a0 x0 x1) x0) x1) (= (select (select n0 x0) x1) x0))",
	fuzz.UF:     "(and (= (f x0) (g x0 x1)) (p x0) (= (h u0) u1))",
}

// propSkipUnless skips the test when the solver returns an
// UnsupportedError on the probe of one of the theories th.
func propSkipUnless(t *testing.T, th fuzz.Theory) {
	t.Helper()
	for _, one := range []fuzz.Theory{fuzz.LIA, fuzz.Arrays, fuzz.UF} {
		if th&one == 0 {
			continue
		}
		st := term.NewStore()
		cfg := fuzz.Config{Theories: fuzz.All}
		text := "(declare-sort U 0)\n"
		for _, c := range fuzz.Consts(st, cfg) {
			text += fmt.Sprintf("(declare-fun %v () %v)\n", c, c.Sort())
		}
		for _, f := range fuzz.Funcs(st, cfg) {
			var dom []string
			for _, s := range f.Domain() {
				dom = append(dom, s.String())
			}
			text += fmt.Sprintf("(declare-fun %v (%s) %v)\n", f, strings.Join(dom, " "), f.Range())
		}
		script, err := smtlib.Parse("probe", strings.NewReader(text+"(assert "+propProbes[one]+")"), st)
		require.NoError(t, err, text)
		s := smt.New(st, smt.Options{})
		for _, c := range script.Commands {
			if c.Kind != smtlib.Assert {
				continue
			}
			err := s.Assert(c.Term)
			var u *smt.UnsupportedError
			if errors.As(err, &u) {
				t.Skipf("%v not supported yet: %v", one, err)
			}
			require.NoError(t, err)
		}
	}
}

// TestPropUnsatCores checks random LRA (and, once supported, LIA)
// assertions under random assumptions: the answer agrees with SatQE, and
// after Unsat the core is a subset of the assumptions that a second
// solver finds unsatisfiable with the assertions, as does SatQE.
func TestPropUnsatCores(t *testing.T) {
	var c propCounts
	var cores, shrunk int
	fuzz.Check(t, 1000, func(t *rapid.T) {
		st := term.NewStore()
		th := fuzz.Bool | fuzz.LRA
		if rapid.Bool().Draw(t, "lia") {
			th = fuzz.Bool | fuzz.LIA
		}
		cfg := fuzz.Config{Theories: th, Vars: rapid.IntRange(1, 3).Draw(t, "vars"), Depth: 2}
		small := cfg
		small.Depth = rapid.IntRange(1, 2).Draw(t, "assumption depth")
		assertions := rapid.SliceOfN(fuzz.Formula(st, cfg), 0, 2).Draw(t, "assertions")
		assumptions := rapid.SliceOfN(fuzz.Formula(st, small), 1, 6).Draw(t, "assumptions")
		s := smt.New(st, smt.Options{})
		for _, f := range assertions {
			if !propAssert(t, s, f, &c) {
				t.Skip("unsupported")
			}
		}
		r := propCheck(t, st, s, assumptions...)
		c.add(r)
		if want, ok := propOracle(st, st.And(append(slices.Clone(assertions), assumptions...)...)); !ok {
			c.oracleSkipped++
		} else if r != smt.Unknown && r != want {
			t.Fatalf("solver %v, SatQE %v\n%s", r, want, propScript(st, s, assumptions))
		}
		if r != smt.Unsat {
			return
		}
		core := s.UnsatCore()
		for _, a := range core {
			if !slices.Contains(assumptions, a) {
				t.Fatalf("core element %v is not an assumption", a)
			}
		}
		cores++
		if len(core) < len(assumptions) {
			shrunk++
		}
		s2 := smt.New(st, smt.Options{})
		for _, f := range assertions {
			require.NoError(t, s2.Assert(f))
		}
		for _, a := range core {
			if !propAssert(t, s2, a, &c) {
				t.Fatalf("assumption %v supported as an assumption, not as an assertion", a)
			}
		}
		if r2 := propCheck(t, st, s2); r2 == smt.Sat {
			t.Fatalf("the core %v is satisfiable with the assertions\n%s", core, propScript(st, s, assumptions))
		}
		if want, ok := propOracle(st, st.And(append(slices.Clone(assertions), core...)...)); ok && want != smt.Unsat {
			t.Fatalf("SatQE: the core %v is satisfiable with the assertions\n%s", core, propScript(st, s, assumptions))
		}
	})
	c.log(t)
	t.Logf("%d cores checked, %d smaller than the assumptions", cores, shrunk)
}

// TestPropIncremental runs random sequences of push, pop, assert and
// check under assumptions, and compares each answer with a fresh solver
// given the assertions in force and the assumptions, and with SatQE.
// Formulas come from small signatures so that atoms and subformulas recur
// across scopes.
func TestPropIncremental(t *testing.T) {
	var c propCounts
	var checks int
	fuzz.Check(t, 1000, func(t *rapid.T) {
		st := term.NewStore()
		th := fuzz.Bool | fuzz.LRA
		if rapid.Bool().Draw(t, "lia") {
			th = fuzz.Bool | fuzz.LIA
		}
		cfg := fuzz.Config{Theories: th, Vars: rapid.IntRange(1, 2).Draw(t, "vars"), Depth: rapid.IntRange(1, 3).Draw(t, "depth")}
		gen := fuzz.Formula(st, cfg)
		s := smt.New(st, smt.Options{})
		var scopes [][]*term.Term // assertions per scope, outermost first
		scopes = append(scopes, nil)
		steps := rapid.IntRange(1, 12).Draw(t, "steps")
		for range steps {
			switch rapid.IntRange(0, 4).Draw(t, "op") {
			case 0:
				s.Push()
				scopes = append(scopes, nil)
			case 1:
				if n := len(scopes) - 1; n > 0 {
					k := rapid.IntRange(1, n).Draw(t, "pop")
					require.NoError(t, s.Pop(k))
					scopes = scopes[:len(scopes)-k]
				}
			case 2, 3:
				f := gen.Draw(t, "assert")
				if !propAssert(t, s, f, &c) {
					t.Skip("unsupported")
				}
				scopes[len(scopes)-1] = append(scopes[len(scopes)-1], f)
			case 4:
				as := rapid.SliceOfN(gen, 0, 3).Draw(t, "assumptions")
				propIncrementalCheck(t, st, s, slices.Concat(scopes...), as, &c)
				checks++
			}
			require.Equal(t, len(scopes)-1, s.NumScopes())
		}
		propIncrementalCheck(t, st, s, slices.Concat(scopes...), nil, &c)
		checks++
	})
	c.log(t)
	t.Logf("%d checks", checks)
}

func propIncrementalCheck(t *rapid.T, st *term.Store, s *smt.Solver, inForce, assumptions []*term.Term, c *propCounts) {
	if got := s.Assertions(); !slices.Equal(got, inForce) {
		t.Fatalf("assertions in force %v, want %v", got, inForce)
	}
	r := propCheck(t, st, s, assumptions...)
	c.add(r)
	fresh := smt.New(st, smt.Options{})
	for _, f := range append(slices.Clone(inForce), assumptions...) {
		if !propAssert(t, fresh, f, c) {
			t.Fatalf("%v supported incrementally, not from scratch", f)
		}
	}
	r2 := propCheck(t, st, fresh)
	if r != smt.Unknown && r2 != smt.Unknown && r != r2 {
		t.Fatalf("incremental %v, from scratch %v\n%s", r, r2, propScript(st, s, assumptions))
	}
	if want, ok := propOracle(st, st.And(append(slices.Clone(inForce), assumptions...)...)); ok && r != smt.Unknown && r != want {
		t.Fatalf("incremental %v, SatQE %v\n%s", r, want, propScript(st, s, assumptions))
	}
}

// ---- Differential testing against z3 ----

// propZ3Outcome counts a differential run.
type propZ3Outcome struct {
	checked, agree, unknown, z3Unknown, unsupported, disagree, errs int
	failures                                                        []string // scripts of the disagreements and errors, shrunk
}

func (o propZ3Outcome) String() string {
	return fmt.Sprintf("%d checked: %d agree, %d disagree, %d errors, %d unknown to us, %d unknown to z3, %d unsupported",
		o.checked, o.agree, o.disagree, o.errs, o.unknown, o.z3Unknown, o.unsupported)
}

// propSolveOne asserts f in a fresh solver and checks it: the answer, or an
// error when the solver fails on it (an internal error, a model that
// violates f). unsupported reports an UnsupportedError from Assert.
func propSolveOne(ctx context.Context, st *term.Store, f *term.Term, timeout time.Duration) (r smt.Result, unsupported bool, err error) {
	s := smt.New(st, smt.Options{})
	err = s.Assert(f)
	var u *smt.UnsupportedError
	if errors.As(err, &u) {
		return smt.Unknown, true, nil
	}
	if err != nil {
		return smt.Unknown, false, fmt.Errorf("assert: %v", err)
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	r, err = s.Check(cctx)
	if err != nil {
		return r, false, fmt.Errorf("check: %v", err)
	}
	if r == smt.Sat {
		if ok, err := s.Model().EvalBool(f); err != nil || !ok {
			return r, false, fmt.Errorf("the model violates the formula (%v)", err)
		}
	}
	return r, false, nil
}

// propShrinkBudget bounds the solver calls spent shrinking one failure.
const propShrinkBudget = 400

// propZ3Run decides the formulas with the solver and with z3 (one z3 process
// for all, scripts joined by reset). A disagreement is arbitrated by SatQE
// when the formula is in its fragment, and recorded with its script.
func propZ3Run(ctx context.Context, st *term.Store, fs []*term.Term, timeout time.Duration) (propZ3Outcome, error) {
	var o propZ3Outcome
	ours := make([]smt.Result, len(fs))
	var idx []int // the formulas the solver supports
	for i, f := range fs {
		r, unsupported, err := propSolveOne(ctx, st, f, timeout)
		switch {
		case unsupported:
			o.unsupported++
			continue
		case err != nil:
			// Shrink to a formula that still makes the solver fail.
			small := fuzz.Shrink(st, f, propShrinkBudget, func(g *term.Term) bool {
				_, _, err := propSolveOne(ctx, st, g, timeout)
				return err != nil
			})
			_, _, serr := propSolveOne(ctx, st, small, timeout)
			o.checked++
			o.errs++
			o.failures = append(o.failures, fmt.Sprintf("; gospacer fails: %v\n; shrunk from\n;   %v\n%s",
				serr, f, fuzz.Script(st, small)))
			continue
		}
		ours[i] = r
		idx = append(idx, i)
	}
	if len(idx) == 0 {
		return o, nil
	}
	answers, err := propZ3Answers(ctx, st, fs, idx, timeout)
	if err != nil {
		return o, err
	}
	for k, i := range idx {
		o.checked++
		r, z := ours[i], answers[k]
		switch {
		case r == smt.Unknown:
			o.unknown++
		case z == "unknown":
			o.z3Unknown++
		case r.String() == z:
			o.agree++
		default:
			o.disagree++
			verdict := "SatQE cannot arbitrate"
			if want, ok := propOracle(st, fs[i]); ok {
				verdict = "SatQE says " + want.String()
			}
			// Shrink to a formula on which the answers still differ.
			small := fuzz.Shrink(st, fs[i], propShrinkBudget/4, func(g *term.Term) bool {
				r, _, err := propSolveOne(ctx, st, g, timeout)
				if err != nil || r == smt.Unknown {
					return false
				}
				z, err := fuzz.External(ctx, "z3", fmt.Sprintf("(set-option :timeout %d)\n%s", timeout.Milliseconds(), fuzz.Script(st, g)))
				return err == nil && z != "unknown" && z != r.String()
			})
			if small != fs[i] {
				r, _, _ = propSolveOne(ctx, st, small, timeout)
				z = "sat"
				if r == smt.Sat {
					z = "unsat"
				}
			}
			o.failures = append(o.failures, fmt.Sprintf("; gospacer %v, z3 %s, %s\n; shrunk from\n;   %v\n(set-info :status %s)\n%s",
				r, z, verdict, fs[i], z, fuzz.Script(st, small)))
		}
	}
	return o, nil
}

// propZ3Answers runs z3 on the formulas fs[i], i in idx, in one process
// (fuzz.ScriptBatch); should z3 fail on the batch, each formula again on
// its own.
func propZ3Answers(ctx context.Context, st *term.Store, fs []*term.Term, idx []int, timeout time.Duration) ([]string, error) {
	opt := fmt.Sprintf("(set-option :timeout %d)", timeout.Milliseconds())
	batch := make([]*term.Term, len(idx))
	for k, i := range idx {
		batch[k] = fs[i]
	}
	answers, err := fuzz.ExternalAll(ctx, "z3", fuzz.ScriptBatch(st, batch, opt))
	if err == nil && len(answers) == len(batch) {
		return answers, nil
	}
	answers = answers[:0]
	for _, f := range batch {
		a, err := fuzz.External(ctx, "z3", opt+"\n"+fuzz.Script(st, f))
		if err != nil {
			return nil, fmt.Errorf("%v\n%s", err, fuzz.Script(st, f))
		}
		answers = append(answers, a)
	}
	return answers, nil
}

// propZ3Theories are the configurations of the differential tests.
var propZ3Theories = []struct {
	name string
	th   fuzz.Theory
}{
	{"LRA", fuzz.Bool | fuzz.LRA},
	{"LIA", fuzz.Bool | fuzz.LIA},
	{"LIRA", fuzz.Bool | fuzz.LIA | fuzz.LRA},
	{"Arrays", fuzz.Bool | fuzz.Arrays},
	{"UF", fuzz.Bool | fuzz.UF},
	{"UFLRA", fuzz.Bool | fuzz.UF | fuzz.LRA},
	{"All", fuzz.All},
}

// TestPropZ3 compares with z3 on 200 random formulas per theory (40 with
// -short); skipped when z3 is not on PATH, per theory when the solver does
// not support it.
func TestPropZ3(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not on PATH")
	}
	n := 200
	if testing.Short() {
		n = 40
	}
	for _, tc := range propZ3Theories {
		t.Run(tc.name, func(t *testing.T) {
			propSkipUnless(t, tc.th)
			st := term.NewStore()
			gen := rapid.Custom(func(t *rapid.T) *term.Term {
				cfg := fuzz.Config{Theories: tc.th, Vars: rapid.IntRange(1, 3).Draw(t, "vars"), Depth: rapid.IntRange(2, 4).Draw(t, "depth")}
				return fuzz.Formula(st, cfg).Draw(t, "f")
			})
			fs := make([]*term.Term, n)
			for i := range fs {
				fs[i] = gen.Example(i)
			}
			o, err := propZ3Run(context.Background(), st, fs, time.Second)
			require.NoError(t, err)
			t.Log(o)
			require.Zero(t, o.disagree+o.errs, strings.Join(o.failures, "\n"))
			require.LessOrEqual(t, o.unknown*20, o.checked, "more than 5%% unknown answers")
			if o.unsupported == n {
				t.Skip("every formula unsupported")
			}
		})
	}
}

// TestCampaignZ3 is the long differential campaign against z3, off by
// default: GOSPACER_CAMPAIGN=10m (any time.Duration) runs random formulas
// of every theory in turn for that long and prints, per theory, the
// formulas checked and the disagreements. The scripts of disagreements
// are written to GOSPACER_CAMPAIGN_DIR (default: a temporary directory,
// printed) as .smt2 files with the z3 answer as :status; copied to
// testdata/regress they become regression tests once the bug is fixed.
// GOSPACER_CAMPAIGN_SEED fixes the first seed (default: the time).
func TestCampaignZ3(t *testing.T) {
	spec := os.Getenv("GOSPACER_CAMPAIGN")
	if spec == "" {
		t.Skip("set GOSPACER_CAMPAIGN=<duration> to run the campaign")
	}
	d, err := time.ParseDuration(spec)
	require.NoError(t, err, "GOSPACER_CAMPAIGN")
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not on PATH")
	}
	dir := os.Getenv("GOSPACER_CAMPAIGN_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	seed := time.Now().UnixNano()
	if s := os.Getenv("GOSPACER_CAMPAIGN_SEED"); s != "" {
		_, err := fmt.Sscan(s, &seed)
		require.NoError(t, err, "GOSPACER_CAMPAIGN_SEED")
	}
	t.Logf("campaign of %v, first seed %d, failures in %s", d, seed, dir)
	deadline := time.Now().Add(d)
	totals := make([]propZ3Outcome, len(propZ3Theories))
	const batch = 100
	for round := 0; time.Now().Before(deadline); round++ {
		for k, tc := range propZ3Theories {
			if time.Now().After(deadline) {
				break
			}
			st := term.NewStore()
			gen := rapid.Custom(func(t *rapid.T) *term.Term {
				cfg := fuzz.Config{
					Theories: tc.th,
					Vars:     rapid.IntRange(1, 4).Draw(t, "vars"),
					Depth:    rapid.IntRange(2, 6).Draw(t, "depth"),
					MaxNum:   rapid.SampledFrom([]int{2, 4, 10, 100}).Draw(t, "maxnum"),
				}
				return fuzz.Formula(st, cfg).Draw(t, "f")
			})
			fs := make([]*term.Term, batch)
			for i := range fs {
				fs[i] = gen.Example(int(seed%1_000_000_007) + round*batch + i)
			}
			ctx, cancel := context.WithDeadline(context.Background(), deadline.Add(time.Minute))
			o, err := propZ3Run(ctx, st, fs, 5*time.Second)
			cancel()
			if err != nil {
				t.Errorf("%s, round %d: %v", tc.name, round, err)
				continue
			}
			for i, f := range o.failures {
				name := filepath.Join(dir, fmt.Sprintf("%s-%d-%d.smt2", tc.name, round, i))
				require.NoError(t, os.WriteFile(name, []byte(f), 0o644))
				t.Errorf("%s: failure, written to %s\n%s", tc.name, name, f)
			}
			tot := &totals[k]
			tot.checked += o.checked
			tot.agree += o.agree
			tot.unknown += o.unknown
			tot.z3Unknown += o.z3Unknown
			tot.unsupported += o.unsupported
			tot.disagree += o.disagree
			tot.errs += o.errs
		}
	}
	for k, tc := range propZ3Theories {
		t.Logf("%-7s %v", tc.name, totals[k])
	}
}

// TestPropRegressions decides the scripts of testdata/regress (failures
// of the property tests and campaigns, kept) and compares with their
// (set-info :status ...).
func TestPropRegressions(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "regress", "*.smt2"))
	require.NoError(t, err)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			st := term.NewStore()
			script, err := smtlib.Parse(file, strings.NewReader(string(data)), st)
			require.NoError(t, err)
			want := ""
			s := smt.New(st, smt.Options{})
			var fs []*term.Term
			for _, c := range script.Commands {
				switch {
				case c.Kind == smtlib.SetInfo && c.Keyword == ":status":
					want = c.Value
				case c.Kind == smtlib.Assert:
					err := s.Assert(c.Term)
					var u *smt.UnsupportedError
					if errors.As(err, &u) {
						t.Skipf("unsupported: %v", err)
					}
					require.NoError(t, err)
					fs = append(fs, c.Term)
				}
			}
			require.NotEmpty(t, want, "no (set-info :status ...)")
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			r, err := s.Check(ctx)
			require.NoError(t, err)
			require.Equal(t, want, r.String())
			if r == smt.Sat {
				for _, f := range fs {
					ok, err := s.Model().EvalBool(f)
					require.NoError(t, err)
					require.True(t, ok, "the model violates %v", f)
				}
			}
		})
	}
}

// propSolveText asserts the assertions of an SMT-LIB script and checks
// them with a timeout.
func propSolveText(t *testing.T, text string, timeout time.Duration) (smt.Result, *smt.Solver) {
	t.Helper()
	st := term.NewStore()
	script, err := smtlib.Parse("bug.smt2", strings.NewReader(text), st)
	require.NoError(t, err)
	s := smt.New(st, smt.Options{})
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			require.NoError(t, s.Assert(c.Term))
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	r, err := s.Check(ctx)
	require.NoError(t, err)
	return r, s
}

// TestPropBugIsIntDivergence: found by TestPropLRA and TestPropIncremental
// (about 0.3% of random LRA formulas with is_int answer unknown after the
// timeout). The formula is satisfiable (r = 0), but the integer search
// never ends: in 1 s it creates ~14000 branch atoms, decided once each,
// without a conflict.
func TestPropBugIsIntDivergence(t *testing.T) {
	t.Skip("bug: integer branching diverges on is_int of an unbounded Real (unknown instead of sat)")
	for _, tc := range []struct {
		text string
		want smt.Result
	}{
		{"(declare-fun r () Real)(assert (or (is_int r) (is_int (+ r 2.0))))", smt.Sat},
		{"(declare-fun r () Real)(assert (is_int r))(assert (or (>= r 0.5) (is_int (+ r 0.0))))", smt.Sat},
		// z3 4.8.12 times out on this one too; over Int constants the
		// solver refutes it at once.
		{"(declare-fun x () Real)(declare-fun y () Real)(assert (and (is_int x) (is_int y) (< y x) (< x (+ y 1.0))))", smt.Unsat},
	} {
		r, s := propSolveText(t, tc.text, 5*time.Second)
		require.Equal(t, tc.want, r, "%s: %s", tc.text, s.ReasonUnknown())
	}
}

// TestPropBugRealDivByZeroUnderUF: found by TestCampaignZ3 (the
// "unsupported" counts of UFLRA and All). A real division by zero as the
// argument of an uninterpreted function is rejected, while the same term
// elsewhere, and (div a 0) under a function, are accepted.
func TestPropBugRealDivByZeroUnderUF(t *testing.T) {
	t.Skip("bug: (fr (/ r 0.0)) gives UnsupportedError \"non-linear arithmetic inside an uninterpreted term\"")
	r, s := propSolveText(t, "(declare-fun r () Real)(declare-fun fr (Real) Real)(assert (= (fr (/ r 0.0)) 1.0))", 5*time.Second)
	require.Equal(t, smt.Sat, r, s.ReasonUnknown())
}
