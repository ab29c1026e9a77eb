; A deep counterexample, the kind TPA is made for (Blicha et al., TACAS
; 2022): x counts up by one and y by two from 0, and x = 512 is bad. The
; only counterexample has 512 steps; TPA finds it at level 8 and reads the
; path back from its reach tree.
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (= x1 (+ x 1)) (= y1 (+ y 2))) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (= x 512)) false)))
(check-sat)
