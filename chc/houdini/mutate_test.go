package houdini_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// chainSystem draws a system like rust-horn's bmc files: predicates
// p0..p(n-1) over (x, y, b), a fact of the last with x and y free or
// bounded, steps from each to the one before that decrement x and y
// (or keep them, or flip b, or guard them with a local Boolean),
// sometimes a self-loop, and a query of p0
// with x = k ∧ y = k; in the input's order the query comes first.
func chainSystem(t *rapid.T) string {
	n := rapid.IntRange(1, 5).Draw(t, "preds")
	var b strings.Builder
	b.WriteString("(set-logic HORN)\n")
	for i := range n {
		fmt.Fprintf(&b, "(declare-fun p%d (Int Int Bool) Bool)\n", i)
	}
	k := rapid.IntRange(0, 6).Draw(t, "k")
	fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (p0 x y b) (= x %d) (= y %d)) false)))\n", k, k)
	for i := 0; i+1 < n; i++ {
		switch rapid.IntRange(0, 3).Draw(t, "step") {
		case 3:
			// a local Boolean a, tied to x by one conjunct and to y by another
			fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool) (a Bool)) (=> (and (p%d x y b) (= a (<= x %d)) (or a (> y 0))) (p%d x y b))))\n", i+1, rapid.IntRange(0, 8).Draw(t, "c"), i)
		case 0:
			fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool) (x1 Int) (y1 Int)) (=> (and (p%d x1 y1 b) (= x1 (+ x 1)) (= y1 (+ y 1))) (p%d x y b))))\n", i+1, i)
		case 1:
			fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (p%d x y b) (p%d x y (not b)))))\n", i+1, i)
		default:
			fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (p%d x y b) (not (= (<= x %d) b))) (p%d x y b))))\n", i+1, rapid.IntRange(0, 8).Draw(t, "c"), i)
		}
		if rapid.Bool().Draw(t, "loop") {
			fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (p%d x y b) (< x %d)) (p%d (+ x 1) (+ y 1) b))))\n", i, rapid.IntRange(0, 8).Draw(t, "bound"), i)
		}
	}
	switch rapid.IntRange(0, 2).Draw(t, "fact") {
	case 0:
		fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (not b) (p%d x y b))))\n", n-1)
	case 1:
		fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (>= x 0) (= y x)) (p%d x y b))))\n", n-1)
	default:
		fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (b Bool)) (=> (and (= x %d) (<= y 3)) (p%d x y b))))\n", rapid.IntRange(0, 9).Draw(t, "x0"), n-1)
	}
	return b.String()
}

func chainCands(t require.TestingT, src string) (*chc.System, [][]*term.Term) {
	s, _, err := chc.Read("chain.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	pool := houdini.NewPool(s)
	pool.QueryCandidates(s, nil)
	pool.FactCandidates(s, nil)
	pool.ParamCandidates(s)
	pool.Propagate(s, nil)
	return s, pool.Cands
}

// inductive checks, with a solver of its own per clause, that keep is
// inductive on s: each clause with a head and the kept candidates of
// its body atoms implies each kept candidate of its head.
func inductive(t require.TestingT, s *chc.System, keep [][]*term.Term) {
	st := s.St
	for _, c := range s.Clauses {
		if c.Head == nil {
			continue
		}
		for _, f := range keep[c.Head.Pred.ID] {
			sv := smt.New(st, smt.Options{})
			require.NoError(t, sv.Assert(c.Constraint))
			for _, b := range c.Body {
				for _, g := range keep[b.Pred.ID] {
					require.NoError(t, sv.Assert(b.Pred.Instantiate(st, g, b.Args)))
				}
			}
			require.NoError(t, sv.Assert(st.Not(c.Head.Pred.Instantiate(st, f, c.Head.Args))))
			res, err := sv.Check(context.Background())
			require.NoError(t, err)
			require.Equal(t, smt.Unsat, res, "kept %s, which clause %v does not preserve", f, c)
		}
	}
}

// TestNeighboursKeepTheSubset checks that the neighbours of the checks'
// models drop what Houdini drops and no more: on chains like rust-horn's,
// Run keeps the candidates that a run whose models alone drop them
// keeps, an inductive subset (checked by solvers of the test's own).
func TestNeighboursKeepTheSubset(t *testing.T) {
	fewer := keepsTheSubset(t, chainSystem, houdini.WithoutNeighbours)
	require.Positive(t, fewer, "the neighbours never spared a check")
}

// keepsTheSubset runs Houdini on random systems of gen with its options
// and with off(options), requires both to keep the same candidates, an
// inductive subset (checked by solvers of the test's own), and returns
// on how many systems the first run made fewer checks.
func keepsTheSubset(t *testing.T, gen func(*rapid.T) string, off func(houdini.Options) houdini.Options) (fewer int) {
	ctx := context.Background()
	rapid.Check(t, func(t *rapid.T) {
		src := gen(t)
		s, cands := chainCands(t, src)
		keep, checks, err := houdini.Run(ctx, s, cands, houdini.Options{})
		require.NoError(t, err)
		s2, cands2 := chainCands(t, src)
		plain, plainChecks, err := houdini.Run(ctx, s2, cands2, off(houdini.Options{}))
		require.NoError(t, err)
		require.Len(t, keep, len(plain))
		for i := range keep {
			var a, b []string
			for _, f := range keep[i] {
				a = append(a, f.String())
			}
			for _, f := range plain[i] {
				b = append(b, f.String())
			}
			require.Equal(t, b, a, "predicate %d", i)
		}
		inductive(t, s, keep)
		if checks < plainChecks {
			fewer++
		}
	})
	return fewer
}

// TestClauseOrder checks that the clauses come with those of a
// predicate's suppliers first: on a chain written query first, the
// fact's clause leads and each step follows the one that feeds it.
func TestClauseOrder(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun a (Int) Bool)
(declare-fun b (Int) Bool)
(declare-fun c (Int) Bool)
(assert (forall ((x Int)) (=> (and (a x) (< x 0)) false)))
(assert (forall ((x Int)) (=> (b x) (a x))))
(assert (forall ((x Int)) (=> (and (b x) (< x 5)) (b (+ x 1)))))
(assert (forall ((x Int)) (=> (c x) (b x))))
(assert (forall ((x Int)) (=> (= x 0) (c x))))
(check-sat)
`
	s, _, err := chc.Read("order.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	var heads []string
	for _, ci := range houdini.ClauseOrder(s) {
		heads = append(heads, s.Clauses[ci].Head.Pred.Name())
	}
	require.Equal(t, []string{"c", "b", "b", "a"}, heads)
}
