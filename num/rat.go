package num

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Rat is an exact rational number. The zero value is 0. Rats are immutable
// values, normalized: the denominator is positive and coprime with the
// numerator.
//
// Invariant: big == nil exactly when numerator and denominator both fit in
// an int64; then the value is n/(dm+1). Storing the denominator minus one
// makes the zero value 0/1. A non-nil big is never mutated.
type Rat struct {
	n   int64
	dm  int64 // denominator - 1
	big *big.Rat
}

// NewRat returns n/d normalized. It panics if d == 0.
func NewRat(n, d int64) Rat {
	if d == 0 {
		panic("num: NewRat with zero denominator")
	}
	if d == 1 {
		return Rat{n: n}
	}
	if d < 0 {
		if n == math.MinInt64 || d == math.MinInt64 {
			return ratOwned(new(big.Rat).SetFrac(big.NewInt(n), big.NewInt(d)))
		}
		n, d = -n, -d
	}
	g := int64(gcd64(absu(n), uint64(d)))
	return Rat{n: n / g, dm: d/g - 1}
}

// RatFromInt returns i as a Rat.
func RatFromInt(i Int) Rat {
	if i.big == nil {
		return Rat{n: i.small}
	}
	return Rat{big: new(big.Rat).SetInt(i.big)}
}

// RatFromBig returns a copy of r as a Rat.
func RatFromBig(r *big.Rat) Rat {
	return ratOwned(new(big.Rat).Set(r))
}

// ratOwned wraps r, which the caller gives up, normalizing to small.
func ratOwned(r *big.Rat) Rat {
	num, den := r.Num(), r.Denom()
	if num.IsInt64() && den.IsInt64() {
		return Rat{n: num.Int64(), dm: den.Int64() - 1}
	}
	return Rat{big: r}
}

// bigVal returns a *big.Rat holding a; it must not be mutated.
func (a Rat) bigVal() *big.Rat {
	if a.big != nil {
		return a.big
	}
	r := new(big.Rat).SetInt64(a.n) // initializes the denominator
	r.Denom().SetInt64(a.dm + 1)    // already normalized: no gcd
	return r
}

// ParseRat parses a decimal integer ("-12", "007"), a decimal ("0.5",
// "-0.25") or a fraction ("1/3", "-1/3"). A '-' may only lead; digits are
// required on both sides of '.' and '/'; the denominator of a fraction must
// not be zero.
func ParseRat(s string) (Rat, error) {
	bad := &SyntaxError{Input: s, What: "rational"}
	body := s
	neg := false
	if len(body) > 0 && body[0] == '-' {
		neg, body = true, body[1:]
	}
	if i := strings.IndexByte(body, '/'); i >= 0 {
		n, d := body[:i], body[i+1:]
		if !allDigits(n) || !allDigits(d) {
			return Rat{}, bad
		}
		nn, err1 := ParseInt(n)
		dd, err2 := ParseInt(d)
		if err1 != nil || err2 != nil || dd.IsZero() {
			return Rat{}, bad
		}
		r := RatFromInt(nn).Quo(RatFromInt(dd))
		if neg {
			r = r.Neg()
		}
		return r, nil
	}
	ip, fp := body, ""
	if i := strings.IndexByte(body, '.'); i >= 0 {
		ip, fp = body[:i], body[i+1:]
		if !allDigits(fp) {
			return Rat{}, bad
		}
	}
	if !allDigits(ip) {
		return Rat{}, bad
	}
	n, err := ParseInt(ip + fp)
	if err != nil {
		return Rat{}, bad
	}
	r := RatFromInt(n)
	if fp != "" {
		den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(fp))), nil)
		r = r.Quo(RatFromInt(intOwned(den)))
	}
	if neg {
		r = r.Neg()
	}
	return r, nil
}

// MustParseRat is ParseRat for constants in code and tests; it panics on
// bad input.
func MustParseRat(s string) Rat {
	v, err := ParseRat(s)
	if err != nil {
		panic(err)
	}
	return v
}

