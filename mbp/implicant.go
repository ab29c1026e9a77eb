package mbp

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// implicant adds to the cube literals that are true in the model and
// together imply t, which is true in the model: the literals of t's
// implicant (term.Implicant, the MBPLEFT/MBPRIGHT rules of FMCAD'15 Fig.
// 5 for disjunctions), with the ites over projected variables resolved.
// Subformulas without projected variables are kept whole and go to the
// output. The other atoms are purified (see purify) before they join the
// cube.
func (r *run) implicant(t *term.Term) {
	r.im.Reset(r.m, term.ImplicantOptions{ResolveIte: true, Keep: r.keep})
	lits, err := r.im.Append(nil, t)
	if err != nil {
		panic(fmt.Sprintf("mbp: %v", err))
	}
	for _, l := range lits {
		if !r.contains(l) {
			r.out = append(r.out, l)
			continue
		}
		if l.Op() == term.OpNot {
			r.atom(l.Arg(0), false)
		} else {
			r.atom(l, true)
		}
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
// apply to projected variables (ite is already resolved, by implicant):
//
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
