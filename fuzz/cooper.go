package fuzz

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Cooper's method on a conjunction, for an Int constant x:
//
//  1. Scale every constraint on x so that its coefficient is ±l, l the
//     lcm of the coefficients of x, and write x' for l·x; add l | x'.
//  2. If an equality mentions x', substitute its solution.
//  3. Otherwise, with δ the lcm of the moduli of the divisibility
//     constraints on x', lower bounds x' >= L_i and upper bounds
//     x' <= U_j: if one side is empty, x' can go to infinity on that side
//     and only the divisibility constraints matter, at x' = 0 .. δ-1; else
//     a solution exists iff one exists at some L_i + j (or U_j - j, for the
//     smaller side), 0 <= j < δ: below the greatest lower bound plus δ,
//     every residue modulo δ occurs.
//
// Disequalities on x are split into two inequalities first. A bound on x
// by a Real term b becomes a bound by an Int parameter first (roundMixed):
// x <= b iff x <= (to_int b), x >= b iff x >= -(to_int (- b)), and
// x = b iff x = (to_int b) and b = (to_int b).

// cooperItem is the constraint sign·x' + t (kind) 0, or d | sign·x' + t.
type cooperItem struct {
	k    kind
	sign int
	t    lin
	d    num.Int
}

// at returns the constraint with x' replaced by p.
func (it cooperItem) at(p lin) (kind, lin, num.Int) {
	s := ratOne
	if it.sign < 0 {
		s = ratMinusOne
	}
	return it.k, combine(s, p, ratOne, it.t), it.d
}

// maxPoints bounds the disjuncts of one Cooper step.
const maxPoints = 20_000

func (q *qe) cooper(cs []cons, x *term.Term) ([][]cons, error) {
	for i, c := range cs {
		if c.kind == kNe && !c.e.coeff(x).IsZero() { // e < 0 or e > 0
			others := append(append([]cons(nil), cs[:i]...), cs[i+1:]...)
			lt, gt := q.newBuilder(others), q.newBuilder(others)
			lt.add(kLt, c.e, num.Int{})
			gt.add(kLt, c.e.scale(ratMinusOne), num.Int{})
			return append(lt.parts(), gt.parts()...), nil
		}
	}
	cs, err := q.roundMixed(cs, x)
	if err != nil || cs == nil {
		return nil, err
	}
	var rest []cons
	l := intOne
	for _, c := range cs {
		a := c.e.coeff(x)
		if a.IsZero() {
			rest = append(rest, c)
			continue
		}
		l = l.Lcm(a.Num())
	}
	var items []cooperItem
	for _, c := range cs {
		a := c.e.coeff(x)
		if a.IsZero() {
			continue
		}
		m := l.Div(a.Num().Abs())
		it := cooperItem{k: c.kind, sign: a.Sign(), t: c.e.without(x).scale(m.Rat())}
		if c.kind == kDvd {
			it.d = c.d.Mul(m)
		}
		items = append(items, it)
	}
	if !l.IsOne() {
		items = append(items, cooperItem{k: kDvd, sign: 1, d: l})
	}
	for i, it := range items {
		if it.k != kEq {
			continue
		}
		// sign·x' + t = 0: x' = -sign·t
		val := it.t.scale(ratMinusOne)
		if it.sign < 0 {
			val = it.t
		}
		b := q.newBuilder(rest)
		for j, o := range items {
			if j != i {
				b.add(o.at(val))
			}
		}
		return b.parts(), nil
	}
	var lower, upper []lin
	var dvds []cooperItem
	delta := intOne
	for _, it := range items {
		switch {
		case it.k == kDvd:
			dvds = append(dvds, it)
			delta = delta.Lcm(it.d)
		case it.sign < 0: // -x' + t <= 0: x' >= t
			lower = append(lower, it.t)
		default: // x' + t <= 0: x' <= -t
			upper = append(upper, it.t.scale(ratMinusOne))
		}
	}
	use := items
	var bounds []lin
	step := ratOne
	switch {
	case len(lower) == 0 || len(upper) == 0:
		use, bounds = dvds, []lin{{}}
	case len(lower) <= len(upper):
		bounds = lower
	default:
		bounds, step = upper, ratMinusOne
	}
	if !delta.IsInt64() || int64(len(bounds))*delta.Int64() > maxPoints {
		return nil, fmt.Errorf("%w: Cooper step with %d bounds and δ = %v", ErrTooLarge, len(bounds), delta)
	}
	var out [][]cons
	for _, bd := range bounds {
		for j := int64(0); j < delta.Int64(); j++ {
			p := bd.add(constLin(num.NewRat(j, 1).Mul(step)))
			b := q.newBuilder(rest)
			for _, it := range use {
				b.add(it.at(p))
				if b.dead {
					break
				}
			}
			out = append(out, b.parts()...)
		}
	}
	q.work += len(out)
	return out, nil
}

// roundMixed rewrites the constraints on x that have Real atoms into
// constraints over Int atoms, rounding their bound on x with to_int. The
// bound must not mention other eliminated constants. It returns nil if a
// constraint is false.
func (q *qe) roundMixed(cs []cons, x *term.Term) ([]cons, error) {
	mixed := false
	for _, c := range cs {
		mixed = mixed || !c.isInt && !c.e.coeff(x).IsZero()
	}
	if !mixed {
		return cs, nil
	}
	st := q.st
	b := q.newBuilder(nil)
	for _, c := range cs {
		a := c.e.coeff(x)
		if c.isInt || a.IsZero() {
			b.addNorm(c)
			continue
		}
		// a·x + t (kind) 0: x (kind') bd, bd = -t/a
		bd := c.e.without(x).scale(a.Inv().Neg())
		for _, v := range bd.vs {
			if q.elim[v] {
				return nil, unsupported("%v: Int constant %v bounded by the eliminated %v and Real atoms", c, x, v)
			}
		}
		floor := func(l lin) lin { // (to_int l) as an atom
			sum, k := termOf(st, l, term.RealSort)
			return atomLin(st.ToInt(st.Sub(sum, k)))
		}
		xl := atomLin(x)
		switch {
		case c.kind == kEq: // x = floor(bd), bd = floor(bd)
			fl := floor(bd)
			b.add(kEq, combine(ratOne, xl, ratMinusOne, fl), num.Int{})
			b.add(kEq, combine(ratOne, bd, ratMinusOne, fl), num.Int{})
		case a.Sign() > 0 && c.kind == kLe: // x <= floor(bd)
			b.add(kLe, combine(ratOne, xl, ratMinusOne, floor(bd)), num.Int{})
		case a.Sign() > 0: // x < bd: x <= -floor(-bd) - 1
			e := combine(ratOne, xl, ratOne, floor(bd.scale(ratMinusOne)))
			b.add(kLe, e.add(constLin(ratOne)), num.Int{})
		case c.kind == kLe: // x >= bd: -x - floor(-bd) <= 0
			b.add(kLe, combine(ratMinusOne, xl, ratMinusOne, floor(bd.scale(ratMinusOne))), num.Int{})
		default: // x > bd: -x + floor(bd) + 1 <= 0
			e := combine(ratMinusOne, xl, ratOne, floor(bd))
			b.add(kLe, e.add(constLin(ratOne)), num.Int{})
		}
		if b.dead {
			return nil, nil
		}
	}
	return b.cs, nil
}