// Add returns a+b.
func (a Rat) Add(b Rat) Rat {
	if a.big == nil && b.big == nil {
		if r, ok := addSmall(a.n, a.dm+1, b.n, b.dm+1); ok {
			return r
		}
		return addWide(a.n, a.dm+1, b.n, b.dm+1, false)
	}
	return addBig(a, b, false)
}

// Sub returns a-b.
func (a Rat) Sub(b Rat) Rat {
	if a.big == nil && b.big == nil {
		if b.n != math.MinInt64 {
			if r, ok := addSmall(a.n, a.dm+1, -b.n, b.dm+1); ok {
				return r
			}
		}
		return addWide(a.n, a.dm+1, b.n, b.dm+1, true)
	}
	return addBig(a, b, true)
}

// addSmall computes n1/d1 + n2/d2 (normalized inputs) following Knuth,
// TAOCP 4.5.1: only gcd(d1, d2) can be shared with the new numerator.
func addSmall(n1, d1, n2, d2 int64) (Rat, bool) {
	if d1 == d2 {
		n, ok := add64(n1, n2)
		if !ok {
			return Rat{}, false
		}
		if d1 == 1 {
			return Rat{n: n}, true
		}
		g := int64(gcd64(absu(n), uint64(d1))) // n == 0 gives g == d1: 0/1
		return Rat{n: n / g, dm: d1/g - 1}, true
	}
	g := int64(gcd64(uint64(d1), uint64(d2)))
	d1g, d2g := d1/g, d2/g
	x, ok1 := mul64(n1, d2g)
	y, ok2 := mul64(n2, d1g)
	t, ok3 := add64(x, y)
	if !(ok1 && ok2 && ok3) {
		return Rat{}, false
	}
	if t == 0 {
		return Rat{}, true
	}
	g2 := int64(gcd64(absu(t), uint64(g)))
	d, ok := mul64(d1g, d2/g2)
	if !ok {
		return Rat{}, false
	}
	return Rat{n: t / g2, dm: d - 1}, true
}

// Mul returns a*b.
func (a Rat) Mul(b Rat) Rat {
	if a.big == nil && b.big == nil {
		if a.dm == 0 && b.dm == 0 {
			if p, ok := mul64(a.n, b.n); ok {
				return Rat{n: p}
			}
		} else if r, ok := mulSmall(a.n, a.dm+1, b.n, b.dm+1); ok {
			return r
		}
		return mulWide(a.n, a.dm+1, b.n, b.dm+1)
	}
	return mulBig(a, b)
}

// mulSmall computes (n1/d1)*(n2/d2) cancelling cross gcds first.
func mulSmall(n1, d1, n2, d2 int64) (Rat, bool) {
	if n1 == 0 || n2 == 0 {
		return Rat{}, true
	}
	g1 := int64(gcd64(absu(n1), uint64(d2)))
	g2 := int64(gcd64(absu(n2), uint64(d1)))
	n, ok1 := mul64(n1/g1, n2/g2)
	d, ok2 := mul64(d1/g2, d2/g1)
	if !(ok1 && ok2) {
		return Rat{}, false
	}
	return Rat{n: n, dm: d - 1}, true
}

// Quo returns a/b. It panics if b == 0.
func (a Rat) Quo(b Rat) Rat { return a.Mul(b.Inv()) }

// Inv returns 1/a. It panics if a == 0.
func (a Rat) Inv() Rat {
	if a.IsZero() {
		panic("num: division by zero")
	}
	if a.big == nil {
		n, d := a.n, a.dm+1
		if n > 0 {
			return Rat{n: d, dm: n - 1}
		}
		if n != math.MinInt64 {
			return Rat{n: -d, dm: -n - 1}
		}
	}
	return ratOwned(new(big.Rat).Inv(a.bigVal()))
}

// Neg returns -a.
func (a Rat) Neg() Rat {
	if a.big == nil && a.n != math.MinInt64 {
		return Rat{n: -a.n, dm: a.dm}
	}
	return ratOwned(new(big.Rat).Neg(a.bigVal()))
}

