; A counter that starts at 0 and steps by 4 never reaches 10^9+1. The
; invariant (x mod 4 = 0) is out of Spacer's reach (it blocks one value a
; level): with a timeout (-t 2) the answer is unknown, and -v gives the
; reason.
(set-logic HORN)
(declare-fun Inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (Inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (Inv x) (= y (+ x 4))) (Inv y))))
(assert (forall ((x Int)) (=> (and (Inv x) (= x 1000000001)) false)))
(check-sat)
