package passes_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// bvGen draws SMT-LIB bit-vector terms over the variables x and y of
// width w, with the operators BitVecToInt translates.
type bvGen struct {
	w int
}

func lit(v, w int) string {
	return fmt.Sprintf("(_ bv%d %d)", v&(1<<w-1), w)
}

func (g bvGen) term(t *rapid.T, k, depth int) string {
	if depth == 0 || rapid.IntRange(0, 3).Draw(t, "leaf") == 0 {
		switch {
		case k == g.w && rapid.Bool().Draw(t, "var"):
			return rapid.SampledFrom([]string{"x", "y"}).Draw(t, "v")
		case k < g.w && rapid.Bool().Draw(t, "ext"):
			return fmt.Sprintf("((_ extract %d 0) %s)", k-1, rapid.SampledFrom([]string{"x", "y"}).Draw(t, "v"))
		case k > g.w && rapid.Bool().Draw(t, "ext"):
			op := rapid.SampledFrom([]string{"zero_extend", "sign_extend"}).Draw(t, "extop")
			return fmt.Sprintf("((_ %s %d) %s)", op, k-g.w, rapid.SampledFrom([]string{"x", "y"}).Draw(t, "v"))
		}
		return lit(rapid.IntRange(0, 1<<k-1).Draw(t, "c"), k)
	}
	sub := func() string { return g.term(t, k, depth-1) }
	c := func() string { return lit(rapid.IntRange(0, 1<<k-1).Draw(t, "c"), k) }
	switch rapid.IntRange(0, 14).Draw(t, "op") {
	case 0:
		return fmt.Sprintf("(bvadd %s %s)", sub(), sub())
	case 1:
		return fmt.Sprintf("(bvsub %s %s)", sub(), sub())
	case 2:
		return fmt.Sprintf("(bvneg %s)", sub())
	case 3:
		return fmt.Sprintf("(bvnot %s)", sub())
	case 4:
		return fmt.Sprintf("(bvmul %s %s)", c(), sub())
	case 5:
		op := rapid.SampledFrom([]string{"bvshl", "bvlshr", "bvashr"}).Draw(t, "shift")
		return fmt.Sprintf("(%s %s %s)", op, sub(), c())
	case 6:
		op := rapid.SampledFrom([]string{"bvudiv", "bvurem"}).Draw(t, "div")
		return fmt.Sprintf("(%s %s %s)", op, sub(), c())
	case 7:
		mask := 1<<rapid.IntRange(0, k).Draw(t, "mask") - 1
		return fmt.Sprintf("(bvand %s %s)", sub(), lit(mask, k))
	case 8:
		j := rapid.IntRange(0, 2).Draw(t, "j")
		return fmt.Sprintf("((_ extract %d %d) %s)", k-1+j, j, g.term(t, k+j, depth-1))
	case 9:
		if k < 2 {
			return sub()
		}
		k1 := rapid.IntRange(1, k-1).Draw(t, "k1")
		return fmt.Sprintf("(concat %s %s)", g.term(t, k1, depth-1), g.term(t, k-k1, depth-1))
	case 10:
		if k < 2 {
			return sub()
		}
		e := rapid.IntRange(1, k-1).Draw(t, "e")
		op := rapid.SampledFrom([]string{"zero_extend", "sign_extend"}).Draw(t, "extop")
		return fmt.Sprintf("((_ %s %d) %s)", op, e, g.term(t, k-e, depth-1))
	case 11:
		return fmt.Sprintf("(ite %s %s %s)", g.formula(t, depth-1), sub(), sub())
	case 12:
		if k != 1 {
			return sub()
		}
		kk := rapid.IntRange(1, 4).Draw(t, "kk")
		return fmt.Sprintf("(bvcomp %s %s)", g.term(t, kk, depth-1), g.term(t, kk, depth-1))
	case 13:
		op := rapid.SampledFrom([]string{"+", "-"}).Draw(t, "pm")
		return fmt.Sprintf("((_ int2bv %d) (%s (bv2nat %s) %d))", k, op, sub(), rapid.IntRange(0, 20).Draw(t, "d"))
	default:
		return fmt.Sprintf("(bvmul %s %s)", sub(), c())
	}
}

