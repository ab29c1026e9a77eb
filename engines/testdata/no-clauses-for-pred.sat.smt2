; from spacer/spacer_test.go
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (p x) false)))
(check-sat)
