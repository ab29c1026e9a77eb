; With a fixed branch direction, branch and bound walks up a ray of
; fractional relaxation vertices (div!5 <= 8, 9, 11, 13, ...) forever;
; lia picks directions pseudo-randomly.
(set-logic ALL)
(set-info :status sat)
(declare-fun x0 () Int)
(declare-fun x1 () Int)
(declare-fun x2 () Int)
(assert (and (< (div (- (abs 5) (ite (distinct x2 (- 4) 5) (- 10) (- 5))) (- 2)) (- (mod (+ x0 6 x0) 3) (ite (or (>= x2 x1) (distinct x1 9 3) (distinct x0 3 x0)) (abs x1) (mod (- 7) 0)))) (< (abs (div (abs x0) 3)) (ite (=> (=> (<= 0 (- 10)) (= 3 x0)) (xor (> 6 x1) (distinct x1 x0 (- 5)))) (+ (div 9 (- 1)) (ite (distinct x1 x2 x0) x2 (- 3)) (ite (<= 0 (- 3)) x1 x0)) (ite (= (> x0 (- 2)) (distinct 0 1 x1) (<= x2 2)) (+ 5 6 (- 1)) (mod x2 2))))))
(check-sat)
