package lra

import "github.com/seed-f9c3434d/gospacer/num"

// DeltaRat is R + D·δ for a positive infinitesimal δ. Strict bounds become
// non-strict ones on delta-rationals: x < c is x <= c - δ, x > c is
// x >= c + δ. DeltaRats are ordered lexicographically (R first, then D).
// The zero value is 0.
type DeltaRat struct {
	R, D num.Rat
}

// Exact returns c + 0·δ.
func Exact(c num.Rat) DeltaRat { return DeltaRat{R: c} }

// Below returns c - δ, the bound of a strict upper bound x < c.
func Below(c num.Rat) DeltaRat { return DeltaRat{R: c, D: num.NewRat(-1, 1)} }

// Above returns c + δ, the bound of a strict lower bound x > c.
func Above(c num.Rat) DeltaRat { return DeltaRat{R: c, D: num.NewRat(1, 1)} }

// Add returns a+b.
func (a DeltaRat) Add(b DeltaRat) DeltaRat {
	return DeltaRat{R: a.R.Add(b.R), D: a.D.Add(b.D)}
}

// Sub returns a-b.
func (a DeltaRat) Sub(b DeltaRat) DeltaRat {
	return DeltaRat{R: a.R.Sub(b.R), D: a.D.Sub(b.D)}
}

// Scale returns c·a.
func (a DeltaRat) Scale(c num.Rat) DeltaRat {
	if a.D.IsZero() {
		return DeltaRat{R: a.R.Mul(c)}
	}
	return DeltaRat{R: a.R.Mul(c), D: a.D.Mul(c)}
}

// AddScaled returns a + c·b.
func (a DeltaRat) AddScaled(c num.Rat, b DeltaRat) DeltaRat {
	r := a
	if !b.R.IsZero() {
		if c.IsOne() {
			r.R = a.R.Add(b.R)
		} else {
			r.R = a.R.AddMul(c, b.R)
		}
	}
	if !b.D.IsZero() {
		r.D = a.D.AddMul(c, b.D)
	}
	return r
}

// Neg returns -a.
func (a DeltaRat) Neg() DeltaRat { return DeltaRat{R: a.R.Neg(), D: a.D.Neg()} }

// Cmp compares lexicographically: -1, 0, +1 as a <, ==, > b.
func (a DeltaRat) Cmp(b DeltaRat) int {
	if c := a.R.Cmp(b.R); c != 0 {
		return c
	}
	return a.D.Cmp(b.D)
}

// Sign returns the sign of a in the lexicographic order.
func (a DeltaRat) Sign() int {
	if s := a.R.Sign(); s != 0 {
		return s
	}
	return a.D.Sign()
}

// IsZero reports a == 0.
func (a DeltaRat) IsZero() bool { return a.R.IsZero() && a.D.IsZero() }

// Equal reports a == b.
func (a DeltaRat) Equal(b DeltaRat) bool { return a.R.Equal(b.R) && a.D.Equal(b.D) }

// At returns the rational R + D·delta for a concrete delta.
func (a DeltaRat) At(delta num.Rat) num.Rat {
	if a.D.IsZero() {
		return a.R
	}
	return a.R.Add(a.D.Mul(delta))
}

// String returns "R" or "R+Dδ" / "R-Dδ".
func (a DeltaRat) String() string {
	if a.D.IsZero() {
		return a.R.String()
	}
	if a.D.Sign() < 0 {
		return a.R.String() + "-" + a.D.Neg().String() + "δ"
	}
	return a.R.String() + "+" + a.D.String() + "δ"
}
