package term

import (
	"slices"
	"strconv"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestPropRenameRoot: simplifyMapRoots gives a simplified atom under a
// substitution of constants what Simplify gives the substituted atom,
// whether renameRoot takes it (a renaming that keeps the order of the
// constants' IDs: the image built without the rules) or not (an order
// turned round, two constants made one, a value for a constant: the
// rules). The atoms drawn are bounds, equations and disequations over
// integer and real sums, Boolean literals and equalities, equalities of
// arrays, and atoms over a select (which renameRoot leaves alone); the
// renamings, half of them, keep the order of the IDs, so that both paths
// come up (checked at the end).
func TestPropRenameRoot(t *testing.T) {
	var fast, slow int
	rapid.Check(t, func(t *rapid.T) {
		st := NewStore()
		consts := func(prefix string, n int, s *Sort) []*Term {
			var cs []*Term
			for i := range n {
				cs = append(cs, st.Const(prefix+strconv.Itoa(i), s))
			}
			return cs
		}
		arrSort := st.ArraySort(IntSort, IntSort)
		ints, reals := consts("x", 5, IntSort), consts("r", 3, RealSort)
		bools, arrs := consts("b", 3, BoolSort), consts("a", 2, arrSort)
		sum := func(vars []*Term, s *Sort) *Term {
			n := rapid.IntRange(1, 4).Draw(t, "monomials")
			var ms []*Term
			for range n {
				k := int64(rapid.IntRange(-3, 3).Draw(t, "k"))
				var x *Term
				if rapid.IntRange(0, 5).Draw(t, "select") == 0 && s == IntSort {
					x = st.Select(arrs[0], rapid.SampledFrom(ints).Draw(t, "i"))
				} else {
					x = rapid.SampledFrom(vars).Draw(t, "x")
				}
				ms = append(ms, st.Mul(st.Num(num.NewRat(k, 1), s), x))
			}
			ms = append(ms, st.Num(num.NewRat(int64(rapid.IntRange(-4, 4).Draw(t, "c")), 1), s))
			return st.Add(ms...)
		}
		var raw *Term
		switch rapid.IntRange(0, 5).Draw(t, "kind") {
		case 0, 1, 2:
			vars, s := ints, IntSort
			if rapid.Bool().Draw(t, "real") {
				vars, s = reals, RealSort
			}
			l, r := sum(vars, s), st.Num(num.NewRat(int64(rapid.IntRange(-2, 2).Draw(t, "rhs")), 1), s)
			if rapid.Bool().Draw(t, "sum on the right") {
				r = sum(vars, s)
			}
			switch rapid.IntRange(0, 5).Draw(t, "op") {
			case 0:
				raw = st.Le(l, r)
			case 1:
				raw = st.Lt(l, r)
			case 2:
				raw = st.Ge(l, r)
			case 3:
				raw = st.Gt(l, r)
			case 4:
				raw = st.Eq(l, r)
			default:
				raw = st.Not(st.Eq(l, r))
			}
		case 3:
			raw = rapid.SampledFrom(bools).Draw(t, "b")
			if rapid.Bool().Draw(t, "two") {
				raw = st.Eq(raw, rapid.SampledFrom(bools).Draw(t, "c"))
			}
		case 4:
			raw = st.Eq(arrs[0], arrs[1])
		default:
			raw = st.Eq(rapid.SampledFrom(ints).Draw(t, "x"), rapid.SampledFrom(ints).Draw(t, "y"))
		}
		if rapid.Bool().Draw(t, "negated") {
			raw = st.Not(raw)
		}
		a := st.Simplify(raw)
		if a.op.IsLeaf() {
			return
		}
		// constants made after a, of higher IDs
		late := map[*Sort][]*Term{
			IntSort:  consts("y", 3, IntSort),
			RealSort: consts("s", 2, RealSort),
			BoolSort: consts("c", 2, BoolSort),
			arrSort:  consts("e", 2, arrSort),
		}
		pool := func(s *Sort) []*Term {
			var all []*Term
			for _, c := range append(append(append(append(ints, reals...), bools...), arrs...), late[s]...) {
				if c.sort == s {
					all = append(all, c)
				}
			}
			SortByID(all)
			return all
		}
		fv := FreeConsts(a)
		SortByID(fv)
		m := map[*Term]*Term{}
		if rapid.Bool().Draw(t, "monotone") {
			// each sort's constants onto an increasing choice of its pool
			bySort := map[*Sort][]*Term{}
			for _, x := range fv {
				bySort[x.sort] = append(bySort[x.sort], x)
			}
			for _, x := range fv {
				xs := bySort[x.sort]
				if xs == nil {
					continue
				}
				bySort[x.sort] = nil
				p := pool(x.sort)
				picks := rapid.SliceOfNDistinct(rapid.IntRange(0, len(p)-1), len(xs), len(xs), rapid.ID[int]).Draw(t, "picks")
				slices.Sort(picks)
				for i, y := range xs {
					if rapid.IntRange(0, 3).Draw(t, "keep") > 0 {
						m[y] = p[picks[i]]
					}
				}
			}
		} else {
			for _, x := range fv {
				switch rapid.IntRange(0, 3).Draw(t, "image") {
				case 0:
				case 1:
					if x.sort.IsArith() {
						m[x] = st.Num(num.NewRat(int64(rapid.IntRange(-2, 2).Draw(t, "v")), 1), x.sort)
						break
					}
					fallthrough
				default:
					m[x] = rapid.SampledFrom(pool(x.sort)).Draw(t, "y")
				}
			}
		}
		if len(m) == 0 {
			return
		}
		var from, to []*Term
		for _, x := range fv {
			if y, ok := m[x]; ok {
				from, to = append(from, x), append(to, y)
			}
		}
		// (Simplify first: a term renameRoot built is marked simplified,
		// and Simplify would take it as it is)
		want := st.Simplify(st.Substitute(a, from, to))
		if renameable(a, substMap{m: m}) {
			fast++
		} else {
			slow++
		}
		ts := []*Term{a}
		st.simplifyMapRoots(ts, substMap{m: m})
		if ts[0] != want {
			t.Fatalf("%v under %v -> %v: simplifyMapRoots gives %v, Simplify %v", a, from, to, ts[0], want)
		}
		require.True(t, ts[0].IsSimplified() || ts[0].op.IsLeaf(), "%v not marked simplified", ts[0])
	})
	require.Positive(t, fast, "no atom renamed by renameRoot")
	require.Positive(t, slow, "no atom left to the rules")
	t.Logf("%d renamed by renameRoot, %d by the rules", fast, slow)
}
