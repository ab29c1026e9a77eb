package smt

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestLIABranchWalk: a formula of script's TestGetProjectionProp family
// (div, mod, abs over two Int constants) that is satisfiable at once, but
// on which branch and bound walked to infinity (17,000 branches on three
// quotient variables in 3 s, ever more atoms for lra.Propagate to scan)
// when lra stopped maintaining the rows of unbounded integer slacks and
// the pivots, hence the vertices, changed. lra.KeepRow keeps those rows.
func TestLIABranchWalk(t *testing.T) {
	const src = `(declare-fun b0 () Bool)(declare-fun b1 () Bool)(declare-fun x0 () Int)(declare-fun x1 () Int)
(assert (distinct (ite (not (=> b0 (=> b1 false))) (ite (>= (- (- 2) x0) (+ (- 1) (- 3) x0)) 2 (abs (div 3 3))) (mod (+ (abs (- 2)) (+ (- 1) x1) (+ (- 1) (- 2) x1)) (- 3))) (* (- 2) (* (- 2) (mod (+ x1 x1) (- 3)))) (+ (- (ite (not b1) (* (- 3) (- 2)) (* 2 0)) (- (abs x1) (ite b0 3 x0))) (mod (+ (- 3) (+ x0 (- 2) x0)) (- 2)))))`
	st := term.NewStore()
	script, err := smtlib.Parse("walk.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	s := New(st, Options{})
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			require.NoError(t, s.Assert(c.Term))
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := s.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, Sat, r) // the model is checked against the assertion
	require.Less(t, s.Stats().Branches, uint64(1000))
}
