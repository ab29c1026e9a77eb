package itp_test

import (
	"errors"
	"testing"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestCoreSpacer is the example of CHC-NOTES §2: the clause x' = x + 1,
// y' = y + 1 under the lemma x <= y blocks the pob x' = 5 ∧ y' = 3 with
// a lemma over the shared x', y' more general than the pob.
func TestCoreSpacer(t *testing.T) {
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	x1, y1 := st.Const("x'", term.IntSort), st.Const("y'", term.IntSort)
	A := []*term.Term{
		st.Eq(x1, st.Add(x, st.Int(1))),
		st.Eq(y1, st.Add(y, st.Int(1))),
		st.Le(x, y),
	}
	B := []*term.Term{st.Eq(x1, st.Int(5)), st.Eq(y1, st.Int(3))}
	core, err := itp.Core(st, A, B)
	require.NoError(t, err)
	require.Len(t, core, 1)
	require.Equal(t, "(<= (+ |x'| (* (- 1) |y'|)) 0)", core[0].String())
}

func TestCoreDisjunctive(t *testing.T) {
	st := term.NewStore()
	x, y, z := st.Const("x", term.RealSort), st.Const("y", term.RealSort), st.Const("z", term.RealSort)
	r := func(n int64) *term.Term { return st.Real(num.NewRat(n, 1)) }
	p := st.Const("p", term.BoolSort)
	// A: (p ∨ x <= 0) ∧ (¬p ∨ x <= 1) ∧ y = x: A ⇒ y <= 1 but no single branch.
	A := []*term.Term{st.Or(p, st.Le(x, r(0))), st.Or(st.Not(p), st.Le(x, r(1))), st.Eq(y, x)}
	B := []*term.Term{st.Ge(y, r(2)), st.Le(z, r(0))}
	core, err := itp.Core(st, A, B)
	require.NoError(t, err)
	require.NoError(t, itp.Check(st, st.And(A...), st.And(B...), st.And(core...)))
	_, err = itp.Core(st, A, []*term.Term{st.Ge(y, r(0))})
	require.ErrorIs(t, err, itp.ErrSatisfiable)
	core, err = itp.Core(st, []*term.Term{st.Le(x, r(0)), st.Gt(x, r(0))}, B)
	require.NoError(t, err)
	require.Equal(t, []*term.Term{st.False()}, core)
}

// TestCoreProperty: A is a random Boolean combination of linear literals
// over A-local and shared constants, B a conjunction over B-local and
// shared ones. Every core returned must pass Check; the cases without a
// conjunctive core (ErrUnsupported) are counted.
func TestCoreProperty(t *testing.T) {
	for _, sort := range []*term.Sort{term.RealSort, term.IntSort} {
		t.Run(sort.String(), func(t *testing.T) {
			var cnt counter
			rapid.Check(t, func(t *rapid.T) {
				st := term.NewStore()
				v := newVocab(st, sort, 2)
				av, bv := append(append([]*term.Term{}, v.a...), v.s...), append(append([]*term.Term{}, v.b...), v.s...)
				var A, B []*term.Term
				for i, n := 0, rapid.IntRange(2, 6).Draw(t, "nA"); i < n; i++ {
					l := linLit(t, st, av, "a")
					if rapid.IntRange(0, 3).Draw(t, "or") == 0 {
						l = st.Or(l, linLit(t, st, av, "a"))
					}
					A = append(A, l)
				}
				for i, n := 0, rapid.IntRange(2, 6).Draw(t, "nB"); i < n; i++ {
					B = append(B, linLit(t, st, bv, "b"))
				}
				if !isUnsat(t, st, append(append([]*term.Term{}, A...), B...)...) {
					cnt.add("sat")
					return
				}
				core, err := itp.Core(st, A, B)
				if err != nil {
					if !errors.Is(err, itp.ErrUnsupported) {
						t.Fatalf("A=%v B=%v: %v", A, B, err)
					}
					cnt.fail(err)
					return
				}
				if err := itp.Check(st, st.And(A...), st.And(B...), st.And(core...)); err != nil {
					t.Fatalf("A=%v B=%v core=%v: %v", A, B, core, err)
				}
				cnt.add("ok")
			})
			cnt.report(t, "core "+sort.String())
		})
	}
}
