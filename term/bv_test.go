package term

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// refBV is an independent reference on int64 for widths up to 16: the
// signed operators as truncating division (Go's / and %), bvsmod with the
// sign of the divisor, and SMT-LIB's division by zero.
func refBV(op Op, x, y int64, w int) int64 {
	mask := int64(1)<<w - 1
	sx, sy := x, y
	if x>>(w-1)&1 == 1 {
		sx = x - (1 << w)
	}
	if y>>(w-1)&1 == 1 {
		sy = y - (1 << w)
	}
	b := func(c bool) int64 {
		if c {
			return 1
		}
		return 0
	}
	switch op {
	case OpBVAnd:
		return x & y
	case OpBVOr:
		return x | y
	case OpBVXor:
		return x ^ y
	case OpBVNand:
		return ^(x & y) & mask
	case OpBVNor:
		return ^(x | y) & mask
	case OpBVXnor:
		return ^(x ^ y) & mask
	case OpBVAdd:
		return (x + y) & mask
	case OpBVSub:
		return (x - y) & mask
	case OpBVMul:
		return (x * y) & mask
	case OpBVUdiv:
		if y == 0 {
			return mask
		}
		return x / y
	case OpBVUrem:
		if y == 0 {
			return x
		}
		return x % y
	case OpBVSdiv:
		if sy == 0 {
			if sx < 0 {
				return 1
			}
			return mask
		}
		return (sx / sy) & mask
	case OpBVSrem:
		if sy == 0 {
			return x
		}
		return (sx % sy) & mask
	case OpBVSmod:
		if sy == 0 {
			return x
		}
		r := sx % sy
		if r != 0 && (r < 0) != (sy < 0) {
			r += sy
		}
		return r & mask
	case OpBVShl:
		if y >= int64(w) {
			return 0
		}
		return (x << y) & mask
	case OpBVLshr:
		if y >= int64(w) {
			return 0
		}
		return x >> y
	case OpBVAshr:
		if y >= int64(w) {
			y = int64(w)
		}
		return (sx >> y) & mask
	case OpBVComp:
		return b(x == y)
	case OpBVUlt:
		return b(x < y)
	case OpBVUle:
		return b(x <= y)
	case OpBVUgt:
		return b(x > y)
	case OpBVUge:
		return b(x >= y)
	case OpBVSlt:
		return b(sx < sy)
	case OpBVSle:
		return b(sx <= sy)
	case OpBVSgt:
		return b(sx > sy)
	case OpBVSge:
		return b(sx >= sy)
	case OpBVUaddo:
		return b(x+y > mask)
	case OpBVUmulo:
		return b(x*y > mask)
	case OpBVUsubo:
		return b(x < y)
	}
	smin, smax := -(int64(1) << (w - 1)), int64(1)<<(w-1)-1
	out := func(v int64) int64 { return b(v < smin || v > smax) }
	switch op {
	case OpBVSaddo:
		return out(sx + sy)
	case OpBVSsubo:
		return out(sx - sy)
	case OpBVSmulo:
		return out(sx * sy)
	case OpBVSdivo:
		if sy == 0 {
			return 0
		}
		return out(sx / sy)
	}
	panic(op)
}

var binaryBVOps = []Op{OpBVAnd, OpBVOr, OpBVXor, OpBVNand, OpBVNor, OpBVXnor, OpBVAdd, OpBVSub,
	OpBVMul, OpBVUdiv, OpBVUrem, OpBVSdiv, OpBVSrem, OpBVSmod, OpBVShl, OpBVLshr, OpBVAshr,
	OpBVComp, OpBVUlt, OpBVUle, OpBVUgt, OpBVUge, OpBVSlt, OpBVSle, OpBVSgt, OpBVSge,
	OpBVUaddo, OpBVSaddo, OpBVUmulo, OpBVSmulo, OpBVUsubo, OpBVSsubo, OpBVSdivo}

// TestBVApplyAgainstReference checks every binary operator on every pair
// of values of widths 1 to 6 against the int64 reference.
func TestBVApplyAgainstReference(t *testing.T) {
	for w := 1; w <= 6; w++ {
		for _, op := range binaryBVOps {
			for x := int64(0); x < 1<<w; x++ {
				for y := int64(0); y < 1<<w; y++ {
					got := BVApply(op, 0, 0, []*big.Int{big.NewInt(x), big.NewInt(y)}, []int{w, w}, w)
					if want := refBV(op, x, y, w); got.Int64() != want {
						t.Fatalf("%v %d %d width %d: got %v, want %d", op, x, y, w, got, want)
					}
				}
			}
		}
	}
}

