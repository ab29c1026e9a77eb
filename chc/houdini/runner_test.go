package houdini_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// counters is a loop whose candidates take several checks to settle:
// x and y grow together, y = 2x and x <= n are invariant, x = 0 and
// y <= x are not.
const counters = `(set-logic HORN)
(declare-fun inv (Int Int Int) Bool)
(declare-fun aux (Int Int) Bool)
(assert (forall ((x Int) (y Int) (n Int)) (=> (and (= x 0) (= y 0) (>= n 0)) (inv x y n))))
(assert (forall ((x Int) (y Int) (n Int)) (=> (and (inv x y n) (< x n)) (inv (+ x 1) (+ y 2) n))))
(assert (forall ((x Int) (y Int) (n Int)) (=> (and (inv x y n) (>= x n)) (aux x y))))
(assert (forall ((x Int) (y Int)) (=> (and (aux x y) (> y (* 2 x))) false)))
(check-sat)
`

func counterCands(t require.TestingT) (*chc.System, [][]*term.Term) {
	s, _, err := chc.Read("counters.smt2", strings.NewReader(counters), term.NewStore())
	require.NoError(t, err)
	pool := houdini.NewPool(s)
	pool.FactCandidates(s, nil)
	pool.ParamCandidates(s)
	pool.QueryCandidates(s, nil)
	pool.Propagate(s, nil)
	return s, pool.Cands
}

// TestRunnerResumes checks that a Runner stopped by its budget any
// number of times, and resumed, makes the very checks of one whole run
// and keeps the same candidates.
func TestRunnerResumes(t *testing.T) {
	ctx := context.Background()
	s0, c0 := counterCands(t)
	whole, checks, err := houdini.Run(ctx, s0, c0, houdini.Options{})
	require.NoError(t, err)
	require.Greater(t, checks, 4, "the system must take more checks than a budget")
	kept := 0
	for _, k := range whole {
		kept += len(k)
	}
	require.Positive(t, kept)
	require.Less(t, kept, len(c0[0])+len(c0[1]), "some candidate must be dropped")
	rapid.Check(t, func(t *rapid.T) {
		s, cands := counterCands(t)
		r := houdini.NewRunner(s, cands, houdini.Options{})
		var keep [][]*term.Term
		stops := 0
		for {
			budget := rapid.IntRange(1, 4).Draw(t, "budget")
			before := r.Checks()
			k, err := r.Run(ctx, budget)
			require.LessOrEqual(t, r.Checks()-before, budget)
			if errors.Is(err, houdini.ErrBudget) {
				require.Equal(t, before+budget, r.Checks())
				stops++
				continue
			}
			require.NoError(t, err)
			keep = k
			break
		}
		require.Positive(t, stops)
		require.Equal(t, checks, r.Checks())
		require.Len(t, keep, len(whole))
		for i := range whole {
			require.Equal(t, len(whole[i]), len(keep[i]))
			for j := range whole[i] {
				require.Equal(t, whole[i][j].String(), keep[i][j].String())
			}
		}
		again, err := r.Run(ctx, 1)
		require.NoError(t, err)
		require.Equal(t, keep, again)
	})
}

// TestRunnerRefute checks Runner.Refute: reachable states of counters
// (x ≤ n steps of the loop), given between tries, drop candidates
// without changing the subset a whole run keeps (an invariant holds of
// every reachable state); any state at all leaves a subset of it.
func TestRunnerRefute(t *testing.T) {
	ctx := context.Background()
	s0, c0 := counterCands(t)
	whole, _, err := houdini.Run(ctx, s0, c0, houdini.Options{})
	require.NoError(t, err)
	keys := func(keep [][]*term.Term) []map[string]bool {
		out := make([]map[string]bool, len(keep))
		for i, k := range keep {
			out[i] = map[string]bool{}
			for _, f := range k {
				out[i][f.String()] = true
			}
		}
		return out
	}
	want := keys(whole)
	rapid.Check(t, func(t *rapid.T) {
		s, cands := counterCands(t)
		st := s.St
		reachable := rapid.Bool().Draw(t, "reachable")
		r := houdini.NewRunner(s, cands, houdini.Options{})
		dropped := 0
		var keep [][]*term.Term
		for {
			for range rapid.IntRange(0, 3).Draw(t, "states") {
				p := s.Preds[rapid.IntRange(0, len(s.Preds)-1).Draw(t, "pred")]
				m := term.NewModel(st)
				n := rapid.IntRange(0, 10).Draw(t, "n")
				x := rapid.IntRange(0, n).Draw(t, "x")
				vals := []int64{int64(x), int64(2 * x), int64(n)}
				if p.Arity() == 2 {
					vals = []int64{int64(n), int64(2 * n)}
				}
				if !reachable {
					for i := range vals {
						vals[i] = int64(rapid.IntRange(-5, 5).Draw(t, "v"))
					}
				}
				for i, x := range p.Params {
					m.Set(x, st.Int(vals[i]))
				}
				dropped += r.Refute(p.ID, m)
			}
			k, err := r.Run(ctx, rapid.IntRange(1, 4).Draw(t, "budget"))
			if errors.Is(err, houdini.ErrBudget) {
				continue
			}
			require.NoError(t, err)
			keep = k
			break
		}
		got := keys(keep)
		for i := range got {
			for f := range got[i] {
				require.True(t, want[i][f], "kept %s, which a whole run drops", f)
			}
			if reachable {
				require.Equal(t, len(want[i]), len(got[i]), "a reachable state dropped an invariant")
			}
		}
	})
}
