; A Boolean equality over a predicate is two Horn clauses; z3's HORN
; front end does not split it and answers unknown.
; z3: unknown
; gospacer: unsat
(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (= (P x) (and (>= x 0) (<= x 3)))))
(assert (forall ((x Int)) (=> (P x) (Q (+ x 1)))))
(assert (forall ((x Int)) (=> (and (Q x) (= x 4)) false)))
(check-sat)
