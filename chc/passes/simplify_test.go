package passes

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// parseFormula reads the assertion of a script declaring x, y (Int) and
// r (Real).
func parseFormula(t *testing.T, st *term.Store, f string) *term.Term {
	t.Helper()
	src := "(declare-fun x () Int) (declare-fun y () Int) (declare-fun r () Real) (assert " + f + ")"
	script, err := smtlib.Parse("test.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			return c.Term
		}
	}
	t.Fatal("no assertion")
	return nil
}

func TestBoundsConflict(t *testing.T) {
	for _, tc := range []struct {
		f    string
		want bool
	}{
		{"(and (> x 2) (<= x 0))", true},
		{"(and (>= x 1) (<= x 1))", false},
		{"(and (> r 1.0) (<= r 1.0))", true},
		{"(and (>= r 1.0) (<= r 1.0))", false},
		{"(and (> r 1.0) (< r 1.5))", false},
		{"(and (<= (* 2 x) 3) (>= x 2))", true},
		{"(and (<= (* 2 x) 3) (>= x 1))", false},
		{"(and (<= (- x) (- 3)) (<= x 2))", true},
		{"(and (= x 3) (< x 3))", true},
		{"(and (not (= x 3)) (<= x 3) (>= x 3))", false},
		{"(and (not (<= x 3)) (not (>= x 4)))", true},
		{"(and (<= x y) (<= y 0) (>= x 1))", false}, // needs two variables
		{"(and (<= (to_real x) 2.5) (>= (to_real x) 2.2))", true},
		// bounds of either sign, tightened, and 256-bit ones
		{"(and (>= x (- 5)) (<= x (- 6)))", true},
		{"(and (>= x (- 5)) (<= x 0) (>= x (- 2)) (<= x (- 3)))", true},
		{"(and (<= x (- 1)) (>= x 0) (<= x 5))", true},
		{"(and (>= x (- 1)) (<= x 5) (>= x (- 7)) (<= x 9))", false},
		{"(and (>= x 0) (<= x 115792089237316195423570985008687907853269984665640564039457584007913129639935))", false},
		{"(and (>= x 115792089237316195423570985008687907853269984665640564039457584007913129639935) (<= x 0))", true},
		{"(and (>= x 115792089237316195423570985008687907853269984665640564039457584007913129639935) (<= x 115792089237316195423570985008687907853269984665640564039457584007913129639934))", true},
	} {
		st := term.NewStore()
		f := parseFormula(t, st, tc.f)
		require.Equal(t, tc.want, boundsConflict(st, f), tc.f)
		g := st.Simplify(f)
		require.Equal(t, tc.want, g.IsFalse() || boundsConflict(st, g), "simplified %s", tc.f)
	}
}

// TestSimplifyConstArrays: Simplify refutes a clause whose constraint
// puts two constant arrays of distinct values in one class, and
// unionSimple reads x = ((as const) v) as a definition by a value at once
// (a contradiction in one call, a value for the class).
func TestSimplifyConstArrays(t *testing.T) {
	const src = `(set-logic HORN)
(declare-fun P ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (c (Array Int Int)) (i Int))
  (=> (and (= a ((as const (Array Int Int)) 0)) (= b a) (= c b) (= c ((as const (Array Int Int)) 1))) (P a i))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (i Int))
  (=> (and (= b ((as const (Array Int Int)) 0)) (= a b) (= i (select b 3))) (P a i))))
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (P a i) (not (= i 0))) false)))
`
	s, _, err := chc.Read("t.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	out, _, err := Simplify{}.Apply(context.Background(), s)
	require.NoError(t, err)
	require.Len(t, out.Clauses, 2, "the refuted fact is removed:\n%s", out)

	st := s.St
	yes := func(*term.Term) bool { return true }
	refuted := st.Simplify(s.Clauses[0].Constraint)
	_, _, _, ok := unionSimple(st, term.Conjuncts(nil, refuted), yes, yes, func(x, t *term.Term) {}, false)
	require.False(t, ok, "unionSimple misses the contradiction of %v", refuted)
	var defs []*term.Term
	zeroed := st.Simplify(s.Clauses[1].Constraint)
	_, _, _, ok = unionSimple(st, term.Conjuncts(nil, zeroed), yes, yes, func(x, t *term.Term) { defs = append(defs, t) }, false)
	require.True(t, ok)
	require.NotEmpty(t, defs)
	for _, d := range defs {
		require.Equal(t, term.OpConstArray, d.Op(), "a variable of %v defined as %v, not the zeroed array", zeroed, d)
	}
}
