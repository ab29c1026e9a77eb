(set-logic HORN)
; safe, but the invariant needs a non-linear fact (y = x*(x-1)/2) the engines do not
; find, and the bound 10^9 is out of reach of an unrolling (Spacer blocks a
; level in milliseconds, and would need 10^9 levels)
(declare-fun P (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (P x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (P x y) (= x1 (+ x 1)) (= y1 (+ y x))) (P x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (> x 1000000000) (< y x)) false)))
(check-sat)
