; 3i lies strictly between j and j + 3 with j a multiple of 3: none does
; (Cooper's method decides it in fuzz.SatQE).
(set-logic ALL)
(set-info :status unsat)
(declare-fun i () Int)
(declare-fun j () Int)
(assert (and (< j (* 3 i)) (< (* 3 i) (+ j 3)) (= (mod j 3) 0)))
(check-sat)
