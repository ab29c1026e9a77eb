; from spacer/spacer_test.go
(set-logic HORN)
(declare-fun inv ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (= i 0) (= (select a 0) 5)) (inv a i))))
(assert (forall ((a (Array Int Int)) (i Int) (b (Array Int Int)) (j Int)) (=> (and (inv a i) (< i 3) (= b (store a (- 2 i) 3)) (= j (+ i 1))) (inv b j))))
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (inv a i) (not (= (select a 0) 5))) false)))
(check-sat)
