; Found by the z3 campaign (Arrays), shrunk by fuzz.Shrink. The encoder and
; the euf plugin lifted the array ite each to a constant of its own, so the
; graph and arithmetic saw different terms under one equality literal:
; theory combination made a tautological lemma, the SAT solver answered sat
; and the model violated the assertion (an internal error, not an answer).
(set-logic ALL)
(set-info :status sat)
(declare-fun b0 () Bool)
(declare-fun x0 () Int)
(declare-fun n0 () (Array Int (Array Int Int)))
(assert (= x0 (select (ite (ite false true (not b0)) ((as const (Array Int Int)) (ite b0 1 1)) (select (ite b0 n0 ((as const (Array Int (Array Int Int))) ((as const (Array Int Int)) 0))) (select ((as const (Array Int Int)) x0) 2))) 1)))
(check-sat)
