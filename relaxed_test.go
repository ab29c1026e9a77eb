package gospacer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer"
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/stretchr/testify/require"
)

// sharedSafe and sharedUnsafe have clauses whose atoms share variables
// (x in P(x) and Q(x, y)), which SolveReader reads in the relaxed form.
const sharedSafe = `(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 3)) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 1))) (Q x y))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (Q x y) (P y)) (Q y x))))
(assert (forall ((x Int) (y Int)) (=> (and (Q x y) (P x) (> x 5)) false)))
(check-sat)
`

var sharedUnsafe = strings.Replace(sharedSafe, "(> x 5)", "(> x 2) (P y)", 1)

// TestSolveReaderRelaxed: SolveReader reads in the relaxed form and
// answers as Solve on the strict reading does, with and without
// preprocessing; the witness checks on the system it reports.
func TestSolveReaderRelaxed(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want gospacer.Answer
	}{{sharedSafe, gospacer.Sat}, {sharedUnsafe, gospacer.Unsat}} {
		for _, options := range [][]gospacer.Option{nil, {gospacer.WithoutPreprocessing()}} {
			res, err := gospacer.SolveReader(context.Background(), "t.smt2", strings.NewReader(tc.src), options...)
			require.NoError(t, err)
			require.Equal(t, tc.want, res.Answer, "%v", res.Reason)
			require.True(t, res.System.Relaxed)
			require.NoError(t, witness.CheckResult(context.Background(), res.System, res.Result))
			var w strings.Builder
			require.NoError(t, res.WriteWitness(&w))
			require.NotEmpty(t, w.String())

			strict, _, err := chc.Read("t.smt2", strings.NewReader(tc.src), res.System.St)
			require.NoError(t, err)
			sres, err := gospacer.Solve(context.Background(), strict, options...)
			require.NoError(t, err)
			require.Equal(t, res.Answer, sres.Answer)
		}
	}
}
