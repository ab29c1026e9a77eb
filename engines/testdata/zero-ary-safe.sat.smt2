; from spacer/spacer_test.go
(set-logic HORN)
(declare-fun p () Bool)
(declare-fun q () Bool)
(assert p)
(assert (=> q p))
(assert (=> q false))
(check-sat)
