package lia

import (
	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// Gomory mixed-integer cuts.
//
// Take a basic integer variable x_b with a fractional value β (no δ part)
// whose row x_b = Σ a_j·x_j has every nonbasic x_j exactly at one of its
// bounds (no δ part either). Write y_j = x_j - l_j for x_j at its lower
// bound and y_j = u_j - x_j at its upper bound, so y_j >= 0 are the bounds
// and y_j = 0 now, and α_j = a_j, respectively -a_j:
//
//	x_b = β + Σ α_j·y_j,   f0 = β - floor(β) ∈ (0, 1).
//
// For integer x_j pick an integer k_j (below), for the others k_j = 0, and
// let c_j = α_j - k_j. Then π = x_b - Σ k_j·y_j is an integer and
// π = β + Σ c_j·y_j. Split on π <= floor(β) ∨ π >= floor(β) + 1:
//
//	π <= floor(β):     Σ c_j·y_j <= -f0,   so  Σ_{c_j<0} (-c_j/f0)·y_j >= 1
//	π >= floor(β)+1:   Σ c_j·y_j >= 1-f0,  so  Σ_{c_j>0} (c_j/(1-f0))·y_j >= 1
//
// (dropping terms of the other sign with y_j >= 0). Both imply the cut
// Σ g_j·y_j >= 1 with g_j the larger of the two coefficients. With
// φ_j = α_j - floor(α_j), choosing k_j = floor(α_j) when φ_j <= 1 - f0
// (g_j = φ_j/(1-f0)) and ceil(α_j) otherwise (g_j = (1-φ_j)/f0) makes
// g_j smallest: this is the Gomory mixed-integer cut. The current point
// (all y_j = 0) violates it. A fixed x_j (lower = upper) gets g_j = 0: its
// term is cancelled with its two bounds in the derivations.

// gomory looks for a Gomory cut; it fills s.cut and reports success.
func (s *Solver) gomory() bool {
	half := num.NewRat(1, 2)
	var best lra.Var
	var bestScore num.Rat
	found := false
	for v := range s.isInt {
		x := lra.Var(v)
		if !s.isInt[x] || !s.lp.IsBasic(x) {
			continue
		}
		val := s.lp.Assignment(x)
		if !val.D.IsZero() || val.R.IsInt() {
			continue
		}
		score := fracPart(val.R).Sub(half).Abs() // 0 is best
		if found && score.Cmp(bestScore) >= 0 {
			continue
		}
		if !s.gomoryTarget(x) {
			continue
		}
		best, bestScore, found = x, score, true
	}
	if !found {
		return false
	}
	if !s.makeGomory(best) {
		s.stats.BigGiveUps++
		return false
	}
	return true
}

// atBound reports whether nonbasic v sits exactly (no δ) on a bound, and
// whether that is its lower bound (preferred when v is fixed) and whether
// v is fixed.
func (s *Solver) atBound(v lra.Var) (ok, atLower, fixed bool) {
	val := s.lp.Assignment(v)
	if !val.D.IsZero() {
		return false, false, false
	}
	lo, _, hasLo := s.lp.Lower(v)
	hi, _, hasHi := s.lp.Upper(v)
	onLo := hasLo && lo.Equal(val)
	onHi := hasHi && hi.Equal(val)
	return onLo || onHi, onLo, onLo && onHi
}

// gomoryTarget reports whether every nonbasic variable of x's row sits
// exactly on a bound.
func (s *Solver) gomoryTarget(x lra.Var) bool {
	s.rowCs, s.rowVs = s.lp.Row(x, s.rowCs[:0], s.rowVs[:0])
	for _, v := range s.rowVs {
		if ok, _, _ := s.atBound(v); !ok {
			return false
		}
	}
	return true
}

// boundOf returns v's bound of kind k as an explanation entry with
// multiplier c.
func (s *Solver) boundOf(v lra.Var, k lra.BoundKind, c num.Rat) lra.Explained {
	var b lra.DeltaRat
	var r lra.Reason
	if k == lra.Lower {
		b, r, _ = s.lp.Lower(v)
	} else {
		b, r, _ = s.lp.Upper(v)
	}
	return lra.Explained{Reason: r, Coeff: c, Var: v, Kind: k, Bound: b}
}

// makeGomory builds the cut of basic variable xb (see above). It reports
// false when the cut's numbers are too big.
func (s *Solver) makeGomory(xb lra.Var) bool {
	s.rowCs, s.rowVs = s.lp.Row(xb, s.rowCs[:0], s.rowVs[:0])
	beta := s.lp.Assignment(xb).R
	fl := beta.Floor()
	f0 := beta.Sub(fl.Rat())
	one := num.NewRat(1, 1)
	f1 := one.Sub(f0) // 1 - f0
	invF0, invF1 := f0.Inv(), f1.Inv()
	c := &s.cut
	c.reset(Gomory)
	c.Split.Le.Mult, c.Split.Ge.Mult = invF0, invF1

	// cut: Σ g_j·y_j >= 1; split: π = x_b - Σ k_j·y_j <= floor(β), where
	// π = P + K for the variable part P, accumulated first.
	bound := one
	splitConst := num.Rat{}
	s.gs = s.gs[:0]
	s.add(xb, one)
	for i, xj := range s.rowVs {
		_, atLo, fixed := s.atBound(xj)
		at, other := lra.Upper, lra.Lower
		alpha := s.rowCs[i].Neg()
		bj, _, _ := s.lp.Upper(xj)
		sign := one.Neg() // y_j = sign·(x_j - b_j)
		if atLo {
			at, other = lra.Lower, lra.Upper
			alpha = s.rowCs[i]
			bj, _, _ = s.lp.Lower(xj)
			sign = one
		}
		var k, cj, g num.Rat
		switch {
		case fixed:
			cj = alpha
		case s.isInt[xj]:
			phi := fracPart(alpha)
			switch {
			case phi.IsZero():
				k = alpha
			case phi.Cmp(f1) <= 0:
				k = alpha.Sub(phi)
				cj, g = phi, phi.Mul(invF1)
			default:
				k = alpha.Sub(phi).Add(one)
				cj, g = phi.Sub(one), one.Sub(phi).Mul(invF0)
			}
		default:
			cj = alpha
			if alpha.Sign() > 0 {
				g = alpha.Mul(invF1)
			} else {
				g = alpha.Neg().Mul(invF0)
			}
		}
		s.gs = append(s.gs, g)
		if !k.IsZero() {
			// -k·y_j in π: -k·sign·x_j + k·sign·b_j
			ks := k.Mul(sign)
			s.add(xj, ks.Neg())
			splitConst = splitConst.Add(ks.Mul(bj.R))
		}
		if !g.IsZero() {
			// g·y_j in the cut: g·sign·x_j - g·sign·b_j >= ...
			bound = bound.Add(g.Mul(sign).Mul(bj.R))
		}
		// Derivation multipliers: "-y_j <= 0" is the bound x_j is at,
		// "y_j <= 0" the other one (fixed variables only).
		if le := g.Add(cj.Mul(invF0)); le.Sign() > 0 {
			c.Split.Le.Expl = append(c.Split.Le.Expl, s.boundOf(xj, at, le))
		} else if le.Sign() < 0 {
			c.Split.Le.Expl = append(c.Split.Le.Expl, s.boundOf(xj, other, le.Neg()))
		}
		if ge := g.Sub(cj.Mul(invF1)); ge.Sign() > 0 {
			c.Split.Ge.Expl = append(c.Split.Ge.Expl, s.boundOf(xj, at, ge))
		} else if ge.Sign() < 0 {
			c.Split.Ge.Expl = append(c.Split.Ge.Expl, s.boundOf(xj, other, ge.Neg()))
		}
	}
	c.Split.Coeffs, c.Split.Vars = s.collect(c.Split.Coeffs, c.Split.Vars)
	if !splitConst.IsInt() {
		panic("lia: a bound of an integer variable is not an integer")
	}
	c.Split.Bound = fl.Sub(splitConst.Num())
	for i, xj := range s.rowVs {
		if g := s.gs[i]; !g.IsZero() {
			if _, atLo, _ := s.atBound(xj); atLo {
				s.add(xj, g)
			} else {
				s.add(xj, g.Neg())
			}
		}
	}
	c.Coeffs, c.Vars = s.collect(c.Coeffs, c.Vars)
	c.Bound = bound
	return small(c.Coeffs, c.Bound) && small(c.Split.Coeffs, c.Split.Bound.Rat())
}
