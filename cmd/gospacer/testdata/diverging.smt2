; Two safe loops, each beyond one kind of engine: in inv, x grows by y and
; y by 1/2 from x = 0, y = 1 (x >= 0 is inductive only with y >= 0, which
; Spacer's lemmas do not find); fib(n) >= 75025 for n >= 25 (every proof
; tabulates fib up to 25). An engine runs until its limits stop it.
(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(declare-fun fib (Int Int) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 1.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real)) (=> (and (inv x y) (= x1 (+ x y)) (= y1 (+ y 0.5))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (< x 0.0)) false)))
(assert (forall ((n Int) (r Int)) (=> (and (<= n 1) (>= n 0) (= r n)) (fib n r))))
(assert (forall ((n Int) (a Int) (b Int) (r Int)) (=> (and (> n 1) (fib (- n 1) a) (fib (- n 2) b) (= r (+ a b))) (fib n r))))
(assert (forall ((n Int) (r Int)) (=> (and (fib n r) (>= n 25) (< r 75025)) false)))
(check-sat)
