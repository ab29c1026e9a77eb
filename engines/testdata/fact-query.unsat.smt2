; from spacer/spacer_test.go
(set-logic HORN)
(assert (forall ((x Int)) (=> (> x 3) false)))
(check-sat)