// TestBVEvalAndSimplify builds each operator over constants and over
// literals: the evaluation under a model and the folding agree.
func TestBVEvalAndSimplify(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		st := NewStore()
		w := rapid.IntRange(1, 12).Draw(rt, "w")
		s := st.BitVecSort(w)
		x, y := st.Const("x", s), st.Const("y", s)
		vx := rapid.Int64Range(0, 1<<w-1).Draw(rt, "vx")
		vy := rapid.Int64Range(0, 1<<w-1).Draw(rt, "vy")
		m := NewModel(st)
		m.Set(x, st.BVInt(vx, w))
		m.Set(y, st.BVInt(vy, w))
		op := rapid.SampledFrom(binaryBVOps).Draw(rt, "op")
		tm := st.Mk(op, x, y)
		v, err := m.Eval(tm)
		require.NoError(rt, err)
		folded := st.Simplify(st.Mk(op, st.BVInt(vx, w), st.BVInt(vy, w)))
		require.Same(rt, v, folded)
		want := refBV(op, vx, vy, w)
		if tm.Sort().IsBool() {
			require.Equal(rt, want == 1, v.IsTrue())
		} else {
			require.Equal(rt, want, v.BVValue().Int64())
		}
		// the simplified term has the same value
		v2, err := m.Eval(st.Simplify(tm))
		require.NoError(rt, err)
		require.Same(rt, v, v2)
	})
}

