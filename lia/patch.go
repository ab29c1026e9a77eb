package lia

import (
	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// Patching (z3's patch_basic_column): before branching, try to make a
// fractional basic integer variable x_b = Σ a_j·x_j integral by moving one
// nonbasic integer variable x_j of its row by an integer step d with
// a_j·d + frac(x_b) integral, when the move keeps x_j and every basic
// variable of x_j's column within bounds and every integral integer
// variable of the column integral. The simplex solution stays feasible,
// so no lemma is needed: patching only changes which vertex lia looks at.

// maxPatchStep bounds |d|: larger steps rarely stay within bounds.
const maxPatchStep = 16

// patch tries to patch each fractional basic variable of s.frac and
// reports whether it patched any.
func (s *Solver) patch() bool {
	patched := false
	for _, xb := range s.frac {
		if !s.lp.IsBasic(xb) {
			continue
		}
		val := s.lp.Assignment(xb)
		if !val.D.IsZero() || IsIntegral(val) {
			continue // δ parts do not patch; or an earlier patch fixed it
		}
		if s.patchRow(xb, val.R) {
			s.stats.Patches++
			patched = true
		}
	}
	return patched
}

// patchRow tries the nonbasic integer variables of xb's row in order.
func (s *Solver) patchRow(xb lra.Var, beta num.Rat) bool {
	s.rowCs, s.rowVs = s.lp.Row(xb, s.rowCs[:0], s.rowVs[:0])
	for i, xj := range s.rowVs {
		a := s.rowCs[i]
		if !s.isInt[xj] || a.Den().Cmp(num.NewInt(maxPatchStep)) > 0 {
			continue
		}
		vj := s.lp.Assignment(xj)
		if !IsIntegral(vj) {
			continue
		}
		// the smallest steps first, up before down
		for k := int64(1); k <= maxPatchStep; k++ {
			for _, d := range [2]int64{k, -k} {
				dr := num.NewRat(d, 1)
				if !beta.Add(a.Mul(dr)).IsInt() {
					continue
				}
				if s.canMove(xj, vj, dr) {
					s.lp.MoveNonbasic(xj, lra.DeltaRat{R: vj.R.Add(dr), D: vj.D})
					return true
				}
			}
		}
	}
	return false
}

// canMove reports whether moving nonbasic xj from vj by d keeps xj and
// the basic variables of its column within bounds and the integral
// integer ones integral.
func (s *Solver) canMove(xj lra.Var, vj lra.DeltaRat, d num.Rat) bool {
	if !s.within(xj, lra.DeltaRat{R: vj.R.Add(d), D: vj.D}) {
		return false
	}
	s.colCs, s.colVs = s.lp.Column(xj, s.colCs[:0], s.colVs[:0])
	for i, xk := range s.colVs {
		vk := s.lp.Assignment(xk)
		step := s.colCs[i].Mul(d)
		nv := lra.DeltaRat{R: vk.R.Add(step), D: vk.D}
		if !s.within(xk, nv) {
			return false
		}
		if s.isInt[xk] && IsIntegral(vk) && !step.IsInt() {
			return false
		}
	}
	return true
}

// within reports whether val satisfies v's bounds.
func (s *Solver) within(v lra.Var, val lra.DeltaRat) bool {
	if lo, _, ok := s.lp.Lower(v); ok && val.Cmp(lo) < 0 {
		return false
	}
	if hi, _, ok := s.lp.Upper(v); ok && val.Cmp(hi) > 0 {
		return false
	}
	return true
}
