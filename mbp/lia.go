package mbp

import (
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Cooper-style projection of an Int variable (CAV'14, Appendix G), on the
// constraints cs of the cube that mention x, all true in the model.
//
// The coefficients of x are made ±L, L the lcm of their absolute values,
// by scaling each constraint (and a modulus with it); then x' = L*x
// replaces L*x and the constraint L | x' joins. Then, with D the lcm of the
// moduli over x':
//
//   - An equality ±x' + t = 0 gives x' = ∓t, substituted everywhere.
//   - Else the greatest lower bound l* (x' >= l*) by model value, ties
//     by cmpLinear, gives x' = l* + i with i = (M[x'] - M[l*]) mod D,
//     substituted everywhere: the paper's l + 1 + i for l < x, as Int
//     bounds here are non-strict.
//   - Else (-∞) the upper bounds are dropped and x' = M[x'] mod D is
//     substituted in the divisibility constraints.
//
// Disequalities were made strict inequalities, strict inequalities
// non-strict ones, when the constraints were built (constraint).
// Divisibility literals of the input (mod by a numeral) were purified into
// fresh variables; those made here stay constraints d | t and print as
// (= (mod t d) k) at the end.
//
// A Real constraint over x whose variables are all Int is scaled to an
// Int one. One with a Real variable cannot be taken: x is then eliminated
// by its model value.
func (r *run) cooper(sys *csys, x *term.Term, cs []cons) {
	for i, c := range cs {
		if !c.real {
			continue
		}
		if !intVars(c.l) {
			r.substituted = append(r.substituted, x)
			v := constant(r.val(x).Num())
			for _, c := range cs {
				c.l = substLin(c.l, x, v)
				r.addCons(sys, c)
			}
			return
		}
		cs[i] = toInt(c)
	}
	// Scale to coefficients ±L.
	L := intOne
	for _, c := range cs {
		L = L.Lcm(c.l.Coeff(x).Num())
	}
	xv := r.val(x).Num().Num().Mul(L)
	signs := make([]int, len(cs))
	rests := make([]term.Linear, len(cs)) // c = sign*x' + rest
	for i := range cs {
		a := cs[i].l.Coeff(x).Num()
		m := L.Div(a.Abs())
		cs[i].l = scale(m.Rat(), cs[i].l)
		if cs[i].k == dvd {
			cs[i].d = cs[i].d.Mul(m)
		}
		signs[i] = a.Sign()
		rests[i] = substLin(cs[i].l, x, term.Linear{})
	}
	// subst adds every constraint with x' := e, and L | e.
	subst := func(e term.Linear) {
		for i, c := range cs {
			c.l = combine(ratOne, rests[i], num.NewInt(int64(signs[i])).Rat(), e)
			r.addCons(sys, c)
		}
		if !L.IsOne() {
			r.addCons(sys, cons{k: dvd, l: e, d: L})
		}
	}
	for i, c := range cs {
		if c.k == eq { // sign*x' + rest = 0
			subst(scale(num.NewInt(int64(-signs[i])).Rat(), rests[i]))
			return
		}
	}
	D := L
	best := -1
	var glb term.Linear
	var glbVal num.Rat
	for i, c := range cs {
		switch {
		case c.k == dvd:
			D = D.Lcm(c.d)
		case signs[i] < 0: // -x' + rest <= 0: x' >= rest
			v := r.linValue(rests[i])
			if best < 0 || v.Cmp(glbVal) > 0 || v.Cmp(glbVal) == 0 && cmpLinear(rests[i], glb) < 0 {
				best, glb, glbVal = i, rests[i], v
			}
		}
	}
	if best >= 0 {
		k := xv.Sub(glbVal.Num()).Mod(D)
		subst(addConst(glb, k.Rat()))
		return
	}
	// -∞: only the divisibility constraints remain, at x' = M[x'] mod D.
	e := constant(xv.Mod(D).Rat())
	for i, c := range cs {
		if c.k == dvd {
			c.l = combine(ratOne, rests[i], num.NewInt(int64(signs[i])).Rat(), e)
			r.addCons(sys, c)
		}
	}
}

// toInt scales a Real constraint over Int variables to an Int one.
func toInt(c cons) cons {
	m := denLcm(c.l).Rat()
	l := scale(m, c.l)
	k := l.Const
	switch c.k {
	case le: // L + k <= 0 iff L <= floor(-k)
		l.Const = k.Neg().Floor().Neg().Rat()
	case lt: // L + k < 0 iff L <= ceil(-k) - 1
		l.Const = k.Neg().Ceil().Sub(intOne).Neg().Rat()
		c.k = le
	case eq:
		if !k.IsInt() {
			panic("mbp: Int equality with a fractional constant")
		}
	}
	c.l, c.real = l, false
	return c
}
