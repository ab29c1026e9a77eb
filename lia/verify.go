package lia

import (
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// Verify checks the proof of c against the definitions of lp's slacks,
// independently of how c was found. It returns nil when:
//
//   - the split form π has integer coefficients over integer variables
//     that are not slacks, and the cut's variables are not slacks;
//   - each case (Le: Mult·(π - Bound) <= 0, Ge: Mult·(Bound + 1 - π) <= 0)
//     plus Σ λ·(bound) over its Expl — each bound read as in
//     lra.Explained, slacks replaced by their definitions — sums to
//     L <= r with either L identically -Σ Coeffs·Vars and r <= -c.Bound
//     (the case implies the cut), or L identically 0 and r < 0 (the case
//     is impossible), r compared as a delta-rational.
//
// Then every integer point satisfying the bounds of both cases satisfies
// the cut, because it lies in one of the cases. Verify does not look at
// which bounds are asserted now: it checks the lemma, not its use.
func (s *Solver) Verify(c *Lemma) error {
	s.grow()
	if len(c.Coeffs) != len(c.Vars) || len(c.Split.Coeffs) != len(c.Split.Vars) {
		return fmt.Errorf("lia: cut with mismatched coefficients and variables")
	}
	for _, v := range c.Vars {
		if s.lp.IsSlack(v) {
			return fmt.Errorf("lia: cut over slack x%d", v)
		}
	}
	for i, v := range c.Split.Vars {
		if s.lp.IsSlack(v) || !s.isInt[v] || !c.Split.Coeffs[i].IsInt() {
			return fmt.Errorf("lia: split term %v·x%d is not an integer term", c.Split.Coeffs[i], v)
		}
	}
	one := num.NewRat(1, 1)
	for ci, d := range [2]*Derivation{&c.Split.Le, &c.Split.Ge} {
		if d.Mult.Sign() < 0 {
			return fmt.Errorf("lia: negative case multiplier %v", d.Mult)
		}
		f := map[lra.Var]num.Rat{}
		// the case's inequality times Mult: π <= Bound, or -π <= -(Bound+1)
		sign, rhs := d.Mult, lra.Exact(c.Split.Bound.Rat().Mul(d.Mult))
		if ci == 1 {
			sign, rhs = d.Mult.Neg(), lra.Exact(c.Split.Bound.Rat().Add(one).Mul(d.Mult).Neg())
		}
		for i, v := range c.Split.Vars {
			s.addForm(f, v, c.Split.Coeffs[i].Mul(sign))
		}
		for _, e := range d.Expl {
			if e.Coeff.Sign() <= 0 {
				return fmt.Errorf("lia: non-positive multiplier in %v", e)
			}
			if e.Kind == lra.Upper {
				s.addForm(f, e.Var, e.Coeff)
				rhs = rhs.Add(e.Bound.Scale(e.Coeff))
			} else {
				s.addForm(f, e.Var, e.Coeff.Neg())
				rhs = rhs.Sub(e.Bound.Scale(e.Coeff))
			}
		}
		name := [2]string{"le", "ge"}[ci]
		if isZeroForm(f) {
			if rhs.Sign() >= 0 {
				return fmt.Errorf("lia: case %s sums to 0 <= %v, not a contradiction", name, rhs)
			}
			continue
		}
		for i, v := range c.Vars {
			s.addForm(f, v, c.Coeffs[i])
		}
		if !isZeroForm(f) {
			return fmt.Errorf("lia: case %s does not sum to the cut: residue %v", name, formString(f))
		}
		if rhs.Cmp(lra.Exact(c.Bound.Neg())) > 0 {
			return fmt.Errorf("lia: case %s derives -cut <= %v, weaker than %v", name, rhs, c.Bound.Neg())
		}
	}
	return nil
}

// addForm adds c·v to f with slacks expanded.
func (s *Solver) addForm(f map[lra.Var]num.Rat, v lra.Var, c num.Rat) {
	if s.lp.IsSlack(v) {
		cs, vs := s.lp.Definition(v)
		for i, x := range vs {
			s.addForm(f, x, c.Mul(cs[i]))
		}
		return
	}
	f[v] = f[v].Add(c)
}

func isZeroForm(f map[lra.Var]num.Rat) bool {
	for _, c := range f {
		if !c.IsZero() {
			return false
		}
	}
	return true
}

func formString(f map[lra.Var]num.Rat) string {
	var vs []lra.Var
	for v, c := range f {
		if !c.IsZero() {
			vs = append(vs, v)
		}
	}
	slices.Sort(vs)
	s := ""
	for _, v := range vs {
		s += fmt.Sprintf(" %v·x%d", f[v], v)
	}
	return s
}
