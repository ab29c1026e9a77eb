package itp

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A constraint is Σ cs[i]·vs[i] <= k, or < k when strict. The variables
// are the non-linear-arithmetic subterms of the literal (term.Linear),
// sorted by ID. When every variable is Int the coefficients are coprime
// integers and the constraint is never strict: k is rounded down (the
// integer tightening, which is sound because the sum is integral).
type constraint struct {
	vs     []*term.Term
	cs     []num.Rat
	k      num.Rat
	strict bool
}

var ratOne = num.NewRat(1, 1)

// constraints appends to dst the constraints of the literal t: a
// comparison (<=, <, >=, >, an arithmetic = of two terms), the negation
// of a comparison, true, false or a conjunction of such. A disequality
// and any other Boolean structure give an error.
func constraints(st *term.Store, t *term.Term, dst []constraint) ([]constraint, error) {
	neg := false
	u := t
	for u.Op() == term.OpNot {
		neg, u = !neg, u.Arg(0)
	}
	switch u.Op() {
	case term.OpTrue, term.OpFalse:
		if u.IsTrue() == neg { // false: 0 <= -1
			return append(dst, constraint{k: ratOne.Neg()}), nil
		}
		return dst, nil
	case term.OpAnd:
		if neg {
			break
		}
		var err error
		for _, a := range u.Args() {
			if dst, err = constraints(st, a, dst); err != nil {
				return dst, err
			}
		}
		return dst, nil
	case term.OpLe, term.OpLt, term.OpGe, term.OpGt, term.OpEq:
		if !u.Arg(0).Sort().IsArith() {
			break
		}
		if neg && (u.Op() == term.OpEq || u.NumArgs() > 2) {
			return dst, fmt.Errorf("itp: disequality or negated chain %v: not a conjunction of linear constraints", t)
		}
		for i := 0; i+1 < u.NumArgs(); i++ {
			a, b := u.Arg(i), u.Arg(i+1)
			var err error
			switch u.Op() {
			case term.OpEq:
				if dst, err = compare(st, a, b, false, dst); err != nil {
					return dst, err
				}
				dst, err = compare(st, b, a, false, dst)
			case term.OpLe: // a - b <= 0, negated b - a < 0
				if neg {
					dst, err = compare(st, b, a, true, dst)
				} else {
					dst, err = compare(st, a, b, false, dst)
				}
			case term.OpLt:
				if neg {
					dst, err = compare(st, b, a, false, dst)
				} else {
					dst, err = compare(st, a, b, true, dst)
				}
			case term.OpGe:
				if neg {
					dst, err = compare(st, a, b, true, dst)
				} else {
					dst, err = compare(st, b, a, false, dst)
				}
			case term.OpGt:
				if neg {
					dst, err = compare(st, a, b, false, dst)
				} else {
					dst, err = compare(st, b, a, true, dst)
				}
			}
			if err != nil {
				return dst, err
			}
		}
		return dst, nil
	}
	return dst, fmt.Errorf("itp: %v is not a linear arithmetic literal", t)
}

// compare appends the constraint a - b <= 0 (< 0 when strict).
func compare(st *term.Store, a, b *term.Term, strict bool, dst []constraint) ([]constraint, error) {
	lin, ok := st.Linearize(st.Sub(a, b))
	if !ok {
		return dst, fmt.Errorf("itp: non-linear term in %v - %v", a, b)
	}
	c := constraint{
		vs:     append([]*term.Term(nil), lin.Vars...),
		cs:     append([]num.Rat(nil), lin.Coeffs...),
		k:      lin.Const.Neg(),
		strict: strict,
	}
	return append(dst, c.tighten()), nil
}

// allInt reports whether every variable of c is an integer.
func (c constraint) allInt() bool {
	for _, v := range c.vs {
		if !v.Sort().IsInt() {
			return false
		}
	}
	return true
}

// tighten applies the integer tightening when every variable is Int:
// coefficients scaled to coprime integers, the bound rounded down and the
// constraint made non-strict. A constraint without variables is left as
// is.
func (c constraint) tighten() constraint {
	if len(c.vs) == 0 || !c.allInt() {
		return c
	}
	l := num.NewInt(1)
	for _, a := range c.cs {
		l = l.Lcm(a.Den())
	}
	var g num.Int
	for _, a := range c.cs {
		g = g.Gcd(a.Num().Mul(l.Div(a.Den())))
	}
	f := l.Rat().Quo(g.Abs().Rat())
	cs := make([]num.Rat, len(c.cs))
	for i, a := range c.cs {
		cs[i] = a.Mul(f)
	}
	k := c.k.Mul(f)
	var b num.Int
	if c.strict {
		b = k.Ceil().Sub(num.NewInt(1))
	} else {
		b = k.Floor()
	}
	return constraint{vs: c.vs, cs: cs, k: b.Rat()}
}

// holds reports whether a constraint without variables holds: 0 <= k or
// 0 < k.
func (c constraint) holds() bool {
	if c.strict {
		return c.k.Sign() > 0
	}
	return c.k.Sign() >= 0
}

// formula returns the term of c: true or false without variables, else
// (<= Σ k) or (< Σ k), over Int when every variable is Int.
func (c constraint) formula(st *term.Store) *term.Term {
	if len(c.vs) == 0 {
		return st.Bool(c.holds())
	}
	s := term.RealSort
	if c.allInt() {
		s = term.IntSort
	}
	lhs := st.FromLinear(term.Linear{Vars: c.vs, Coeffs: c.cs}, s)
	rhs := st.Num(c.k, s)
	if c.strict {
		return st.Lt(lhs, rhs)
	}
	return st.Le(lhs, rhs)
}

// linSum accumulates Σ λ·constraint over variables indexed densely.
type linSum struct {
	idx    map[*term.Term]int // lookups only, never iterated
	vs     []*term.Term
	cs     []num.Rat
	k      num.Rat
	strict bool
	any    bool // some constraint was added
}

func newLinSum() *linSum { return &linSum{idx: map[*term.Term]int{}} }

func (s *linSum) add(lambda num.Rat, c constraint) {
	s.any = true
	for i, v := range c.vs {
		j, ok := s.idx[v]
		if !ok {
			j = len(s.vs)
			s.idx[v] = j
			s.vs = append(s.vs, v)
			s.cs = append(s.cs, num.Rat{})
		}
		s.cs[j] = s.cs[j].Add(lambda.Mul(c.cs[i]))
	}
	s.k = s.k.Add(lambda.Mul(c.k))
	s.strict = s.strict || c.strict
}

// constraint returns the sum, variables sorted by ID, zeros dropped, with
// the integer tightening.
func (s *linSum) constraint() constraint {
	var c constraint
	for j, v := range s.vs {
		if !s.cs[j].IsZero() {
			c.vs = append(c.vs, v)
			c.cs = append(c.cs, s.cs[j])
		}
	}
	sortLin(c.vs, c.cs)
	c.k, c.strict = s.k, s.strict
	return c.tighten()
}

// sortLin sorts the parallel slices by term ID (insertion sort: forms are
// short).
func sortLin(vs []*term.Term, cs []num.Rat) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && vs[j].ID() < vs[j-1].ID(); j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}
