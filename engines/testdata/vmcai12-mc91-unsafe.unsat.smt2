; WHALE (VMCAI 2012), §2, an unsafe variant: mc91(p) = 91 for p <= 100, so
; mc91(p) >= 92 fails there (mc91(100) = mc91(mc91(111)) = mc91(101) = 91).
(set-logic HORN)
(declare-fun mc91 (Int Int) Bool)
(assert (forall ((p Int) (r Int)) (=> (and (> p 100) (= r (- p 10))) (mc91 p r))))
(assert (forall ((p Int) (p1 Int) (p2 Int) (r Int)) (=> (and (<= p 100) (= p1 (+ p 11)) (mc91 p1 p2) (mc91 p2 r)) (mc91 p r))))
(assert (forall ((p Int) (r Int)) (=> (and (mc91 p r) (<= p 100) (< r 92)) false)))
(check-sat)
