package passes

import (
	"strconv"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// storesRefuteMap is storesRefute as it was: the definitions in a map
// and the others' conjunction built and simplified under it (the
// reference of TestPropStoresRefute).
func storesRefuteMap(st *term.Store, f *term.Term) bool {
	if f.Op() != term.OpAnd {
		return false
	}
	var sub map[*term.Term]*term.Term
	var others []*term.Term
	for _, a := range f.Args() {
		if a.Op() == term.OpEq && a.NumArgs() == 2 {
			x, t := a.Arg(0), a.Arg(1)
			if x.Op() != term.OpConst {
				x, t = t, x
			}
			if x.Op() == term.OpConst && t.Op() == term.OpStore && sub[x] == nil && !mentions(t, x) {
				if sub == nil {
					sub = map[*term.Term]*term.Term{}
				}
				sub[x] = t
				continue
			}
		}
		others = append(others, a)
	}
	if len(sub) == 0 || len(others) == 0 {
		return false
	}
	return st.SimplifyMap(chc.Conj(st, others), sub).IsFalse()
}

// TestPropStoresRefute: storesRefute, which simplifies only the
// conjuncts that read a variable the stores define, refutes a
// simplified constraint exactly when the conjunction of the others,
// built and simplified under the definitions, is false. The constraints
// drawn mix definitions by stores (of one array variable by another, or
// by itself, which is no definition), reads at the written indices and
// others, bounds and Boolean literals, and often a definition with a
// read at its index, so that both answers come up (checked at the end).
func TestPropStoresRefute(t *testing.T) {
	var yes, no int
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		as := st.ArraySort(term.IntSort, term.IntSort)
		var arrs, ints []*term.Term
		for i := range 3 {
			arrs = append(arrs, st.Const("a"+strconv.Itoa(i), as))
			ints = append(ints, st.Const("x"+strconv.Itoa(i), term.IntSort))
		}
		b := st.Const("b", term.BoolSort)
		k := func(label string) *term.Term { return st.Int(int64(rapid.IntRange(0, 2).Draw(t, label))) }
		idx := func(label string) *term.Term {
			if rapid.Bool().Draw(t, label+" var") {
				return rapid.SampledFrom(ints).Draw(t, label)
			}
			return k(label)
		}
		arr := func(label string) *term.Term { return rapid.SampledFrom(arrs).Draw(t, label) }
		var cs []*term.Term
		n := rapid.IntRange(1, 7).Draw(t, "conjuncts")
		for range n {
			var a *term.Term
			switch rapid.IntRange(0, 9).Draw(t, "kind") {
			case 9:
				// a definition and a read at its index, of the value
				// written or not (refuted when it is not that value)
				d, i := arr("defined"), idx("i")
				cs = append(cs, st.Eq(d, st.Store(arr("stored"), i, k("v"))))
				a = st.Not(st.Eq(st.Select(d, i), k("w")))
			case 0, 1, 2:
				s := st.Store(arr("stored"), idx("i"), idx("v"))
				if rapid.Bool().Draw(t, "twice") {
					s = st.Store(s, idx("j"), idx("w"))
				}
				a = st.Eq(arr("defined"), s)
			case 3, 4:
				a = st.Eq(st.Select(arr("read"), idx("i")), idx("v"))
			case 5:
				a = st.Not(st.Eq(st.Select(arr("read"), idx("i")), idx("v")))
			case 6:
				a = st.Le(rapid.SampledFrom(ints).Draw(t, "x"), k("v"))
			case 7:
				a = b
				if rapid.Bool().Draw(t, "neg") {
					a = st.Not(b)
				}
			default:
				a = st.Eq(arr("l"), arr("r"))
			}
			cs = append(cs, a)
		}
		f := st.Simplify(chc.Conj(st, cs))
		want := storesRefuteMap(st, f)
		if got := storesRefute(st, f); got != want {
			t.Fatalf("storesRefute(%v) = %v, want %v", f, got, want)
		}
		if want {
			yes++
		} else {
			no++
		}
	})
	if yes == 0 || no == 0 {
		t.Fatalf("refuted %d, not %d: both should come up", yes, no)
	}
	t.Logf("refuted %d, not %d", yes, no)
}
