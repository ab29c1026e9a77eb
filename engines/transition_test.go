package engines_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/engines/imc"
	"github.com/seed-f9c3434d/gospacer/engines/kind"
	"github.com/seed-f9c3434d/gospacer/engines/pdkind"
	"github.com/seed-f9c3434d/gospacer/engines/tpa"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// The engines over the transition-system view (kind, imc, pdkind, tpa,
// split-tpa) on hand-written systems: each answer as expected, its
// witness checked on the system, with and without preprocessing.

// tsEngines builds each engine with its options' progress and trace
// writers.
var tsEngines = map[string]func(verbose, trace io.Writer) chc.Engine{
	"kind": func(v, t io.Writer) chc.Engine {
		return kind.New(kind.Options{EngineOptions: chc.EngineOptions{Verbose: v, Trace: t}})
	},
	"imc": func(v, t io.Writer) chc.Engine {
		return imc.New(imc.Options{EngineOptions: chc.EngineOptions{Verbose: v, Trace: t}})
	},
	"pdkind": func(v, t io.Writer) chc.Engine {
		return pdkind.New(pdkind.Options{EngineOptions: chc.EngineOptions{Verbose: v, Trace: t}})
	},
	"tpa": func(v, t io.Writer) chc.Engine {
		return tpa.New(tpa.Options{EngineOptions: chc.EngineOptions{Verbose: v, Trace: t}})
	},
	"split-tpa": func(v, t io.Writer) chc.Engine {
		return tpa.New(tpa.Options{Split: true, EngineOptions: chc.EngineOptions{Verbose: v, Trace: t}})
	},
}

func tsEngineNames() []string {
	var names []string
	for n := range tsEngines {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func readText(t testing.TB, src string) *chc.System {
	t.Helper()
	s, _, err := chc.Read("test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return s
}

// solveChecked runs e on a fresh copy of src, directly (no
// preprocessing) or through pipeline.Solve, for 20 seconds at most (1 when
// quick), and checks the witness on the system read.
func solveChecked(t testing.TB, e chc.Engine, src string, viaPipeline, quick bool) chc.Result {
	t.Helper()
	s := readText(t, src)
	timeout := 20 * time.Second
	if quick {
		timeout = time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var res chc.Result
	if viaPipeline {
		res = pipeline.Solve(ctx, s, e, chc.Options{})
	} else {
		res = e.Solve(ctx, s)
	}
	require.NoError(t, witness.CheckResult(context.Background(), s, res))
	return res
}

func statOf(res chc.Result, name string) any {
	for _, s := range res.Stats {
		if s.Name == name {
			return s.Value
		}
	}
	return nil
}

// swap2 is 2-inductive and not 1-inductive: x ≥ 1 two steps later is
// x ≥ 1 now, but one step from x ≥ 1 gives the unconstrained y.
const swap2 = `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 1) (= y 1)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 y) (= y1 x)) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (<= x 0)) false)))
`

// fib2: x' = y, y' = x + y from (1, 1); x ≥ 1 is 2-inductive (x” = x + y
// with x, y = x' ≥ 1), not 1-inductive.
const fib2 = `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 1) (= y 1)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 y) (= y1 (+ x y))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (<= x 0)) false)))
`

// rotate is n registers rotated each step, all 1 initially; x0 ≥ 1 is
// n-inductive and not (n-1)-inductive.
func rotate(n int) string {
	var xs, ys, decl, init, step []string
	for i := 0; i < n; i++ {
		xs, ys = append(xs, fmt.Sprintf("x%d", i)), append(ys, fmt.Sprintf("y%d", i))
		decl = append(decl, fmt.Sprintf("(x%d Int) (y%d Int)", i, i))
		init = append(init, fmt.Sprintf("(= x%d 1)", i))
		step = append(step, fmt.Sprintf("(= y%d x%d)", i, (i+1)%n))
	}
	X, Y, D := strings.Join(xs, " "), strings.Join(ys, " "), strings.Join(decl, " ")
	return fmt.Sprintf(`(set-logic HORN)
(declare-fun inv (%s) Bool)
(assert (forall (%s) (=> (and %s) (inv %s))))
(assert (forall (%s) (=> (and (inv %s) %s) (inv %s))))
(assert (forall (%s) (=> (and (inv %s) (<= x0 0)) false)))
`, strings.Repeat("Int ", n), D, strings.Join(init, " "), X, D, X, strings.Join(step, " "), Y, D, X)
}

// deep has a counterexample of 25 steps.
const deep = `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (< x 100)) (inv (+ x 1) (+ y 2)))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (>= y 50)) false)))
`

var tsCases = []struct {
	name   string
	want   chc.Answer
	decide []string // the engines that must decide it (others may say unknown)
	src    string
}{
	{"counter unsafe", chc.Unsat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 5)) (inv (+ x 1)))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 4)) false)))
