package witness

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// relaxedShapes are clauses whose atoms share variables: in the relaxed
// form (chc.ReadRelaxed) the shared variable stays one variable, in the
// strict form it becomes a copy a = x.
var relaxedShapes = []string{
	"(assert (forall ((x Int)) (=> (= x %s) (P x))))\n",
	"(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x %s))) (Q x y))))\n",
	"(assert (forall ((x Int) (y Int)) (=> (and (P x) (Q x y) (= y (+ x %s))) (P y))))\n",
	"(assert (forall ((x Int) (y Int)) (=> (and (Q x y) (P y) (<= x %s)) (Q y x))))\n",
	"(assert (forall ((x Int)) (=> (and (P x) (Q x x) (> x %s)) false)))\n",
	"(assert (forall ((x Int) (y Int)) (=> (and (Q x y) (P x) (P y) (distinct x %s)) false)))\n",
}

// drawSystemText draws a HORN script of n clauses from shapes, each with a
// drawn constant in -2..2.
func drawSystemText(t *rapid.T, shapes []string) string {
	var text strings.Builder
	text.WriteString("(set-logic HORN)\n(declare-fun P (Int) Bool)\n(declare-fun Q (Int Int) Bool)\n")
	n := rapid.IntRange(1, 6).Draw(t, "clauses")
	for i := range n {
		shape := rapid.IntRange(0, len(shapes)-1).Draw(t, fmt.Sprint("shape", i))
		v := rapid.IntRange(-2, 2).Draw(t, fmt.Sprint("c", i))
		c := fmt.Sprint(v)
		if v < 0 {
			c = fmt.Sprintf("(- %d)", -v)
		}
		fmt.Fprintf(&text, shapes[shape], c)
	}
	return text.String()
}

// A formulaRecipe is a drawn formula over a predicate's parameters,
// built again in any system with the same predicates.
type formulaRecipe []struct{ kind, x, y, v int }

func drawRecipe(t *rapid.T, arity int, label string) formulaRecipe {
	var r formulaRecipe
	for range rapid.IntRange(0, 3).Draw(t, label+"atoms") {
		r = append(r, struct{ kind, x, y, v int }{
			rapid.IntRange(0, 4).Draw(t, label+"kind"),
			rapid.IntRange(0, arity-1).Draw(t, label+"x"),
			rapid.IntRange(0, arity-1).Draw(t, label+"y"),
			rapid.IntRange(-3, 3).Draw(t, label+"v"),
		})
	}
	return r
}

