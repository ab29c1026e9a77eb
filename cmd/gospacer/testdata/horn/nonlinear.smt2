; A non-linear clause: z3 proves it safe; gospacer answers unknown and,
; with -v, names the term and the clause.
; z3: sat
; gospacer: unknown
(set-logic HORN)
(declare-fun P (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 1) (= y 1)) (P x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int))
  (=> (and (P x y) (= x1 (+ x 1)) (= y1 (* x1 x1))) (P x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (< y 0)) false)))
(check-sat)
