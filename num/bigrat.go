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

// addBig returns x + y, or x − y when sub, for normalized x and y.
func addBig(x, y *big.Rat, sub bool) Rat {
	a1, b1 := x.Num(), x.Denom()
	a2, b2 := y.Num(), y.Denom()
	z, n, d := newRatParts()
	// t = a1·m1 ± a2·m2 into n
	addProd := func(m1, m2 *big.Int) {
		var p big.Int
		if m2 == nil {
			p.Set(a2)
		} else {
			p.Mul(a2, m2)
		}
		if m1 == nil {
			n.Set(a1)
		} else {
			n.Mul(a1, m1)
		}
		if sub {
			n.Sub(n, &p)
		} else {
			n.Add(n, &p)
		}
	}
	one1, one2 := isOneInt(b1), isOneInt(b2)
	switch {
	case one1 && one2:
		addProd(nil, nil)
	case one2: // a1/b1 ± a2 = (a1 ± a2·b1)/b1, already reduced
		addProd(nil, b1)
		d.Set(b1)
	case one1:
		addProd(b2, nil)
		d.Set(b2)
	case b1.Cmp(b2) == 0:
		addProd(nil, nil)
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
			addProd(b2, b1)
			d.Mul(b1, b2)
			break
		}
		var b1g, b2g big.Int
		b1g.Quo(b1, &g)
		b2g.Quo(b2, &g)
		addProd(&b2g, &b1g)
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

// mulBig returns x·y for normalized x and y.
func mulBig(x, y *big.Rat) Rat {
	a1, b1 := x.Num(), x.Denom()
	a2, b2 := y.Num(), y.Denom()
	if a1.Sign() == 0 || a2.Sign() == 0 {
		return Rat{}
	}
	z, n, d := newRatParts()
	// cancel returns a/gcd(a, b) and b/gcd(a, b), or a and b themselves
	// when b == 1 or the gcd is 1.
	cancel := func(a, b *big.Int, ra, rb *big.Int) (*big.Int, *big.Int) {
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
	var t1, t2, t3, t4 big.Int
	n1, d2 := cancel(a1, b2, &t1, &t2)
	n2, d1 := cancel(a2, b1, &t3, &t4)
	n.Mul(n1, n2)
	switch {
	case isOneInt(d1):
		d.Set(d2)
	case isOneInt(d2):
		d.Set(d1)
	default:
		d.Mul(d1, d2)
	}
	return ratOwned(z)
}

// gcdInto sets z to gcd(|a|, |b|) for nonzero a and b. When one of them
// is a single word — the common case of a big fraction times a small
// one — the other is reduced modulo it word by word and the rest is
// gcd64, without the copies and allocations of big.Int.GCD.
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
	}
	z.GCD(nil, nil, a, b)
}
