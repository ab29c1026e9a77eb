; Horn clauses without (set-logic HORN): recognised as z3 does.
; z3: sat
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (< x 10) (= y (+ x 1))) (P y))))
(assert (forall ((x Int)) (=> (and (P x) (> x 10)) false)))
(check-sat)
