package spacer

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestSplitDatatypeEqs: the rewritten obligation is the same set of
// states as the one MBP gave (each direction of the equivalence is unsat
// when negated), and the constructor equalities are gone.
func TestSplitDatatypeEqs(t *testing.T) {
	src := `(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-const l Lst) (declare-const m Lst) (declare-const z Int) (declare-const y Int)
(assert (= l (cons 0 (cons (- 1) nil))))
(assert (not (= z (- 1))))
(assert (<= (+ y (* (- 1) z)) 0))
(assert (= (cons y m) l))
(assert (= m nil))
`
	st := term.NewStore()
	script, err := smtlib.Parse("cube.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	var cube []*term.Term
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			cube = append(cube, c.Term)
		}
	}
	e := &engine{st: st}
	split, err := e.splitDatatypeEqs(cube)
	require.NoError(t, err)
	for _, l := range split {
		require.False(t, l.Op() == term.OpEq && (l.Arg(0).Op() == term.OpCons || l.Arg(1).Op() == term.OpCons), term.Sprint(l))
	}
	var printed []string
	for _, l := range split {
		printed = append(printed, term.Sprint(l))
	}
	// the value -1 of z's disequality is the field it came from
	require.Contains(t, printed, "(not (= z (hd (tl l))))")
	a, b := st.And(cube...), st.And(split...)
	for _, f := range []*term.Term{st.And(a, st.Not(b)), st.And(b, st.Not(a))} {
		sv := smt.New(st, smt.Options{})
		require.NoError(t, sv.Assert(f))
		r, err := sv.Check(context.Background())
		require.NoError(t, err)
		require.Equal(t, smt.Unsat, r, term.Sprint(f))
	}
}
