; from spacer/paper_test.go
(set-logic HORN)
(declare-fun Inv ((Array Int Int) (Array Int Int)) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int))) (=> (= a b) (Inv a b))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (c (Array Int Int)) (d (Array Int Int)) (a1 (Array Int Int)) (b1 (Array Int Int)) (i Int) (v Int))
  (=> (and (Inv a b) (Inv c d) (= a1 (store a i (select c v))) (= b1 (store b i (+ (select d v) 1)))) (Inv a1 b1))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (j Int)) (=> (and (Inv a b) (not (= (select a j) (select b j)))) false)))
(check-sat)
