package passes_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/engines/bmc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// passCases are small systems in SMT-LIB with what a pass must make of
// them: the predicates and the number of clauses left, and the answer,
// which BMC finds on the original and on the result alike (or, for sat,
// may not find: it proves sat only when it can build a model), with the
// result's witness valid on the original once translated.
var passCases = []struct {
	name    string
	pass    passes.Pass
	preds   string // names of the predicates left, space-separated
	clauses int
	want    chc.Answer
	src     string
}{
	{"simplify removes a clause whose constraint is false", passes.Simplify{}, "P Q", 2, chc.Sat, `
(declare-fun P (Int) Bool) (declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (> x 2) (< x 1)) (Q x))))
(assert (forall ((x Int)) (=> (Q x) false)))`},
	{"simplify propagates constants", passes.Simplify{}, "P", 2, chc.Unsat, `
(declare-fun P (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 1) (= y (+ x 1))) (P x y))))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (= y 2)) false)))`},
	{"locals eliminates a chain of definitions", passes.EliminateLocals{}, "P", 3, chc.Unsat, `
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int) (z Int) (w Int)) (=> (and (P x) (= z (+ x 1)) (= w (* 2 z)) (= y (- w 1))) (P y))))
(assert (forall ((x Int)) (=> (and (P x) (= x 7)) false)))`},
	{"simplify removes a clause whose read of a stored index contradicts the store", passes.Simplify{}, "P", 2, chc.Sat, `
(declare-fun P ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (x Int)) (=> (and (= b (store a 0 42)) (= x 0)) (P b x))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (x Int)) (=> (and (= b (store a 0 42)) (not (= (select b 0) 42))) (P b x))))
(assert (forall ((b (Array Int Int)) (x Int)) (=> (and (P b x) (not (= (select b 0) 42))) false)))`},
	{"locals drops a variable that only bounds constrain, and the derivation gives it a value in them", passes.EliminateLocals{}, "P", 3, chc.Unsat, `
(declare-fun P (Int) Bool)
(assert (forall ((x Int) (z Int)) (=> (and (= x 0) (> z 1) (<= z 3)) (P x))))
(assert (forall ((x Int) (y Int) (r Real)) (=> (and (P x) (= y (+ x 1)) (> r 1.0) (< r 1.5) (not (<= r 1.0))) (P y))))
(assert (forall ((x Int)) (=> (and (P x) (= x 1)) false)))`},
	{"locals drops a clause whose local's bounds contradict (and keeps one whose local has another conjunct)", passes.EliminateLocals{}, "P", 3, chc.Sat, `
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (z Int)) (=> (and (= x 5) (> z 1) (< z 3) (not (= z 2))) (P x))))
(assert (forall ((x Int) (z Int)) (=> (and (= x 6) (> z 1) (< z 2)) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (= x 6)) false)))`},
	{"facts merges the facts of a predicate into one", passes.MergeFacts{}, "P Q", 3, chc.Unsat, `
(declare-fun P (Int) Bool) (declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (= x 5) (> y x)) (P x))))
(assert (forall ((x Int)) (=> (= x 7) (Q x))))
(assert (forall ((x Int)) (=> (= x 9) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (Q y) (= x 5)) false)))`},
	{"cone removes underivable and useless predicates", passes.RemoveUnreachable{}, "P", 3, chc.Sat, `
(declare-fun P (Int) Bool) (declare-fun R (Int) Bool) (declare-fun S (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (< x 5)) (P (+ x 1)))))
(assert (forall ((x Int)) (=> (R x) (R (+ x 1)))))
(assert (forall ((x Int)) (=> (and (R x) (P x)) (P (- x 1)))))
(assert (forall ((x Int)) (=> (P x) (S x))))
(assert (forall ((x Int)) (=> (and (P x) (> x 10)) false)))`},
	{"inline keeps a predicate with an undefined auxiliary variable (Golem #99)", passes.Inline{}, "P", 2, chc.Sat, `
(declare-fun P (Int) Bool) (declare-fun Q (Int) Bool)
(assert (forall ((y Int)) (=> (and (<= 0 y) (<= y 5)) (Q y))))
(assert (forall ((x Int) (y Int)) (=> (and (Q y) (<= x y)) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (> x 5)) false)))`},
	{"inline renames apart per occurrence (Golem #101)", passes.Inline{}, "", 1, chc.Unsat, `
(declare-fun P (Int) Bool) (declare-fun Q (Int) Bool)
(assert (forall ((z Int)) (=> (or (= z 0) (= z 1)) (Q z))))
(assert (forall ((x Int) (z Int)) (=> (and (Q z) (= x (+ z 0))) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (P y) (not (= x y))) false)))`},
	{"inline with several defining clauses and one use (merged clauses whose constraint is false leave)", passes.Inline{}, "", 0, chc.Sat, `
(declare-fun Q (Int) Bool)
(assert (forall ((z Int)) (=> (= z 0) (Q z))))
(assert (forall ((z Int)) (=> (= z 3) (Q z))))
(assert (forall ((x Int)) (=> (and (Q x) (= x 2)) false)))`},
	{"inline leaves a loop", passes.Inline{}, "P", 3, chc.Unsat, `
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (P x) (P (+ x 2)))))
(assert (forall ((x Int)) (=> (and (P x) (= x 4)) false)))`},
	{"query-inline composes fail into the query (CHC-COMP's fail predicate)", passes.InlineIntoQueries{}, "inv", 3, chc.Sat, `
(declare-fun inv (Int) Bool) (declare-fun fail () Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 5)) (inv (+ x 1)))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 5)) fail)))
(assert (=> fail false))`},
	{"query-inline: one query per defining clause and use", passes.InlineIntoQueries{}, "P", 6, chc.Unsat, `
(declare-fun P (Int) Bool) (declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (< x 5)) (P (+ x 1)))))
(assert (forall ((x Int)) (=> (and (P x) (> x 3)) (Q x))))
(assert (forall ((x Int)) (=> (= x 9) (Q x))))
(assert (forall ((x Int)) (=> (and (Q x) (= x 4)) false)))
(assert (forall ((x Int)) (=> (and (Q x) (= x 7)) false)))`},
	{"query-inline into the one query: the defining clause's own variables serve, its derivation node mapped back", passes.InlineIntoQueries{}, "P", 3, chc.Unsat, `
(declare-fun P (Int Int) Bool) (declare-fun Q (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 1)) (P x y))))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (< x 5)) (P (+ x 1) (+ y x)))))
(assert (forall ((x Int) (y Int) (z Int) (w Int)) (=> (and (P x y) (= w (* 2 x)) (= z (+ w y)) (> z 6)) (Q z))))
(assert (forall ((z Int)) (=> (and (Q z) (> z 7)) false)))`},
	{"query-inline keeps a predicate a rule uses", passes.InlineIntoQueries{}, "P Q", 4, chc.Sat, `
(declare-fun P (Int) Bool) (declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (< x 5)) (Q (+ x 1)))))
(assert (forall ((x Int)) (=> (Q x) (P x))))
(assert (forall ((x Int)) (=> (and (Q x) (> x 9)) false)))`},
	{"args removes an argument no body occurrence constrains", passes.RemoveUnusedArgs{}, "P", 3, chc.Sat, `
(declare-fun P (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 5)) (P x y))))
(assert (forall ((x Int) (y Int)) (=> (P x y) (P (+ x 1) (+ y 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (< x 0)) false)))`},
	{"args keeps an argument the query constrains (z3 #7466)", passes.RemoveUnusedArgs{}, "P", 3, chc.Unsat, `
(declare-fun P (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 5)) (P x y))))
(assert (forall ((x Int) (y Int)) (=> (P x y) (P (+ x 1) (+ y 1)))))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (= y 7)) false)))`},
}

