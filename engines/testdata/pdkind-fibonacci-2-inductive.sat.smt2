; PDKind: x' = y, y' = x + y from (1, 1); x >= 1 is 2-inductive and not
; 1-inductive (x'' = x + y with x >= 1 and y = x' >= 1).
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 1) (= y 1)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 y) (= y1 (+ x y))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (<= x 0)) false)))
(check-sat)
