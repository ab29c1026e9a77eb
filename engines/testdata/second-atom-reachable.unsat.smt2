; from spacer/spacer_test.go
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun r (Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (< x 5) (= y (+ x 1))) (p y))))
(assert (forall ((x Int)) (=> (= x 7) (r x))))
(assert (forall ((x Int) (y Int)) (=> (and (r x) (p y) (= y 5) (= x 7)) false)))
(check-sat)
