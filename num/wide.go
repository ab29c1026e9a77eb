package num

import (
	"math"
	"math/big"
	"math/bits"
)

// 128-bit slow-but-not-big paths: when a small operation overflows int64,
// the exact result is first computed in 128 bits (sign and magnitude, hi
// and lo words). Results of Mul are already in lowest terms and results
// of Add need one gcd with a 64-bit number, so a result that does not fit
// is built as a big value without any big gcd.

// u128 is a magnitude hi·2^64 + lo.
type u128 struct{ hi, lo uint64 }

func mul128(a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	return u128{hi, lo}
}

func (x u128) less(y u128) bool { return x.hi < y.hi || (x.hi == y.hi && x.lo < y.lo) }

func (x u128) add(y u128) u128 {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	hi, _ := bits.Add64(x.hi, y.hi, c)
	return u128{hi, lo}
}

func (x u128) sub(y u128) u128 { // x >= y
	lo, b := bits.Sub64(x.lo, y.lo, 0)
	hi, _ := bits.Sub64(x.hi, y.hi, b)
	return u128{hi, lo}
}

// rem64 returns x mod d, d > 0.
func (x u128) rem64(d uint64) uint64 { return bits.Rem64(x.hi%d, x.lo, d) }

// quo64 returns x / d for d > 0 dividing x.
func (x u128) quo64(d uint64) u128 {
	qhi, r := x.hi/d, x.hi%d
	qlo, _ := bits.Div64(r, x.lo, d)
	return u128{qhi, qlo}
}

// signedAdd adds two sign-magnitude values whose magnitudes are < 2^127.
func signedAdd(neg1 bool, x u128, neg2 bool, y u128) (bool, u128) {
	if neg1 == neg2 {
		return neg1, x.add(y)
	}
	if x.less(y) {
		return neg2, y.sub(x)
	}
	return neg1, x.sub(y)
}

// int64 returns -x (neg) or x as an int64 and whether it fits.
func (x u128) int64(neg bool) (int64, bool) {
	if x.hi != 0 {
		return 0, false
	}
	if neg {
		return -int64(x.lo), x.lo <= 1<<63
	}
	return int64(x.lo), x.lo <= math.MaxInt64
}

// bigInt returns ±x as a new *big.Int.
func (x u128) bigInt(neg bool) *big.Int {
	z := new(big.Int)
	if bits.UintSize == 64 {
		z.SetBits([]big.Word{big.Word(x.lo), big.Word(x.hi)})
	} else {
		z.SetUint64(x.hi)
		z.Lsh(z, 64)
		z.Or(z, new(big.Int).SetUint64(x.lo))
	}
	if neg {
		z.Neg(z)
	}
	return z
}

// intFrom128 returns ±x as an Int.
func intFrom128(neg bool, x u128) Int {
	if v, ok := x.int64(neg); ok {
		return Int{small: v}
	}
	return Int{big: x.bigInt(neg)}
}

// ratFrom128 returns ±n/d for coprime n, d with d > 0, without a gcd.
func ratFrom128(neg bool, n, d u128) Rat {
	if nv, ok := n.int64(neg); ok {
		if dv, ok := d.int64(false); ok {
			return Rat{n: nv, dm: dv - 1}
		}
	}
	r := new(big.Rat).SetInt64(0) // initializes the denominator, so Denom is a reference
	r.Num().Set(n.bigInt(neg))
	r.Denom().Set(d.bigInt(false))
	return Rat{big: r}
}

// addWide is addSmall for the overflowing case: n1/d1 + s·n2/d2 with
// s = -1 when sub, exact for every small input.
func addWide(n1, d1, n2, d2 int64, sub bool) Rat {
	neg1, neg2 := n1 < 0, (n2 < 0) != sub
	if n2 == 0 {
		neg2 = false
	}
	g := gcd64(uint64(d1), uint64(d2))
	d1g, d2g := uint64(d1)/g, uint64(d2)/g
	neg, t := signedAdd(neg1, mul128(absu(n1), d2g), neg2, mul128(absu(n2), d1g))
	if t.hi == 0 && t.lo == 0 {
		return Rat{}
	}
	g2 := gcd64(t.rem64(g), g)
	return ratFrom128(neg, t.quo64(g2), mul128(d1g, uint64(d2)/g2))
}

// mulWide is mulSmall for the overflowing case.
func mulWide(n1, d1, n2, d2 int64) Rat {
	g1 := gcd64(absu(n1), uint64(d2))
	g2 := gcd64(absu(n2), uint64(d1))
	n := mul128(absu(n1)/g1, absu(n2)/g2)
	d := mul128(uint64(d1)/g2, uint64(d2)/g1)
	return ratFrom128((n1 < 0) != (n2 < 0), n, d)
}

// u192 is a magnitude w[0] + w[1]·2^64 + w[2]·2^128.
type u192 [3]uint64

// mul128x64 returns x·y.
func mul128x64(x u128, y uint64) u192 {
	h0, l0 := bits.Mul64(x.lo, y)
	h1, l1 := bits.Mul64(x.hi, y)
	m, c := bits.Add64(h0, l1, 0)
	return u192{l0, m, h1 + c}
}

func (x u192) isZero() bool { return x[0]|x[1]|x[2] == 0 }

func (x u192) less(y u192) bool {
	if x[2] != y[2] {
		return x[2] < y[2]
	}
	if x[1] != y[1] {
		return x[1] < y[1]
	}
	return x[0] < y[0]
}

func (x u192) add(y u192) (u192, bool) {
	var z u192
	var c uint64
	z[0], c = bits.Add64(x[0], y[0], 0)
	z[1], c = bits.Add64(x[1], y[1], c)
	z[2], c = bits.Add64(x[2], y[2], c)
	return z, c == 0
}

