package itp_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestStateTransitionMcCarthy is the shape of WHALE's Example 3: the
// body of mc91 between two calls, each call under-approximated by the
// base case, against r < 91.
func TestStateTransitionMcCarthy(t *testing.T) {
	st := term.NewStore()
	v := func(name string) *term.Term { return st.Const(name, term.IntSort) }
	p, p1, p2, r := v("p"), v("p1"), v("p2"), v("r")
	n := func(k int64) *term.Term { return st.Int(k) }
	parts := []*term.Term{
		st.And(st.Le(p, n(100)), st.Eq(p1, st.Add(p, n(11)))),   // the path to the calls
		st.And(st.Gt(p1, n(100)), st.Eq(p2, st.Sub(p1, n(10)))), // first call: the base case
		st.And(st.Gt(p2, n(100)), st.Eq(r, st.Sub(p2, n(10)))),  // second call: the base case
		st.Lt(r, n(91)), // ¬summary
	}
	for _, labels := range []itp.Labels{itp.LabelsMcMillan, itp.LabelsOccurrence} {
		states, trans, err := itp.StateTransition(st, parts, labels)
		require.NoError(t, err)
		require.NoError(t, itp.CheckStateTransition(st, parts, states, trans))
		require.Len(t, states, 3)
		require.Len(t, trans, 2)
		for _, c := range term.FreeConsts(trans[0]) {
			require.Contains(t, []*term.Term{p1, p2}, c)
		}
		for _, c := range term.FreeConsts(trans[1]) {
			require.Contains(t, []*term.Term{p2, r}, c)
		}
	}
}

// TestStateTransitionLabels: the base case of Hanoi's recursion (n = 1,
// r = 1) against r < n. McMillan's labels give the base case back;
// labels by occurrence sum its constraints into n <= r, the invariant.
func TestStateTransitionLabels(t *testing.T) {
	st := term.NewStore()
	n, r, k := st.Const("n", term.IntSort), st.Const("r", term.IntSort), st.Const("k", term.IntSort)
	parts := []*term.Term{
		st.Le(st.Int(1), k),
		st.And(st.Eq(n, st.Int(1)), st.Eq(r, st.Int(1))),
		st.And(st.Lt(r, n), st.Le(k, n)),
	}
	_, trans, err := itp.StateTransition(st, parts, itp.LabelsMcMillan)
	require.NoError(t, err)
	strong := trans[0]
	_, trans, err = itp.StateTransition(st, parts, itp.LabelsOccurrence)
	require.NoError(t, err)
	require.Equal(t, "(<= (+ n (* (- 1) r)) 0)", term.Sprint(trans[0]), "McMillan's: %v", strong)
}

// TestStateTransitionSatisfiable: a model comes back with the error.
func TestStateTransitionSatisfiable(t *testing.T) {
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	parts := []*term.Term{st.Le(x, st.Int(3)), st.Eq(y, x), st.Ge(y, st.Int(2))}
	_, _, err := itp.StateTransition(st, parts, itp.LabelsOccurrence)
	require.ErrorIs(t, err, itp.ErrSatisfiable)
	var se *itp.SatisfiableError
	require.True(t, errors.As(err, &se))
	ok, err := se.Model.EvalBool(st.And(parts...))
	require.NoError(t, err)
	require.True(t, ok)
}

func TestStateTransitionProperty(t *testing.T) {
	for _, labels := range []itp.Labels{itp.LabelsMcMillan, itp.LabelsOccurrence} {
		testStateTransitionProperty(t, labels)
	}
}

func testStateTransitionProperty(t *testing.T, labels itp.Labels) {
	checkChains(t, fmt.Sprintf("state/transition sequences, labels %d", labels), 3, func(st *term.Store, parts []*term.Term) error {
		states, trans, err := itp.StateTransition(st, parts, labels)
		if err != nil {
			return err
		}
		if err := itp.CheckStateTransition(st, parts, states, trans); err != nil {
			return fmt.Errorf("states=%v trans=%v: %w", states, trans, err)
		}
		return nil
	})
}

// checkChains runs prop on drawn chains of formulas of every theory that
// are unsatisfiable: an ErrUnsupported error is counted, another fails.
func checkChains(t *testing.T, what string, lo int, prop func(st *term.Store, parts []*term.Term) error) {
	for _, mk := range allTheories {
		name := mk(lo).name
		t.Run(name, func(t *testing.T) {
			var cnt counter
			rapid.Check(t, func(t *rapid.T) {
				st := term.NewStore()
				th, parts := chainParts(t, st, mk, lo)
				if !unsatParts(t, st, th, parts) {
					cnt.add("sat")
					return
				}
				switch err := prop(st, parts); {
				case errors.Is(err, itp.ErrUnsupported):
					cnt.fail(err)
				case err != nil:
					t.Fatalf("parts=%v: %v", parts, err)
				default:
					cnt.add("ok")
				}
			})
			cnt.report(t, what+" "+name)
		})
	}
}

// chainParts draws 3 (at least lo) to 6 formulas of a chain signature of
// the theory mk makes, each a conjunction of 1 to 3 drawn formulas.
func chainParts(t *rapid.T, st *term.Store, mk func(n int) theory, lo int) (theory, []*term.Term) {
	n := rapid.IntRange(lo, 6).Draw(t, "n")
	th := mk(n)
	parts := make([]*term.Term, n)
	for i := range parts {
		var fs []*term.Term
		for k, m := 0, rapid.IntRange(1, 3).Draw(t, "m"); k < m; k++ {
			fs = append(fs, boolFormula(t, st, th, i, 2, "f"))
		}
		parts[i] = st.And(fs...)
	}
	return th, parts
}
