; Disjunctions of predicates in a body: or distributes over and, giving
; four queries.
; z3: unsat
(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int) Bool)
(declare-fun R (Int) Bool)
(declare-fun S (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 3)) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (> x 1)) (Q x))))
(assert (forall ((x Int)) (=> (and (Q x) (> x 5)) (R x))))
(assert (forall ((x Int)) (=> (Q x) (S (+ x 1)))))
(assert (forall ((x Int)) (=> (and (or (P x) (Q x)) (or (R x) (S x))) false)))
(check-sat)
