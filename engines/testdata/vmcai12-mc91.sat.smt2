; WHALE (VMCAI 2012), §2 and Fig. 1: McCarthy's 91 function,
; mc91(p) = p - 10 if p > 100, else mc91(mc91(p + 11)); mc91(p) >= 91 for p <= 101.
(set-logic HORN)
(declare-fun mc91 (Int Int) Bool)
(assert (forall ((p Int) (r Int)) (=> (and (> p 100) (= r (- p 10))) (mc91 p r))))
(assert (forall ((p Int) (p1 Int) (p2 Int) (r Int)) (=> (and (<= p 100) (= p1 (+ p 11)) (mc91 p1 p2) (mc91 p2 r)) (mc91 p r))))
(assert (forall ((p Int) (r Int)) (=> (and (mc91 p r) (<= p 101) (< r 91)) false)))
(check-sat)
