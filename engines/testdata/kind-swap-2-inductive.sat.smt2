; k-induction: x >= 1 is 2-inductive and not 1-inductive (one step from
; x >= 1 gives the unconstrained y); the model is the 1-inductive
; strengthening (engines/kind, ToInductive). Backward, the initial state is
; closed under predecessors at once.
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 1) (= y 1)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 y) (= y1 x)) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (<= x 0)) false)))
(check-sat)
