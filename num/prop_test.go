package num

import (
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// genBig draws integers from a mix of regimes: tiny, any int64, within a
// few units of the int64 limits (where the fast paths overflow), and
// multi-word values.
func genBig() *rapid.Generator[*big.Int] {
	return rapid.Custom(func(t *rapid.T) *big.Int {
		switch rapid.IntRange(0, 4).Draw(t, "kind") {
		case 0:
			return big.NewInt(rapid.Int64Range(-20, 20).Draw(t, "tiny"))
		case 1:
			return big.NewInt(rapid.Int64().Draw(t, "i64"))
		case 2:
			k := rapid.Int64Range(-3, 3).Draw(t, "k")
			base := big.NewInt(math.MaxInt64)
			if rapid.Bool().Draw(t, "lowEdge") {
				base = big.NewInt(math.MinInt64)
			}
			return base.Add(base, big.NewInt(k))
		case 3:
			// around 2^32, whose products straddle 2^63 / 2^64
			k := rapid.Int64Range(-3, 3).Draw(t, "k")
			v := big.NewInt(1<<32 + k)
			if rapid.Bool().Draw(t, "neg") {
				v.Neg(v)
			}
			return v
		default:
			bs := rapid.SliceOfN(rapid.Byte(), 1, 20).Draw(t, "bytes")
			v := new(big.Int).SetBytes(bs)
			if rapid.Bool().Draw(t, "neg") {
				v.Neg(v)
			}
			return v
		}
	})
}

func genBigRat() *rapid.Generator[*big.Rat] {
	return rapid.Custom(func(t *rapid.T) *big.Rat {
		n := genBig().Draw(t, "n")
		d := genBig().Draw(t, "d")
		if d.Sign() == 0 || rapid.IntRange(0, 3).Draw(t, "intRat") == 0 {
			d = big.NewInt(1)
		}
		return new(big.Rat).SetFrac(n, d)
	})
}

func eqInt(t *rapid.T, what string, got Int, want *big.Int) {
	if got.Big().Cmp(want) != 0 || got.IsInt64() != want.IsInt64() || got.String() != want.String() {
		t.Fatalf("%s: got %v (small=%v), want %v", what, got, got.IsInt64(), want)
	}
	if got.Hash() != IntFromBig(want).Hash() {
		t.Fatalf("%s: hash differs for equal values %v", what, got)
	}
}

func eqRat(t *rapid.T, what string, got Rat, want *big.Rat) {
	small := want.Num().IsInt64() && want.Denom().IsInt64()
	if got.Big().Cmp(want) != 0 || (got.big == nil) != small || got.String() != want.RatString() {
		t.Fatalf("%s: got %v (small=%v), want %v", what, got, got.big == nil, want.RatString())
	}
	if got.Hash() != RatFromBig(want).Hash() {
		t.Fatalf("%s: hash differs for equal values %v", what, got)
	}
}

func TestIntAgainstBig(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, y := genBig().Draw(t, "x"), genBig().Draw(t, "y")
		a, b := IntFromBig(x), IntFromBig(y)
		eqInt(t, "a", a, x)
		eqInt(t, "add", a.Add(b), new(big.Int).Add(x, y))
		eqInt(t, "sub", a.Sub(b), new(big.Int).Sub(x, y))
		eqInt(t, "mul", a.Mul(b), new(big.Int).Mul(x, y))
		eqInt(t, "neg", a.Neg(), new(big.Int).Neg(x))
		eqInt(t, "abs", a.Abs(), new(big.Int).Abs(x))
		eqInt(t, "gcd", a.Gcd(b), new(big.Int).GCD(nil, nil, new(big.Int).Abs(x), new(big.Int).Abs(y)))
		if c := a.Cmp(b); c != x.Cmp(y) {
			t.Fatalf("cmp %v %v: got %d", x, y, c)
		}
		if a.Sign() != x.Sign() || a.Equal(b) != (x.Cmp(y) == 0) || a.IsZero() != (x.Sign() == 0) {
			t.Fatalf("sign/equal/zero mismatch on %v %v", x, y)
		}
		if y.Sign() != 0 {
			q, r := a.DivMod(b)
			wq, wr := new(big.Int).DivMod(x, y, new(big.Int))
			eqInt(t, "div", q, wq)
			eqInt(t, "mod", r, wr)
			// Euclidean laws, checked in num itself.
			if !b.Mul(q).Add(r).Equal(a) || r.Sign() < 0 || r.Cmp(b.Abs()) >= 0 {
				t.Fatalf("euclid law fails: %v = %v*%v + %v", a, b, q, r)
			}
			if !a.Div(b).Equal(q) || !a.Mod(b).Equal(r) {
				t.Fatalf("Div/Mod disagree with DivMod")
			}
			g := a.Gcd(b)
			l := a.Lcm(b)
			// gcd * lcm = |a*b|
			if !g.Mul(l).Equal(a.Mul(b).Abs()) {
				t.Fatalf("gcd*lcm != |ab| for %v %v", a, b)
			}
		}
		p, err := ParseInt(x.String())
		if err != nil {
			t.Fatalf("parse %s: %v", x, err)
		}
		eqInt(t, "parse", p, x)
		eqRat(t, "rat", a.Rat(), new(big.Rat).SetInt(x))
	})
}

