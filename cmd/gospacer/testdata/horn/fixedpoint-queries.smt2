; z3's fixedpoint format with two queries, each answered in z3's
; convention (sat: the query is reachable).
; z3: sat unsat
(declare-rel R (Int))
(declare-rel Big ())
(declare-rel Neg ())
(declare-var x Int)
(rule (R 0))
(rule (=> (and (R x) (< x 5)) (R (+ x 1))))
(rule (=> (and (R x) (> x 3)) Big))
(rule (=> (and (R x) (< x 0)) Neg))
(query Big)
(query Neg)
