package mbp

import (
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Arithmetic on term.Linear forms: variables sorted by ID, nonzero
// coefficients. The forms are values: every operation returns a new one.

var (
	ratOne      = num.NewRat(1, 1)
	ratMinusOne = num.NewRat(-1, 1)
	intOne      = num.NewInt(1)
)

// combine returns ka*a + kb*b.
func combine(ka num.Rat, a term.Linear, kb num.Rat, b term.Linear) term.Linear {
	l := term.Linear{Const: a.Const.Mul(ka).Add(b.Const.Mul(kb))}
	n := len(a.Vars) + len(b.Vars)
	l.Vars = make([]*term.Term, 0, n)
	l.Coeffs = make([]num.Rat, 0, n)
	i, j := 0, 0
	for i < len(a.Vars) || j < len(b.Vars) {
		var v *term.Term
		var c num.Rat
		switch {
		case j == len(b.Vars) || i < len(a.Vars) && term.CompareID(a.Vars[i], b.Vars[j]) < 0:
			v, c = a.Vars[i], a.Coeffs[i].Mul(ka)
			i++
		case i == len(a.Vars) || term.CompareID(b.Vars[j], a.Vars[i]) < 0:
			v, c = b.Vars[j], b.Coeffs[j].Mul(kb)
			j++
		default:
			v, c = a.Vars[i], a.Coeffs[i].Mul(ka).Add(b.Coeffs[j].Mul(kb))
			i++
			j++
		}
		if !c.IsZero() {
			l.Vars = append(l.Vars, v)
			l.Coeffs = append(l.Coeffs, c)
		}
	}
	return l
}

// scale returns k*l.
func scale(k num.Rat, l term.Linear) term.Linear {
	return combine(k, l, num.Rat{}, term.Linear{})
}

// addConst returns l + k.
func addConst(l term.Linear, k num.Rat) term.Linear {
	return term.Linear{Vars: l.Vars, Coeffs: l.Coeffs, Const: l.Const.Add(k)}
}

// constant returns the form of the number k.
func constant(k num.Rat) term.Linear { return term.Linear{Const: k} }

// single returns the form c*x.
func single(c num.Rat, x *term.Term) term.Linear {
	return term.Linear{Vars: []*term.Term{x}, Coeffs: []num.Rat{c}}
}

// substLin replaces x by e in l: l - c*x + c*e for the coefficient c of x.
func substLin(l term.Linear, x *term.Term, e term.Linear) term.Linear {
	c := l.Coeff(x)
	if c.IsZero() {
		return l
	}
	return combine(ratOne, combine(ratOne, l, c.Neg(), single(ratOne, x)), c, e)
}

// cmpLinear is a fixed order on forms, independent of models: by number
// of variables, variable IDs, coefficients, constant.
func cmpLinear(a, b term.Linear) int {
	if len(a.Vars) != len(b.Vars) {
		return len(a.Vars) - len(b.Vars)
	}
	for i := range a.Vars {
		if c := term.CompareID(a.Vars[i], b.Vars[i]); c != 0 {
			return c
		}
		if c := a.Coeffs[i].Cmp(b.Coeffs[i]); c != 0 {
			return c
		}
	}
	return a.Const.Cmp(b.Const)
}

// allInt reports whether every variable of l is Int and every coefficient
// and the constant are integers.
func allInt(l term.Linear) bool {
	for i, v := range l.Vars {
		if !v.Sort().IsInt() || !l.Coeffs[i].IsInt() {
			return false
		}
	}
	return l.Const.IsInt()
}

// intVars reports whether every variable of l is Int.
func intVars(l term.Linear) bool {
	for _, v := range l.Vars {
		if !v.Sort().IsInt() {
			return false
		}
	}
	return true
}

// denLcm is the lcm of the denominators of l's coefficients.
func denLcm(l term.Linear) num.Int {
	d := intOne
	for _, c := range l.Coeffs {
		d = d.Lcm(c.Den())
	}
	return d
}

// linValue is the value of l under the run's model.
func (r *run) linValue(l term.Linear) num.Rat {
	v := l.Const
	for i, x := range l.Vars {
		v = v.Add(l.Coeffs[i].Mul(r.val(x).Num()))
	}
	return v
}
