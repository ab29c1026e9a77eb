package fuzz_test

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestPropHoudini checks houdini.Run on random bounded systems and the
// candidates houdini.Pool reads off them: every kept candidate
// holds of every derivable fact (brute force); the kept candidates, as a
// model of the system without its queries, pass witness.CheckModel; and the
// result is the largest inductive subset: the same from the candidates in
// reverse order, and from the kept ones plus any one dropped.
func TestPropHoudini(t *testing.T) {
	ctx := context.Background()
	kept, dropped := 0, 0
	fuzz.Check(t, 100, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystem(st, 0, 2).Draw(t, "system")
		pool := houdini.NewPool(s)
		pool.FactCandidates(s, nil)
		pool.ParamCandidates(s)
		pool.QueryCandidates(s, nil)
		pool.Propagate(s, nil)
		keep, _, err := houdini.Run(ctx, s, pool.Cands, houdini.Options{})
		require.NoError(t, err)

		for i, k := range keep {
			kept += len(k)
			dropped += len(pool.Cands[i]) - len(k)
		}
		brute, err := fuzz.BruteCHC(s, 0, 2)
		require.NoError(t, err)
		model := chc.Model{}
		for _, p := range s.Preds {
			for _, f := range keep[p.ID] {
				for _, tuple := range brute.Tuples[p] {
					m := term.NewModel(st)
					for i, x := range p.Params {
						m.Set(x, tuple[i])
					}
					v, err := m.EvalBool(f)
					require.NoError(t, err)
					require.True(t, v, "kept %s of %s is false of the derivable %v", f, p.Name(), tuple)
				}
			}
			model[p] = st.And(keep[p.ID]...)
		}
		noQueries := &chc.System{St: st, Preds: s.Preds}
		for _, c := range s.Clauses {
			if c.Head != nil {
				noQueries.Clauses = append(noQueries.Clauses, c)
			}
		}
		require.NoError(t, witness.CheckModel(ctx, noQueries, model), "the kept candidates are not inductive")

		same := func(a, b [][]*term.Term) {
			for _, p := range s.Preds {
				require.ElementsMatch(t, a[p.ID], b[p.ID], "kept candidates of %s", p.Name())
			}
		}
		rev := make([][]*term.Term, len(s.Preds))
		for i, cs := range pool.Cands {
			for j := len(cs) - 1; j >= 0; j-- {
				rev[i] = append(rev[i], cs[j])
			}
		}
		again, _, err := houdini.Run(ctx, s, rev, houdini.Options{})
		require.NoError(t, err)
		same(keep, again)
		for _, p := range s.Preds {
			kept := map[*term.Term]bool{}
			for _, f := range keep[p.ID] {
				kept[f] = true
			}
			for _, f := range pool.Cands[p.ID] {
				if kept[f] {
					continue
				}
				plus := make([][]*term.Term, len(s.Preds))
				copy(plus, keep)
				plus[p.ID] = append(append([]*term.Term(nil), keep[p.ID]...), f)
				again, _, err := houdini.Run(ctx, s, plus, houdini.Options{})
				require.NoError(t, err)
				same(keep, again)
				break // one dropped candidate per predicate keeps the test short
			}
		}
	})
	// The draws exercise both outcomes.
	require.Positive(t, kept, "no candidate kept in any system")
	require.Positive(t, dropped, "no candidate dropped in any system")
	t.Logf("candidates kept %d, dropped %d", kept, dropped)
}
