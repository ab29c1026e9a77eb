; Hofstadter Female-Male: 0 <= F(n) <= n + 1
(set-logic HORN)
(declare-fun F (Int Int) Bool)
(declare-fun M (Int Int) Bool)
; Hofstadter Female and Male sequences: F(0) = 1, M(0) = 0,
; F(n) = n - M(F(n - 1)), M(n) = n - F(M(n - 1))
(assert (forall ((n Int) (r Int)) (=> (and (= n 0) (= r 1)) (F n r))))
(assert (forall ((n Int) (r Int) (a Int) (b Int)) (=> (and (> n 0) (F (- n 1) a) (M a b) (= r (- n b))) (F n r))))
(assert (forall ((n Int) (r Int)) (=> (and (= n 0) (= r 0)) (M n r))))
(assert (forall ((n Int) (r Int) (a Int) (b Int)) (=> (and (> n 0) (M (- n 1) a) (F a b) (= r (- n b))) (M n r))))
(assert (forall ((n Int) (r Int)) (=> (and (F n r) (or (< r 0) (> r (+ n 1)))) false)))
(check-sat)
