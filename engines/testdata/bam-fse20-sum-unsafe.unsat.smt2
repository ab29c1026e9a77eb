; Beyer, Friedberger, FSE 2020, Fig. 1 with a property that fails:
; error() when sum(a, b) > b + 2, reached for a >= 3 (a derivation of
; four clause instances).
(set-logic HORN)
(declare-fun sum (Int Int Int) Bool)
(assert (forall ((n Int) (m Int) (r Int)) (=> (and (= n 0) (= r m)) (sum n m r))))
(assert (forall ((n Int) (m Int) (r Int) (n1 Int) (m1 Int))
  (=> (and (not (= n 0)) (= n1 (- n 1)) (= m1 (+ m 1)) (sum n1 m1 r)) (sum n m r))))
(assert (forall ((a Int) (b Int) (s Int))
  (=> (and (>= a 0) (>= b 0) (sum a b s) (> s (+ b 2))) false)))
(check-sat)
