package bmc

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

func read(t testing.TB, src string) *chc.System {
	t.Helper()
	sys, _, err := chc.Read("test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return sys
}

// height is the height of a derivation: 0 for a fact.
func height(n *chc.Node) int {
	h := 0
	for _, c := range n.Children {
		if ch := 1 + height(c); ch > h {
			h = ch
		}
	}
	return h
}

// solve runs the engine and checks its witness.
func solve(t testing.TB, sys *chc.System, opts Options) chc.Result {
	t.Helper()
	res := New(opts).Solve(context.Background(), sys)
	require.NoError(t, witness.CheckResult(context.Background(), sys, res))
	return res
}

var cases = []struct {
	name   string
	want   chc.Answer
	height int // of the shortest derivation, for unsat
	src    string
}{
	{"linear counter unsafe", chc.Unsat, 4, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 5)) (inv (+ x 1)))))
(assert (forall ((x Int)) (=> (and (inv x) (>= x 3)) false)))
`},
	{"deep counter", chc.Unsat, 38, `
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 (+ x 1)) (or (= y1 y) (= y1 (+ y 2)))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (= x 37) (= y 74)) false)))
`},
	{"fact query", chc.Unsat, 0, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (> x 0) false)))
`},
	{"two loops", chc.Unsat, 6, `
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(declare-fun q (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (p x y))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (< x 2)) (p (+ x 1) (+ y 2)))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (>= x 2)) (q x y))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (> y 0)) (q x (- y 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (q x y) (= y 2)) false)))
`},
	{"acyclic safe", chc.Sat, 0, `
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int Int) Bool)
(assert (forall ((x Int)) (=> (or (= x 1) (= x 5)) (p x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (p x) (= y (+ x 1)) (= z (* 2 y))) (q y z))))
(assert (forall ((y Int) (z Int)) (=> (and (q y z) (< z y)) false)))
`},
	{"acyclic safe with a Bool local", chc.Sat, 0, `
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int) (b Bool)) (=> (ite b (= x 1) (= x 2)) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (= y (- x 1))) (q y))))
(assert (forall ((y Int)) (=> (and (q y) (< y 0)) false)))
`},
	{"no query", chc.Sat, 0, `
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x))))
(assert (forall ((x Int)) (=> (p x) (p (+ x 1)))))
`},
	{"underivable", chc.Sat, 0, `
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun r (Int) Bool)
(assert (forall ((x Int)) (=> (p x) (p (+ x 1)))))
(assert (forall ((x Int)) (=> (= x 0) (r x))))
(assert (forall ((x Int)) (=> (and (p x) (r x)) false)))
`},
	{"nonlinear sums", chc.Unsat, 4, `
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (p x) (p y) (= z (+ x y))) (p z))))
(assert (forall ((x Int)) (=> (and (p x) (= x 7)) false)))
`},
	{"nonlinear distinct preds", chc.Unsat, 4, `
(set-logic HORN)
(declare-fun a (Int) Bool)
(declare-fun b (Int) Bool)
(declare-fun c (Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (a x))))
(assert (forall ((x Int) (y Int)) (=> (and (a x) (= y (+ x 1))) (a y))))
(assert (forall ((x Int)) (=> (= x 10) (b x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (a x) (b y) (= z (+ x y))) (c z))))
(assert (forall ((z Int)) (=> (and (c z) (= z 13)) false)))
`},
	{"second body atom only", chc.Unsat, 3, `
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(declare-fun r (Int Int) Bool)
(assert (forall ((x Int)) (=> (= x 3) (p x))))
(assert (forall ((x Int)) (=> (p x) (q x))))
(assert (forall ((x Int) (y Int)) (=> (and (q x) (p y)) (r x y))))
(assert (forall ((x Int) (y Int)) (=> (and (r x y) (= x y)) false)))
`},
	{"zero-ary", chc.Unsat, 2, `
(set-logic HORN)
(declare-fun a () Bool)
(declare-fun b () Bool)
(assert a)
(assert (=> (and a a) b))
(assert (=> b false))
`},
	{"zero-ary safe", chc.Sat, 0, `
(set-logic HORN)
(declare-fun a () Bool)
(declare-fun b () Bool)
(assert a)
(assert (=> (and a b) b))
(assert (=> b false))
`},
	{"bool args", chc.Unsat, 3, `
(set-logic HORN)
(declare-fun p (Bool Int) Bool)
(assert (forall ((b Bool) (x Int)) (=> (and b (= x 0)) (p b x))))
(assert (forall ((b Bool) (x Int)) (=> (p b x) (p (not b) (+ x 1)))))
(assert (forall ((b Bool) (x Int)) (=> (and (p b x) b (= x 2)) false)))
`},
	{"real doubling", chc.Unsat, 4, `
(set-logic HORN)
(declare-fun p (Real) Bool)
(assert (forall ((x Real)) (=> (= x 0.5) (p x))))
(assert (forall ((x Real)) (=> (p x) (p (* 2.0 x)))))
(assert (forall ((x Real)) (=> (and (p x) (> x 3.0)) false)))
`},
	{"arrays", chc.Unsat, 3, `
(set-logic HORN)
(declare-fun p ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (i Int)) (=> (= i 0) (p a i))))
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (p a i) (< i 3)) (p (store a i 1) (+ i 1)))))
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (p a i) (= i 2) (= (select a 1) 1) (= (select a 5) 7)) false)))
`},
	{"same argument twice", chc.Unsat, 2, `
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x x))))
(assert (forall ((x Int)) (=> (p x x) (p x (+ x 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (> y x)) false)))
`},
}

