; k-induction: four registers rotated each step, all 1 initially; a >= 1
; is 4-inductive and not 3-inductive.
(set-logic HORN)
(declare-fun inv (Int Int Int Int) Bool)
(assert (forall ((a Int) (b Int) (c Int) (d Int)) (=> (and (= a 1) (= b 1) (= c 1) (= d 1)) (inv a b c d))))
(assert (forall ((a Int) (b Int) (c Int) (d Int) (a1 Int) (b1 Int) (c1 Int) (d1 Int))
  (=> (and (inv a b c d) (= a1 b) (= b1 c) (= c1 d) (= d1 a)) (inv a1 b1 c1 d1))))
(assert (forall ((a Int) (b Int) (c Int) (d Int)) (=> (and (inv a b c d) (<= a 0)) false)))
(check-sat)
