; Division by zero nested in the dividend of another one, across div and
; mod: the model's @div0 and @mod0 tables must be built inner first so
; that evaluating a dividend sees the entries it needs.
(set-logic ALL)
(set-info :status sat)
(declare-fun b0 () Bool)
(declare-fun b1 () Bool)
(declare-fun x0 () Int)
(declare-fun x1 () Int)
(assert (= x0 (ite (distinct x0 x0 (ite b0 x0 x0)) (div (ite b0 x0 x0) 0) x1)))
(assert (= (+ (- (ite b1 x0 x0) (- x1 (- 1))) x1 (div (mod x1 0) 0)) (abs (+ (ite b1 (- 1) x1) (- 1) x1))))
(assert (= (- x0 x1) (div (- (div (- 1) 0) (div x0 2)) 0)))
(check-sat)
