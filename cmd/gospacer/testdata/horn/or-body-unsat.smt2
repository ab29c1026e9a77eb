; A disjunction in a clause body, one of whose queries fails.
; z3: unsat
(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 10)) (P x))))
(assert (forall ((x Int)) (=> (and (>= x (- 6)) (<= x 0)) (Q x))))
(assert (forall ((x Int)) (not (or (and (P x) (> x 10)) (and (Q x) (< x (- 5)))))))
(check-sat)
