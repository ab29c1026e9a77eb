; 255 + 1 is 0 in 8 bits: the reachable values are 255 and 0, so safe,
; though over the integers 256 would reach the bad state (Bit-vectors:
; the wrap-around is the proof).
(set-logic HORN)
(declare-fun inv ((_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8))) (=> (= x #xff) (inv x))))
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8))) (=> (and (inv x) (= x #xff) (= y (bvadd x #x01))) (inv y))))
(assert (forall ((x (_ BitVec 8))) (=> (and (inv x) (distinct x #xff) (distinct x #x00)) false)))
(check-sat)
