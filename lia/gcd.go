package lia

import (
	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// The GCD test, extended to bounded variables (after z3's gcd_test and
// ext_gcd_test). A tableau row is an identity Σ a_i·x_i = 0 (the basic
// variable with coefficient -1). Split its terms into the integer
// variables that are not fixed (I) and the others (O): fixed variables,
// and variables that are not integer but have both bounds; a row with
// another kind of term is skipped. Scaled by l, the lcm of the
// denominators over I, the I part has integer coefficients A_i with gcd
// g, and P = Σ_I (A_i/g)·x_i is an integer form with
//
//	P = -(l/g)·Σ_O a_k·x_k   ∈ [lo, hi]
//
// by the bounds of O (for fixed variables lo = hi = their value; bounds
// may be strict, the interval is over delta-rationals). When the interval
// holds no integer, floor(hi) < lo, the row has no integer solution, and
// the test answers the cut P <= floor(hi) (the current point has P >= lo),
// proved by the split on P itself: the case P <= floor(hi) is the cut,
// and the case P >= floor(hi) + 1 contradicts P <= hi, the sum of the O
// bounds. The simplex then finds the conflict with P >= lo. With O fixed
// only, this is the classic test: g does not divide the fixed part.
//
// The argument holds for any split whose O terms are bounded, so a
// second pass moves the integer variables that have both bounds into O
// too (z3's ext_gcd_test moves those of least coefficient): a = 2b+1,
// b = 2c+1, a = 4q+r, 0 <= r <= 2 has the row r = 4c+3-4q, whose
// integer part 4(c-q) cannot equal r-3 in [-3, -1]; branch and bound
// alone walks to infinity along c and q.

// gcdTest runs the test on every row; on failure it fills s.cut and
// reports true.
func (s *Solver) gcdTest() bool {
	for _, boundedInts := range []bool{false, true} {
		for v := range s.isInt {
			if x := lra.Var(v); s.lp.IsBasic(x) && s.gcdRow(x, boundedInts) {
				return true
			}
		}
	}
	return false
}

// fixedValue returns v's value when v is fixed by equal exact bounds.
func (s *Solver) fixedValue(v lra.Var) (num.Rat, bool) {
	lo, _, hasLo := s.lp.Lower(v)
	if !hasLo || !lo.D.IsZero() {
		return num.Rat{}, false
	}
	hi, _, hasHi := s.lp.Upper(v)
	if !hasHi || !hi.Equal(lo) {
		return num.Rat{}, false
	}
	return lo.R, true
}

// gcdTerm classifies a term of a row: fixed, free integer, bounded other,
// or unusable.
type gcdTerm uint8

const (
	gcdUnusable gcdTerm = iota
	gcdFree             // integer, not fixed: in P
	gcdBounded          // fixed, or not integer with both bounds
)

func (s *Solver) classify(v lra.Var, boundedInts bool) gcdTerm {
	if _, ok := s.fixedValue(v); ok {
		return gcdBounded
	}
	_, _, hasLo := s.lp.Lower(v)
	_, _, hasHi := s.lp.Upper(v)
	if s.isInt[v] && !(boundedInts && hasLo && hasHi) {
		return gcdFree
	}
	if hasLo && hasHi {
		return gcdBounded
	}
	return gcdUnusable
}

// gcdRow runs the test on the row of basic x; boundedInts puts the
// integer variables with both bounds on the bounded side.
func (s *Solver) gcdRow(x lra.Var, boundedInts bool) bool {
	s.rowCs, s.rowVs = s.lp.Row(x, s.rowCs[:0], s.rowVs[:0])
	minusOne := num.NewRat(-1, 1)
	nFree, nBounded := 0, 0
	each := func(f func(v lra.Var, a num.Rat, k gcdTerm) bool) bool {
		if !f(x, minusOne, s.classify(x, boundedInts)) {
			return false
		}
		for i, v := range s.rowVs {
			if !f(v, s.rowCs[i], s.classify(v, boundedInts)) {
				return false
			}
		}
		return true
	}
	l := num.NewInt(1)
	ok := each(func(v lra.Var, a num.Rat, k gcdTerm) bool {
		switch k {
		case gcdFree:
			nFree++
			l = l.Lcm(a.Den())
		case gcdBounded:
			nBounded++
		}
		return k != gcdUnusable
	})
	if !ok || nFree == 0 || nBounded == 0 {
		return false
	}
	var g num.Int
	lr := l.Rat()
	each(func(v lra.Var, a num.Rat, k gcdTerm) bool {
		if k == gcdFree {
			g = g.Gcd(a.Mul(lr).Num())
		}
		return true
	})
	f := lr.Quo(g.Rat()) // P = Σ_I f·a_i·x_i = -f·Σ_O a_k·x_k
	var lo, hi lra.DeltaRat
	each(func(v lra.Var, a num.Rat, k gcdTerm) bool {
		if k == gcdBounded {
			c := a.Mul(f).Neg()
			lb, _, _ := s.lp.Lower(v)
			ub, _, _ := s.lp.Upper(v)
			if c.Sign() < 0 {
				lb, ub = ub, lb
			}
			lo, hi = lo.AddScaled(c, lb), hi.AddScaled(c, ub)
		}
		return true
	})
	fl := Floor(hi)
	if lra.Exact(fl.Rat()).Cmp(lo) >= 0 {
		return false // an integer in [lo, hi]
	}
	cut := &s.cut
	cut.rounding(GCD, fl)
	each(func(v lra.Var, a num.Rat, k gcdTerm) bool {
		switch c := a.Mul(f); k {
		case gcdFree:
			s.add(v, c)
		case gcdBounded:
			// -f·a_k·x_k <= its bound: the upper bound when -f·a_k > 0,
			// else the lower one, with λ = |f·a_k|.
			bk := lra.Upper
			if c.Sign() > 0 {
				bk = lra.Lower
			}
			cut.Split.Ge.Expl = append(cut.Split.Ge.Expl, s.boundOf(v, bk, c.Abs()))
		}
		return true
	})
	cut.Split.Coeffs, cut.Split.Vars = s.collect(cut.Split.Coeffs, cut.Split.Vars)
	cut.roundingDone()
	return true
}
