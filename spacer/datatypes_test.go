package spacer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/spacer"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// Datatypes: a list grows by one cell per step while n counts the cells.
const listHead = `(set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun inv (Lst Int) Bool)
(assert (forall ((l Lst) (n Int)) (=> (and (= l nil) (= n 0)) (inv l n))))
`

// TestDatatypeListSolve runs Spacer through pipeline.Solve on list systems
// and checks every answer's witness on the input system.
func TestDatatypeListSolve(t *testing.T) {
	for _, tc := range []struct {
		name, clauses string
		want          chc.Answer
	}{
		// nil only at n = 0: the invariant needs the tester.
		{"tester", `(assert (forall ((l Lst) (n Int)) (=> (inv l n) (inv (cons 1 l) (+ n 1)))))
(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) ((_ is nil) l) (> n 0)) false)))`, chc.Sat},
		// the head is the count before the step.
		{"head", `(assert (forall ((l Lst) (n Int)) (=> (inv l n) (inv (cons n l) (+ n 1)))))
(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) ((_ is cons) l) (not (= (hd l) (- n 1)))) false)))`, chc.Sat},
		// after three steps the second cell holds 1.
		{"reach", `(assert (forall ((l Lst) (n Int)) (=> (inv l n) (inv (cons n l) (+ n 1)))))
(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) (= n 3) (= (hd (tl l)) 1)) false)))`, chc.Unsat},
		// a selector applied to nil is some list: a cons cell of nil is reachable.
		{"cell", `(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) (< n 2)) (inv (cons n l) (+ n 1)))))
(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) (= l (cons 1 (cons 0 nil)))) false)))`, chc.Unsat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys, _, err := chc.Read("list.smt2", strings.NewReader(listHead+tc.clauses), term.NewStore())
			require.NoError(t, err)
			res := pipeline.Solve(context.Background(), sys, spacer.New(spacer.Options{}), chc.Options{})
			require.Equal(t, tc.want, res.Answer, "%v", res.Reason)
			require.NoError(t, witness.CheckResult(context.Background(), sys, res))
		})
	}
}
