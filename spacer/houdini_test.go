package spacer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/term"
)

// copyLoops keep a relation between arguments that a step never changes
// (a = b, a <= b) or that two steps change alike: Spacer's lemmas give
// the consequence level by level (x - y <= 0 after k steps of a and b),
// Houdini's invariants the relation itself. needed: without Houdini the
// engine has not answered by level 10 (z3 4.8.12 times out on these too).
var copyLoops = []struct {
	name, note string
	needed     bool
	src        string
}{
	{"copy-equal", "two sums of copied steps: a = b keeps x = y", true, `
(set-logic HORN)
(declare-fun inv (Int Int Int Int Int) Bool)
(assert (forall ((x Int) (y Int) (a Int) (b Int) (n Int)) (=> (and (= x 0) (= y 0) (= a b) (> a 0) (>= n 0)) (inv x y a b n))))
(assert (forall ((x Int) (y Int) (a Int) (b Int) (n Int)) (=> (and (inv x y a b n) (< x n)) (inv (+ x a) (+ y b) a b n))))
(assert (forall ((x Int) (y Int) (a Int) (b Int) (n Int)) (=> (and (inv x y a b n) (> x y)) false)))
(check-sat)`},
	{"copy-order", "a <= b keeps x <= y while a >= 0", true, `
(set-logic HORN)
(declare-fun inv (Int Int Int Int) Bool)
(assert (forall ((x Int) (y Int) (a Int) (b Int)) (=> (and (= x 0) (= y 0) (<= a b)) (inv x y a b))))
(assert (forall ((x Int) (y Int) (a Int) (b Int)) (=> (inv x y a b) (inv (+ x a) (+ y b) a b))))
(assert (forall ((x Int) (y Int) (a Int) (b Int)) (=> (and (inv x y a b) (>= a 0) (> x y)) false)))
(check-sat)`},
	{"copy-two-phases", "x = y through a phase that adds k and one that takes it away", false, `
(set-logic HORN)
(declare-fun p (Int Int Int) Bool)
(declare-fun q (Int Int Int) Bool)
(assert (forall ((x Int) (y Int) (k Int)) (=> (and (= x y) (> k 0)) (p x y k))))
(assert (forall ((x Int) (y Int) (k Int)) (=> (p x y k) (p (+ x k) (+ y k) k))))
(assert (forall ((x Int) (y Int) (k Int)) (=> (p x y k) (q x y k))))
(assert (forall ((x Int) (y Int) (k Int)) (=> (q x y k) (q (- x k) (- y k) k))))
(assert (forall ((x Int) (y Int) (k Int)) (=> (and (q x y k) (not (= x y))) false)))
(check-sat)`},
	{"copy-alternating", "two predicates stepping x and y in turn by copies u = v", false, `
(set-logic HORN)
(declare-fun a (Int Int Int Int) Bool)
(declare-fun b (Int Int Int Int) Bool)
(assert (forall ((x Int) (y Int) (u Int) (v Int)) (=> (and (= x 0) (= y 0) (= u v)) (a x y u v))))
(assert (forall ((x Int) (y Int) (u Int) (v Int)) (=> (a x y u v) (b (+ x u) y u v))))
(assert (forall ((x Int) (y Int) (u Int) (v Int)) (=> (b x y u v) (a x (+ y v) u v))))
(assert (forall ((x Int) (y Int) (u Int) (v Int)) (=> (and (a x y u v) (not (= x y))) false)))
(check-sat)`},
	{"copy-bound", "a bound copied at the start: s = 2i and m = n", false, `
(set-logic HORN)
(declare-fun inv (Int Int Int Int) Bool)
(assert (forall ((i Int) (n Int) (m Int) (s Int)) (=> (and (= i 0) (= m n) (= s 0)) (inv i n m s))))
(assert (forall ((i Int) (n Int) (m Int) (s Int)) (=> (and (inv i n m s) (< i n)) (inv (+ i 1) n m (+ s 2)))))
(assert (forall ((i Int) (n Int) (m Int) (s Int)) (=> (and (inv i n m s) (>= i n) (> s (* 2 m)) (>= m 0)) false)))
(check-sat)`},
}

// houdiniBudget is the level within which each copy loop answers.
const houdiniBudget = 4

// TestHoudiniReserve: each copy loop answers sat within houdiniBudget
// levels, its model checked by pipeline.Solve; those marked needed have no
// answer by level 10 without Houdini's invariants.
func TestHoudiniReserve(t *testing.T) {
	for _, tc := range copyLoops {
		t.Run(tc.name, func(t *testing.T) {
			res := solveText(t, tc.src, optionSet{Options: Options{MaxLevel: houdiniBudget}})
			require.Equal(t, chc.Sat, res.Answer, "%s: %v", tc.note, res.Reason)
			if !tc.needed {
				return
			}
			res = solveText(t, tc.src, optionSet{Options: Options{MaxLevel: 10, NoHoudini: true}})
			require.Equal(t, chc.Unknown, res.Answer, "%s, without Houdini", tc.note)
		})
	}
}

