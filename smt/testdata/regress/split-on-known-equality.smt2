; Found by the z3 campaign (Arrays), shrunk by fuzz.Shrink. Theory combination
; split on x0 = -1, whose literal existed (through the encoding of the
; distinct) and was true: registering the atom told the graph, the SAT
; solver got nothing new, yet the split claimed a change, so the search
; answered sat without a model (the model check then failed).
(set-logic ALL)
(set-info :status sat)
(declare-fun x0 () Int)
(declare-fun a0 () (Array Int Int))
(assert (let ((?a1 ((as const (Array Int Int)) 0))) (let ((?a2 ((as const (Array Int (Array Int Int))) ?a1))) (xor (and false (= (store ?a2 (select a0 x0) ?a1) ?a2) (distinct x0 0 (- 1))) (not (distinct x0 (- 4) (select (store a0 (- 2) x0) (- 1))))))))
(check-sat)
