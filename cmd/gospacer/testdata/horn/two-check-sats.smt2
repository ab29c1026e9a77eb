; Every check-sat is answered, on the assertions before it.
; z3: sat unsat sat
(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (< x 3) (= y (+ x 1))) (P y))))
(check-sat)
(push 1)
(assert (forall ((x Int)) (=> (and (P x) (= x 3)) false)))
(check-sat)
(pop 1)
(check-sat)
