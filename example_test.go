package gospacer_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer"
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Solve a HORN file and print the answer with its checked witness.
func Example() {
	res, err := gospacer.SolveFile(context.Background(), "examples/unsafe.smt2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res)
	_ = res.WriteWitness(os.Stdout)
	// Output:
	// unsat
	// 0: (Inv 0 0) <- clause 0
	// 1: (Inv 1 2) <- clause 1 [0]
	// 2: (Inv 2 4) <- clause 1 [1]
	// 3: (Inv 3 6) <- clause 1 [2]
	// 4: (Inv 0 6) <- clause 2 [3]
	// 5: false <- clause 3 [4]
}

// A script in z3's fixedpoint format gets its answer in z3's convention:
// "sat" means the query is reachable.
func ExampleSolveReader() {
	src := `(declare-rel reach (Int))
(declare-rel bad ())
(declare-var x Int)
(rule (=> (= x 0) (reach x)))
(rule (=> (and (reach x) (< x 3)) (reach (+ x 1))))
(rule (=> (and (reach x) (= x 3)) bad))
(query bad)`
	res, err := gospacer.SolveReader(context.Background(), "reach.smt2", strings.NewReader(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res, res.Answer == gospacer.Unsat)
	// Output:
	// sat true
}

// Build a system in Go: rules and a query as formulas, their free
// constants the variables.
func ExampleBuilder() {
	b := gospacer.NewBuilder(nil)
	st := b.Store()
	inv := b.Pred("inv", term.IntSort, term.IntSort)
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	// inv(0, 0); inv(x, y) ⇒ inv(x+1, y+1); inv(x, y) ∧ x ≠ y is bad
	if err := b.Rule(st.Apply(inv, st.Int(0), st.Int(0))); err != nil {
		fmt.Println(err)
	}
	if err := b.Rule(st.Implies(st.Apply(inv, x, y), st.Apply(inv, st.Add(x, st.Int(1)), st.Add(y, st.Int(1))))); err != nil {
		fmt.Println(err)
	}
	if err := b.Query(st.And(st.Apply(inv, x, y), st.Not(st.Eq(x, y)))); err != nil {
		fmt.Println(err)
	}
	sys, err := b.System()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := gospacer.Solve(context.Background(), sys)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res)
	_ = res.WriteWitness(os.Stdout)
	// Output:
	// sat
	// (
	//   (define-fun inv ((x!0 Int) (x!1 Int)) Bool
	//     (= (+ x!0 (* (- 1) x!1)) 0))
	// )
}

// A rule over a predicate that was not declared with Pred (or
// registered) is refused, and so is anything that is not a Horn clause,
// with the reason. The error sticks: the Builder adds nothing more, and
// System returns the error rather than a system without the rule.
func ExampleBuilder_Rule() {
	b := gospacer.NewBuilder(nil)
	st := b.Store()
	p := b.Pred("p", term.IntSort)
	q := st.Func("q", []*term.Sort{term.IntSort}, term.BoolSort) // not registered
	x := st.Const("x", term.IntSort)
	fmt.Println(b.Rule(st.Implies(st.Apply(q, x), st.Apply(p, x))))
	b.Rule(st.Implies(st.Apply(p, x), st.Apply(p, st.Add(x, st.Int(1)))))
	_, err := b.System()
	fmt.Println(err)
	// Output:
	// gospacer: rule 1: q is not a registered predicate (Pred or Register makes one)
	// gospacer: rule 1: q is not a registered predicate (Pred or Register makes one)
}

// A chc.System assembled by hand, with terms as atom arguments: Solve
// normalises it first.
func ExampleNormalize() {
	st := term.NewStore()
	sys := &chc.System{St: st}
	p := sys.NewPred(st.Func("P", []*term.Sort{term.IntSort}, term.BoolSort))
	x := st.Const("x", term.IntSort)
	sys.Clauses = []*chc.Clause{
		// P(0)
		{Head: &chc.Atom{Pred: p, Args: []*term.Term{st.Int(0)}}},
		// P(x) ∧ x < 5 ⇒ P(x + 1)
		{Head: &chc.Atom{Pred: p, Args: []*term.Term{st.Add(x, st.Int(1))}},
			Body: []chc.Atom{{Pred: p, Args: []*term.Term{x}}}, Constraint: st.Lt(x, st.Int(5))},
		// P(3) ⇒ false
		{Body: []chc.Atom{{Pred: p, Args: []*term.Term{st.Int(3)}}}},
	}
	res, err := gospacer.Solve(context.Background(), sys)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res)
	_ = res.WriteWitness(os.Stdout)
	// Output:
	// unsat
	// 0: (P 0) <- clause 0
	// 1: (P 1) <- clause 1 [0]
	// 2: (P 2) <- clause 1 [1]
	// 3: (P 3) <- clause 1 [2]
	// 4: false <- clause 2 [3]
}

