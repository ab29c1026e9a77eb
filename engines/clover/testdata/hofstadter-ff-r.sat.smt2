; Hofstadter Figure-Figure: R(n) >= n
(set-logic HORN)
(declare-fun R (Int Int) Bool)
(declare-fun S (Int Int) Bool)
; Hofstadter Figure-Figure: R(1) = 1, S(1) = 2, R(n) = R(n - 1) + S(n - 1);
; S(n) = S(n - 1) + 1, or + 2 when S(n - 1) + 1 is R(n) (S skips the values of R)
(assert (forall ((n Int) (r Int)) (=> (and (= n 1) (= r 1)) (R n r))))
(assert (forall ((n Int) (r Int) (a Int) (b Int)) (=> (and (> n 1) (R (- n 1) a) (S (- n 1) b) (= r (+ a b))) (R n r))))
(assert (forall ((n Int) (s Int)) (=> (and (= n 1) (= s 2)) (S n s))))
(assert (forall ((n Int) (s Int) (a Int) (b Int)) (=> (and (> n 1) (S (- n 1) b) (R n a) (ite (= a (+ b 1)) (= s (+ b 2)) (= s (+ b 1)))) (S n s))))
(assert (forall ((n Int) (r Int)) (=> (and (R n r) (< r n)) false)))
(check-sat)