// wideCounter is counter.smt2 (x from 0 in steps of 2 never 7) with five
// more arguments and steps clauses: Houdini's size (candidates over the
// clauses' atoms) is in the thousands, and Spacer answers by itself.
func wideCounter(steps int) string {
	var b strings.Builder
	vars := "((x Int) (a Int) (b Int) (c Int) (d Int) (e Int))"
	b.WriteString("(set-logic HORN)\n(declare-fun inv (Int Int Int Int Int Int) Bool)\n")
	fmt.Fprintf(&b, "(assert (forall %s (=> (and (= x 0) (<= a b) (<= b c) (>= d 0) (= e a)) (inv x a b c d e))))\n", vars)
	for i := range steps {
		fmt.Fprintf(&b, "(assert (forall %s (=> (and (inv x a b c d e) (>= d %d)) (inv (+ x 2) a b c d e))))\n", vars, i)
	}
	fmt.Fprintf(&b, "(assert (forall %s (=> (and (inv x a b c d e) (= x 7)) false)))\n(check-sat)\n", vars)
	return b.String()
}

// statInt is the integer statistic name of res (-1 when absent).
func statInt(res chc.Result, name string) int {
	for _, s := range res.Stats {
		if v, ok := s.Value.(int); ok && s.Name == name {
			return v
		}
	}
	return -1
}

// TestHoudiniPaidBySpacer: Houdini runs only once Spacer has done work
// in proportion to its size, and its work stays within what Spacer did
// (but for the check that crosses the bound): the small copy loops that
// need it get it, the wide counter, which Spacer answers alone, never
// pays for it (the loops not marked needed are answered before it could
// run).
func TestHoudiniPaidBySpacer(t *testing.T) {
	cases := []struct {
		name, src string
		runs      bool
	}{{"wide-counter", wideCounter(8), false}}
	for _, tc := range copyLoops {
		cases = append(cases, struct {
			name, src string
			runs      bool
		}{tc.name, tc.src, tc.needed})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := solveText(t, tc.src, optionSet{})
			require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
			tries, size := statInt(res, "spacer.houdini-tries"), statInt(res, "spacer.houdini-size")
			work, hwork := statInt(res, "spacer.work"), statInt(res, "spacer.houdini-work")
			require.Equal(t, tc.runs, tries > 0, "tries %d, size %d, work %d", tries, size, work)
			if tries > 0 {
				require.GreaterOrEqual(t, work, size*houdiniWorkPerCand)
				require.Positive(t, hwork)
			}
			// the last check may cross the bound: at most a check's
			// worth over (its candidates and their clauses)
			require.LessOrEqual(t, hwork, work+houdini.CheckWork+10*size, "Houdini's work against Spacer's")
		})
	}
}

// TestSystemDepth checks systemDepth against the heights of derivations
// drawn by hand: a chain of three steps below a query is four clauses
// high, a nonlinear clause takes its highest body atom's height, and a
// loop below a query makes the system cyclic (-1).
func TestSystemDepth(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   string
		depth int
	}{
		{"chain", `(set-logic HORN)
(declare-fun a (Int) Bool)
(declare-fun b (Int) Bool)
(declare-fun c (Int) Bool)
(assert (forall ((x Int)) (=> (and (a x) (< x 0)) false)))
(assert (forall ((x Int)) (=> (b (+ x 1)) (a x))))
(assert (forall ((x Int)) (=> (c x) (b x))))
(assert (forall ((x Int)) (=> (= x 0) (c x))))
(assert (forall ((x Int)) (=> (= x 1) (b x))))
(check-sat)`, 4},
		{"nonlinear", `(set-logic HORN)
(declare-fun a (Int) Bool)
(declare-fun b (Int) Bool)
(declare-fun c (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (a x) (c y) (< x y)) false)))
(assert (forall ((x Int) (y Int)) (=> (and (b x) (c y)) (a (+ x y)))))
(assert (forall ((x Int)) (=> (c x) (b x))))
(assert (forall ((x Int)) (=> (= x 0) (c x))))
(check-sat)`, 4},
		{"loop", `(set-logic HORN)
(declare-fun a (Int) Bool)
(declare-fun b (Int) Bool)
(assert (forall ((x Int)) (=> (and (a x) (< x 0)) false)))
(assert (forall ((x Int)) (=> (b x) (a x))))
(assert (forall ((x Int)) (=> (and (a x) (< x 5)) (b (+ x 1)))))
(assert (forall ((x Int)) (=> (= x 0) (b x))))
(check-sat)`, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys, _, err := chc.Read("t.smt2", strings.NewReader(tc.src), term.NewStore())
			require.NoError(t, err)
			e := newEngine(context.Background(), Options{}, sys)
			require.Equal(t, tc.depth, e.systemDepth())
		})
	}
}

