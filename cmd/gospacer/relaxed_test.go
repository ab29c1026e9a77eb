package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sharedScript has clauses whose atoms share variables (x in P(x) and
// Q(x, y)), which the command line reads in the relaxed clause form; the
// scope holds the query that makes it unsafe.
const sharedScript = `(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 3)) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 1))) (Q x y))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (Q x y) (P y)) (Q y x))))
(assert (forall ((x Int) (y Int)) (=> (and (Q x y) (P x) (> x 5)) false)))
(check-sat)
(get-model)
(push 1)
(assert (forall ((x Int) (y Int)) (=> (and (Q x y) (P x) (> x 2) (P y)) false)))
(check-sat)
(get-proof)
(pop 1)
(check-sat)
`

// TestHornRelaxedClauses: the answers on a script whose atoms share
// variables, with the model and the proof printed and validated.
func TestHornRelaxedClauses(t *testing.T) {
	code, out, errs := runCLI(t, sharedScript, "--validate", "-")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(out, "\n")
	require.Equal(t, "sat", lines[0], out)
	require.Contains(t, out, "(define-fun Q ")
	require.Contains(t, out, "\nunsat\n(proof\n", out)
	require.Contains(t, out, ":from (", out)
	require.True(t, strings.HasSuffix(out, ")\nsat\n"), out)
	require.Equal(t, 2, strings.Count(errs, "the model was checked on the input system"), errs)
	require.Equal(t, 1, strings.Count(errs, "the derivation of false was replayed on the input system"), errs)
}
