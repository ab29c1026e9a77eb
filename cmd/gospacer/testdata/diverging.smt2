; x grows by y, y by 1/2: safe, with an invariant no engine finds (z3
; neither); an engine runs until its limits stop it.
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 1.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real)) (=> (and (inv x y) (= x1 (+ x y)) (= y1 (+ y 0.5))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (< x 0.0)) false)))
(check-sat)
