package catamorphism_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	_ "github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/engines/catamorphism"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func read(t *testing.T, src string) *chc.System {
	t.Helper()
	s, _, err := chc.Read("test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return s
}

// Peano addition is commutative: plus(x, y, z) holds when z = x + y; the
// query asks for plus(x, y, z), plus(y, x, w) with z ≠ w (diseq defined by
// clauses, as in TIP's files). Its models need a Peano number's value.
const plusComm = `(set-logic HORN)
(declare-datatypes ((Nat 0)) (((Z) (S (p Nat)))))
(declare-fun diseq (Nat Nat) Bool)
(declare-fun plus (Nat Nat Nat) Bool)
(assert (forall ((x Nat)) (diseq Z (S x))))
(assert (forall ((x Nat)) (diseq (S x) Z)))
(assert (forall ((x Nat) (y Nat)) (=> (diseq x y) (diseq (S x) (S y)))))
(assert (forall ((y Nat)) (plus Z y y)))
(assert (forall ((x Nat) (y Nat) (z Nat)) (=> (plus x y z) (plus (S x) y (S z)))))
(assert (forall ((x Nat) (y Nat) (z Nat) (w Nat)) (=> (and (plus x y z) (plus y x w) (diseq z w)) false)))
`

// The length of an appended list is the sum of the lengths (the lengths
// of lists of Peano numbers).
const appendLen = `(set-logic HORN)
(declare-datatypes ((Nat 0)) (((Z) (S (p Nat)))))
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Nat) (tl Lst)))))
(declare-fun len (Lst Nat) Bool)
(declare-fun app (Lst Lst Lst) Bool)
(assert (len nil Z))
(assert (forall ((h Nat) (l Lst) (n Nat)) (=> (len l n) (len (cons h l) (S n)))))
(assert (forall ((y Lst)) (app nil y y)))
(assert (forall ((h Nat) (x Lst) (y Lst) (z Lst)) (=> (app x y z) (app (cons h x) y (cons h z)))))
(assert (forall ((x Lst) (y Lst) (z Lst) (a Nat) (b Nat)) (=> (and (app x y z) (len x a) (len z b) ((_ is Z) b) ((_ is S) a)) false)))
`

// The sum of the elements of a list of Ints, kept by a loop that pushes
// and adds: level 1 (sizes) is too coarse, level 2 (sums) proves it.
const pushSum = `(set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun inv (Lst Int) Bool)
(assert (inv nil 0))
(assert (forall ((l Lst) (s Int) (h Int)) (=> (inv l s) (inv (cons h l) (+ s h)))))
(assert (forall ((l Lst) (s Int)) (=> (and (inv l s) ((_ is nil) l) (distinct s 0)) false)))
(assert (forall ((l Lst) (s Int) (h Int) (t Lst)) (=> (and (inv l s) (= l (cons h t)) (inv t (- s h 1))) false)))
`

func solve(t *testing.T, src string) (chc.Result, *chc.System) {
	t.Helper()
	s := read(t, src)
	e, err := catamorphism.New(chc.Options{}, catamorphism.DefaultInner)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return e.Solve(ctx, s), s
}

// The engine answers sat on systems whose models need folds, and the
// models it gives apply them and pass the checker on the input.
func TestSolvesWithFolds(t *testing.T) {
	for _, tc := range []struct {
		name, src, fold string
	}{
		{"plus-comm", plusComm, "size_Nat"},
		{"append-len", appendLen, "size_Lst"},
		{"push-sum", pushSum, "sum_Lst"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, s := solve(t, tc.src)
			require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
			require.NoError(t, witness.CheckModel(context.Background(), s, res.Model))
			var b bytes.Buffer
			require.NoError(t, chc.WriteModel(&b, s, res.Model))
			require.Contains(t, b.String(), "(define-fun-rec "+tc.fold)
		})
	}
}

