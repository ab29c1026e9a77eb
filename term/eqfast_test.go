package term

import (
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
