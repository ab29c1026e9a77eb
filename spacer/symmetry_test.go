package spacer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestPermutation reads the permutation off clauses P(h) <- P(b) that
// only copy arguments, and refuses clauses that do more (an offset, a
// repeated source, the identity) or relate arguments of other sorts.
func TestPermutation(t *testing.T) {
	for _, tc := range []struct {
		name, clause string
		want         []int // images by parameter index, nil: no permutation
	}{
		{"swap", "(=> (and (P a b c) (= x b) (= y a) (= z c)) (P x y z))", []int{1, 0, 2}},
		{"rotate", "(=> (and (P a b c) (= x b) (= y c) (= z a)) (P x y z))", []int{1, 2, 0}},
		{"linear-form", "(=> (and (P a b c) (= (- x b) 0) (= y a) (= z c)) (P x y z))", []int{1, 0, 2}},
		{"identity", "(=> (and (P a b c) (= x a) (= y b) (= z c)) (P x y z))", nil},
		{"offset", "(=> (and (P a b c) (= x (+ b 1)) (= y a) (= z c)) (P x y z))", nil},
		{"repeated", "(=> (and (P a b c) (= x b) (= y b) (= z c)) (P x y z))", nil},
		{"missing", "(=> (and (P a b c) (= x b) (= y a)) (P x y z))", nil},
		{"guarded", "(=> (and (P a b c) (= x b) (= y a) (= z c) (> a 0)) (P x y z))", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `(set-logic HORN)
(declare-fun P (Int Int Int) Bool)
(assert (forall ((a Int) (b Int) (c Int) (x Int) (y Int) (z Int)) ` + tc.clause + `))`
			st := term.NewStore()
			sys, _, err := chc.Read("t.smt2", strings.NewReader(src), st)
			require.NoError(t, err)
			require.Len(t, sys.Clauses, 1)
			p := sys.Preds[0]
			img := permutation(st, sys.Clauses[0], p.Params)
			if tc.want == nil {
				require.Nil(t, img)
				return
			}
			want := make([]*term.Term, len(tc.want))
			for i, j := range tc.want {
				want[i] = p.Params[j]
			}
			require.Equal(t, want, img)
		})
	}
}

// TestPermutationArrays: an array argument copied across is part of a
// permutation; no arithmetic is asked of it.
func TestPermutationArrays(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun P ((Array Int Int) (Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (c Int) (x (Array Int Int)) (y (Array Int Int)) (z Int))
  (=> (and (P a b c) (= x b) (= y a) (= z c)) (P x y z))))`
	st := term.NewStore()
	sys, _, err := chc.Read("t.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	p := sys.Preds[0]
	require.Equal(t, []*term.Term{p.Params[1], p.Params[0], p.Params[2]}, permutation(st, sys.Clauses[0], p.Params))
}

// TestSymmetricLemmas: two threads' counters swapped by a clause; the
// lemma bounding one is learned for the other too, and the system is
// solved with the generalizer on and off.
func TestSymmetricLemmas(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (< x 10)) (inv (+ x 1) y))))
(assert (forall ((x Int) (y Int)) (=> (inv x y) (inv y x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (or (> x 10) (> y 10))) false)))
(check-sat)`
	for _, o := range []Options{{NoHoudini: true}, {NoHoudini: true, NoSymmetry: true}} {
		res := solveText(t, src, optionSet{Options: o})
		require.Equal(t, chc.Sat, res.Answer, "%+v: %v", o, res.Reason)
		got := 0
		for _, s := range res.Stats {
			if s.Name == "spacer.symmetric-lemmas" {
				got = s.Value.(int)
			}
		}
		if o.NoSymmetry {
			require.Zero(t, got)
		} else {
			require.Positive(t, got, "no symmetric lemma learned")
		}
	}
}
