; IMC: a counter stepping by 2 from 0 never reaches 7. No k-induction
; proves it (x = 7 - 2k is a path of k safe states into the bad one); the
; interpolants of the bounded queries give an invariant.
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 2))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 7)) false)))
(check-sat)