`},
	{"init is bad", chc.Unsat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 3) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 3)) false)))
`},
	{"no initial state", chc.Sat, []string{"kind", "imc", "pdkind"}, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (and (> x 0) (< x 0)) (inv x))))
(assert (forall ((x Int)) (=> (inv x) (inv (+ x 1)))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 3)) false)))
`},
	{"parity", chc.Sat, []string{"imc", "pdkind", "tpa", "split-tpa"}, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 2))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 7)) false)))
`},
	{"swap 2-inductive", chc.Sat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, swap2},
	{"fibonacci 2-inductive", chc.Sat, []string{"kind", "imc", "pdkind", "tpa"}, fib2},
	{"rotate 4-inductive", chc.Sat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, rotate(4)},
	{"backward only", chc.Sat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (> x 0) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 10)) false)))
`},
	{"query without body atom", chc.Unsat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (> x 2) false)))
`},
	{"two predicates", chc.Unsat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, `
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(declare-fun q (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (p x y))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (< x 3)) (p (+ x 1) (+ y 3)))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (>= x 3)) (q y x))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (> x 0)) (q (- x 1) y))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (= x 4)) false)))
`},
	{"two predicates safe", chc.Sat, []string{"imc", "pdkind"}, `
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(declare-fun q (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (p x y))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (< x 10)) (p (+ x 1) (+ y 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (>= x 10)) (q x y))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (> y 0)) (q (- x 1) (- y 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (not (= x y))) false)))
`},
	{"local in the initial states", chc.Sat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int) (z Int)) (=> (and (= x (* 2 z)) (> z 0)) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 100)) (inv (+ x 2)))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 0)) false)))
`},
	{"reals", chc.Sat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, `
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 0.5)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real)) (=> (and (inv x y) (= x1 (+ x 0.5)) (= y1 (- y x))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (< x 0.0)) false)))
`},
	{"deep counter", chc.Unsat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, deep},
	{"booleans", chc.Unsat, []string{"kind", "imc", "pdkind", "tpa", "split-tpa"}, `
