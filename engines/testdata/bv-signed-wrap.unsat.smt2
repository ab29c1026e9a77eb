; A signed 8-bit counter without a bound turns negative at 127 + 1
; (Bit-vectors: over the integers it would stay positive).
(set-logic HORN)
(declare-fun inv ((_ BitVec 8)) Bool)
(assert (forall ((i (_ BitVec 8))) (=> (= i #x70) (inv i))))
(assert (forall ((i (_ BitVec 8)) (j (_ BitVec 8))) (=> (and (inv i) (bvsge i #x00) (= j (bvadd i #x01))) (inv j))))
(assert (forall ((i (_ BitVec 8))) (=> (and (inv i) (bvslt i #x00)) false)))
(check-sat)
