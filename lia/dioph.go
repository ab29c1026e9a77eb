package lia

import (
	"math/bits"
	"slices"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// Diophantine equalities. The fixed integer variables (lower = upper bound,
// typically the slacks of asserted equalities) give a system A·x = b over
// the integer variables that are not slacks, A integer. By the integer
// Farkas lemma (Kronecker) it has no integer solution iff some rational y
// makes yᵀA integral and yᵀb fractional; then P = yᵀA·x is an integer
// form equal to the fraction yᵀb, and the cut P <= floor(yᵀb) with the
// split on P itself (as for the GCD test, see gcd.go) refutes the system.
//
// y comes from a Hermite-style triangulation: the equations are taken in
// turn; unimodular column operations (x = U·z, extended Euclid between
// the columns not yet used as pivots) leave each new equation with a
// single nonzero h among the free columns, which becomes its pivot. So
// H = A·U is lower triangular up to dependent rows, and forward
// substitution gives z_p = (b_i - Σ h_ij·z_j) / h, each z_p = w_pᵀ·b for a
// rational combination w_p of the equations. A fractional z_p is an
// integer infeasibility, with y = w_p: yᵀH is a unit row, so yᵀA = yᵀH·U⁻¹
// is integral. Dependent equations are skipped: the simplex solution
// satisfies the system, so they are consistent over the rationals.

// Bounded rows. The same triangulation parametrises every integer
// solution of the equalities: x = U·z with the pivot z_p fixed (z_p =
// w_pᵀ·b) and the other z free. An integer variable v that is not fixed
// but has both bounds l <= v <= u (a bounded slack: a constraint
// l <= aᵀx <= u) then reads v = aᵀU·z = c + Σ_free h_j·z_j with
// c = Σ_p h_p·z_p, so v - c is a multiple of g = gcd(h_j over the free
// columns); when [l, u] holds no value of c + g·ℤ, the equalities and
// the bounds of v have no integer solution together, though each row
// alone may (3a + 2s ∈ [3, 5] with a = 4t - 4 and 2s + 3b = -6: every
// solution of the equalities has 3a + 2s ≡ 0 mod 6), and branch and
// bound walks to infinity along t. With y = Σ_p h_p·w_p, the form
// P = (v - Σ y_i·(equation i))/g has integer coefficients over the
// original variables (it is Σ_free (h_j/g)·z_j, and U⁻¹ is integral) and
// P = (v - c)/g ∈ [(l - c)/g, (u - c)/g]; the cut is P <= floor((u-c)/g),
// proved like a GCD cut: the case P >= floor((u-c)/g) + 1 contradicts
// v <= u and the equalities. The bounded rows are carried through the
// column operations below the equations, as extra rows that are never
// pivots.

// Limits of the Diophantine check: larger systems are skipped, and the
// check stops when numbers grow beyond maxDiophBits.
const (
	maxDiophEqs  = 400
	maxDiophVars = 400
	maxDiophBits = 512
)

// dioph is the scratch state of the Diophantine check.
type dioph struct {
	eqs      []lra.Var   // the fixed variables, in order
	bnd      []lra.Var   // the bounded ones, not fixed, in order
	rhs      []num.Int   // b
	cols     []lra.Var   // variables of the columns
	colOf    []int32     // by variable: column index + 1, 0 if none
	rows     [][]num.Int // A, transformed by the column operations
	pivot    []int32     // pivot column of each processed equation, -1 if dependent
	used     []bool      // by column: a pivot
	z        []num.Rat   // by column: value of the pivot variable
	w        [][]num.Rat // by column: the combination of equations giving z
	complete bool        // solveDioph processed every equation
	sig      []num.Rat   // signature of the last system found feasible
	sigB     []num.Rat   // the same with the bounded rows
	sig2     []num.Rat   // the current signature (scratch)
}

// diophTest looks for an integer infeasibility of the equalities; on
// success it fills s.cut and reports true.
func (s *Solver) diophTest() bool {
	d := &s.dio
	bounded := s.calls%s.boundedPeriod == 0
	d.eqs, d.rhs, d.bnd = d.eqs[:0], d.rhs[:0], d.bnd[:0]
	sig := d.sig2[:0]
	for v := range s.isInt {
		x := lra.Var(v)
		if !s.isInt[x] {
			continue
		}
		if c, ok := s.fixedValue(x); ok {
			d.eqs, d.rhs = append(d.eqs, x), append(d.rhs, c.Num())
			sig = append(sig, num.NewRat(int64(x), 1), c)
			continue
		}
		if !bounded {
			continue
		}
		lo, _, hasLo := s.lp.Lower(x)
		hi, _, hasHi := s.lp.Upper(x)
		if hasLo && hasHi && lo.D.IsZero() && hi.D.IsZero() && len(d.bnd) < maxDiophEqs {
			d.bnd = append(d.bnd, x)
			sig = append(sig, num.NewRat(-1-int64(x), 1), lo.R, hi.R)
		}
	}
	d.sig2 = sig
	last := &d.sig
	if bounded {
		last = &d.sigB
	}
	if len(d.eqs) == 0 || len(d.eqs)+len(d.bnd) < 2 || len(d.eqs) > maxDiophEqs || slices.EqualFunc(sig, *last, num.Rat.Equal) {
		return false
	}
	if !s.buildDioph() {
		return false
	}
	y, ok := s.solveDioph()
	if ok {
		s.diophCut(y)
		return true
	}
	if d.complete {
		for r := range d.bnd {
			if s.boundedCut(r) {
				return true
			}
		}
	}
	*last, d.sig2 = sig, *last // feasible (or too big): skip until the bounds change
	return false
}

// buildDioph fills the dense system; false when it is too large.
func (s *Solver) buildDioph() bool {
	d := &s.dio
	for _, v := range d.cols {
		d.colOf[v] = 0
	}
	d.cols = d.cols[:0]
	for len(d.colOf) < len(s.isInt) {
		d.colOf = append(d.colOf, 0)
	}
	all := append(d.eqs, d.bnd...)
	for _, e := range all {
		s.add(e, num.NewRat(1, 1))
		for _, v := range s.accVs {
			if d.colOf[v] == 0 {
				d.cols = append(d.cols, v)
				d.colOf[v] = int32(len(d.cols))
			}
		}
		s.rowCs, s.rowVs = s.collect(s.rowCs[:0], s.rowVs[:0])
	}
	n := len(d.cols)
	if n > maxDiophVars {
		return false
	}
	d.rows = slices.Grow(d.rows[:0], len(all))[:len(all)]
	for i, e := range all {
		row := slices.Grow(d.rows[i][:0], n)[:n]
		clear(row)
		s.add(e, num.NewRat(1, 1))
		s.rowCs, s.rowVs = s.collect(s.rowCs[:0], s.rowVs[:0])
		for j, v := range s.rowVs {
			row[d.colOf[v]-1] = s.rowCs[j].Num() // integer coefficients
		}
		d.rows[i] = row
	}
	return true
}

// solveDioph triangulates and substitutes forward. It returns the
// certificate y and true on an infeasibility, false when the system has
// integer solutions or the numbers grew too big.
func (s *Solver) solveDioph() ([]num.Rat, bool) {
	d := &s.dio
	m, n := len(d.eqs), len(d.cols)
	d.pivot = slices.Grow(d.pivot[:0], m)[:m]
	d.used = slices.Grow(d.used[:0], n)[:n]
	clear(d.used)
	d.z = slices.Grow(d.z[:0], n)[:n]
	d.w = slices.Grow(d.w[:0], n)[:n]
	d.complete = false
	for i := 0; i < m; i++ {
		row := d.rows[i]
		// Euclid on the free columns until one nonzero is left.
		p := -1
		for {
			p = -1
			for j := range n {
				if !d.used[j] && !row[j].IsZero() && (p < 0 || row[j].Abs().Cmp(row[p].Abs()) < 0) {
					p = j
				}
			}
			if p < 0 {
				break
			}
			done := true
			for j := range n {
				if j == p || d.used[j] || row[j].IsZero() {
					continue
				}
				q := row[j].Div(row[p]) // Euclidean: row[j] - q·row[p] in [0, |row[p]|)
				if !s.colOp(i, j, p, q) {
					return nil, false
				}
				if !row[j].IsZero() {
					done = false
				}
			}
			if done {
				break
			}
		}
		d.pivot[i] = int32(p)
		if p < 0 {
			continue // dependent
		}
		d.used[p] = true
		// z_p = (b_i - Σ_{earlier pivots} h_ij·z_j) / h_ip, w likewise.
		h := row[p].Rat()
		z := d.rhs[i].Rat()
		w := slices.Grow(d.w[p][:0], m)[:m]
		clear(w)
		w[i] = num.NewRat(1, 1)
		for k := 0; k < i; k++ {
			j := d.pivot[k]
			if j < 0 || row[j].IsZero() {
				continue
			}
			c := row[j].Rat()
			z = z.Sub(c.Mul(d.z[j]))
			for l, wl := range d.w[j] {
				if !wl.IsZero() {
					w[l] = w[l].Sub(c.Mul(wl))
				}
			}
		}
		inv := h.Inv()
		z = z.Mul(inv)
		for l := range w {
			if !w[l].IsZero() {
				w[l] = w[l].Mul(inv)
			}
		}
		d.z[p], d.w[p] = z, w
		if !z.IsInt() {
			return w, true
		}
	}
	d.complete = true
	return nil, false
}

// boundedCut fills s.cut when bounded row r (of d.bnd) has no integer
// value with the equalities (see the comment on bounded rows) and
// reports whether it did.
func (s *Solver) boundedCut(r int) bool {
	d := &s.dio
	h := d.rows[len(d.eqs)+r]
	var g num.Int
	for j, hj := range h {
		if !d.used[j] && !hj.IsZero() {
			g = g.Gcd(hj)
		}
	}
	if g.IsZero() || g.Abs().Cmp(num.NewInt(1)) == 0 {
		return false
	}
	m := len(d.eqs)
	var c num.Rat
	y := make([]num.Rat, m)
	for j, hj := range h {
		if !d.used[j] || hj.IsZero() {
			continue
		}
		hr := hj.Rat()
		c = c.Add(hr.Mul(d.z[j]))
		for l, wl := range d.w[j] {
			if !wl.IsZero() {
				y[l] = y[l].Add(hr.Mul(wl))
			}
		}
	}
	v := d.bnd[r]
	lb, _, _ := s.lp.Lower(v)
	ub, _, _ := s.lp.Upper(v)
	ginv := g.Abs().Rat().Inv()
	lo := lb.Sub(lra.Exact(c)).Scale(ginv)
	hi := ub.Sub(lra.Exact(c)).Scale(ginv)
	fl := Floor(hi)
	if lra.Exact(fl.Rat()).Cmp(lo) >= 0 {
		return false // an integer in [lo, hi]
	}
	// P = (v - Σ y_i·e_i)/g; the O terms (see gcdRow) are v with -1/g
	// and e_i with y_i/g.
	cut := &s.cut
	cut.rounding(Diophantine, fl)
	s.add(v, ginv)
	cut.Split.Ge.Expl = append(cut.Split.Ge.Expl, s.boundOf(v, lra.Upper, ginv))
	for i, e := range d.eqs {
		ci := y[i].Mul(ginv)
		if ci.IsZero() {
			continue
		}
		s.add(e, ci.Neg())
		k := lra.Upper
		if ci.Sign() > 0 {
			k = lra.Lower
		}
		cut.Split.Ge.Expl = append(cut.Split.Ge.Expl, s.boundOf(e, k, ci.Abs()))
	}
	cut.Split.Coeffs, cut.Split.Vars = s.collect(cut.Split.Coeffs, cut.Split.Vars)
	for _, a := range cut.Split.Coeffs {
		if !a.IsInt() {
			return false // cannot happen: P is Σ (h_j/g)·z_j
		}
	}
	cut.roundingDone()
	return true
}

// colOp subtracts q times column p from column j in rows i.. (the earlier
// rows are zero in both, being free columns). It reports false when the
// numbers grow too big.
func (s *Solver) colOp(i, j, p int, q num.Int) bool {
	d := &s.dio
	for _, row := range d.rows[i:] {
		if row[p].IsZero() {
			continue
		}
		row[j] = row[j].Sub(q.Mul(row[p]))
		if bitLen(row[j]) > maxDiophBits {
			return false
		}
	}
	return true
}

func bitLen(x num.Int) int {
	if x.IsInt64() {
		v := x.Int64()
		if v < 0 {
			v = -v
		}
		return bits.Len64(uint64(v))
	}
	return x.Big().BitLen()
}

// diophCut fills s.cut from the certificate y: P = Σ y_i·(equation i),
// cut -P >= -floor(yᵀb), proved like a GCD cut.
func (s *Solver) diophCut(y []num.Rat) {
	d := &s.dio
	var yb num.Rat
	for i, yi := range y {
		yb = yb.Add(yi.Mul(d.rhs[i].Rat()))
	}
	c := &s.cut
	c.rounding(Diophantine, yb.Floor())
	for i, e := range d.eqs {
		yi := y[i]
		if yi.IsZero() {
			continue
		}
		s.add(e, yi)
		k := lra.Upper
		if yi.Sign() < 0 {
			k = lra.Lower
		}
		c.Split.Ge.Expl = append(c.Split.Ge.Expl, s.boundOf(e, k, yi.Abs()))
	}
	c.Split.Coeffs, c.Split.Vars = s.collect(c.Split.Coeffs, c.Split.Vars)
	c.roundingDone()
}
