package spacer

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The worked examples of the papers, with the papers' answers.
var paperExamples = []struct {
	name, want, src string
}{
	// CAV'14 §2, Fig. 3: M calls T and D twice; T(t) halves t
	// recursively; the property m0 >= 2m + 4 holds (summaries t0 >= 2t and
	// d <= d0 - 1).
	{"cav14-fig3-safe", "sat", `
(set-logic HORN)
(declare-fun M (Int Int) Bool)
(declare-fun T (Int Int) Bool)
(declare-fun D (Int Int) Bool)
(assert (forall ((d0 Int) (d Int)) (=> (= d (- d0 1)) (D d0 d))))
(assert (forall ((t0 Int) (t Int)) (=> (and (<= t0 0) (= t t0)) (T t0 t))))
(assert (forall ((t0 Int) (t Int) (l0 Int) (l1 Int))
  (=> (and (> t0 0) (= l0 (- t0 2)) (T l0 l1) (= t (+ l1 1))) (T t0 t))))
(assert (forall ((m0 Int) (m Int) (l0 Int) (l1 Int))
  (=> (and (T m0 l0) (D l0 l1) (D l1 m)) (M m0 m))))
(assert (forall ((m0 Int) (m Int)) (=> (and (M m0 m) (< m0 (+ (* 2 m) 4))) false)))
(check-sat)`},
	// The same program with the stronger property m0 >= 2m + 5, which
	// fails (m0 = 0 gives m = -2).
	{"cav14-fig3-unsafe", "unsat", `
(set-logic HORN)
(declare-fun M (Int Int) Bool)
(declare-fun T (Int Int) Bool)
(declare-fun D (Int Int) Bool)
(assert (forall ((d0 Int) (d Int)) (=> (= d (- d0 1)) (D d0 d))))
(assert (forall ((t0 Int) (t Int)) (=> (and (<= t0 0) (= t t0)) (T t0 t))))
(assert (forall ((t0 Int) (t Int) (l0 Int) (l1 Int))
  (=> (and (> t0 0) (= l0 (- t0 2)) (T l0 l1) (= t (+ l1 1))) (T t0 t))))
(assert (forall ((m0 Int) (m Int) (l0 Int) (l1 Int))
  (=> (and (T m0 l0) (D l0 l1) (D l1 m)) (M m0 m))))
(assert (forall ((m0 Int) (m Int)) (=> (and (M m0 m) (< m0 (+ (* 2 m) 5))) false)))
(check-sat)`},
	// CAV'14 Appendix A: GPDR diverges on it; Spacer proves y0 <= y.
	{"cav14-appendix-a", "sat", `
(set-logic HORN)
(declare-fun M (Int Int) Bool)
(declare-fun L (Int Int Int Int) Bool)
(declare-fun G (Int Int) Bool)
(assert (forall ((x Int) (y0 Int) (y Int) (n Int))
  (=> (and (L x y0 n n) (G x y) (> n 0)) (M y0 y))))
(assert (forall ((x Int) (y Int) (i Int) (n Int))
  (=> (and (= i 0) (= x 0) (= y 0)) (L x y i n))))
(assert (forall ((x Int) (y Int) (i Int) (n Int) (x0 Int) (y0 Int) (i0 Int))
  (=> (and (L x0 y0 i0 n) (= x (+ x0 1)) (= y (+ y0 1)) (= i (+ i0 1)) (> i 0)) (L x y i n))))
(assert (forall ((x0 Int) (x1 Int)) (=> (= x1 (+ x0 1)) (G x0 x1))))
(assert (forall ((y0 Int) (y Int)) (=> (and (M y0 y) (> y0 y)) false)))
(check-sat)`},
	// FMCAD'15 §IV-C.2: the sign-change example; the solution is a = b.
	{"fmcad15-array-equality", "sat", `
(set-logic HORN)
(declare-fun Inv ((Array Int Int) (Array Int Int)) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int))) (=> (= a b) (Inv a b))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (j Int))
  (=> (and (Inv a b) (< (select a j) 0) (> (select b j) 0)) false)))
(check-sat)`},
	// FMCAD'15 normal form Inv(x') <- Inv(x), Inv(x°), tr (Alg. 2) over
	// arrays: both arrays get the same write, read from another pair of
	// Inv; the summary is a = b.
	{"fmcad15-alg2-writes", "sat", `
(set-logic HORN)
(declare-fun Inv ((Array Int Int) (Array Int Int)) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int))) (=> (= a b) (Inv a b))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (c (Array Int Int)) (d (Array Int Int)) (a1 (Array Int Int)) (b1 (Array Int Int)) (i Int) (v Int))
  (=> (and (Inv a b) (Inv c d) (= a1 (store a i (select c v))) (= b1 (store b i (select d v)))) (Inv a1 b1))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (j Int)) (=> (and (Inv a b) (not (= (select a j) (select b j)))) false)))
(check-sat)`},
	// The same with the second write off by one: unsafe.
	{"fmcad15-alg2-writes-unsafe", "unsat", `
(set-logic HORN)
(declare-fun Inv ((Array Int Int) (Array Int Int)) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int))) (=> (= a b) (Inv a b))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (c (Array Int Int)) (d (Array Int Int)) (a1 (Array Int Int)) (b1 (Array Int Int)) (i Int) (v Int))
  (=> (and (Inv a b) (Inv c d) (= a1 (store a i (select c v))) (= b1 (store b i (+ (select d v) 1)))) (Inv a1 b1))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (j Int)) (=> (and (Inv a b) (not (= (select a j) (select b j)))) false)))
(check-sat)`},
}

func TestPaperExamples(t *testing.T) {
	for _, tc := range paperExamples {
		t.Run(tc.name, func(t *testing.T) {
			res := solveText(t, tc.src, optionSet{})
			require.Equal(t, tc.want, res.Answer.String(), "reason: %s", res.Reason)
		})
	}
}