// An unsat system: the abstraction has a counterexample too, which is
// never an answer; the engine says unknown.
func TestNeverUnsat(t *testing.T) {
	res, _ := solve(t, strings.Replace(plusComm, "(diseq z w)", "(= z w)", 1))
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrIncomplete)
}

// A property the folds cannot say (that two lists differ, defined by
// clauses over their elements): unknown, not a wrong sat.
func TestTooCoarse(t *testing.T) {
	const src = `(set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun diseq (Lst Lst) Bool)
(declare-fun rev1 (Lst Lst) Bool)
(assert (forall ((h Int) (t Lst)) (diseq nil (cons h t))))
(assert (forall ((h Int) (t Lst)) (diseq (cons h t) nil)))
(assert (forall ((a Int) (b Int) (s Lst) (t Lst)) (=> (distinct a b) (diseq (cons a s) (cons b t)))))
(assert (forall ((a Int) (b Int) (s Lst) (t Lst)) (=> (diseq s t) (diseq (cons a s) (cons b t)))))
(assert (forall ((l Lst)) (rev1 l l)))
(assert (forall ((l Lst) (m Lst)) (=> (and (rev1 l m) (diseq l m)) false)))
`
	res, _ := solve(t, src)
	require.Equal(t, chc.Unknown, res.Answer)
}

// Through the pipeline (preprocessing, the model translated back and
// checked on the input), as the command line runs it.
func TestPipeline(t *testing.T) {
	s := read(t, appendLen)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e, err := chc.NewEngine("catamorphism", chc.Options{})
	require.NoError(t, err)
	res := pipeline.Solve(ctx, s, e, chc.Options{})
	require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
}

func TestBadMembers(t *testing.T) {
	for _, m := range []string{"nosuch", "spacer:2", "catamorphism", "portfolio", ""} {
		_, err := catamorphism.New(chc.Options{}, m)
		require.Error(t, err, m)
	}
}

// Random folds defined by clauses, f(nil) = c0 and f(cons h t) = f(t) +
// a·h + b, and the query f(l) < k: the system is sat exactly when f is
// bounded below by k, that is a = 0, b ≥ 0 and c0 ≥ k (else a list of
// one element, or of enough, reaches below k). The engine never answers
// sat on the others, and answers sat on these, whose invariant its
// level-1 abstraction can say.
func TestRandomFolds(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		a := rapid.IntRange(-1, 1).Draw(rt, "a")
		b := rapid.IntRange(-2, 2).Draw(rt, "b")
		c0 := rapid.IntRange(-2, 2).Draw(rt, "c0")
		k := rapid.IntRange(-2, 2).Draw(rt, "k")
		lit := func(v int) string {
			if v < 0 {
				return fmt.Sprintf("(- %d)", -v)
			}
			return fmt.Sprint(v)
		}
		src := fmt.Sprintf(`(set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun f (Lst Int) Bool)
(assert (forall ((n Int)) (=> (= n %s) (f nil n))))
(assert (forall ((h Int) (t Lst) (n Int)) (=> (f t n) (f (cons h t) (+ n (* %s h) %s)))))
(assert (forall ((l Lst) (n Int)) (=> (and (f l n) (< n %s)) false)))
`, lit(c0), lit(a), lit(b), lit(k))
		s, _, err := chc.Read("fold.smt2", strings.NewReader(src), term.NewStore())
		require.NoError(rt, err)
		e, err := chc.NewEngine("catamorphism", chc.Options{})
		require.NoError(rt, err)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		res := pipeline.Solve(ctx, s, e, chc.Options{})
		want := a == 0 && b >= 0 && c0 >= k
		require.NotEqual(rt, chc.Unsat, res.Answer)
		if want {
			require.Equal(rt, chc.Sat, res.Answer, "%v\n%s", res.Reason, src)
		} else {
			require.NotEqual(rt, chc.Sat, res.Answer, src)
		}
	})
}
