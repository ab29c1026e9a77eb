package mbp

import (
	"github.com/seed-f9c3434d/gospacer/term"
)

// Loos–Weispfenning projection of a Real variable (CAV'14, Section 5 and
// Appendix F), on the constraints cs of the cube that mention x. All of
// them hold in the model.
//
//   - An equality c*x + t = 0 gives x = -t/c, substituted everywhere
//     (the virtual substitution (5) is a plain one).
//   - Else the lower bounds l <= x or l < x give the greatest lower
//     bound l* by model value; among equal values a strict bound wins,
//     then the first in the fixed order cmpLinear. A non-strict l* is
//     substituted for x. A strict l* is l* + ε, substituted virtually
//     (6): a lower bound l' becomes l' <= l*, an upper bound u becomes
//     l* < u, strict or not.
//   - Without lower bounds x is -∞ (7): the upper bounds are dropped.
func (r *run) lw(sys *csys, x *term.Term, cs []cons) {
	for i, c := range cs {
		if c.k != eq {
			continue
		}
		e := solveFor(c.l, x)
		for j, d := range cs {
			if j != i {
				d.l = substLin(d.l, x, e)
				r.addCons(sys, d)
			}
		}
		return
	}
	type bound struct {
		b      term.Linear // the bound term
		strict bool
	}
	var lowers []bound
	best := -1
	for _, c := range cs {
		if c.l.Coeff(x).Sign() > 0 {
			continue // an upper bound
		}
		b := bound{solveFor(c.l, x), c.k == lt}
		if best >= 0 {
			o := lowers[best]
			s := r.linValue(b.b).Cmp(r.linValue(o.b))
			if s < 0 || s == 0 && (o.strict && !b.strict || o.strict == b.strict && cmpLinear(b.b, o.b) >= 0) {
				lowers = append(lowers, b)
				continue
			}
		}
		best = len(lowers)
		lowers = append(lowers, b)
	}
	if best < 0 {
		return // -∞
	}
	glb := lowers[best]
	if !glb.strict {
		for _, c := range cs {
			c.l = substLin(c.l, x, glb.b)
			r.addCons(sys, c)
		}
		return
	}
	for _, c := range cs {
		a := c.l.Coeff(x)
		b := solveFor(c.l, x)
		if a.Sign() < 0 { // b <= x or b < x: b <= glb
			r.addCons(sys, cons{k: le, l: combine(ratOne, b, ratMinusOne, glb.b), real: true})
		} else { // x <= b or x < b: glb < b
			r.addCons(sys, cons{k: lt, l: combine(ratOne, glb.b, ratMinusOne, b), real: true})
		}
	}
}

// solveFor returns -t/c for l = c*x + t: the value of x where l is 0.
func solveFor(l term.Linear, x *term.Term) term.Linear {
	c := l.Coeff(x)
	return scale(c.Inv().Neg(), substLin(l, x, term.Linear{}))
}