// Abs returns |a|.
func (a Rat) Abs() Rat {
	if a.Sign() >= 0 {
		return a
	}
	return a.Neg()
}

// AddMul returns a + b*c. On small operands it computes in int64, or
// when that overflows exactly in 192 bits (addMulWide), and does not
// allocate unless the result is big.
func (a Rat) AddMul(b, c Rat) Rat {
	if a.big == nil && b.big == nil && c.big == nil {
		if a.dm == 0 && b.dm == 0 && c.dm == 0 {
			if p, ok := mul64(b.n, c.n); ok {
				if s, ok := add64(a.n, p); ok {
					return Rat{n: s}
				}
			}
		} else if p, ok := mulSmall(b.n, b.dm+1, c.n, c.dm+1); ok {
			if r, ok := addSmall(a.n, a.dm+1, p.n, p.dm+1); ok {
				return r
			}
		}
		return addMulWide(a.n, a.dm+1, b.n, b.dm+1, c.n, c.dm+1)
	}
	return addMulBig(a, b, c)
}

// Cmp returns -1, 0 or +1 as a <, ==, > b.
func (a Rat) Cmp(b Rat) int {
	if a.big == nil && b.big == nil {
		if a.dm == b.dm {
			switch {
			case a.n < b.n:
				return -1
			case a.n > b.n:
				return 1
			}
			return 0
		}
		return cmpCross(a.n, b.dm+1, b.n, a.dm+1)
	}
	// A big integer is outside int64's range, so beyond every small
	// value (whose absolute value is at most 2⁶³−1): its sign decides,
	// without the copies big.Rat.Cmp makes (Solidity's 2²⁵⁶ bounds
	// are compared in every simplex step).
	switch {
	case a.big != nil && b.big != nil && a.big.IsInt() && b.big.IsInt():
		return a.big.Num().Cmp(b.big.Num())
	case a.big != nil && b.big == nil && a.big.IsInt():
		return a.big.Sign()
	case a.big == nil && b.big != nil && b.big.IsInt():
		return -b.big.Sign()
	}
	return a.bigVal().Cmp(b.bigVal())
}

// Sign returns -1, 0 or +1.
func (a Rat) Sign() int {
	if a.big != nil {
		return a.big.Sign()
	}
	return sign64(a.n)
}

// IsZero reports a == 0.
func (a Rat) IsZero() bool { return a.big == nil && a.n == 0 }

// IsOne reports a == 1.
func (a Rat) IsOne() bool { return a.big == nil && a.n == 1 && a.dm == 0 }

// IsInt reports whether a is an integer.
func (a Rat) IsInt() bool {
	if a.big != nil {
		return a.big.IsInt()
	}
	return a.dm == 0
}

// Equal reports a == b.
func (a Rat) Equal(b Rat) bool {
	if a.big == nil || b.big == nil {
		return a.big == nil && b.big == nil && a.n == b.n && a.dm == b.dm
	}
	if ai, bi := a.big.IsInt(), b.big.IsInt(); ai || bi {
		// normalized: equal numerators and denominators (big.Rat's Cmp
		// copies both numerators)
		return ai && bi && a.big.Num().Cmp(b.big.Num()) == 0
	}
	return a.big.Cmp(b.big) == 0
}

// Min returns the smaller of a and b.
func (a Rat) Min(b Rat) Rat {
	if b.Cmp(a) < 0 {
		return b
	}
	return a
}

// Max returns the larger of a and b.
func (a Rat) Max(b Rat) Rat {
	if b.Cmp(a) > 0 {
		return b
	}
	return a
}

// Num returns the numerator (its sign is the sign of a).
func (a Rat) Num() Int {
	if a.big == nil {
		return Int{small: a.n}
	}
	return IntFromBig(a.big.Num())
}

