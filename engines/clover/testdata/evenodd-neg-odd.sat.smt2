; Even-Odd on all integers: o(x) is false only on even x
(set-logic HORN)
(declare-fun e (Int Bool) Bool)
(declare-fun o (Int Bool) Bool)
; e and o extended to negative inputs: they step towards 0 from either side
(assert (forall ((x Int)) (=> (= x 0) (e x true))))
(assert (forall ((x Int) (y Bool)) (=> (and (> x 0) (o (- x 1) y)) (e x y))))
(assert (forall ((x Int) (y Bool)) (=> (and (< x 0) (o (+ x 1) y)) (e x y))))
(assert (forall ((x Int)) (=> (= x 0) (o x false))))
(assert (forall ((x Int) (y Bool)) (=> (and (> x 0) (e (- x 1) y)) (o x y))))
(assert (forall ((x Int) (y Bool)) (=> (and (< x 0) (e (+ x 1) y)) (o x y))))
(assert (forall ((x Int)) (=> (and (o x false) (= (mod x 2) 1)) false)))
(check-sat)