func TestRatAgainstBig(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, y := genBigRat().Draw(t, "x"), genBigRat().Draw(t, "y")
		a, b := RatFromBig(x), RatFromBig(y)
		eqRat(t, "a", a, x)
		eqRat(t, "add", a.Add(b), new(big.Rat).Add(x, y))
		eqRat(t, "sub", a.Sub(b), new(big.Rat).Sub(x, y))
		eqRat(t, "mul", a.Mul(b), new(big.Rat).Mul(x, y))
		z := genBigRat().Draw(t, "z")
		c := RatFromBig(z)
		eqRat(t, "addmul", c.AddMul(a, b), new(big.Rat).Add(z, new(big.Rat).Mul(x, y)))
		eqRat(t, "neg", a.Neg(), new(big.Rat).Neg(x))
		eqRat(t, "abs", a.Abs(), new(big.Rat).Abs(x))
		if y.Sign() != 0 {
			eqRat(t, "quo", a.Quo(b), new(big.Rat).Quo(x, y))
			eqRat(t, "inv", b.Inv(), new(big.Rat).Inv(y))
		}
		if c := a.Cmp(b); c != x.Cmp(y) {
			t.Fatalf("cmp %v %v: got %d", x, y, c)
		}
		if a.Sign() != x.Sign() || a.Equal(b) != (x.Cmp(y) == 0) || a.IsInt() != x.IsInt() {
			t.Fatalf("sign/equal/isint mismatch on %v %v", x, y)
		}
		eqInt(t, "num", a.Num(), x.Num())
		eqInt(t, "den", a.Den(), x.Denom())
		fl := new(big.Int).Div(x.Num(), x.Denom()) // Euclidean, den > 0: floor
		eqInt(t, "floor", a.Floor(), fl)
		ce := new(big.Int).Neg(new(big.Int).Div(new(big.Int).Neg(x.Num()), x.Denom()))
		eqInt(t, "ceil", a.Ceil(), ce)
		wf, _ := x.Float64()
		if f := a.Float64(); f != wf {
			t.Fatalf("float64 of %v: got %v want %v", x, f, wf)
		}
		p, err := ParseRat(x.RatString())
		if err != nil {
			t.Fatalf("parse %s: %v", x.RatString(), err)
		}
		eqRat(t, "parse", p, x)
		if s, ok := a.DecimalString(); ok {
			q, err := ParseRat(s)
			if err != nil || !q.Equal(a) {
				t.Fatalf("decimal %s of %v does not parse back (%v)", s, a, err)
			}
		}
	})
}

// TestRatAddMulWide checks the 192-bit path of AddMul on small operands
// whose products and sums overflow int64, with denominators sharing
// factors (the cancelling gcds) or not.
func TestRatAddMulWide(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		factor := rapid.Int64Range(1, 1<<31).Draw(t, "factor")
		gen := func(name string) *big.Rat {
			n := rapid.Int64().Draw(t, name+"n")
			if rapid.Bool().Draw(t, name+"short") {
				n >>= rapid.IntRange(0, 62).Draw(t, name+"shift")
			}
			d := rapid.Int64Range(1, math.MaxInt64).Draw(t, name+"d")
			switch rapid.IntRange(0, 2).Draw(t, name+"dk") {
			case 0:
				d = 1
			case 1:
				d = factor * rapid.Int64Range(1, math.MaxInt64/factor).Draw(t, name+"m")
			}
			return new(big.Rat).SetFrac(big.NewInt(n), big.NewInt(d))
		}
		x, y, z := gen("x"), gen("y"), gen("z")
		if !(x.Num().IsInt64() && x.Denom().IsInt64() && y.Num().IsInt64() && y.Denom().IsInt64() &&
			z.Num().IsInt64() && z.Denom().IsInt64()) {
			t.Skip("not small")
		}
		a, b, c := RatFromBig(x), RatFromBig(y), RatFromBig(z)
		eqRat(t, "addmul", a.AddMul(b, c), new(big.Rat).Add(x, new(big.Rat).Mul(y, z)))
		eqRat(t, "addmul neg", a.AddMul(b.Neg(), c), new(big.Rat).Sub(x, new(big.Rat).Mul(y, z)))
	})
}

// TestGcdInto checks gcdInto (one-word and two-word paths, math/big
// beyond) against big.Int.GCD.
func TestGcdInto(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, y := genBig().Draw(t, "x"), genBig().Draw(t, "y")
		if x.Sign() == 0 || y.Sign() == 0 {
			t.Skip("zero")
		}
		if rapid.Bool().Draw(t, "common") {
			f := genBig().Draw(t, "f")
			if f.Sign() != 0 {
				x.Mul(x, f)
				y.Mul(y, f)
			}
		}
		var z big.Int
		gcdInto(&z, x, y)
		want := new(big.Int).GCD(nil, nil, new(big.Int).Abs(x), new(big.Int).Abs(y))
		if z.Cmp(want) != 0 {
			t.Fatalf("gcd(%v, %v) = %v, want %v", x, y, &z, want)
		}
	})
}
