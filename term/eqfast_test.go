package term

import (
	"slices"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"pgregory.net/rapid"
)

// TestLeafEqForm checks mkEq's shortcut for equalities of variables and
// numerals: the atom is the one the linear path (mkArithEq of the
// difference) gives.
func TestLeafEqForm(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := NewStore()
		s := IntSort
		if rapid.Bool().Draw(t, "real") {
			s = RealSort
		}
		var leaves []*Term
		for i := range 4 {
			leaves = append(leaves, st.Const(string(rune('a'+i)), s))
		}
		n := rapid.Int64Range(-1e12, 1e12).Draw(t, "n")
		leaves = append(leaves, st.Num(num.NewRat(n, 1), s))
		if s == RealSort {
			leaves = append(leaves, st.Num(num.NewRat(n, 7), s))
		}
		a := rapid.SampledFrom(leaves).Draw(t, "a")
		b := rapid.SampledFrom(leaves).Draw(t, "b")
		if a == b {
			return // mkEq's first case
		}
		if st.leafEq(a, b) == nil && (a.op == OpConst || b.op == OpConst) {
			t.Fatalf("no shortcut for %v = %v", a, b)
		}
		sp := simplifier{st: st, lz: newLinearizer(st)}
		defer sp.lz.release()
		want := st.mkArithEq(sp.diff(a, b))
		if got := sp.mkEq(a, b); got != want {
			t.Fatalf("%v = %v: mkEq %v, linear path %v", a, b, got, want)
		}
	})
}

// TestIntBoundForm checks the simplifier's shortcut for bounds of an
// integer variable by a numeral (small and 256-bit ones, either side):
// the literal is the one the linear path (mkIneq of the difference)
// gives.
func TestIntBoundForm(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := NewStore()
		x := st.Const("x", IntSort)
		v := num.NewInt(rapid.Int64Range(-1e12, 1e12).Draw(t, "n"))
		if rapid.Bool().Draw(t, "big") {
			v = v.Add(num.MustParseInt("115792089237316195423570985008687907853269984665640564039457584007913129639936"))
		}
		c := st.IntNum(v)
		a, b := x, c
		if rapid.Bool().Draw(t, "swap") {
			a, b = c, x
		}
		op := rapid.SampledFrom([]Op{OpLe, OpLt, OpGe, OpGt}).Draw(t, "op")
		sp := simplifier{st: st, lz: newLinearizer(st)}
		defer sp.lz.release()
		l := sp.diff(a, b)
		var want *Term
		switch op {
		case OpLe:
			want = st.mkIneq(l, false)
		case OpLt:
			want = st.mkIneq(l, true)
		case OpGe:
			want = st.mkIneq(scale(l, ratMinusOne), false)
		default:
			want = st.mkIneq(scale(l, ratMinusOne), true)
		}
		if got := st.intBound(op, a, b); got != want {
			t.Fatalf("%v %v %v: intBound %v, linear path %v", a, op, b, got, want)
		}
	})
}

// TestSortByID: SortByID orders any list as slices.SortFunc with
// CompareID does, short and long, sorted or not, with repeats.
func TestSortByID(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := NewStore()
		var pool []*Term
		for i := range 50 {
			pool = append(pool, st.Int(int64(i)))
		}
		ts := rapid.SliceOfN(rapid.SampledFrom(pool), 0, 100).Draw(t, "ts")
		if rapid.Bool().Draw(t, "sorted") {
			slices.SortFunc(ts, CompareID)
		}
		want := slices.Clone(ts)
		slices.SortFunc(want, CompareID)
		SortByID(ts)
		if !slices.Equal(ts, want) {
			t.Fatalf("SortByID gave %v, want %v", ts, want)
		}
	})
}
