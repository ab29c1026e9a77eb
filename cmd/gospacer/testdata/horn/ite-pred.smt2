; An ite over predicates in a body is two clauses; z3's HORN front end
; answers unknown.
; z3: unknown
; gospacer: sat
(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 3)) (P x))))
(assert (forall ((x Int)) (=> (ite (> x 1) (P x) (= x 7)) (Q x))))
(assert (forall ((x Int)) (=> (and (Q x) (> x 3) (< x 7)) false)))
(check-sat)
