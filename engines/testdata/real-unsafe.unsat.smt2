; from spacer/spacer_test.go
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 0.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real)) (=> (and (inv x y) (< x 10.0) (= x1 (+ x 0.5)) (= y1 (+ y 1.0))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (> y 19.5)) false)))
(check-sat)
