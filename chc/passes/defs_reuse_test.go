package passes

import (
	"slices"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// TestPropSolveDefsReuse: solveDefsIn gives what it gives with fresh
// tables when its tables (its two buffers of conjuncts left among them)
// come from the constraints solved before, as the pool hands them on.
// The constraints drawn, several in a row, are often all definitions
// (nothing left: the empty lists a round gives back) and often not,
// simplified or not, over variables two of which can does not allow
// (their equalities are written into a round's list first).
func TestPropSolveDefsReuse(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		ints := []*term.Term{st.Const("x0", term.IntSort), st.Const("x1", term.IntSort), st.Const("x2", term.IntSort), st.Const("x3", term.IntSort)}
		b := st.Const("b", term.BoolSort)
		x := func(label string) *term.Term { return rapid.SampledFrom(ints).Draw(t, label) }
		k := func(label string) *term.Term { return st.Int(int64(rapid.IntRange(-1, 1).Draw(t, label))) }
		can := func(y *term.Term) bool { return y != ints[2] && y != ints[3] }
		prefer := func(y *term.Term) bool { return y == ints[0] }
		shared := new(defsScratch)
		for round := range rapid.IntRange(1, 5).Draw(t, "constraints") {
			onlyDefs := rapid.Bool().Draw(t, "only definitions")
			var cs []*term.Term
			for range rapid.IntRange(1, 6).Draw(t, "conjuncts") {
				var a *term.Term
				kind := rapid.IntRange(0, 5).Draw(t, "kind")
				if onlyDefs {
					kind %= 2
				}
				switch kind {
				case 0:
					a = st.Eq(x("l"), x("r"))
				case 1:
					a = st.Eq(x("l"), k("v"))
				case 2:
					a = st.Le(x("l"), k("v"))
				case 3:
					a = st.Eq(x("l"), st.Add(x("r"), st.Int(1)))
				case 4:
					a = st.Not(st.Eq(x("l"), x("r")))
				default:
					a = st.Eq(b, st.Le(x("l"), x("r")))
				}
				cs = append(cs, a)
			}
			f := chc.Conj(st, cs)
			if rapid.Bool().Draw(t, "simplified") {
				f = st.Simplify(f)
			}
			simple := rapid.Bool().Draw(t, "simple")
			var fresh, reused solved
			want := solveDefsIn(&fresh, new(defsScratch), st, f, nil, can, prefer, simple)
			got := solveDefsIn(&reused, shared, st, f, nil, can, prefer, simple)
			if !slices.Equal(got.defs, want.defs) || !slices.Equal(got.rest, want.rest) || got.used != want.used {
				t.Fatalf("constraint %d, %v: with the tables of the ones before, definitions %v, rest %v (%d used); fresh: %v, %v (%d)", round, f, got.defs, got.rest, got.used, want.defs, want.rest, want.used)
			}
			shared.reset() // (as solveDefsInto does after each call)
		}
	})
}