(set-logic HORN)
(declare-fun inv (Bool Int) Bool)
(assert (forall ((b Bool) (x Int)) (=> (and (not b) (= x 0)) (inv b x))))
(assert (forall ((b Bool) (x Int) (b1 Bool) (x1 Int)) (=> (and (inv b x) (= b1 (not b)) (= x1 (ite b (+ x 1) x))) (inv b1 x1))))
(assert (forall ((b Bool) (x Int)) (=> (and (inv b x) (= x 3)) false)))
`},
}

func TestTransitionEngines(t *testing.T) {
	for _, c := range tsCases {
		for _, name := range tsEngineNames() {
			for _, pipeline := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/pipeline=%v", c.name, name, pipeline), func(t *testing.T) {
					must := slices.Contains(c.decide, name)
					res := solveChecked(t, tsEngines[name](nil, nil), c.src, pipeline, !must)
					if must {
						require.Equal(t, c.want, res.Answer, res.Reason)
					} else if res.Answer != chc.Unknown {
						require.Equal(t, c.want, res.Answer)
					}
				})
			}
		}
	}
}

// TestKInductive: k-induction proves the rotation of n registers at
// k = n exactly, and each engine's model of a 2-inductive property is a
// 1-inductive strengthening (¬Bad alone is no model).
func TestKInductive(t *testing.T) {
	for n := 1; n <= 6; n++ {
		res := solveChecked(t, kind.New(kind.Options{NoBackward: true}), rotate(n), false, false)
		require.Equal(t, chc.Sat, res.Answer, "n=%d: %v", n, res.Reason)
		require.Equal(t, n, statOf(res, "kind.k"), "n=%d", n)
		require.Equal(t, "forward", statOf(res, "kind.induction"))
	}
	for _, src := range []string{swap2, fib2} {
		s := readText(t, src)
		p := s.Preds[0]
		notBad := s.St.Gt(p.Params[0], s.St.Int(0))
		require.Error(t, witness.CheckModel(context.Background(), s, chc.Model{p: notBad}))
		res := solveChecked(t, kind.New(kind.Options{NoBackward: true}), src, false, false)
		require.Equal(t, chc.Sat, res.Answer, res.Reason)
		require.Equal(t, 2, statOf(res, "kind.k"))
		res = solveChecked(t, pdkind.New(pdkind.Options{}), src, false, false)
		require.Equal(t, chc.Sat, res.Answer, res.Reason)
	}
	// Backward, swap2's initial state is closed under predecessors.
	res := solveChecked(t, kind.New(kind.Options{}), swap2, false, false)
	require.Equal(t, chc.Sat, res.Answer, res.Reason)
	require.Equal(t, 1, statOf(res, "kind.k"))
	require.Equal(t, "backward", statOf(res, "kind.induction"))
}

// TestIMCExact: both settings of imc.exact decide the parity counter and
// the two counterexamples; within-k (McMillan's, the default) also proves
// the 2-inductive swap, whose interpolants against bad states exactly k
// steps away alternate between x ≥ 1 and y ≥ 1 without a fixpoint.
func TestIMCExact(t *testing.T) {
	for _, exact := range []bool{false, true} {
		for _, c := range tsCases {
			switch c.name {
			case "parity", "counter unsafe", "two predicates", "two predicates safe":
				res := solveChecked(t, imc.New(imc.Options{Exact: exact}), c.src, false, false)
				require.Equal(t, c.want, res.Answer, "%s exact=%v: %v", c.name, exact, res.Reason)
			}
		}
		res := solveChecked(t, imc.New(imc.Options{Exact: exact}), swap2, false, exact)
		if !exact {
			require.Equal(t, chc.Sat, res.Answer, res.Reason)
		} else {
			require.Equal(t, chc.Unknown, res.Answer)
		}
	}
}

// TestBounds: each engine's bound answers Unknown (incomplete) on a
// system it would decide later.
func TestBounds(t *testing.T) {
	for _, e := range []chc.Engine{
		kind.New(kind.Options{MaxK: 3, NoBackward: true}),
		imc.New(imc.Options{MaxK: 1}),
		pdkind.New(pdkind.Options{MaxN: 1}),
	} {
		res := solveChecked(t, e, deep, false, false)
		require.Equal(t, chc.Unknown, res.Answer, "%T", e)
		require.ErrorIs(t, res.Reason, chc.ErrIncomplete)
	}
}

func TestTransitionEnginesNonlinear(t *testing.T) {
	src := `
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (p y)) (p (+ x y)))))
(assert (forall ((x Int)) (=> (and (p x) (> x 0)) false)))
`
	for _, name := range tsEngineNames() {
		res := solveChecked(t, tsEngines[name](nil, nil), src, false, false)
		require.Equal(t, chc.Unknown, res.Answer, name)
		require.ErrorIs(t, res.Reason, chc.ErrIncomplete, name)
		require.Contains(t, res.Reason.Error(), "not a transition system", name)
	}
}

func TestTransitionEnginesCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range tsEngineNames() {
		res := tsEngines[name](nil, nil).Solve(ctx, readText(t, rotate(3)))
		require.Equal(t, chc.Unknown, res.Answer, name)
		require.ErrorIs(t, res.Reason, chc.ErrCanceled, name)
	}
}

// TestTransitionEnginesDeterministic: the same run twice gives the same
// answer, statistics (but times), progress lines (but times) and trace.
func TestTransitionEnginesDeterministic(t *testing.T) {
	for _, name := range tsEngineNames() {
		for _, c := range tsCases {
			if !slices.Contains(c.decide, name) {
				continue
			}
			run := func() (string, string) {
				var v, tr bytes.Buffer
				res := solveChecked(t, tsEngines[name](&v, &tr), c.src, false, false)
				var st []string
				for _, s := range res.Stats {
					if _, ok := s.Value.(time.Duration); !ok {
						st = append(st, fmt.Sprint(s.Name, s.Value))
					}
				}
				var lines []string
				for _, l := range strings.Split(v.String(), "\n") {
					if i := strings.LastIndex(l, " ("); i >= 0 {
						l = l[:i]
					}
					lines = append(lines, l)
				}
				return res.Answer.String() + strings.Join(st, " ") + strings.Join(lines, "\n"), tr.String()
			}
			a1, t1 := run()
			a2, t2 := run()
			require.Equal(t, a1, a2, "%s: %s", name, c.name)
			require.Equal(t, t1, t2, "%s: %s", name, c.name)
			require.NotEmpty(t, t1, "%s: %s", name, c.name)
		}
	}
}