func TestBVIndexed(t *testing.T) {
	st := NewStore()
	s8 := st.BitVecSort(8)
	x := st.Const("x", s8)
	e1, err := st.BuildIndexed(OpExtract, 3, 0, x)
	require.NoError(t, err)
	e2, err := st.BuildIndexed(OpExtract, 4, 1, x)
	require.NoError(t, err)
	require.NotSame(t, e1, e2)
	require.Equal(t, "((_ extract 3 0) x)", e1.String())
	require.Equal(t, "(_ BitVec 4)", e1.Sort().String())
	_, err = st.BuildIndexed(OpExtract, 8, 0, x)
	require.Error(t, err)
	_, err = st.Build(OpBVAdd, x, st.Const("y", st.BitVecSort(4)))
	require.Error(t, err)

	m := NewModel(st)
	m.Set(x, st.BVInt(0xa5, 8))
	for _, c := range []struct {
		op   Op
		i, j int
		want string
	}{
		{OpExtract, 7, 4, "#xa"},
		{OpExtract, 2, 0, "#b101"},
		{OpZeroExtend, 4, 0, "#x0a5"},
		{OpSignExtend, 4, 0, "#xfa5"},
		{OpRotateLeft, 1, 0, "#x4b"},
		{OpRotateRight, 1, 0, "#xd2"},
		{OpRotateLeft, 9, 0, "#x4b"},
		{OpRepeat, 2, 0, "#xa5a5"},
	} {
		tm, err := st.BuildIndexed(c.op, c.i, c.j, x)
		require.NoError(t, err)
		v, err := m.Eval(tm)
		require.NoError(t, err)
		require.Equal(t, c.want, v.String(), tm.String())
		// substitution and rebuilding keep the indices
		y := st.Const("y", s8)
		ty := st.Substitute(tm, []*Term{x}, []*Term{y})
		i, j := ty.Indices()
		require.Equal(t, [2]int{c.i, c.j * boolToInt(c.op == OpExtract)}, [2]int{i, j})
	}
	cat := st.Mk(OpConcat, x, st.BVInt(1, 3))
	v, err := m.Eval(cat)
	require.NoError(t, err)
	require.Equal(t, "#b10100101001", v.String())
	n, err := m.Eval(st.Mk(OpBV2Nat, x))
	require.NoError(t, err)
	require.Equal(t, "165", n.String())
	ib, err := st.BuildIndexed(OpInt2BV, 4, 0, st.Int(-1))
	require.NoError(t, err)
	require.Equal(t, "#xf", st.Simplify(ib).String())
	// wide values are exact
	big1 := new(big.Int).Lsh(big.NewInt(1), 100)
	l := st.BVNum(new(big.Int).Sub(big1, big.NewInt(1)), 100)
	sum := st.Simplify(st.Mk(OpBVAdd, l, st.BVInt(1, 100)))
	require.Equal(t, "#x"+repeatString("0", 25), sum.String())
	require.Equal(t, st.DefaultValue(s8).String(), "#x00")
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func repeatString(s string, n int) string {
	r := ""
	for i := 0; i < n; i++ {
		r += s
	}
	return r
}

func TestBVUnaryPredicates(t *testing.T) {
	st := NewStore()
	for _, c := range []struct {
		op   Op
		v    int64
		w    int
		want string
	}{
		{OpBVRedor, 0, 4, "#b0"}, {OpBVRedor, 4, 4, "#b1"},
		{OpBVRedand, 15, 4, "#b1"}, {OpBVRedand, 7, 4, "#b0"},
		{OpBVNego, 8, 4, "true"}, {OpBVNego, 9, 4, "false"}, {OpBVNego, 0, 4, "false"},
		{OpBVNego, 1, 1, "true"},
	} {
		got := st.Simplify(st.Mk(c.op, st.BVInt(c.v, c.w)))
		require.Equal(t, c.want, got.String(), "%v %d", c.op, c.v)
	}
}

// TestBVSimplifyProperties draws bit-vector terms over two constants:
// Simplify keeps their value under random models and is idempotent.
func TestBVSimplifyProperties(t *testing.T) {
	ops := []Op{OpBVAdd, OpBVMul, OpBVSub, OpBVAnd, OpBVOr, OpBVXor, OpBVUdiv, OpBVUrem,
		OpBVSdiv, OpBVSrem, OpBVSmod, OpBVShl, OpBVLshr, OpBVAshr, OpBVNand, OpBVNor, OpBVXnor}
	cmps := []Op{OpBVUlt, OpBVUle, OpBVUgt, OpBVUge, OpBVSlt, OpBVSle, OpBVSgt, OpBVSge,
		OpBVUaddo, OpBVSmulo, OpBVSdivo}
	rapid.Check(t, func(rt *rapid.T) {
		st := NewStore()
		w := rapid.IntRange(1, 10).Draw(rt, "w")
		s := st.BitVecSort(w)
		vars := []*Term{st.Const("x", s), st.Const("y", s)}
		var gen func(d int) *Term
		gen = func(d int) *Term {
			if d == 0 || rapid.IntRange(0, 2).Draw(rt, "leaf") == 0 {
				if rapid.Bool().Draw(rt, "var") {
					return rapid.SampledFrom(vars).Draw(rt, "v")
				}
				return st.BVInt(rapid.Int64Range(0, 1<<w-1).Draw(rt, "c"), w)
			}
			switch rapid.IntRange(0, 6).Draw(rt, "shape") {
			case 0:
				return st.Mk(rapid.SampledFrom([]Op{OpBVNot, OpBVNeg}).Draw(rt, "u"), gen(d-1))
			case 1:
				c := st.Mk(rapid.SampledFrom(cmps).Draw(rt, "cmp"), gen(d-1), gen(d-1))
				return st.Ite(c, gen(d-1), gen(d-1))
			case 2:
				i := rapid.IntRange(0, w-1).Draw(rt, "hi")
				e, err := st.BuildIndexed(OpExtract, i, 0, gen(d-1))
				require.NoError(rt, err)
				z, err := st.BuildIndexed(OpZeroExtend, w-1-i, 0, e)
				require.NoError(rt, err)
				return z
			case 4:
				// extracts of concatenations of extracts, back to width w
				cat := st.Mk(OpConcat, gen(d-1), st.Mk(OpConcat, gen(d-1), gen(d-1)))
				lo := rapid.IntRange(0, 2*w).Draw(rt, "lo")
				e, err := st.BuildIndexed(OpExtract, lo+w-1, lo, cat)
				require.NoError(rt, err)
				return e
			case 3:
				r, err := st.BuildIndexed(rapid.SampledFrom([]Op{OpRotateLeft, OpRotateRight}).Draw(rt, "rot"), rapid.IntRange(0, 2*w).Draw(rt, "k"), 0, gen(d-1))
				require.NoError(rt, err)
				return r
			}
			return st.Mk(rapid.SampledFrom(ops).Draw(rt, "op"), gen(d-1), gen(d-1))
		}
		tm := st.Eq(gen(3), gen(3))
		if rapid.Bool().Draw(rt, "cmp") {
			tm = st.Mk(rapid.SampledFrom(cmps).Draw(rt, "top"), gen(3), gen(3))
		}
		simp := st.Simplify(tm)
		require.Same(rt, simp, st.Simplify(simp), "not idempotent on %v", tm)
		for k := 0; k < 4; k++ {
			m := NewModel(st)
			for _, v := range vars {
				m.Set(v, st.BVInt(rapid.Int64Range(0, 1<<w-1).Draw(rt, "val"), w))
			}
			a, err := m.Eval(tm)
			require.NoError(rt, err)
			b, err := m.Eval(simp)
			require.NoError(rt, err)
			require.Same(rt, a, b, "%v simplified to %v", tm, simp)
		}
	})
}
