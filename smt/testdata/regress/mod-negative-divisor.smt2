; SMT-LIB div and mod are Euclidean: (mod x k) is in [0, |k|) also for
; negative k.
(set-logic ALL)
(set-info :status sat)
(declare-fun x () Int)
(assert (and (= (mod x (- 3)) 2) (= (div x (- 3)) 3) (< x 0)))
(check-sat)
