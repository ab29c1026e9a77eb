package witness

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// checkShapes are the clauses of TestPropForcedClause's systems (facts,
// steps, queries), each with a drawn constant.
var checkShapes = []string{
	"(assert (forall ((x Int)) (=> (= x %s) (P x))))\n",
	"(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x %s))) (P y))))\n",
	"(assert (forall ((x Int) (y Int) (z Int)) (=> (and (P x) (= y (+ x %s)) (= z (- y x))) (Q y z))))\n",
	"(assert (forall ((x Int) (y Int)) (=> (and (Q x y) (<= x %s)) (P (+ x y)))))\n",
	"(assert (forall ((x Int)) (=> (and (P x) (distinct x %s)) false)))\n",
	"(assert (forall ((x Int) (y Int)) (=> (and (Q x y) (> y %s)) false)))\n",
}

// TestPropForcedClause: where forcedClause decides a clause under a model,
// the scratch store's check (forced or the smt solver) decides it the
// same way, on drawn systems of straight-line clauses and drawn models of
// equalities, bounds and disjunctions.
func TestPropForcedClause(t *testing.T) {
	decided, failing := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		var text strings.Builder
		text.WriteString("(set-logic HORN)\n(declare-fun P (Int) Bool)\n(declare-fun Q (Int Int) Bool)\n")
		c := func(name string) string {
			if v := rapid.IntRange(-2, 2).Draw(t, name); v < 0 {
				return fmt.Sprintf("(- %d)", -v)
			} else {
				return fmt.Sprint(v)
			}
		}
		n := rapid.IntRange(1, 6).Draw(t, "clauses")
		for i := range n {
			shape := rapid.IntRange(0, len(checkShapes)-1).Draw(t, fmt.Sprint("shape", i))
			fmt.Fprintf(&text, checkShapes[shape], c("c"))
		}
		st := term.NewStore()
		s, _, err := chc.Read("drawn", strings.NewReader(text.String()), st)
		if err != nil {
			t.Fatal(err)
		}
		// a formula: a conjunction of up to three atoms over the parameters
		formula := func(p *chc.Pred) *term.Term {
			var parts []*term.Term
			k := rapid.IntRange(0, 3).Draw(t, "atoms")
			for range k {
				x := p.Params[rapid.IntRange(0, p.Arity()-1).Draw(t, "param")]
				v := st.Int(int64(rapid.IntRange(-3, 3).Draw(t, "v")))
				switch rapid.IntRange(0, 4).Draw(t, "atom") {
				case 0:
					parts = append(parts, st.Eq(x, v))
				case 1:
					y := p.Params[rapid.IntRange(0, p.Arity()-1).Draw(t, "param")]
					if y != x {
						parts = append(parts, st.Eq(x, st.Add(y, v)))
					}
				case 2:
					parts = append(parts, st.Le(x, v))
				case 3:
					parts = append(parts, st.Or(st.Eq(x, v), st.Eq(x, st.Int(0))))
				case 4:
					parts = append(parts, st.Not(st.Eq(x, v)))
				}
			}
			return chc.Conj(st, parts)
		}
		m := chc.Model{}
		for _, p := range s.Preds {
			m[p] = formula(p)
		}
		mc := &modelChecker{from: st, m: m}
		for _, cl := range s.Clauses {
			holds, _, ok := mc.forcedClause(cl)
			if !ok {
				continue
			}
			decided++
			if holds {
				failing++
			}
			msg := mc.scratchClause(context.Background(), cl)
			if holds != strings.HasPrefix(msg, "does not hold") || (!holds && msg != "") {
				t.Fatalf("clause %s under %v: forcedClause says the clause fails: %v, the scratch check: %q", cl.Origin, m, holds, msg)
			}
		}
	})
	t.Logf("forcedClause decided %d clauses, %d of them failing", decided, failing)
	if decided == 0 || failing == 0 {
		t.Fatal("forcedClause decided no clause, or none that fails")
	}
}

// TestCheckModelVocabulary: a formula must mention only its predicate's
// parameters and apply no function.
func TestCheckModelVocabulary(t *testing.T) {
	st := term.NewStore()
	s, _, err := chc.Read("v", strings.NewReader(`(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (> x 0)) false)))
`), st)
	if err != nil {
		t.Fatal(err)
	}
	p := s.Preds[0]
	x := p.Params[0]
	ctx := context.Background()
	if err := CheckModel(ctx, s, chc.Model{p: st.Eq(x, st.Int(0))}); err != nil {
		t.Fatalf("the model x = 0: %v", err)
	}
	other := st.Const("other", term.IntSort)
	if err := CheckModel(ctx, s, chc.Model{p: st.Eq(x, other)}); err == nil || !strings.Contains(err.Error(), "mentions other") {
		t.Fatalf("a model over another constant: %v", err)
	}
	f := st.Func("f", []*term.Sort{term.IntSort}, term.IntSort)
	if err := CheckModel(ctx, s, chc.Model{p: st.Eq(x, st.Apply(f, x))}); err == nil || !strings.Contains(err.Error(), "applies the function f") {
		t.Fatalf("a model applying f: %v", err)
	}
}