// Parts64 returns the numerator and denominator when both fit in an
// int64 (ok), without allocating.
func (a Rat) Parts64() (n, d int64, ok bool) {
	if a.big != nil {
		return 0, 0, false
	}
	return a.n, a.dm + 1, true
}

// Den returns the denominator (always >= 1).
func (a Rat) Den() Int {
	if a.big == nil {
		return Int{small: a.dm + 1}
	}
	return IntFromBig(a.big.Denom())
}

// Floor returns the largest integer <= a.
func (a Rat) Floor() Int {
	if a.big == nil {
		d := a.dm + 1
		q := a.n / d
		if a.n%d < 0 {
			q--
		}
		return Int{small: q}
	}
	// big.Int.Div is Euclidean: with a positive divisor it is the floor.
	return intOwned(new(big.Int).Div(a.big.Num(), a.big.Denom()))
}

// Ceil returns the smallest integer >= a.
func (a Rat) Ceil() Int {
	if a.big == nil {
		d := a.dm + 1
		q := a.n / d
		if a.n%d > 0 {
			q++
		}
		return Int{small: q}
	}
	return a.Neg().Floor().Neg()
}

// Big returns a fresh *big.Rat equal to a.
func (a Rat) Big() *big.Rat {
	if a.big != nil {
		return new(big.Rat).Set(a.big)
	}
	return new(big.Rat).SetFrac64(a.n, a.dm+1)
}

// Hash returns a hash of the value: equal Rats have equal hashes.
func (a Rat) Hash() uint64 {
	if a.big == nil {
		return mix64(uint64(a.n) ^ mix64(uint64(a.dm)+0x632be59bd9b4e019))
	}
	return mix64(hashBig(a.big.Num()) ^ mix64(hashBig(a.big.Denom())+0x632be59bd9b4e019))
}

// String returns "5" for integers and "-1/3" otherwise.
func (a Rat) String() string {
	if a.big != nil {
		return a.big.RatString()
	}
	if a.dm == 0 {
		return strconv.FormatInt(a.n, 10)
	}
	return strconv.FormatInt(a.n, 10) + "/" + strconv.FormatInt(a.dm+1, 10)
}

// DecimalString returns the exact decimal form of a ("0.5", "-0.25", "5.0")
// and true when the denominator is of the form 2^i*5^j; otherwise "", false.
func (a Rat) DecimalString() (string, bool) {
	num, den := a.Num().Big(), a.Den().Big()
	twos := den.TrailingZeroBits()
	den.Rsh(den, twos)
	five := big.NewInt(5)
	fives := uint(0)
	var q, r big.Int
	for {
		q.QuoRem(den, five, &r)
		if r.Sign() != 0 {
			break
		}
		den.Set(&q)
		fives++
	}
	if !(den.IsInt64() && den.Int64() == 1) {
		return "", false
	}
	k := max(twos, fives)
	// a = num / (2^twos 5^fives) = num * 2^(k-twos) 5^(k-fives) / 10^k.
	scale := new(big.Int).Lsh(big.NewInt(1), k-twos)
	scale.Mul(scale, new(big.Int).Exp(five, big.NewInt(int64(k-fives)), nil))
	num.Mul(num, scale)
	neg := num.Sign() < 0
	digits := new(big.Int).Abs(num).String()
	if len(digits) <= int(k) {
		digits = strings.Repeat("0", int(k)-len(digits)+1) + digits
	}
	ip, fp := digits[:len(digits)-int(k)], digits[len(digits)-int(k):]
	if fp == "" {
		fp = "0"
	}
	s := ip + "." + fp
	if neg {
		s = "-" + s
	}
	return s, true
}

// Float64 returns the float64 nearest to a.
func (a Rat) Float64() float64 {
	if a.big == nil {
		const exact = 1 << 53
		if a.n >= -exact && a.n <= exact && a.dm < exact {
			// Both operands are exact floats, so one IEEE division rounds
			// correctly.
			return float64(a.n) / float64(a.dm+1)
		}
	}
	f, _ := a.bigVal().Float64()
	return f
}
