; r - 2 integral and r not: r - to_int(r) is 2 + j - to_int(r) for an
; integer j, strictly between 0 and 1, with no variable bounded; branch
; and bound alone walks forever, the row test with bounded real terms
; (lia/gcd.go) refutes it.
(set-logic ALL)
(set-info :status unsat)
(declare-fun r () Real)
(assert (not (is_int r)))
(assert (is_int (- r 2.0)))
(check-sat)