func (x u192) sub(y u192) u192 { // x >= y
	var z u192
	var b uint64
	z[0], b = bits.Sub64(x[0], y[0], 0)
	z[1], b = bits.Sub64(x[1], y[1], b)
	z[2], _ = bits.Sub64(x[2], y[2], b)
	return z
}

// rem64 returns x mod d, d > 0.
func (x u192) rem64(d uint64) uint64 {
	r := x[2] % d
	_, r = bits.Div64(r, x[1], d)
	_, r = bits.Div64(r, x[0], d)
	return r
}

// quo64 returns x / d for d > 0 dividing x.
func (x u192) quo64(d uint64) u192 {
	var q u192
	var r uint64
	q[2], r = x[2]/d, x[2]%d
	q[1], r = bits.Div64(r, x[1], d)
	q[0], _ = bits.Div64(r, x[0], d)
	return q
}

// bigInt returns ±x as a new *big.Int.
func (x u192) bigInt(neg bool) *big.Int {
	z := new(big.Int)
	if bits.UintSize == 64 {
		z.SetBits([]big.Word{big.Word(x[0]), big.Word(x[1]), big.Word(x[2])})
	} else {
		z.SetUint64(x[2])
		z.Lsh(z, 64)
		z.Or(z, new(big.Int).SetUint64(x[1]))
		z.Lsh(z, 64)
		z.Or(z, new(big.Int).SetUint64(x[0]))
	}
	if neg {
		z.Neg(z)
	}
	return z
}

// ratFrom192 returns ±n/d for coprime n, d with d > 0, without a gcd.
func ratFrom192(neg bool, n, d u192) Rat {
	if n[2] == 0 && d[2] == 0 {
		return ratFrom128(neg, u128{n[1], n[0]}, u128{d[1], d[0]})
	}
	r := new(big.Rat).SetInt64(0) // initializes the denominator, so Denom is a reference
	r.Num().Set(n.bigInt(neg))
	r.Denom().Set(d.bigInt(false))
	return Rat{big: r}
}

// addMulWide returns n1/d1 + (n2/d2)·(n3/d3) for normalized small
// operands, exactly, with one big allocation at most (for a result that
// does not fit). The product is reduced by its cross gcds into a 128-bit
// fraction N/D, then added to n1/d1 as in addWide with 192-bit
// intermediates: g = gcd(d1, D), t = n1·(D/g) + N·(d1/g), g2 = gcd(t, g),
// result (t/g2) / ((d1/g)·(D/g2)).
func addMulWide(n1, d1, n2, d2, n3, d3 int64) Rat {
	if n2 == 0 || n3 == 0 {
		return Rat{n: n1, dm: d1 - 1}
	}
	g1 := gcd64(absu(n2), uint64(d3))
	g2 := gcd64(absu(n3), uint64(d2))
	nP := mul128(absu(n2)/g1, absu(n3)/g2)
	dP := mul128(uint64(d2)/g2, uint64(d3)/g1)
	negP := (n2 < 0) != (n3 < 0)
	if n1 == 0 {
		return ratFrom128(negP, nP, dP)
	}
	g := uint64(1)
	if d1 != 1 {
		g = gcd64(dP.rem64(uint64(d1)), uint64(d1))
	}
	d1g := uint64(d1) / g
	dPg := dP
	if g != 1 {
		dPg = dP.quo64(g)
	}
	x := mul128x64(dPg, absu(n1)) // |n1|·(D/g)
	y := mul128x64(nP, d1g)       // N·(d1/g)
	neg1 := n1 < 0
	var t u192
	neg := neg1
	if neg1 == negP {
		var ok bool
		if t, ok = x.add(y); !ok { // both are below 2^190
			panic("num: addMulWide overflows 192 bits")
		}
	} else if x.less(y) {
		t, neg = y.sub(x), negP
	} else {
		t = x.sub(y)
	}
	if t.isZero() {
		return Rat{}
	}
	h := uint64(1)
	if g != 1 {
		h = gcd64(t.rem64(g), g)
	}
	if h != 1 {
		t = t.quo64(h)
		dP = dP.quo64(h)
	}
	// den = d1g · (D/h); D/h < 2^128 and d1g < 2^63, so it fits in 192 bits
	return ratFrom192(neg, t, mul128x64(dP, d1g))
}

// tz returns the number of trailing zero bits of x != 0.
func (x u128) tz() int {
	if x.lo != 0 {
		return bits.TrailingZeros64(x.lo)
	}
	return 64 + bits.TrailingZeros64(x.hi)
}

func (x u128) rsh(s int) u128 {
	switch {
	case s == 0:
		return x
	case s >= 64:
		return u128{0, x.hi >> (s - 64)}
	}
	return u128{x.hi >> s, x.lo>>s | x.hi<<(64-s)}
}

func (x u128) lsh(s int) u128 {
	switch {
	case s == 0:
		return x
	case s >= 64:
		return u128{x.lo << (s - 64), 0}
	}
	return u128{x.hi<<s | x.lo>>(64-s), x.lo << s}
}

// gcd128 is the binary GCD of a, b != 0, finished by gcd64 once both fit
// in a word.
func gcd128(a, b u128) u128 {
	shift := min(a.tz(), b.tz())
	a = a.rsh(a.tz())
	for {
		b = b.rsh(b.tz())
		if b.less(a) {
			a, b = b, a
		}
		b = b.sub(a)
		if b.hi == 0 && b.lo == 0 {
			return a.lsh(shift)
		}
		if a.hi == 0 && b.hi == 0 {
			return u128{0, gcd64(a.lo, b.lo)}.lsh(shift)
		}
	}
}
