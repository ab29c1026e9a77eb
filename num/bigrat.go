package num

import (
	"math/big"
	"math/bits"
)

// Big paths of Rat.Add, Sub and Mul, as GMP's mpq_add and mpq_mul do
// them. big.Rat multiplies out and then takes the gcd of the full-size
// numerator and denominator; here only the gcds that can be non-trivial
// are taken, of operands half that size (Knuth, TAOCP 4.5.1):
//
//	a1/b1 + a2/b2: with g = gcd(b1, b2) and t = a1·(b2/g) + a2·(b1/g),
//	               the sum is (t/g2) / ((b1/g)·(b2/g2)) for g2 = gcd(t, g);
//	               an integer operand (b = 1) or equal denominators need
//	               at most one gcd, g = 1 none.
//	a1/b1 · a2/b2: (a1/g1)·(a2/g2) / ((b1/g2)·(b2/g1)) for the cross
//	               gcds g1 = gcd(a1, b2), g2 = gcd(a2, b1).
//
// Operands are normalized (denominator > 0, coprime), so are the results.
// gcd is quadratic in the length, so two gcds of half-length operands
// cost about half of one of the product's, and the ones with a one-word
// g almost nothing. On the simplex's rows (coefficients of tens of
// digits) this is where the time goes.

// isOneInt reports x == 1 (x >= 0).
func isOneInt(x *big.Int) bool {
	w := x.Bits()
	return len(w) == 1 && w[0] == 1
}

// newRatParts returns a big.Rat whose numerator and denominator are
// references the caller fills in (the denominator initialized to 1).
func newRatParts() (*big.Rat, *big.Int, *big.Int) {
	z := new(big.Rat).SetInt64(0) // initializes the denominator: Denom is a reference
	return z, z.Num(), z.Denom()
}

// parts returns a's numerator and denominator as big.Ints: references
// into a.big (not to be modified), or n and d set to a's small parts.
func (a Rat) parts(n, d *big.Int) (*big.Int, *big.Int) {
	if a.big != nil {
		return a.big.Num(), a.big.Denom()
	}
	return n.SetInt64(a.n), d.SetInt64(a.dm + 1)
}

// addBig returns x + y, or x − y when sub, for normalized x and y.
func addBig(x, y Rat, sub bool) Rat {
	var n1, d1, n2, d2 big.Int
	a1, b1 := x.parts(&n1, &d1)
	a2, b2 := y.parts(&n2, &d2)
	return addParts(a1, b1, a2, b2, sub)
}

// addParts returns a1/b1 + a2/b2, or a1/b1 − a2/b2 when sub, for
// normalized fractions (b > 0, coprime with a); the inputs are not
// modified.
func addParts(a1, b1, a2, b2 *big.Int, sub bool) Rat {
	z, n, d := newRatParts()
	// n = a1·m1 ± a2·m2, a nil m standing for 1
	lin := func(m1, m2 *big.Int) {
		x, y := a1, a2
		var t big.Int
		if m1 != nil {
			x = n.Mul(a1, m1)
		}
		if m2 != nil {
			y = t.Mul(a2, m2)
		}
		if sub {
			n.Sub(x, y)
		} else {
			n.Add(x, y)
		}
	}
	one1, one2 := isOneInt(b1), isOneInt(b2)
	switch {
	case one1 && one2:
		lin(nil, nil)
	case one2: // a1/b1 ± a2 = (a1 ± a2·b1)/b1, already reduced
		lin(nil, b1)
		d.Set(b1)
	case one1:
		lin(b2, nil)
		d.Set(b2)
	case b1.Cmp(b2) == 0:
		lin(nil, nil)
		if n.Sign() == 0 {
			return Rat{}
		}
		var g big.Int
		gcdInto(&g, n, b1)
		if isOneInt(&g) {
			d.Set(b1)
		} else {
			n.Quo(n, &g)
			d.Quo(b1, &g)
		}
	default:
		var g big.Int
		gcdInto(&g, b1, b2)
		if isOneInt(&g) {
			lin(b2, b1)
			d.Mul(b1, b2)
			break
		}
		var b1g, b2g big.Int
		b1g.Quo(b1, &g)
		b2g.Quo(b2, &g)
		lin(&b2g, &b1g)
		if n.Sign() == 0 {
			return Rat{}
		}
		var g2 big.Int
		gcdInto(&g2, n, &g)
		if isOneInt(&g2) {
			d.Mul(&b1g, b2)
		} else {
			n.Quo(n, &g2)
			b2g.Quo(b2, &g2)
			d.Mul(&b1g, &b2g)
		}
	}
	if n.Sign() == 0 {
		return Rat{}
	}
	return ratOwned(z)
}

