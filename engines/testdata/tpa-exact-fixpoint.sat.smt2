; Split TPA's exact fixed point: x steps by 2 from 0, so it is never 63.
; The exact relation of level 5 (x' - x >= 64: 32 steps add 64) is
; transitive, and the less-than relation of level 5 covers x' - x in
; {0, 2, ..., 62}: the states they reach from 0 avoid 63 and are a
; 32-inductive invariant, made 1-inductive (interpolants, halving k) for
; the model.
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 2))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 63)) false)))
(check-sat)
