package spacer

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestClauseCopies: variables copied into each other are merged into
// one unless an atom would get it twice; copies leave the constraint and
// the rest of it reads the merged variable; a head argument merges into
// a body argument or a local.
func TestClauseCopies(t *testing.T) {
	for _, tc := range []struct {
		name, clause string
		args         string // the clause solver's head and body arguments
		cons         string // its constraint
	}{
		{"copies", "(=> (and (Q a b) (= x a) (= (- y b) 0) (>= x 0)) (P x y z))", "a b z | a b", "(>= a 0)"},
		{"reversed", "(=> (and (Q a b) (= a x) (= y b)) (P x y z))", "a b z | a b", "true"},
		{"one-per-atom", "(=> (and (Q a b) (= x a) (= y a)) (P x y z))", "a y z | a b", "(= y a)"},
		{"offset", "(=> (and (Q a b) (= x (+ a 1)) (= y b)) (P x y z))", "x b z | a b", "(= x (+ a 1))"},
		{"head-to-head", "(=> (and (Q a b) (= x y) (= z a)) (P x y z))", "x y a | a b", "(= x y)"},
		{"same-atom", "(=> (and (Q a b) (= a b)) (P x y z))", "x y z | a b", "(= a b)"},
		{"free-var", "(=> (and (Q a b) (= x c) (> c b)) (P x y z))", "c y z | a b", "(> c b)"},
		{"implied", "(=> (and (Q a b) (= x a) (= y b) (= z c) (= c x) (= a z)) (P x y z))", "a b c | a b", "(and (= c a) (= a c))"},
		{"join", "(=> (and (Q a b) (Q c d) (= b c) (= x a) (= y d)) (P x y z))", "a d z | a c | c d", "true"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `(set-logic HORN)
(declare-fun P (Int Int Int) Bool)
(declare-fun Q (Int Int) Bool)
(assert (forall ((a Int) (b Int) (c Int) (d Int) (x Int) (y Int) (z Int)) ` + tc.clause + `))`
			st := term.NewStore()
			sys, _, err := chc.Read("t.smt2", strings.NewReader(src), st)
			require.NoError(t, err)
			require.Len(t, sys.Clauses, 1)
			c := sys.Clauses[0]
			cons, hargs, bargs, gone, _ := clauseCopies(st, c)
			local := regexp.MustCompile(`!\d+`) // the clause's own copies of the names
			var names []string
			for i, as := range append([][]*term.Term{hargs}, bargs...) {
				if i > 0 {
					names = append(names, "|")
				}
				for _, a := range as {
					names = append(names, local.ReplaceAllString(term.Sprint(a), ""))
				}
			}
			require.Equal(t, tc.args, strings.Join(names, " "))
			require.Equal(t, tc.cons, local.ReplaceAllString(term.Sprint(cons), ""))
			for _, g := range gone {
				require.NotContains(t, hargs, g)
				for _, as := range bargs {
					require.NotContains(t, as, g)
				}
				require.NotContains(t, term.Sprint(cons), term.Sprint(g))
			}
		})
	}
}

// TestClauseCopiesQuery: a query's body arguments merge too.
func TestClauseCopiesQuery(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun Q (Int Int) Bool)
(assert (forall ((a Int) (b Int) (c Int) (d Int)) (=> (and (Q a b) (Q c d) (= b c)) false)))`
	st := term.NewStore()
	sys, _, err := chc.Read("t.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	cons, hargs, bargs, gone, _ := clauseCopies(st, sys.Clauses[0])
	require.True(t, cons.IsTrue())
	require.Nil(t, hargs)
	require.Len(t, gone, 1)
	require.Len(t, bargs, 2)
	require.Equal(t, bargs[0][1], bargs[1][0])
}