func (g bvGen) formula(t *rapid.T, depth int) string {
	k := rapid.IntRange(1, g.w+1).Draw(t, "k")
	if depth == 0 {
		k = g.w
	}
	a, b := g.term(t, k, depth), g.term(t, k, depth)
	switch rapid.IntRange(0, 5).Draw(t, "f") {
	case 0:
		return fmt.Sprintf("(= %s %s)", a, b)
	case 1:
		return fmt.Sprintf("(distinct %s %s)", a, b)
	case 2:
		if depth > 0 {
			return fmt.Sprintf("(and %s %s)", g.formula(t, depth-1), g.formula(t, depth-1))
		}
	case 3:
		if depth > 0 {
			return fmt.Sprintf("(or (not %s) %s)", g.formula(t, depth-1), g.formula(t, depth-1))
		}
	}
	op := rapid.SampledFrom([]string{"bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"}).Draw(t, "cmp")
	return fmt.Sprintf("(%s %s %s)", op, a, b)
}

// values are the integer readings of v of width w: unsigned, and signed.
func readings(v, w int) (int64, int64) {
	s := v
	if v >= 1<<(w-1) {
		s = v - 1<<w
	}
	return int64(v), int64(s)
}

// TestBitVecToIntExact checks on small widths, by enumeration, that the
// translation of a clause constraint holds exactly where the original does:
// for every value of x and y, the bit-vector constraint is true iff the
// integer one is under the reading the translation chose (the other
// reading falls outside the range constraints, or agrees).
func TestBitVecToIntExact(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		g := bvGen{w: rapid.IntRange(3, 4).Draw(rt, "w")}
		f := g.formula(rt, 3)
		// a guard on x, which narrows its range for f
		guard := fmt.Sprintf("(%s x %s)", rapid.SampledFrom([]string{"bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge", "="}).Draw(rt, "guard"),
			lit(rapid.IntRange(0, 1<<g.w-1).Draw(rt, "gc"), g.w))
		if rapid.Bool().Draw(rt, "neg") {
			guard = "(not " + guard + ")"
		}
		src := fmt.Sprintf("(set-logic HORN)\n(declare-fun P ((_ BitVec %d)) Bool)\n"+
			"(assert (forall ((x (_ BitVec %d)) (y (_ BitVec %d))) (=> (and %s %s (bvule y x)) (P x))))\n",
			g.w, g.w, g.w, guard, f)
		st := term.NewStore()
		s, _, err := chc.Read("t.smt2", strings.NewReader(src), st)
		require.NoError(rt, err)
		out, _, err := passes.TranslateBitVec(context.Background(), s)
		var refused *passes.BitVecRefusal
		if errors.As(err, &refused) {
			rt.Skipf("refused: %v", err)
		}
		require.NoError(rt, err, f)
		c, nc := s.Clauses[0], out.Clauses[0]
		require.Len(rt, nc.Vars, len(c.Vars))
		w := g.w
		for vx := 0; vx < 1<<w; vx++ {
			for vy := 0; vy < 1<<w; vy++ {
				bm, um, sm := term.NewModel(st), term.NewModel(st), term.NewModel(st)
				for k, x := range c.Vars {
					v := vx
					if x.Name() == "y" {
						v = vy
					}
					if !x.Sort().IsBitVec() {
						rt.Fatalf("a variable %s of sort %v", x.Name(), x.Sort())
					}
					bm.Set(x, st.BVNum(big.NewInt(int64(v)), w))
					u, sg := readings(v, w)
					um.Set(nc.Vars[k], st.IntNum(num.NewInt(u)))
					sm.Set(nc.Vars[k], st.IntNum(num.NewInt(sg)))
				}
				want, err := bm.EvalBool(c.Constraint)
				require.NoError(rt, err)
				gu, err := um.EvalBool(nc.Constraint)
				require.NoError(rt, err)
				gs, err := sm.EvalBool(nc.Constraint)
				require.NoError(rt, err)
				if want != (gu || gs) {
					rt.Fatalf("x=%d y=%d: %v is %v, its translation %v (unsigned) %v (signed)\n%v", vx, vy, c.Constraint, want, gu, gs, nc.Constraint)
				}
			}
		}
	})
}

