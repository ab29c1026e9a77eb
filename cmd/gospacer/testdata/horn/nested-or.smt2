; A nested or in a clause: the flattened form is a Horn clause.
; z3: sat
(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (or (not (and (P x) (< x 10))) (or (not (= y (+ x 1))) (P y)))))
(assert (forall ((x Int)) (=> (and (P x) (> x 10)) false)))
(check-sat)
