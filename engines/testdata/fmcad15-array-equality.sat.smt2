; from spacer/paper_test.go
(set-logic HORN)
(declare-fun Inv ((Array Int Int) (Array Int Int)) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int))) (=> (= a b) (Inv a b))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (j Int))
  (=> (and (Inv a b) (< (select a j) 0) (> (select b j) 0)) false)))
(check-sat)
