package passes

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// sameLocalsOutcome reports whether two outcomes of eliminateLocals are
// the same: the clause dropped by both, kept by both, or rewritten by both
// to one constraint with the same definitions.
func sameLocalsOutcome(a, b localsOutcome) bool {
	if a.drop != b.drop || a.cons != b.cons || len(a.defs) != len(b.defs) {
		return false
	}
	for x, t := range a.defs {
		if b.defs[x] != t {
			return false
		}
	}
	return true
}

// TestPropLocalsScreen: mayEliminate's screen changes no outcome of
// eliminateLocals on random simplified constraints over a few integer,
// Boolean and array variables (equalities, bounds, sums and array reads,
// Boolean literals), each a local or an atom argument at random: a
// constraint it passes over has nothing to eliminate.
func TestPropLocalsScreen(t *testing.T) {
	screened, kept := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		arr := st.ArraySort(term.IntSort, term.IntSort)
		ints := []*term.Term{st.Const("x0", term.IntSort), st.Const("x1", term.IntSort), st.Const("x2", term.IntSort), st.Const("x3", term.IntSort)}
		bools := []*term.Term{st.Const("b0", term.BoolSort), st.Const("b1", term.BoolSort)}
		arrs := []*term.Term{st.Const("a0", arr), st.Const("a1", arr)}
		num := func() *term.Term { return st.Int(int64(rapid.IntRange(-1, 2).Draw(t, "k"))) }
		x := func() *term.Term { return rapid.SampledFrom(ints).Draw(t, "x") }
		arith := func() *term.Term {
			switch rapid.IntRange(0, 3).Draw(t, "arith") {
			case 0:
				return x()
			case 1:
				return st.Add(x(), x())
			case 2:
				return st.Select(rapid.SampledFrom(arrs).Draw(t, "a"), x())
			}
			return st.Mul(st.Int(2), x())
		}
		var cs []*term.Term
		for range rapid.IntRange(1, 5).Draw(t, "conjuncts") {
			var a *term.Term
			switch rapid.IntRange(0, 6).Draw(t, "kind") {
			case 0:
				a = st.Eq(arith(), rapid.SampledFrom([]*term.Term{num(), arith()}).Draw(t, "rhs"))
			case 1:
				a = st.Le(arith(), num())
			case 2:
				a = st.Not(st.Le(arith(), arith()))
			case 3:
				a = rapid.SampledFrom(bools).Draw(t, "b")
				if rapid.Bool().Draw(t, "neg") {
					a = st.Not(a)
				}
			case 4:
				a = st.Or(st.Eq(x(), num()), rapid.SampledFrom(bools).Draw(t, "b"))
			case 5:
				a = st.Eq(rapid.SampledFrom(bools).Draw(t, "b"), st.Le(x(), num()))
			default:
				a = st.Eq(rapid.SampledFrom(arrs).Draw(t, "a"), st.Store(rapid.SampledFrom(arrs).Draw(t, "a"), x(), x()))
			}
			cs = append(cs, a)
		}
		f := st.Simplify(chc.Conj(st, cs))
		var list []*term.Term
		for _, v := range append(append(append([]*term.Term{}, ints...), bools...), arrs...) {
			if rapid.IntRange(0, 2).Draw(t, "arg") > 0 {
				list = append(list, v)
			}
		}
		args := &varSet{list: list}
		got := eliminateLocalsIn(st, f, args, true)
		want := eliminateLocalsIn(st, f, args, false)
		if !sameLocalsOutcome(got, want) {
			t.Fatalf("constraint %v, arguments %v: screened %+v, in full %+v", f, list, got, want)
		}
		if f.IsSimplified() && hasLocal(f, args) {
			if got.cons == nil && !got.drop {
				kept++
			}
			if !mayEliminate(st, term.Conjuncts(nil, f), args) {
				screened++
			}
		}
	})
	t.Logf("%d constraints with locals kept, %d passed over by the screen", kept, screened)
	if screened == 0 {
		t.Fatal("no constraint passed over by the screen: the test draws none")
	}
}

// TestLocalsScreenDevFolders: on every clause that each EliminateLocals of
// Default meets in the dev folders (skipped when absent), eliminateLocals
// with mayEliminate's screen has the outcome it has without.
func TestLocalsScreenDevFolders(t *testing.T) {
	var files, srcs []string
	for _, d := range []string{"lia-arrays", "lia-lin", "arrays", "recursion"} {
		f, s := folderFiles(t, filepath.Join("../../../shared/bench/chc", d))
		files, srcs = append(files, f...), append(srcs, s...)
	}
	if len(files) == 0 || os.Getenv("SHORT_DEV") != "" {
		t.Skip("../shared/bench/chc not present")
	}
	met, screened := 0, 0
	for i, name := range files {
		s, err := readFolderFile(name, srcs[i])
		if err != nil {
			continue
		}
		ctx := context.WithValue(context.Background(), keptKey{}, &kept{})
		for _, p := range Default() {
			if _, ok := p.(EliminateLocals); ok {
				var ca clauseArgs
				for _, c := range s.Clauses {
					args := ca.of(c)
					got := eliminateLocalsIn(s.St, c.Constraint, &args, true)
					want := eliminateLocalsIn(s.St, c.Constraint, &args, false)
					if !sameLocalsOutcome(got, want) {
						t.Fatalf("%s: constraint %v: screened %+v, in full %+v", name, c.Constraint, got, want)
					}
					met++
					if c.Constraint.IsSimplified() && hasLocal(c.Constraint, &args) && !mayEliminate(s.St, term.Conjuncts(nil, c.Constraint), &args) {
						screened++
					}
				}
				ca.release()
			}
			if s, _, err = p.Apply(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d clauses met, %d passed over by the screen", met, screened)
}