// TestSystemDepthProperty checks systemDepth against its definition on
// random systems, by brute force: -1 when a predicate that reaches a
// query (through clauses' bodies to heads) reaches itself, else the most
// clauses of a derivation of a query, the heights relaxed round by round.
func TestSystemDepthProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 6).Draw(t, "preds")
		type clause struct {
			head int // -1: a query
			body []int
		}
		cls := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) clause {
			return clause{rapid.IntRange(-1, n-1).Draw(t, "head"), rapid.SliceOfN(rapid.IntRange(0, n-1), 0, 3).Draw(t, "body")}
		}), 1, 10).Draw(t, "clauses")
		var b strings.Builder
		b.WriteString("(set-logic HORN)\n")
		for i := range n {
			fmt.Fprintf(&b, "(declare-fun p%d (Int) Bool)\n", i)
		}
		for _, c := range cls {
			body := "(> x 0)"
			for _, p := range c.body {
				body += fmt.Sprintf(" (p%d x)", p)
			}
			head := "false"
			if c.head >= 0 {
				head = fmt.Sprintf("(p%d x)", c.head)
			}
			fmt.Fprintf(&b, "(assert (forall ((x Int)) (=> (and %s) %s)))\n", body, head)
		}
		b.WriteString("(check-sat)\n")
		sys, _, err := chc.Read("t.smt2", strings.NewReader(b.String()), term.NewStore())
		require.NoError(t, err)
		require.Len(t, sys.Preds, n)
		// reach[i][j]: p_j's facts flow into p_i's (one clause or more)
		reach := make([][]bool, n)
		for i := range reach {
			reach[i] = make([]bool, n)
		}
		for _, c := range cls {
			for _, p := range c.body {
				if c.head >= 0 {
					reach[c.head][p] = true
				}
			}
		}
		for k := range n {
			for i := range n {
				for j := range n {
					reach[i][j] = reach[i][j] || reach[i][k] && reach[k][j]
				}
			}
		}
		needed := make([]bool, n)
		for _, c := range cls {
			for _, p := range c.body {
				if c.head < 0 {
					needed[p] = true
					for j := range n {
						needed[j] = needed[j] || reach[p][j]
					}
				}
			}
		}
		want := 0
		for i := range n {
			if needed[i] && reach[i][i] {
				want = -1
			}
		}
		if want == 0 {
			height := make([]int, n)
			derivation := func(c clause) int {
				h := 1
				for _, p := range c.body {
					h = max(h, 1+height[p])
				}
				return h
			}
			for range n + 1 {
				for _, c := range cls {
					if c.head >= 0 && needed[c.head] {
						height[c.head] = max(height[c.head], derivation(c))
					}
				}
			}
			for _, c := range cls {
				if c.head < 0 {
					want = max(want, derivation(c))
				}
			}
		}
		e := newEngine(context.Background(), Options{}, sys)
		require.Equal(t, want, e.systemDepth(), "%s", b.String())
	})
}

// TestSpacerEndsFirst checks the judgement that keeps Houdini waiting on
// an acyclic system: with one level left whose cost so far is under
// Houdini's expected cost, Houdini waits; with many levels left, or the
// levels costing more, or on a cyclic system, its turn comes.
func TestSpacerEndsFirst(t *testing.T) {
	chain := func(n int, loop bool) string {
		var b strings.Builder
		b.WriteString("(set-logic HORN)\n")
		for i := range n {
			fmt.Fprintf(&b, "(declare-fun p%d (Int Int Bool) Bool)\n", i)
		}
		b.WriteString("(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (p0 x y b) (= x 1) (= y 1)) false)))\n")
		for i := 0; i+1 < n; i++ {
			fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (p%d (+ x 1) (+ y 1) b) (p%d x y b))))\n", i+1, i)
		}
		if loop {
			fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (p0 x y b) (> x 100)) (p%d x y b))))\n", n-1)
		}
		fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (not b) (p%d x y b))))\n", n-1)
		return b.String()
	}
	// The work in tenths of Houdini's expected cost.
	for _, tc := range []struct {
		name        string
		loop        bool
		bound       int
		work, since int // Spacer's work, and the part of it since the bound was set
		wait        bool
	}{
		{"last level, cheap", false, 8, 4, 3, true},
		{"last level, dear", false, 8, 25, 20, false},
		{"levels left", false, 3, 15, 5, false},
		{"cyclic", true, 8, 4, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys, _, err := chc.Read("t.smt2", strings.NewReader(chain(8, tc.loop)), term.NewStore())
			require.NoError(t, err)
			e := newEngine(context.Background(), Options{}, sys)
			cost := e.houdiniSize(e.houdiniParamCounts()) * houdiniWorkPerCand
			e.bound, e.stats.work, e.hou.levelWork = tc.bound, tc.work*cost/10, (tc.work-tc.since)*cost/10
			require.Equal(t, tc.wait, e.spacerEndsFirst())
		})
	}
}
