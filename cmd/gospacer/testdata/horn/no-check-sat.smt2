; No check-sat: nothing to answer, as z3.
; z3:
(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (> x 0)) false)))
