package num

import (
	"math"
	"math/big"
	"strconv"
)

// Int is an exact integer. The zero value is 0. Ints are immutable values:
// copy them freely, compare them with Equal or Cmp (not ==, although == is
// correct on two small values).
//
// Invariant: big == nil exactly when the value fits in an int64; a non-nil
// big is never mutated after the Int holding it is created.
type Int struct {
	small int64
	big   *big.Int
}

// NewInt returns v as an Int.
func NewInt(v int64) Int { return Int{small: v} }

// IntFromBig returns a copy of b as an Int.
func IntFromBig(b *big.Int) Int {
	if b.IsInt64() {
		return Int{small: b.Int64()}
	}
	return Int{big: new(big.Int).Set(b)}
}

// intOwned wraps b, which the caller gives up, normalizing to small.
func intOwned(b *big.Int) Int {
	if b.IsInt64() {
		return Int{small: b.Int64()}
	}
	return Int{big: b}
}

// bigVal returns a *big.Int holding a; it must not be mutated (it may be a.big).
func (a Int) bigVal() *big.Int {
	if a.big != nil {
		return a.big
	}
	return new(big.Int).SetInt64(a.small)
}

// ParseInt parses an optional '-' followed by one or more decimal digits.
func ParseInt(s string) (Int, error) {
	digits := s
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if !allDigits(digits) {
		return Int{}, &SyntaxError{Input: s, What: "integer"}
	}
	if len(s) <= 18 {
		v, err := strconv.ParseInt(s, 10, 64)
		if err == nil {
			return Int{small: v}, nil
		}
	}
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return Int{}, &SyntaxError{Input: s, What: "integer"}
	}
	return intOwned(b), nil
}

// MustParseInt is ParseInt for constants in code and tests; it panics on
// bad input.
func MustParseInt(s string) Int {
	v, err := ParseInt(s)
	if err != nil {
		panic(err)
	}
	return v
}

// Add returns a+b.
func (a Int) Add(b Int) Int {
	if a.big == nil && b.big == nil {
		if s, ok := add64(a.small, b.small); ok {
			return Int{small: s}
		}
		return intFrom128(signedAdd(a.small < 0, u128{lo: absu(a.small)}, b.small < 0, u128{lo: absu(b.small)}))
	}
	return intOwned(new(big.Int).Add(a.bigVal(), b.bigVal()))
}

// Sub returns a-b.
func (a Int) Sub(b Int) Int {
	if a.big == nil && b.big == nil {
		if s, ok := sub64(a.small, b.small); ok {
			return Int{small: s}
		}
		return intFrom128(signedAdd(a.small < 0, u128{lo: absu(a.small)}, b.small >= 0, u128{lo: absu(b.small)}))
	}
	return intOwned(new(big.Int).Sub(a.bigVal(), b.bigVal()))
}

// Mul returns a*b.
func (a Int) Mul(b Int) Int {
	if a.big == nil && b.big == nil {
		if p, ok := mul64(a.small, b.small); ok {
			return Int{small: p}
		}
		return intFrom128((a.small < 0) != (b.small < 0), mul128(absu(a.small), absu(b.small)))
	}
	return intOwned(new(big.Int).Mul(a.bigVal(), b.bigVal()))
}

// Neg returns -a.
func (a Int) Neg() Int {
	if a.big == nil && a.small != math.MinInt64 {
		return Int{small: -a.small}
	}
	return intOwned(new(big.Int).Neg(a.bigVal()))
}

// Abs returns |a|.
func (a Int) Abs() Int {
	if a.Sign() >= 0 {
		return a
	}
	return a.Neg()
}

// Cmp returns -1, 0 or +1 as a <, ==, > b.
func (a Int) Cmp(b Int) int {
	switch {
	case a.big == nil && b.big == nil:
		switch {
		case a.small < b.small:
			return -1
		case a.small > b.small:
			return 1
		}
		return 0
	case a.big != nil && b.big != nil:
		return a.big.Cmp(b.big)
	case a.big != nil:
		// |a| exceeds every int64, so its sign decides.
		return a.big.Sign()
	}
	return -b.big.Sign()
}

// Sign returns -1, 0 or +1.
func (a Int) Sign() int {
	if a.big != nil {
		return a.big.Sign()
	}
	return sign64(a.small)
}

