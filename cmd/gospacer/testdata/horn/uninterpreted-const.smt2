; An uninterpreted constant in clauses is outside CHC: z3 answers
; unknown, gospacer says why and where.
; z3: unknown
; error: 9:1: uninterpreted constant n of sort Int (declared at 7:1) in a clause: outside CHC
(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-const n Int)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (< x n)) (P (+ x 1)))))
(assert (forall ((x Int)) (=> (and (P x) (< x 0)) false)))
(check-sat)
