; from spacer/spacer_test.go
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 2)) (p x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (p x) (p y) (= z (+ x y))) (q z))))
(assert (forall ((z Int)) (=> (and (q z) (>= z 4)) false)))
(check-sat)