func (r formulaRecipe) build(st *term.Store, p *chc.Pred) *term.Term {
	var parts []*term.Term
	for _, a := range r {
		x, y, v := p.Params[a.x], p.Params[a.y], st.Int(int64(a.v))
		switch a.kind {
		case 0:
			parts = append(parts, st.Eq(x, v))
		case 1:
			parts = append(parts, st.Eq(x, st.Add(y, v)))
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

// sharesVariable reports whether two atoms of c have a variable in common.
func sharesVariable(c *chc.Clause) bool {
	seen := map[*term.Term]int{}
	atoms := []*chc.Atom{}
	if c.Head != nil {
		atoms = append(atoms, c.Head)
	}
	for j := range c.Body {
		atoms = append(atoms, &c.Body[j])
	}
	for j, a := range atoms {
		for _, x := range a.Args {
			if k, ok := seen[x]; ok && k != j {
				return true
			}
			seen[x] = j
		}
	}
	return false
}

// TestPropRelaxedModels: a drawn model is accepted by CheckModel on the
// relaxed reading of a drawn system (atoms that share variables) exactly
// when it is accepted on the strict reading of the same script, where
// every shared variable is a copy; and where forcedClause decides a
// relaxed clause, the scratch store's check decides it the same way.
func TestPropRelaxedModels(t *testing.T) {
	accepted, rejected, forcedShared := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		text := drawSystemText(t, relaxedShapes)
		recipes := map[string]formulaRecipe{"P": drawRecipe(t, 1, "P"), "Q": drawRecipe(t, 2, "Q")}
		verdict := func(relaxed bool) error {
			st := term.NewStore()
			var s *chc.System
			var err error
			if relaxed {
				s, _, err = chc.ReadRelaxed(context.Background(), "drawn", strings.NewReader(text), st)
			} else {
				s, _, err = chc.Read("drawn", strings.NewReader(text), st)
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Relaxed != relaxed {
				t.Fatalf("read relaxed=%v gave a system with Relaxed=%v", relaxed, s.Relaxed)
			}
			m := chc.Model{}
			for _, p := range s.Preds {
				m[p] = recipes[p.Name()].build(st, p)
			}
			if relaxed {
				mc := &modelChecker{from: st, m: m}
				for _, c := range s.Clauses {
					if err := chc.CheckClauseRelaxedIn(st, 0, c); err != nil {
						t.Fatalf("relaxed read: %v", err)
					}
					holds, _, ok := mc.forcedClause(c)
					if !ok {
						continue
					}
					if sharesVariable(c) {
						forcedShared++
					}
					msg := mc.scratchClause(context.Background(), c)
					if holds != strings.HasPrefix(msg, "does not hold") || (!holds && msg != "") {
						t.Fatalf("clause %s under %v: forcedClause says the clause fails: %v, the scratch check: %q", c.Origin, m, holds, msg)
					}
				}
			} else if err := chc.CheckNormal(chc.NewBudget(context.Background()), s); err != nil {
				t.Fatalf("strict read: %v", err)
			}
			return CheckModel(context.Background(), s, m)
		}
		relaxedErr, strictErr := verdict(true), verdict(false)
		if (relaxedErr == nil) != (strictErr == nil) {
			t.Fatalf("on\n%s\nthe relaxed system's check says %v, the strict one's %v", text, relaxedErr, strictErr)
		}
		if relaxedErr == nil {
			accepted++
		} else {
			if !strings.Contains(relaxedErr.Error(), "does not hold") {
				t.Fatalf("a check that could not decide: %v", relaxedErr)
			}
			rejected++
		}
	})
	t.Logf("%d models accepted, %d rejected; forcedClause decided %d clauses with shared variables", accepted, rejected, forcedShared)
	if accepted == 0 || rejected == 0 || forcedShared == 0 {
		t.Fatal("no model accepted, none rejected, or no clause with shared variables decided by evaluation")
	}
}

// TestPropRelaxedDerivation: a query whose two body atoms share the
// variable x, P(x) ∧ Q(x, y) ∧ y > x ⇒ false, over facts P(x) and Q(x, y)
// of any values, read in the relaxed form; a derivation with drawn values
// replays exactly when the children derive the values the query's shared
// x and y take in both atoms.
func TestPropRelaxedDerivation(t *testing.T) {
	const src = `(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int Int) Bool)
(assert (forall ((x Int)) (P x)))
(assert (forall ((x Int) (y Int)) (Q x y)))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (Q x y) (> y x)) false)))
`
	st := term.NewStore()
	s, _, err := chc.ReadRelaxed(context.Background(), "t.smt2", strings.NewReader(src), st)
	if err != nil {
		t.Fatal(err)
	}
	query := s.Clauses[2]
	if len(query.Vars) != 2 || !sharesVariable(query) {
		t.Fatalf("the query read relaxed is not over two shared variables: %v", query)
	}
	good, bad := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		val := func(name string) *term.Term { return st.Int(int64(rapid.IntRange(0, 2).Draw(t, name))) }
		x, y := val("x"), val("y")
		// the children's values agree with the root's in about half of
		// the draws (drawn apart, they would agree in one draw of 27, and
		// 100 draws would often hold no derivation to accept)
		px, qx, qy := x, x, y
		if rapid.Bool().Draw(t, "apart") {
			px, qx, qy = val("px"), val("qx"), val("qy")
		}
		root := &chc.Node{Clause: query, Values: []*term.Term{x, y}, Children: []*chc.Node{
			{Clause: s.Clauses[0], Values: []*term.Term{px}},
			{Clause: s.Clauses[1], Values: []*term.Term{qx, qy}},
		}}
		err := CheckDerivation(context.Background(), s, root)
		want := px == x && qx == x && qy == y && y.Num().Cmp(x.Num()) > 0
		if (err == nil) != want {
			t.Fatalf("x=%v y=%v, P(%v), Q(%v, %v): replay says %v, want ok=%v", x, y, px, qx, qy, err, want)
		}
		if want {
			good++
		} else {
			bad++
		}
	})
	if good == 0 || bad == 0 {
		t.Fatalf("%d derivations replayed, %d rejected: the draws miss a case", good, bad)
	}
}
