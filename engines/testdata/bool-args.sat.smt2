; from spacer/spacer_test.go
(set-logic HORN)
(declare-fun inv (Bool Int) Bool)
(assert (forall ((b Bool) (x Int)) (=> (and b (= x 0)) (inv b x))))
(assert (forall ((b Bool) (x Int) (b1 Bool) (x1 Int)) (=> (and (inv b x) (= b1 (not b)) (= x1 (ite b (+ x 1) (- x 1)))) (inv b1 x1))))
(assert (forall ((b Bool) (x Int)) (=> (and (inv b x) (or (> x 1) (< x 0))) false)))
(check-sat)
