; x counts up from 0 and y adds x: false is derivable only after 10^9
; steps, so no engine answers in the time of a test (BMC, Spacer and
; k-induction unroll, TPA reaches the level in a few queries but must read
; back a path of 10^9 steps); an engine runs until its limits stop it.
; (The system used before, x grows by y and y by 1/2 from 1 with x < 0
; bad, has the invariant x >= 0 and y >= 1, which TPA finds in 20 ms.)
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 (+ x 1)) (= y1 (+ y x))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (= x 1000000000)) false)))
(check-sat)
