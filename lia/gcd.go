package lia

import (
	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// The GCD test. A row of integer variables, scaled to integer
// coefficients A_i (the basic variable included), is an identity
// Σ A_i·x_i = 0. With the fixed variables (lower = upper = c_i) moved to
// the right, Σ_free A_i·x_i = -C for C = Σ_fixed A_i·c_i. When
// g = gcd(free A_i) does not divide C there is no integer solution: with
// P = Σ_free (A_i/g)·x_i, an integer form, the row says P = -C/g, which is
// not an integer. The test answers the cut P <= floor(-C/g) (the current
// point has P = -C/g), proved by the split on P itself: the case
// P <= floor(-C/g) is the cut, and the case P >= floor(-C/g) + 1
// contradicts P <= -C/g, the sum of the fixed variables' bounds. The
// simplex then finds the conflict with the other bounds.

// gcdTest runs the GCD test on every row of integer variables; on failure
// it fills s.cut and reports true.
func (s *Solver) gcdTest() bool {
	for v := range s.isInt {
		x := lra.Var(v)
		if s.isInt[x] && s.lp.IsBasic(x) && s.gcdRow(x) {
			return true
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

// gcdRow runs the test on the row of basic x.
func (s *Solver) gcdRow(x lra.Var) bool {
	s.rowCs, s.rowVs = s.lp.Row(x, s.rowCs[:0], s.rowVs[:0])
	_, fixed := s.fixedValue(x)
	for _, v := range s.rowVs {
		if !s.isInt[v] {
			return false
		}
		if !fixed {
			_, fixed = s.fixedValue(v)
		}
	}
	if !fixed {
		return false // C = 0: every gcd divides it
	}
	l := num.NewInt(1)
	for _, c := range s.rowCs {
		l = l.Lcm(c.Den())
	}
	lr := l.Rat()
	// The row as Σ A_i·x_i = 0: A_x = -l, A_j = l·a_j.
	var cst num.Rat // C
	var g num.Int
	nfree := 0
	term := func(v lra.Var, a num.Rat) {
		if c, ok := s.fixedValue(v); ok {
			cst = cst.Add(a.Mul(c))
		} else {
			g = g.Gcd(a.Num())
			nfree++
		}
	}
	term(x, lr.Neg())
	for i, v := range s.rowVs {
		term(v, s.rowCs[i].Mul(lr))
	}
	if nfree == 0 || g.IsOne() || !cst.IsInt() || cst.Num().Mod(g).IsZero() {
		return false
	}
	// P = Σ_free (A_i/g)·x_i <= floor(-C/g); the cut is -P >= -floor(-C/g).
	c := &s.cut
	c.reset(GCD)
	gr := g.Rat()
	invG := gr.Inv()
	one := num.NewRat(1, 1)
	rhs := cst.Neg().Mul(invG) // -C/g
	c.Split.Bound = rhs.Floor()
	c.Split.Le.Mult, c.Split.Ge.Mult = one, one
	each := func(f func(v lra.Var, a num.Rat)) {
		f(x, lr.Neg())
		for i, v := range s.rowVs {
			f(v, s.rowCs[i].Mul(lr))
		}
	}
	each(func(v lra.Var, a num.Rat) {
		if _, ok := s.fixedValue(v); ok {
			// -A_i/g·x_i <= -A_i/g·c_i: the lower bound for A_i > 0,
			// the upper bound for A_i < 0, with λ = |A_i|/g.
			k := lra.Lower
			if a.Sign() < 0 {
				k = lra.Upper
			}
			c.Split.Ge.Expl = append(c.Split.Ge.Expl, s.boundOf(v, k, a.Abs().Mul(invG)))
		} else {
			s.add(v, a.Mul(invG))
		}
	})
	c.Split.Coeffs, c.Split.Vars = s.collect(c.Split.Coeffs, c.Split.Vars)
	for i, v := range c.Split.Vars {
		c.Coeffs, c.Vars = append(c.Coeffs, c.Split.Coeffs[i].Neg()), append(c.Vars, v)
	}
	c.Bound = c.Split.Bound.Rat().Neg()
	return true
}
