; Two counters: x steps by 1, y by 2, both from 0. The query claims that
; y = 2x fails to hold somewhere after a reset of x alone; it does: after
; three steps and one reset, x = 0 and y = 6. Answer: unsat, and --cex
; prints the derivation (the run that reaches the query).
(set-logic HORN)
(declare-fun Inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (Inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int))
  (=> (and (Inv x y) (= x1 (+ x 1)) (= y1 (+ y 2))) (Inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (Inv x y) (> y 4)) (Inv 0 y))))
(assert (forall ((x Int) (y Int)) (=> (and (Inv x y) (not (= y (* 2 x)))) false)))
(check-sat)
