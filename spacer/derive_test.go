package spacer

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestDeriveInClause: a counterexample's derivation comes from the clause
// solvers (deriveInClause), whose variables are the clause's copies merged
// and renamed to the params (clauseCopies, toParams): no clause gets a
// solver of its own for derivations, and the derivation, its values read
// back through clauseSolver.image, checks on the input system.
func TestDeriveInClause(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun p (Int Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 5)) (p x y))))
(assert (forall ((z Int)) (=> (= z 3) (q z))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int) (z Int))
  (=> (and (p x y) (q z) (= x1 (+ x z)) (= y1 y)) (p x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (>= x 9) (= y 5)) false)))
(check-sat)`
	st := term.NewStore()
	sys, _, err := chc.Read("t.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	e := newEngine(context.Background(), Options{NoHoudini: true}, sys)
	res := e.run(nil)
	require.Equal(t, chc.Unsat, res.Answer, "%v", res.Reason)
	require.NoError(t, witness.CheckDerivation(context.Background(), sys, res.Derivation))
	for _, cs := range e.clauses {
		require.Nil(t, cs.dsv, "clause %d derived in a solver of its own", cs.idx)
		require.Len(t, cs.image, len(cs.c.Vars))
	}
	// the step clause: y1 = y merged, the head and the first body
	// position over the params
	step := e.clauses[2]
	require.Equal(t, e.preds[0].params, step.hargs)
	require.Equal(t, e.preds[1].params, step.bargs[1])
}
