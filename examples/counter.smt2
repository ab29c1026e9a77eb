; A counter that starts at 0 and steps by 2 never reaches 7.
; As CHCs: the invariant Inv(x) must hold initially, be preserved by the
; step, and exclude x = 7. Answer: sat (an invariant exists, e.g. x mod 2 = 0
; and x >= 0).
(set-logic HORN)
(declare-fun Inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (Inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (Inv x) (= y (+ x 2))) (Inv y))))
(assert (forall ((x Int)) (=> (and (Inv x) (= x 7)) false)))
(check-sat)
