; McCarthy's 91 function, one of the recursive task families of Beyer,
; Friedberger, FSE 2020 (Table 2): mc(x) = x - 10 if x > 100, else
; mc(mc(x + 11)); mc(x) = 91 for x <= 100. Nested recursion: the inner
; call's result is the outer call's argument.
(set-logic HORN)
(declare-fun mc (Int Int) Bool)
(assert (forall ((x Int)) (=> (> x 100) (mc x (- x 10)))))
(assert (forall ((x Int) (y Int) (r Int)) (=> (and (<= x 100) (mc (+ x 11) y) (mc y r)) (mc x r))))
(assert (forall ((x Int) (r Int)) (=> (and (<= x 100) (mc x r) (not (= r 91))) false)))
(check-sat)