// TestBitVecToIntModel checks the model translation on small widths: a
// random linear formula over the integer parameters, read back over
// bit-vectors, holds for exactly the bit-vector values whose integer
// readings satisfy it.
func TestBitVecToIntModel(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		w := rapid.IntRange(2, 4).Draw(rt, "w")
		cmp := "bvult"
		if rapid.Bool().Draw(rt, "signed") {
			cmp = "bvslt"
		}
		src := fmt.Sprintf("(set-logic HORN)\n(declare-fun P ((_ BitVec %d) (_ BitVec %d)) Bool)\n"+
			"(assert (forall ((x (_ BitVec %d)) (y (_ BitVec %d))) (=> (%s x y) (P x y))))\n",
			w, w, w, w, cmp)
		st := term.NewStore()
		s, _, err := chc.Read("t.smt2", strings.NewReader(src), st)
		require.NoError(rt, err)
		out, tr, err := passes.TranslateBitVec(context.Background(), s)
		require.NoError(rt, err)
		np := out.Preds[0]
		x, y := np.Params[0], np.Params[1]
		atom := func() *term.Term {
			a := st.Mul(st.Int(int64(rapid.IntRange(-3, 3).Draw(rt, "a"))), x)
			b := st.Mul(st.Int(int64(rapid.IntRange(-3, 3).Draw(rt, "b"))), y)
			c := st.Int(int64(rapid.IntRange(-20, 20).Draw(rt, "c")))
			lhs := st.Add(a, b, c)
			switch rapid.IntRange(0, 4).Draw(rt, "op") {
			case 0:
				return st.Le(lhs, st.Int(0))
			case 1:
				return st.Lt(lhs, st.Int(0))
			case 2:
				return st.Ge(lhs, st.Int(0))
			case 3:
				return st.Gt(lhs, st.Int(0))
			}
			return st.Eq(lhs, st.Int(0))
		}
		// the shape of the wrap-around ite that invariants keep
		wrap := st.Ite(st.Le(x, st.Int(int64(rapid.IntRange(-3, 3).Draw(rt, "k")))), st.Add(x, st.Int(1<<w)), x)
		f := st.Or(st.And(atom(), atom()), st.Not(atom()), st.Le(st.Mod(x, st.Int(3)), y),
			st.Le(st.Add(wrap, st.Mul(st.Int(2), y)), st.Int(int64(rapid.IntRange(-20, 20).Draw(rt, "d")))))
		m, err := tr.Model(context.Background(), chc.Model{np: f})
		require.NoError(rt, err)
		p := s.Preds[0]
		g := m[p]
		signed := cmp == "bvslt"
		for vx := 0; vx < 1<<w; vx++ {
			for vy := 0; vy < 1<<w; vy++ {
				bm, im := term.NewModel(st), term.NewModel(st)
				bm.Set(p.Params[0], st.BVNum(big.NewInt(int64(vx)), w))
				bm.Set(p.Params[1], st.BVNum(big.NewInt(int64(vy)), w))
				ux, sx := readings(vx, w)
				uy, sy := readings(vy, w)
				if signed {
					ux, uy = sx, sy
				}
				im.Set(x, st.IntNum(num.NewInt(ux)))
				im.Set(y, st.IntNum(num.NewInt(uy)))
				want, err := im.EvalBool(f)
				require.NoError(rt, err)
				got, err := bm.EvalBool(g)
				require.NoError(rt, err)
				if want != got {
					rt.Fatalf("x=%d y=%d: %v is %v, read over bit-vectors %v is %v", vx, vy, f, want, g, got)
				}
			}
		}
	})
}