func TestPassCases(t *testing.T) {
	ctx := context.Background()
	for _, tc := range passCases {
		t.Run(tc.name, func(t *testing.T) {
			s, _, err := chc.Read("test.smt2", strings.NewReader("(set-logic HORN)"+tc.src), term.NewStore())
			require.NoError(t, err)
			out, tr, err := tc.pass.Apply(context.Background(), s)
			require.NoError(t, err)
			wellFormed(t, out)
			var names []string
			for _, p := range out.Preds {
				names = append(names, strings.SplitN(p.Name(), "!", 2)[0])
			}
			require.Equal(t, tc.preds, strings.Join(names, " "), "predicates left\n%s", out)
			require.Len(t, out.Clauses, tc.clauses, "clauses left\n%s", out)
			for _, sys := range []*chc.System{s, out} {
				c, cancel := context.WithTimeout(ctx, 10*time.Second)
				r := bmc.New(bmc.Options{MaxDepth: 12}).Solve(c, sys)
				cancel()
				if r.Answer == chc.Unknown && tc.want == chc.Sat {
					// BMC proves Sat only when it can build a model
					continue
				}
				require.Equal(t, tc.want, r.Answer, "BMC on\n%s", sys)
				if sys != out {
					continue
				}
				switch r.Answer {
				case chc.Sat:
					m, err := tr.Model(context.Background(), r.Model)
					require.NoError(t, err)
					require.NoError(t, witness.CheckModel(ctx, s, m))
				case chc.Unsat:
					d, err := tr.Derivation(context.Background(), r.Derivation)
					require.NoError(t, err)
					require.NoError(t, witness.CheckDerivation(context.Background(), s, d))
				}
			}
		})
	}
}
