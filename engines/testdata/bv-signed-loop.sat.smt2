; A signed 8-bit counter that stops at 100 never turns negative: the
; invariant 0 <= i <= 100 is linear over the integers; i + 1 cannot wrap
; under the guard i < 100 (Bit-vectors).
(set-logic HORN)
(declare-fun inv ((_ BitVec 8)) Bool)
(assert (forall ((i (_ BitVec 8))) (=> (= i #x00) (inv i))))
(assert (forall ((i (_ BitVec 8)) (j (_ BitVec 8))) (=> (and (inv i) (bvslt i #x64) (= j (bvadd i #x01))) (inv j))))
(assert (forall ((i (_ BitVec 8))) (=> (and (inv i) (bvslt i #x00)) false)))
(check-sat)
