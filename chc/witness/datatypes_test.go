package witness

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// Datatypes: models over a list sort are decided by the smt solver, and
// chc.Write prints the datatype declarations so that its output reads back.
const listSys = `(set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun inv (Lst Int) Bool)
(assert (forall ((l Lst) (n Int)) (=> (and (= l nil) (= n 0)) (inv l n))))
(assert (forall ((l Lst) (n Int)) (=> (inv l n) (inv (cons 1 l) (+ n 1)))))
(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) ((_ is nil) l) (> n 0)) false)))
`

func TestDatatypeModels(t *testing.T) {
	st := term.NewStore()
	sys, _, err := chc.Read("list.smt2", strings.NewReader(listSys), st)
	require.NoError(t, err)
	p := sys.Preds[0]
	l, n := p.Params[0], p.Params[1]
	isNil := func(x *term.Term) *term.Term {
		c := l.Sort().Datatype().Constructors()[0]
		tt, err := st.App(c.Tester(), x)
		require.NoError(t, err)
		return tt
	}
	zero := st.Int(0)
	for _, tc := range []struct {
		name string
		body *term.Term
		ok   bool
	}{
		{"nil iff zero", st.And(st.Eq(isNil(l), st.Eq(n, zero)), st.Le(zero, n)), true},
		// n = -1 on a cons steps to n = 0 on a cons.
		{"nil iff zero, any n", st.Eq(isNil(l), st.Eq(n, zero)), false},
		{"nil implies zero", st.Or(st.Not(isNil(l)), st.Le(n, zero)), true},
		{"not inductive", st.And(st.Le(n, st.Int(3)), st.Or(st.Not(isNil(l)), st.Le(n, zero))), false},
		{"misses the fact", st.Not(isNil(l)), false},
		{"too weak", st.True(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckResult(context.Background(), sys, chc.Result{Answer: chc.Sat, Model: chc.Model{p: tc.body}})
			if tc.ok {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
			}
		})
	}
	var out bytes.Buffer
	require.NoError(t, chc.Write(&out, sys))
	require.Contains(t, out.String(), "(declare-datatypes ((Lst 0))")
	back, _, err := chc.Read("back.smt2", strings.NewReader(out.String()), term.NewStore())
	require.NoError(t, err, out.String())
	require.Len(t, back.Clauses, len(sys.Clauses))
}
