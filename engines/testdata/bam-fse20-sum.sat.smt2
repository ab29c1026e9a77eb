; Beyer, Friedberger, FSE 2020, Fig. 1 and §4.3: main calls s = sum(a, b)
; on nondeterministic unsigned a, b; sum(n, m) returns m when n = 0, else
; sum(n - 1, m + 1); error() when s != a + b. Safe: the summary
; sum(n, m) = n + m is stable after the second fixpoint iteration.
(set-logic HORN)
(declare-fun sum (Int Int Int) Bool)
(assert (forall ((n Int) (m Int) (r Int)) (=> (and (= n 0) (= r m)) (sum n m r))))
(assert (forall ((n Int) (m Int) (r Int) (n1 Int) (m1 Int))
  (=> (and (not (= n 0)) (= n1 (- n 1)) (= m1 (+ m 1)) (sum n1 m1 r)) (sum n m r))))
(assert (forall ((a Int) (b Int) (s Int))
  (=> (and (>= a 0) (>= b 0) (sum a b s) (not (= s (+ a b)))) false)))
(check-sat)
