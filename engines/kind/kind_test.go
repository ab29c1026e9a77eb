package kind

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

func read(t testing.TB, src string) *chc.System {
	t.Helper()
	sys, _, err := chc.Read("test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return sys
}

// solve runs the engine on sys directly (no preprocessing) and checks the
// witness on sys.
func solve(t testing.TB, sys *chc.System, opts Options) chc.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res := New(opts).Solve(ctx, sys)
	require.NoError(t, chc.CheckResult(context.Background(), sys, res))
	return res
}

func stat(res chc.Result, name string) any {
	for _, s := range res.Stats {
		if s.Name == name {
			return s.Value
		}
	}
	return nil
}

// swap2 is 2-inductive and not 1-inductive: x ≥ 1 after two steps is x ≥ 1
// two steps before, but one step from x ≥ 1 gives the unconstrained y.
const swap2 = `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 1) (= y 1)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 y) (= y1 x)) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (<= x 0)) false)))
`

// rotate is n registers rotated each step, all 1 initially; a0 ≥ 1 is
// n-inductive and not (n-1)-inductive.
func rotate(n int) string {
	var b strings.Builder
	b.WriteString("(set-logic HORN)\n(declare-fun inv (" + strings.Repeat("Int ", n) + ") Bool)\n")
	var xs, ys, init, step []string
	for i := 0; i < n; i++ {
		xs = append(xs, fmt.Sprintf("x%d", i))
		ys = append(ys, fmt.Sprintf("y%d", i))
		init = append(init, fmt.Sprintf("(= x%d 1)", i))
		step = append(step, fmt.Sprintf("(= y%d x%d)", i, (i+1)%n))
	}
	decl := func(vs []string) string {
		var d []string
		for _, v := range vs {
			d = append(d, "("+v+" Int)")
		}
		return strings.Join(d, " ")
	}
	X, Y := strings.Join(xs, " "), strings.Join(ys, " ")
	fmt.Fprintf(&b, "(assert (forall (%s) (=> (and %s) (inv %s))))\n", decl(xs), strings.Join(init, " "), X)
	fmt.Fprintf(&b, "(assert (forall (%s %s) (=> (and (inv %s) %s) (inv %s))))\n", decl(xs), decl(ys), X, strings.Join(step, " "), Y)
	fmt.Fprintf(&b, "(assert (forall (%s) (=> (and (inv %s) (<= x0 0)) false)))\n", decl(xs), X)
	return b.String()
}

func TestTwoInductive(t *testing.T) {
	sys := read(t, swap2)
	res := solve(t, sys, Options{NoBackward: true})
	require.Equal(t, chc.Sat, res.Answer, res.Reason)
	require.Equal(t, 2, stat(res, "kind.k"))
	require.Equal(t, "forward", stat(res, "kind.induction"))
	// Backward, the initial state is closed under predecessors at once.
	res = solve(t, read(t, swap2), Options{})
	require.Equal(t, chc.Sat, res.Answer, res.Reason)
	require.Equal(t, 1, stat(res, "kind.k"))
	require.Equal(t, "backward", stat(res, "kind.induction"))
	// ¬Bad alone is not a model: the 1-inductive one is stronger.
	sys = read(t, swap2)
	p := sys.Preds[0]
	notBad := sys.St.Gt(p.Params[0], sys.St.Int(0))
	require.Error(t, chc.CheckModel(context.Background(), sys, chc.Model{p: notBad}))
}

func TestRotate(t *testing.T) {
	for n := 1; n <= 6; n++ {
		sys := read(t, rotate(n))
		res := solve(t, sys, Options{NoBackward: true})
		require.Equal(t, chc.Sat, res.Answer, "n=%d: %v", n, res.Reason)
		require.Equal(t, n, stat(res, "kind.k"), "n=%d", n)
	}
}

var cases = []struct {
	name string
	want chc.Answer
	k    int // the round of the answer
	src  string
}{
	{"counter unsafe", chc.Unsat, 4, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 5)) (inv (+ x 1)))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 4)) false)))
`},
	{"init is bad", chc.Unsat, 0, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 3) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 3)) false)))
`},
	{"no initial state", chc.Sat, 0, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (and (> x 0) (< x 0)) (inv x))))
(assert (forall ((x Int)) (=> (inv x) (inv (+ x 1)))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 3)) false)))
`},
	// Backward: the initial state x = 0 is 1-inductive backwards (no
	// predecessor outside it... reached from a bad state), while x ≤ 10 is
	// no forward invariant at any k (x stays anywhere once above 10).
	{"backward only", chc.Sat, 1, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (> x 0) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 10)) false)))
`},
	{"query without body atom", chc.Unsat, 0, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (> x 2) false)))
`},
	{"two predicates", chc.Unsat, 5, `
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(declare-fun q (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (p x y))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (< x 2)) (p (+ x 1) (+ y 2)))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (>= x 2)) (q x y))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (> y 0)) (q x (- y 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (= y 2)) false)))
`},
	{"local in the initial states", chc.Sat, 1, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int) (z Int)) (=> (and (= x (* 2 z)) (> z 0)) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 100)) (inv (+ x 2)))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 0)) false)))
`},
}

func TestCases(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sys := read(t, c.src)
			res := solve(t, sys, Options{})
			require.Equal(t, c.want, res.Answer, res.Reason)
			if c.name != "query without body atom" {
				require.Equal(t, c.k, stat(res, "kind.k"))
			}
		})
	}
}

func TestNonlinear(t *testing.T) {
	sys := read(t, `
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (p y)) (p (+ x y)))))
(assert (forall ((x Int)) (=> (and (p x) (> x 0)) false)))
`)
	res := solve(t, sys, Options{})
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrIncomplete)
	require.Contains(t, res.Reason.Error(), "not a transition system")
}

func TestMaxK(t *testing.T) {
	res := solve(t, read(t, rotate(5)), Options{MaxK: 3, NoBackward: true})
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrIncomplete)
}

func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := New(Options{}).Solve(ctx, read(t, rotate(3)))
	require.Equal(t, chc.Unknown, res.Answer)
}

// TestDeterministic: the same run twice gives the same answer, statistics
// (but times) and trace.
func TestDeterministic(t *testing.T) {
	run := func() (string, string) {
		var tr bytes.Buffer
		res := solve(t, read(t, swap2), Options{Trace: &tr})
		var st []string
		for _, s := range res.Stats {
			if _, ok := s.Value.(time.Duration); !ok {
				st = append(st, fmt.Sprint(s.Name, s.Value))
			}
		}
		return res.Answer.String() + strings.Join(st, " "), tr.String()
	}
	a1, t1 := run()
	a2, t2 := run()
	require.Equal(t, a1, a2)
	require.Equal(t, t1, t2)
}