// A timeout gives Unknown with a typed reason: this loop steps by 4 and
// 10^9+1 is out of its reach, which Spacer does not find (it would block
// the values one at a time).
func ExampleWithTimeout() {
	src := `(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (x1 Int)) (=> (and (inv x) (= x1 (+ x 4))) (inv x1))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 1000000001)) false)))`
	start := time.Now()
	res, err := gospacer.SolveReader(context.Background(), "steps.smt2", strings.NewReader(src),
		gospacer.WithTimeout(200*time.Millisecond))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res, errors.Is(res.Reason, gospacer.ErrTimeout), time.Since(start) < 5*time.Second)
	// Output:
	// unknown true true
}

// The portfolio in one call: Spacer and bounded model checking race on
// copies of the system; the first checked answer wins.
func ExampleWithPortfolio() {
	res, err := gospacer.SolveFile(context.Background(), "examples/unsafe.smt2",
		gospacer.WithPortfolio("spacer", "bmc"), gospacer.WithTimeout(10*time.Second))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res)
	// Output:
	// unsat
}

// Options name engines and parameters from the registry; a misspelt one
// is an error, not a silent default.
func ExampleWithParam() {
	_, err := gospacer.SolveFile(context.Background(), "examples/counter.smt2",
		gospacer.WithParam("spacer.max-levle", "3"))
	fmt.Println(err)
	// Output:
	// gospacer: unknown parameter "spacer.max-levle" (see --help for each engine's)
}

// A Fixedpoint answers queries over the same rules one after another,
// each starting from what Spacer learned before; answers follow z3's
// convention ("sat": reachable).
func ExampleFixedpoint() {
	ctx := context.Background()
	fp := gospacer.NewFixedpoint(nil)
	st := fp.Store()
	inv := fp.Pred("inv", term.IntSort, term.IntSort)
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	_ = fp.AddRule(st.Apply(inv, st.Int(0), st.Int(0)))
	_ = fp.AddRule(st.Implies(st.And(st.Apply(inv, x, y), st.Lt(x, st.Int(10))),
		st.Apply(inv, st.Add(x, st.Int(1)), st.Add(y, st.Int(1)))))

	res, _ := fp.Query(ctx, st.And(st.Apply(inv, x, y), st.Not(st.Eq(x, y))))
	fmt.Println("x != y reachable:", res)
	res, _ = fp.Query(ctx, st.And(st.Apply(inv, x, y), st.Eq(y, st.Int(10))))
	fmt.Println("y = 10 reachable:", res)
	res, _ = fp.Query(ctx, st.And(st.Apply(inv, x, y), st.Gt(y, st.Int(10))))
	fmt.Println("y > 10 reachable:", res)

	// what is known of inv, over the variables of the atom
	a, b := st.Const("a", term.IntSort), st.Const("b", term.IntSort)
	cover, _ := fp.Cover(gospacer.Inductive, st.Apply(inv, a, b))
	fmt.Println(cover)
	// Output:
	// x != y reachable: unsat
	// y = 10 reachable: sat
	// y > 10 reachable: unsat
	// (and (= (+ a (* (- 1) b)) 0) (<= b 10))
}

// AddCover injects a lemma the caller knows, as z3's add_cover: every
// later query starts from it.
func ExampleFixedpoint_AddCover() {
	ctx := context.Background()
	fp := gospacer.NewFixedpoint(nil)
	st := fp.Store()
	inv := fp.Pred("inv", term.IntSort, term.IntSort)
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	_ = fp.AddRule(st.Apply(inv, st.Int(0), st.Int(0)))
	_ = fp.AddRule(st.Implies(st.Apply(inv, x, y), st.Apply(inv, st.Add(x, st.Int(1)), st.Add(y, st.Int(2)))))

	// y = 2x holds of every reachable inv(x, y)
	if err := fp.AddCover(gospacer.Inductive, st.Apply(inv, x, y), st.Eq(y, st.Mul(st.Int(2), x))); err != nil {
		fmt.Println(err)
	}
	res, _ := fp.Query(ctx, st.And(st.Apply(inv, x, y), st.Lt(y, x), st.Ge(x, st.Int(1))))
	fmt.Println(res)
	// the lemmas held now, over the predicate's parameters as the rules
	// name them (fp.Params: x and y)
	for _, lm := range fp.Lemmas() {
		fmt.Println(lm.Pred.Name(), lm.Level == gospacer.Inductive, lm.Formula)
	}
	// Output:
	// unsat
	// inv true (= (+ (* 2 x) (* (- 1) y)) 0)
}
