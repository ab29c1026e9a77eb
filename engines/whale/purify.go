package whale

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A template is a clause's constraint ready to be instantiated at an ARG:
// the constraint with every (div a k) and (mod a k), k a nonzero numeral,
// replaced by variables q and r of the clause constrained by a = k·q + r,
// 0 <= r < |k|; vars are the clause's variables and then those.
//
// The smt solver would otherwise lift each div and mod into a constant of
// its own, which stands for a term over the variables of one ARG but
// belongs to no partition of REFINEARG's formulas: lemmas over two of them
// are out of reach of the interpolation. Here q and r are local variables
// of one clause instance like the others.
type template struct {
	cons *term.Term
	vars []*term.Term
}

func (r *run) template(c *chc.Clause) template {
	if t, ok := r.templates[c]; ok {
		return t
	}
	st := r.st
	p := purifier{st: st, memo: map[*term.Term]*term.Term{}, qr: map[[2]*term.Term][2]*term.Term{}}
	cons := st.Simplify(c.Constraint)
	cons = p.rewrite(cons)
	t := template{cons: st.And(append([]*term.Term{cons}, p.defs...)...), vars: append(append([]*term.Term(nil), c.Vars...), p.extra...)}
	r.templates[c] = t
	return t
}

type purifier struct {
	st    *term.Store
	memo  map[*term.Term]*term.Term
	qr    map[[2]*term.Term][2]*term.Term // (a, k) -> (q, r)
	extra []*term.Term
	defs  []*term.Term
}

func (p *purifier) rewrite(t *term.Term) *term.Term {
	if t.NumArgs() == 0 {
		return t
	}
	if u, ok := p.memo[t]; ok {
		return u
	}
	args := make([]*term.Term, t.NumArgs())
	changed := false
	for i, a := range t.Args() {
		args[i] = p.rewrite(a)
		changed = changed || args[i] != a
	}
	u := t
	if changed {
		u = p.st.Rebuild(t, args)
	}
	if (t.Op() == term.OpIntDiv || t.Op() == term.OpMod) && args[1].IsNum() && !args[1].Num().IsZero() {
		q, r := p.divMod(args[0], args[1])
		u = q
		if t.Op() == term.OpMod {
			u = r
		}
	}
	p.memo[t] = u
	return u
}

// divMod returns q and r with a = k·q + r, 0 <= r < |k|.
func (p *purifier) divMod(a, k *term.Term) (q, r *term.Term) {
	key := [2]*term.Term{a, k}
	if v, ok := p.qr[key]; ok {
		return v[0], v[1]
	}
	st := p.st
	q, r = st.Fresh("div", term.IntSort), st.Fresh("mod", term.IntSort)
	abs := st.Num(k.Num().Abs(), term.IntSort)
	p.defs = append(p.defs,
		st.Eq(a, st.Add(st.Mul(k, q), r)),
		st.Le(st.Int(0), r),
		st.Lt(r, abs))
	p.extra = append(p.extra, q, r)
	p.qr[key] = [2]*term.Term{q, r}
	return q, r
}
