; An 8-bit counter from 250 in steps of 10 reaches 4: over the integers it
; would never go below 250 (Bit-vectors: the wrap-around is the bug).
(set-logic HORN)
(declare-fun inv ((_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8))) (=> (= x #xfa) (inv x))))
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8))) (=> (and (inv x) (= y (bvadd x #x0a))) (inv y))))
(assert (forall ((x (_ BitVec 8))) (=> (and (inv x) (bvult x #x05)) false)))
(check-sat)