func TestCases(t *testing.T) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sys := read(t, tc.src)
			res := solve(t, sys, Options{})
			require.Equal(t, tc.want, res.Answer, res.Reason)
			if res.Answer == chc.Unsat {
				require.Equal(t, tc.height, height(res.Derivation))
			}
		})
	}
}

func TestSafeCyclicIsUnknown(t *testing.T) {
	sys := read(t, `
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (inv x) (inv (+ x 1)))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 0)) false)))
`)
	var log bytes.Buffer
	res := solve(t, sys, Options{MaxDepth: 5, EngineOptions: chc.EngineOptions{Verbose: &log}})
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrIncomplete)
	require.ErrorContains(t, res.Reason, "depth bound 5")
	require.Equal(t, 6, strings.Count(log.String(), "\n"), log.String())
}

func TestBudget(t *testing.T) {
	var src string
	for _, tc := range cases {
		if tc.name == "nonlinear sums" {
			src = tc.src
		}
	}
	e := New(Options{})
	e.budget = 10
	res := e.Solve(context.Background(), read(t, src))
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorContains(t, res.Reason, "budget")
	res = New(Options{}).Solve(context.Background(), read(t, src))
	require.Equal(t, chc.Unsat, res.Answer)
}

func TestVerbose(t *testing.T) {
	var log bytes.Buffer
	res := solve(t, read(t, cases[0].src), Options{EngineOptions: chc.EngineOptions{Verbose: &log}})
	require.Equal(t, chc.Unsat, res.Answer)
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	require.Len(t, lines, 5) // depths 0 to 4
	require.Regexp(t, `^bmc: depth 4 sat slots \d+ clauses \d+ elapsed [0-9.]+s$`, lines[4])
}

func TestCanceled(t *testing.T) {
	sys := read(t, cases[0].src)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := New(Options{}).Solve(ctx, sys)
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrCanceled)

	ctx, cancelCause := context.WithCancelCause(context.Background())
	cancelCause(chc.ErrMemory)
	res = New(Options{}).Solve(ctx, sys)
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrMemory)
}

func TestDeterministic(t *testing.T) {
	for _, tc := range cases {
		run := func() string {
			sys := read(t, tc.src)
			res := New(Options{}).Solve(context.Background(), sys)
			var b bytes.Buffer
			fmt.Fprintln(&b, res.Answer, res.Reason)
			for _, s := range res.Stats {
				if s.Name != "bmc.time" {
					fmt.Fprintln(&b, s.Name, s.Value)
				}
			}
			switch res.Answer {
			case chc.Unsat:
				require.NoError(t, chc.WriteDerivation(&b, sys, res.Derivation))
			case chc.Sat:
				require.NoError(t, chc.WriteModel(&b, sys, res.Model))
			}
			return b.String()
		}
		require.Equal(t, run(), run(), tc.name)
	}
}