// IsZero reports a == 0.
func (a Int) IsZero() bool { return a.big == nil && a.small == 0 }

// IsOne reports a == 1.
func (a Int) IsOne() bool { return a.big == nil && a.small == 1 }

// Equal reports a == b.
func (a Int) Equal(b Int) bool {
	if a.big == nil || b.big == nil {
		return a.big == nil && b.big == nil && a.small == b.small
	}
	return a.big.Cmp(b.big) == 0
}

// Div returns the SMT-LIB (Euclidean) quotient q with a = b*q + r,
// 0 <= r < |b|. It panics if b == 0.
func (a Int) Div(b Int) Int {
	q, _ := a.DivMod(b)
	return q
}

// Mod returns the SMT-LIB (Euclidean) remainder r, 0 <= r < |b|.
// It panics if b == 0.
func (a Int) Mod(b Int) Int {
	_, r := a.DivMod(b)
	return r
}

// DivMod returns the Euclidean quotient and remainder of a by b (see Div).
// It panics if b == 0.
func (a Int) DivMod(b Int) (q, r Int) {
	if b.IsZero() {
		panic("num: division by zero")
	}
	if a.big == nil && b.big == nil && !(a.small == math.MinInt64 && b.small == -1) {
		x, y := a.small, b.small
		qq, rr := x/y, x%y
		if rr < 0 {
			if y > 0 {
				qq--
				rr += y
			} else {
				qq++
				rr -= y
			}
		}
		return Int{small: qq}, Int{small: rr}
	}
	bq, br := new(big.Int).DivMod(a.bigVal(), b.bigVal(), new(big.Int))
	return intOwned(bq), intOwned(br)
}

// Gcd returns the greatest common divisor of |a| and |b|; Gcd(0, 0) = 0.
func (a Int) Gcd(b Int) Int {
	if a.big == nil && b.big == nil {
		g := gcd64(absu(a.small), absu(b.small))
		if g <= math.MaxInt64 {
			return Int{small: int64(g)}
		}
	}
	return intOwned(new(big.Int).GCD(nil, nil, new(big.Int).Abs(a.bigVal()), new(big.Int).Abs(b.bigVal())))
}

// Lcm returns the least common multiple of |a| and |b| (0 if either is 0).
func (a Int) Lcm(b Int) Int {
	if a.IsZero() || b.IsZero() {
		return Int{}
	}
	g := a.Gcd(b)
	return a.Abs().Div(g).Mul(b.Abs())
}

// Min returns the smaller of a and b.
func (a Int) Min(b Int) Int {
	if b.Cmp(a) < 0 {
		return b
	}
	return a
}

// Max returns the larger of a and b.
func (a Int) Max(b Int) Int {
	if b.Cmp(a) > 0 {
		return b
	}
	return a
}

// IsInt64 reports whether a fits in an int64.
func (a Int) IsInt64() bool { return a.big == nil }

// Int64 returns a as an int64; it panics if !a.IsInt64().
func (a Int) Int64() int64 {
	if a.big != nil {
		panic("num: Int64 of a value outside int64: " + a.String())
	}
	return a.small
}

// Big returns a fresh *big.Int equal to a.
func (a Int) Big() *big.Int {
	if a.big != nil {
		return new(big.Int).Set(a.big)
	}
	return new(big.Int).SetInt64(a.small)
}

// Rat returns a as a Rat.
func (a Int) Rat() Rat { return RatFromInt(a) }

// Hash returns a hash of the value: equal Ints have equal hashes.
func (a Int) Hash() uint64 {
	if a.big == nil {
		return mix64(uint64(a.small))
	}
	return hashBig(a.big)
}

func hashBig(b *big.Int) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	if b.Sign() < 0 {
		h = ^h
	}
	for _, w := range b.Bits() {
		h = mix64(h ^ uint64(w))
	}
	return h
}

// String returns the decimal form, e.g. "-12".
func (a Int) String() string {
	if a.big != nil {
		return a.big.String()
	}
	return strconv.FormatInt(a.small, 10)
}

// SyntaxError reports a string that ParseInt or ParseRat cannot read.
type SyntaxError struct {
	Input string // the rejected input
	What  string // "integer" or "rational"
}

func (e *SyntaxError) Error() string {
	return "num: invalid " + e.What + " " + strconv.Quote(e.Input)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
