package spacer

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// litSpec is a cube literal over the params x0..x3 (Int) and a (an Int
// array), built the same in any store.
type litSpec struct {
	kind   int // 0: Σ c·x <= k, 1: Σ c·x = k, 2: x mod m = k, 3: a[x] = k
	vars   []int
	coeffs []int64
	k, m   int64
	neg    bool
}

const specInts = 4

func drawSpec(t *rapid.T, label string) litSpec {
	s := litSpec{kind: rapid.IntRange(0, 3).Draw(t, label+".kind")}
	n := 1
	if s.kind <= 1 {
		n = rapid.IntRange(1, 2).Draw(t, label+".n")
	}
	for range n {
		s.vars = append(s.vars, rapid.IntRange(0, specInts-1).Draw(t, label+".var"))
		s.coeffs = append(s.coeffs, rapid.Int64Range(-2, 2).Draw(t, label+".c"))
	}
	s.k = rapid.Int64Range(-3, 3).Draw(t, label+".k")
	s.m = rapid.Int64Range(2, 4).Draw(t, label+".m")
	s.neg = rapid.Bool().Draw(t, label+".neg")
	return s
}

func (s litSpec) build(st *term.Store, xs []*term.Term, a *term.Term) *term.Term {
	var l *term.Term
	switch s.kind {
	case 0, 1:
		var sum []*term.Term
		for i, v := range s.vars {
			sum = append(sum, st.Mul(st.Int(s.coeffs[i]), xs[v]))
		}
		lhs := sum[0]
		if len(sum) > 1 {
			lhs = st.Add(sum...)
		}
		if s.kind == 0 {
			l = st.Le(lhs, st.Int(s.k))
		} else {
			l = st.Eq(lhs, st.Int(s.k))
		}
	case 2:
		l = st.Eq(st.Mod(xs[s.vars[0]], st.Int(s.m)), st.Int(s.k))
	default:
		l = st.Eq(st.Select(a, xs[s.vars[0]]), st.Int(s.k))
	}
	if s.neg {
		l = st.Not(l)
	}
	return l
}

// sortedIn builds the params and the literals of specs in a store, in
// the order given by perm (and the params in reverse when reverse), after
// junk terms, and returns the literals sorted by the engine's order,
// printed.
func sortedIn(specs []litSpec, perm []int, reverse bool, junk []int64) []string {
	st := term.NewStore()
	for _, j := range junk {
		st.Int(j)
		st.Const("junk", term.IntSort)
	}
	xs := make([]*term.Term, specInts)
	for i := range xs {
		k := i
		if reverse {
			k = specInts - 1 - i
		}
		xs[k] = st.Const("x"+string(rune('0'+k)), term.IntSort)
	}
	a := st.Const("a", st.ArraySort(term.IntSort, term.IntSort))
	params := append(append([]*term.Term{}, xs...), a)
	lits := make([]*term.Term, len(specs))
	for _, i := range perm {
		lits[i] = specs[i].build(st, xs, a)
	}
	e := &engine{st: st}
	e.order.init([]*pred{{params: params}})
	cube := e.sortCube(lits)
	out := make([]string, len(cube))
	for i, l := range cube {
		out[i] = l.String()
	}
	return out
}

// TestCubeOrderIgnoresIDs: the literals of a cube come out of sortCube in
// the same order whatever order their terms (and the params, and others
// before them) were made in.
func TestCubeOrderIgnoresIDs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 8).Draw(t, "n")
		specs := make([]litSpec, n)
		id := make([]int, n)
		for i := range specs {
			specs[i] = drawSpec(t, "spec")
			id[i] = i
		}
		perm := rapid.Permutation(id).Draw(t, "perm")
		junk := rapid.SliceOfN(rapid.Int64Range(-3, 3), 0, 5).Draw(t, "junk")
		want := sortedIn(specs, id, false, nil)
		got := sortedIn(specs, perm, rapid.Bool().Draw(t, "reverse"), junk)
		if len(got) != len(want) {
			t.Fatalf("%d literals against %d", len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("order depends on creation order:\n%v\n%v", want, got)
			}
		}
	})
}

// TestCubeOrderByParam: a literal over fewer params comes first, then one
// over an earlier param; sortCube drops repeats.
func TestCubeOrderByParam(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	y := st.Const("y", term.IntSort)
	ly := st.Le(y, st.Int(0)) // made first: the lower ID
	lx := st.Le(st.Add(x, y), st.Int(0))
	lx2 := st.Le(x, st.Int(5))
	e := &engine{st: st}
	e.order.init([]*pred{{params: []*term.Term{x, y}}})
	got := e.sortCube([]*term.Term{ly, lx, lx2, ly})
	want := []*term.Term{lx2, ly, lx}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	if !e.subset([]*term.Term{lx2, lx}, got) || e.subset([]*term.Term{lx2, st.Le(x, st.Int(6))}, got) {
		t.Fatal("subset is wrong on sorted cubes")
	}
}

// preIntern makes literals over every predicate's params, in reverse
// param order, before a run: the literals an obligation or lemma may hold
// then have other IDs (and another relative order) than in a plain run.
func preIntern(sys *chc.System) {
	st := sys.St
	for _, p := range sys.Preds {
		for i := len(p.Params) - 1; i >= 0; i-- {
			x := p.Params[i]
			if !x.Sort().IsArith() {
				continue
			}
			for k := int64(3); k >= -3; k-- {
				c := st.Num(num.NewInt(k).Rat(), x.Sort())
				st.Simplify(st.Not(st.Le(x, c)))
				st.Simplify(st.Eq(x, c))
				st.Simplify(st.Le(x, c))
			}
		}
	}
}

// TestSearchIgnoresCreationOrder: a system takes the same search (the
// same solver checks, obligations and lemmas) whether or not literals
// over the params were made before the run.
func TestSearchIgnoresCreationOrder(t *testing.T) {
	type system struct{ name, src string }
	var systems []system
	for _, tc := range handwritten {
		systems = append(systems, system{tc.name, tc.src})
	}
	for _, f := range []string{"nay-horn-IF_fg_mpg_example4.smt2", "synthesis__nay-horn__CONST_fg_search_4_000.smt2", "llreve-bench__smt2__arrays__libc__memset_1.array_000.smt2"} {
		src, err := os.ReadFile("testdata/" + f)
		require.NoError(t, err)
		systems = append(systems, system{f, string(src)})
	}
	for _, tc := range systems {
		t.Run(tc.name, func(t *testing.T) {
			run := func(pre bool) chc.Result {
				sys, _, err := chc.Read("test.smt2", strings.NewReader(tc.src), term.NewStore())
				require.NoError(t, err)
				if pre {
					preIntern(sys)
				}
				ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
				defer cancel()
				return New(Options{}).Solve(ctx, sys)
			}
			a, b := run(false), run(true)
			require.NotEqual(t, chc.Unknown, a.Answer, "%v", a.Reason)
			require.Equal(t, a.Answer, b.Answer)
			for _, k := range []string{"spacer.smt-checks", "spacer.pobs", "spacer.lemmas"} {
				require.Equal(t, stat(a, k), stat(b, k), k)
			}
		})
	}
}
