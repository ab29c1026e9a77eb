; Division by zero is an uninterpreted function of the dividend: equal
; dividends give equal quotients (fuzz.SatQE's Ackermann reduction).
(set-logic ALL)
(set-info :status unsat)
(declare-fun x () Real)
(declare-fun y () Real)
(assert (and (> (/ x 0.0) (/ y 0.0)) (= x y)))
(check-sat)
