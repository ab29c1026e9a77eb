package passes_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestSplitLocations checks SplitLocations, alone and in the default
// pipeline, on random control-flow graphs over bit-vectors: the answer
// (by brute force) is preserved, the brute-force witness of the new
// system translated back is valid on the original, and the location
// predicate is split when every clause fixes the location.
func TestSplitLocations(t *testing.T) {
	ctx := context.Background()
	for _, p := range []passes.Pass{passes.SplitLocations{}, pipeline{}} {
		t.Run(p.Name(), func(t *testing.T) {
			fuzz.Check(t, 300, func(t *rapid.T) {
				src, fixed := fuzz.BitVecCFGScript(t)
				t.Logf("system:\n%s", src)
				st := term.NewStore()
				s, _, err := chc.Read("cfg.smt2", strings.NewReader(src), st)
				require.NoError(t, err)
				// the reader's clauses are normalised; the pass wants
				// the constraint's x = c as conjuncts, as Simplify leaves them
				before := s.String()
				r0 := brute(t, s)
				out, tr, err := p.Apply(ctx, s)
				require.NoError(t, err)
				require.Equal(t, before, s.String(), "the pass changed its input")
				wellFormed(t, out)
				if _, alone := p.(passes.SplitLocations); alone && fixed {
					for _, q := range out.Preds {
						require.NotEqual(t, "P", q.Name(), "P not split:\n%s", out)
					}
				}
				r1 := brute(t, out)
				require.Equal(t, r0.Answer, r1.Answer, "answer changed:\n%s", out)
				translatedWitness(t, s, tr, r1)
			})
		})
	}
}

// TestSplitLocationsNoBitVec checks that a system without bit-vectors
// comes back as it is, though its location argument qualifies.
func TestSplitLocationsNoBitVec(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun P (Int Int) Bool)
(assert (forall ((p Int) (x Int)) (=> (and (= p 0) (= x 0)) (P p x))))
(assert (forall ((p Int) (x Int) (q Int) (y Int)) (=> (and (P p x) (= p 0) (= q 1) (= y (+ x 1))) (P q y))))
(assert (forall ((p Int) (x Int)) (=> (and (P p x) (= p 1) (> x 5)) false)))`
	s, _, err := chc.Read("t.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	out, _, err := passes.SplitLocations{}.Apply(context.Background(), s)
	require.NoError(t, err)
	require.Same(t, s, out)
}