// BenchmarkLinear unrolls a counter to depth 40.
func BenchmarkLinear(b *testing.B) {
	src := `(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 (+ x 1)) (or (= y1 (+ y x)) (= y1 y))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (= x 40)) false)))
`
	for i := 0; i < b.N; i++ {
		sys := read(b, src)
		res := New(Options{}).Solve(context.Background(), sys)
		if res.Answer != chc.Unsat {
			b.Fatal(res.Answer, res.Reason)
		}
	}
}

// BenchmarkNonlinear unfolds a binary recursion to height 5.
func BenchmarkNonlinear(b *testing.B) {
	src := `(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (p x) (p y) (= z (+ x y 1))) (p z))))
(assert (forall ((x Int)) (=> (and (p x) (= x 31)) false)))
`
	for i := 0; i < b.N; i++ {
		sys := read(b, src)
		res := New(Options{}).Solve(context.Background(), sys)
		if res.Answer != chc.Unsat {
			b.Fatal(res.Answer, res.Reason)
		}
	}
}

func TestAcyclicModels(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      chc.Answer
	}{
		{"real local with a coefficient", `
(set-logic HORN)
(declare-fun p (Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= (* 2.0 y) (+ x 1.0)) (> y 3.0)) (p x))))
(assert (forall ((x Real)) (=> (and (p x) (< x 0.0)) false)))
`, chc.Sat},
		{"array local", `
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((a (Array Int Int)) (x Int)) (=> (and (= a ((as const (Array Int Int)) 3)) (= x (select a 7))) (p x))))
(assert (forall ((x Int)) (=> (and (p x) (not (= x 3))) false)))
`, chc.Sat},
		{"local bounded by inequalities only", `
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (< 0 y) (< y x)) (p x))))
(assert (forall ((x Int)) (=> (and (p x) (< x 2)) false)))
`, chc.Sat},
		{"real local bounded strictly", `
(set-logic HORN)
(declare-fun p (Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (< 0.0 (* 3.0 y)) (<= y x)) (p x))))
(assert (forall ((x Real)) (=> (and (p x) (<= x 0.0)) false)))
`, chc.Sat},
		{"local bounded only in one direction", `
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (< y 0)) (p x y))))
(assert (forall ((x Int) (y Int)) (=> (p x y) (q x))))
(assert (forall ((x Int)) (=> (and (q x) (not (= x 0))) false)))
`, chc.Sat},
		{"local with a coefficient between bounds", `
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (<= 0 y) (<= x (* 2 y)) (<= (* 2 y) (+ x 1))) (p x))))
(assert (forall ((x Int)) (=> (and (p x) (< x (- 1))) false)))
`, chc.Unknown},
		{"definitions inside disjunctions", `
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (or (= x 1) (= x 2)) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (or (= y x) (= y (+ x 10)))) (q y))))
(assert (forall ((y Int)) (=> (and (q y) (> y 12)) false)))
`, chc.Sat},
		{"chain of three", `
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int Bool) Bool)
(declare-fun r (Int) Bool)
(assert (forall ((x Int)) (=> (and (<= 0 x) (<= x 5)) (p x))))
(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (p x) (= y (* 3 x)) (= b (> x 2))) (q y b))))
(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (q x b) (p y) b (= x (+ y 6))) (r x))))
(assert (forall ((x Int)) (=> (and (r x) (> x 15)) false)))
`, chc.Sat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := solve(t, read(t, tc.src), Options{})
			require.Equal(t, tc.want, res.Answer, res.Reason)
			if tc.want == chc.Unknown {
				require.ErrorContains(t, res.Reason, "cannot eliminate")
			}
		})
	}
}

// TestLeastHeightAfterJumps checks that the chain's jumps and the bisection
// find the least height for every target depth.
func TestLeastHeightAfterJumps(t *testing.T) {
	for n := 1; n <= 70; n += 3 {
		sys := read(t, fmt.Sprintf(`
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (or (= y (+ x 1)) (= y (+ x 2)))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x %d)) false)))
`, 2*n))
		res := solve(t, sys, Options{})
		require.Equal(t, chc.Unsat, res.Answer, res.Reason)
		require.Equal(t, n+1, height(res.Derivation), "target %d", 2*n)
	}
}
