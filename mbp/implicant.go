package mbp

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// implicant adds to the cube literals that are true in the model and
// together imply t (pol) or ¬t (!pol), where t has that value in the
// model. It walks t's Boolean structure once per polarity: a conjunction
// gives all its conjuncts, a disjunction the first disjunct true in the
// model (the MBPLEFT/MBPRIGHT rules of FMCAD'15 Fig. 5); xor, Boolean =
// and Boolean ite give their arguments with their model values.
// Subformulas without projected variables are kept whole. Atoms are
// purified (see purify) before they join the cube.
func (r *run) implicant(t *term.Term, pol bool) {
	k := implKey{t, pol}
	if r.seen[k] {
		return
	}
	r.seen[k] = true
	st := r.st
	if !r.contains(t) {
		if !pol {
			t = st.Not(t)
		}
		r.out = append(r.out, t)
		return
	}
	switch t.Op() {
	case term.OpNot:
		r.implicant(t.Arg(0), !pol)
	case term.OpAnd, term.OpOr:
		if (t.Op() == term.OpAnd) == pol {
			for _, a := range t.Args() {
				r.implicant(a, pol)
			}
			return
		}
		for _, a := range t.Args() {
			if r.holds(a) == pol {
				r.implicant(a, pol)
				return
			}
		}
		panic(fmt.Sprintf("mbp: no argument of %v has the value %v", t.Op(), pol))
	case term.OpImplies: // (or (not a) b)
		a, b := t.Arg(0), t.Arg(1)
		switch {
		case !pol:
			r.implicant(a, true)
			r.implicant(b, false)
		case !r.holds(a):
			r.implicant(a, false)
		default:
			r.implicant(b, true)
		}
	case term.OpXor:
		for _, a := range t.Args() {
			r.implicant(a, r.holds(a))
		}
	case term.OpIte:
		c := r.holds(t.Arg(0))
		r.implicant(t.Arg(0), c)
		if c {
			r.implicant(t.Arg(1), pol)
		} else {
			r.implicant(t.Arg(2), pol)
		}
	case term.OpEq, term.OpDistinct:
		if t.Arg(0).Sort().IsBool() {
			for _, a := range t.Args() {
				r.implicant(a, r.holds(a))
			}
			return
		}
		r.equalities(t, pol)
	default:
		r.atom(t, pol)
	}
}

// equalities adds an implicant of an n-ary = or distinct over a
// non-Boolean sort: binary equalities and disequalities true in the model.
func (r *run) equalities(t *term.Term, pol bool) {
	st := r.st
	as := t.Args()
	if t.Op() == term.OpEq {
		if pol {
			for _, b := range as[1:] {
				r.atom(st.Eq(as[0], b), true)
			}
			return
		}
		for _, b := range as[1:] {
			if r.val(b) != r.val(as[0]) {
				r.atom(st.Eq(as[0], b), false)
				return
			}
		}
		panic("mbp: a false equality with equal values")
	}
	for i := range as {
		for j := i + 1; j < len(as); j++ {
			eq := r.val(as[i]) == r.val(as[j])
			if pol {
				r.atom(st.Eq(as[i], as[j]), false)
			} else if eq {
				r.atom(st.Eq(as[i], as[j]), true)
				return
			}
		}
	}
	if !pol {
		panic("mbp: a false distinct with distinct values")
	}
}

// atom adds the literal t (pol) or ¬t, purified.
func (r *run) atom(t *term.Term, pol bool) {
	u := r.purify(t)
	if !pol {
		u = r.st.Not(u)
	}
	r.add(u)
}

// purify returns a term equal to t under the literals it adds to the cube,
// with the operators no projection method handles replaced where they
// apply to projected variables:
//
//	(ite c a b)   a if c holds in the model, adding the implicant of c; else b
//	(abs a)       a, adding a >= 0; or (- a), adding a < 0
//	(div a k)     q, (mod a k)  r, for a numeral k != 0 and fresh q, r,
//	              adding a = k*q + r, 0 <= r <= |k| - 1
//
// Subterms without projected variables stay as they are.
func (r *run) purify(t *term.Term) *term.Term {
	if !r.contains(t) {
		return t
	}
	if u, ok := r.purif[t]; ok {
		return u
	}
	st := r.st
	var u *term.Term
	switch t.Op() {
	case term.OpConst:
		u = t
	case term.OpIte:
		c := r.holds(t.Arg(0))
		r.implicant(t.Arg(0), c)
		if c {
			u = r.purify(t.Arg(1))
		} else {
			u = r.purify(t.Arg(2))
		}
	case term.OpAbs:
		a := r.purify(t.Arg(0))
		zero := st.Num(num.Rat{}, a.Sort())
		if r.val(a).Num().Sign() >= 0 {
			r.add(st.Ge(a, zero))
			u = a
		} else {
			r.add(st.Lt(a, zero))
			u = st.Neg(a)
		}
	case term.OpIntDiv, term.OpMod:
		a := r.purify(t.Arg(0))
		k := r.purify(t.Arg(1))
		if k.IsNum() && !k.Num().IsZero() {
			qr := r.divmod(a, k)
			if t.Op() == term.OpIntDiv {
				u = qr[0]
			} else {
				u = qr[1]
			}
			break
		}
		u = st.Rebuild(t, []*term.Term{a, k})
	default:
		args := make([]*term.Term, t.NumArgs())
		for i, a := range t.Args() {
			args[i] = r.purify(a)
		}
		u = st.Rebuild(t, args)
	}
	r.purif[t] = u
	return u
}

// divmod returns the fresh quotient and remainder of a by the numeral k,
// one pair per dividend and divisor.
func (r *run) divmod(a, k *term.Term) [2]*term.Term {
	key := divKey{a, k}
	if qr, ok := r.divmods[key]; ok {
		return qr
	}
	st := r.st
	n, d := r.val(a).Num().Num(), k.Num().Num()
	q := r.fresh("mbp.q", term.IntSort, st.IntNum(n.Div(d)))
	rem := r.fresh("mbp.r", term.IntSort, st.IntNum(n.Mod(d)))
	qr := [2]*term.Term{q, rem}
	r.divmods[key] = qr
	r.add(st.Eq(a, st.Add(st.Mul(k, q), rem)))
	r.add(st.Le(st.Int(0), rem))
	r.add(st.Le(rem, st.IntNum(d.Abs().Sub(num.NewInt(1)))))
	return qr
}