// TestPropReduce: where the reduction of a drawn body (equalities
// between constants, with values and in the simplifier's x − y = 0 form,
// integer bounds, disjunctions, negated conjunctions: the shape of a
// clause whose head's arguments copy the body's, over Int and Bool
// constants) refutes a drawn goal, the smt solver finds body ∧ goal
// unsatisfiable too; and the cone of the reduced body for the goals it
// leaves shares no constant with what it drops.
func TestPropReduce(t *testing.T) {
	refuted, dropped := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		xs := []*term.Term{st.Const("x", term.IntSort), st.Const("y", term.IntSort), st.Const("z", term.IntSort), st.Const("w", term.IntSort)}
		bs := []*term.Term{st.Const("p", term.BoolSort), st.Const("q", term.BoolSort)}
		x := func(name string) *term.Term { return rapid.SampledFrom(xs).Draw(t, name) }
		b := func(name string) *term.Term { return rapid.SampledFrom(bs).Draw(t, name) }
		v := func(name string) *term.Term { return st.Int(int64(rapid.IntRange(-2, 2).Draw(t, name))) }
		var atom func(depth int) *term.Term
		atom = func(depth int) *term.Term {
			switch k := rapid.IntRange(0, 9).Draw(t, "atom"); {
			case k == 0:
				return st.Eq(x("x"), v("v"))
			case k == 1:
				return st.Eq(x("x"), x("y"))
			case k == 2:
				return st.Le(x("x"), st.Add(x("y"), v("v")))
			case k == 3:
				return st.Eq(b("p"), b("q"))
			case k == 4:
				return b("p")
			case k == 5:
				return st.Simplify(st.Eq(x("x"), x("y"))) // x − y = 0
			case k == 6:
				return st.Simplify(st.Le(x("x"), v("v")))
			case k == 7:
				return st.Simplify(st.Ge(x("x"), v("v")))
			case depth > 0 && k == 8:
				return st.Not(st.And(atom(depth-1), atom(depth-1)))
			case depth > 0:
				return st.Or(atom(depth-1), st.Not(atom(depth-1)))
			}
			return st.Not(b("p"))
		}
		var parts []*term.Term
		for range rapid.IntRange(1, 6).Draw(t, "atoms") {
			parts = append(parts, atom(2))
		}
		goal := st.Not(atom(1))
		red := reduce(st, parts)
		g, ok := red.refutes(goal)
		if !ok {
			kept, _ := cone(red.conjuncts, []*term.Term{g})
			if len(kept) < len(red.conjuncts) {
				dropped++
			}
			live := map[*term.Term]bool{}
			for _, a := range append(kept, g) {
				for _, c := range term.FreeConsts(a) {
					live[c] = true
				}
			}
			for _, a := range red.conjuncts {
				if slices.Contains(kept, a) {
					continue
				}
				for _, c := range term.FreeConsts(a) {
					if live[c] {
						t.Fatalf("cone of %v for %v drops %v, which shares %v with what it keeps", red.conjuncts, g, a, c)
					}
				}
			}
			return
		}
		refuted++
		sv := smt.New(st, smt.Options{})
		if err := sv.Assert(st.And(append(parts, goal)...)); err != nil {
			t.Fatal(err)
		}
		if res, err := sv.Check(context.Background()); err != nil || res != smt.Unsat {
			t.Fatalf("%v ∧ %v: refuted by the reduction, but the smt solver says %v (%v)", parts, goal, res, err)
		}
	})
	t.Logf("the reduction refuted %d goals; the cone dropped conjuncts %d times", refuted, dropped)
	if refuted == 0 || dropped == 0 {
		t.Fatal("the reduction refuted nothing, or the cone dropped nothing")
	}
}

// TestCheckModelHeadConjuncts: a model whose formula is a conjunction is
// checked one head conjunct at a time (scratchClause); the clause fails
// when any one conjunct is not implied, and the counterexample says so,
// with conjuncts in either order.
func TestCheckModelHeadConjuncts(t *testing.T) {
	st := term.NewStore()
	s, _, err := chc.Read("h", strings.NewReader(`(set-logic HORN)
(declare-fun P (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (>= x 0) (<= x 5) (= y (* 2 x))) (P x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int)) (=> (and (P x y) (< x 5) (= x1 (+ x 1)) (= y1 (+ y 2))) (P x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (> y 12)) false)))
`), st)
	require.NoError(t, err)
	p := s.Preds[0]
	x, y := p.Params[0], p.Params[1]
	ctx := context.Background()
	good := []*term.Term{st.Ge(x, st.Int(0)), st.Le(x, st.Int(6)), st.Eq(y, st.Mul(st.Int(2), x))}
	require.NoError(t, CheckModel(ctx, s, chc.Model{p: st.And(good...)}))
	require.NoError(t, CheckModel(ctx, s, chc.Model{p: st.And(good[2], good[1], good[0])}))
	// y <= 8 fails at the fact x = 5, y = 10; x <= 4 at the step to 5.
	for _, bad := range [][]*term.Term{
		{good[0], good[1], good[2], st.Le(y, st.Int(8))},
		{st.Le(y, st.Int(8)), good[2], good[1], good[0]},
		{good[0], st.Le(x, st.Int(4)), good[2]},
	} {
		err := CheckModel(ctx, s, chc.Model{p: st.And(bad...)})
		require.Error(t, err, "%v", bad)
		require.Contains(t, err.Error(), "does not hold under the model")
	}
}
