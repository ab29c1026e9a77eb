; A parametric list in Horn clauses: P(l, n) holds when l has n elements,
; all 1; a list of two elements is reached (unsat).
(set-logic HORN)
(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))
(declare-fun P ((List Int) Int) Bool)
(assert (forall ((l (List Int)) (n Int)) (=> (and (= l (as nil (List Int))) (= n 0)) (P l n))))
(assert (forall ((l (List Int)) (n Int)) (=> (P l n) (P (cons 1 l) (+ n 1)))))
(assert (forall ((l (List Int)) (n Int)) (=> (and (P l n) ((_ is cons) l) (= (head l) 1) (= n 2)) false)))
(check-sat)
