; The CHC-COMP shape: a loop, a fail predicate only the query uses
; (chc.InlineIntoQueries composes it into the query); x <= y is
; 1-inductive.
(set-logic HORN)
(declare-fun fail () Bool)
(declare-fun inv (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 10)) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (inv x y) (< x y) (= x1 (+ x 1)) (= y1 y)) (inv x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (> x y)) fail)))
(assert (=> fail false))
(check-sat)
