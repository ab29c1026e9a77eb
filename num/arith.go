package num

import (
	"math"
	"math/bits"
)

// Checked int64 arithmetic. Each helper returns the exact result and true,
// or garbage and false when the exact result does not fit in an int64.
// They are small enough to be inlined into the fast paths of Int and Rat.

func add64(a, b int64) (int64, bool) {
	s := a + b
	return s, (a^s)&(b^s) >= 0
}

func sub64(a, b int64) (int64, bool) {
	s := a - b
	return s, (a^b)&(a^s) >= 0
}

func mul64(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(absu(a), absu(b))
	if hi != 0 {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		// -2^63 is representable: int64(1<<63) is MinInt64 and its
		// negation wraps back to MinInt64, which is the right answer.
		return -int64(lo), lo <= 1<<63
	}
	return int64(lo), lo <= math.MaxInt64
}

// absu returns |a| as a uint64; exact for every int64 including MinInt64.
func absu(a int64) uint64 {
	if a < 0 {
		return uint64(-a) // -MinInt64 wraps to MinInt64, uint64 of that is 2^63
	}
	return uint64(a)
}

// gcd64 is the binary GCD; gcd64(0, 0) = 0.
func gcd64(a, b uint64) uint64 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	shift := bits.TrailingZeros64(a | b)
	a >>= bits.TrailingZeros64(a)
	bz := bits.TrailingZeros64(b)
	for {
		// the trailing zeros of b − a (of a − b too: same count when
		// wrapped) are counted while the smaller is chosen (Lemire's
		// shorter dependency chain)
		b >>= uint(bz)
		d := b - a
		bz = bits.TrailingZeros64(d)
		if d == 0 {
			return a << shift
		}
		if b < a {
			a, d = b, a-b
		}
		b = d
	}
}

// cmpCross compares n1*d2 with n2*d1 exactly, for d1, d2 > 0.
func cmpCross(n1, d2, n2, d1 int64) int {
	s1, s2 := sign64(n1), sign64(n2)
	if s1 != s2 {
		if s1 < s2 {
			return -1
		}
		return 1
	}
	if s1 == 0 {
		return 0
	}
	h1, l1 := bits.Mul64(absu(n1), uint64(d2))
	h2, l2 := bits.Mul64(absu(n2), uint64(d1))
	c := 0
	switch {
	case h1 < h2 || (h1 == h2 && l1 < l2):
		c = -1
	case h1 != h2 || l1 != l2:
		c = 1
	}
	return c * s1
}

func sign64(a int64) int {
	switch {
	case a < 0:
		return -1
	case a > 0:
		return 1
	}
	return 0
}

// mix64 is the murmur3 finalizer; used by the Hash methods.
func mix64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}