// cancel returns a/gcd(a, b) and b/gcd(a, b), in ra and rb, or a and b
// themselves when b == 1 or the gcd is 1.
func cancel(a, b *big.Int, ra, rb *big.Int) (*big.Int, *big.Int) {
	if isOneInt(b) {
		return a, b
	}
	var g big.Int
	gcdInto(&g, a, b)
	if isOneInt(&g) {
		return a, b
	}
	return ra.Quo(a, &g), rb.Quo(b, &g)
}

// mulParts returns a1/b1 · a2/b2 for nonzero normalized fractions as a
// numerator (in n) and a denominator (in d, or one of b1, b2), reduced.
func mulParts(a1, b1, a2, b2 *big.Int, n, d *big.Int) (*big.Int, *big.Int) {
	var t1, t2, t3, t4 big.Int
	n1, d2 := cancel(a1, b2, &t1, &t2)
	n2, d1 := cancel(a2, b1, &t3, &t4)
	n.Mul(n1, n2)
	switch {
	case isOneInt(d1):
		return n, d2
	case isOneInt(d2):
		return n, d1
	}
	return n, d.Mul(d1, d2)
}

// mulBig returns x·y for normalized x and y.
func mulBig(x, y Rat) Rat {
	if x.IsZero() || y.IsZero() {
		return Rat{}
	}
	var n1, d1, n2, d2 big.Int
	a1, b1 := x.parts(&n1, &d1)
	a2, b2 := y.parts(&n2, &d2)
	z, n, d := newRatParts()
	if _, dd := mulParts(a1, b1, a2, b2, n, d); dd != d {
		d.Set(dd)
	}
	return ratOwned(z)
}

// addMulBig returns a + b·c for normalized a, b and c: the product
// reduced as in mulBig, added as in addBig, with no Rat in between.
func addMulBig(a, b, c Rat) Rat {
	if b.IsZero() || c.IsZero() {
		return a
	}
	var an, ad, bn, bd, cn, cd, pn, pd big.Int
	a1, b1 := a.parts(&an, &ad)
	n2, d2 := b.parts(&bn, &bd)
	n3, d3 := c.parts(&cn, &cd)
	n, d := mulParts(n2, d2, n3, d3, &pn, &pd)
	return addParts(a1, b1, n, d, false)
}

// gcdInto sets z to gcd(|a|, |b|) for nonzero a and b. When one of them
// is a single word — the common case of a big fraction times a small
// one — the other is reduced modulo it word by word and the rest is
// gcd64; two words each take gcd128; both without the copies and
// allocations of big.Int.GCD (Lehmer's), which pay off on longer ones.
func gcdInto(z, a, b *big.Int) {
	if bits.UintSize == 64 {
		aw, bw := a.Bits(), b.Bits()
		if len(aw) == 1 {
			aw, bw = bw, aw
		}
		if len(bw) == 1 {
			d := uint64(bw[0])
			var r uint64
			for i := len(aw) - 1; i >= 0; i-- {
				_, r = bits.Div64(r, uint64(aw[i]), d)
			}
			z.SetUint64(gcd64(r, d))
			return
		}
		if len(aw) == 2 && len(bw) == 2 {
			g := gcd128(u128{uint64(aw[1]), uint64(aw[0])}, u128{uint64(bw[1]), uint64(bw[0])})
			if g.hi == 0 {
				z.SetUint64(g.lo)
			} else {
				z.SetBits([]big.Word{big.Word(g.lo), big.Word(g.hi)})
			}
			return
		}
	}
	z.GCD(nil, nil, a, b)
}
