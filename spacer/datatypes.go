package spacer

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Datatypes: an obligation's literal x = C(t1, ..., tn) over a datatype
// sort names one value of x down to the integers in its fields (MBP
// substitutes the model's values), and a lemma that blocks it alone blocks
// that value only. splitDatatypeEqs writes such a literal as the
// equivalent cube (_ is C)(x), sel1(x) = t1, ..., seln(x) = tn, each
// field equality split the same way when ti is a constructor term, so
// that generalisation by unsat cores can drop the fields the blocking does
// not need (what z3's Spacer does with its datatype literals).
func (e *engine) splitDatatypeEqs(lits []*term.Term) ([]*term.Term, error) {
	var out []*term.Term
	var split func(x, c *term.Term) error
	add := func(l *term.Term) {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	split = func(x, c *term.Term) error {
		f := c.Func()
		is, err := e.st.App(f.Tester(), x)
		if err != nil {
			return err
		}
		add(is)
		for i, sel := range f.Selectors() {
			s, err := e.st.App(sel, x)
			if err != nil {
				return err
			}
			if a := c.Arg(i); a.Op() == term.OpCons {
				if err := split(s, a); err != nil {
					return err
				}
			} else {
				add(e.st.Eq(s, a))
			}
		}
		return nil
	}
	for _, l := range lits {
		if l.Op() != term.OpEq || l.NumArgs() != 2 || !l.Arg(0).Sort().IsDatatype() {
			add(l)
			continue
		}
		x, c := l.Arg(0), l.Arg(1)
		if x.Op() == term.OpCons {
			x, c = c, x
		}
		if c.Op() != term.OpCons || x.Op() == term.OpCons {
			add(l)
			continue
		}
		if err := split(x, c); err != nil {
			return nil, err
		}
	}
	return fieldsForValues(e.st, out), nil
}

// fieldsForValues: MBP leaves a field's value where the clause had the
// field itself (hd(l) = -1 and z != -1 where the clause said z != hd(l)).
// For each field equality sel(x) = k with k a number, the first for that
// k, k as a side of the cube's other (dis)equalities becomes sel(x) (not
// inside arithmetic, where k*y would become non-linear): the cube is the same
// set of states (the equality stays), and generalisation may then drop
// the equality and keep the relation between the field and the rest.
func fieldsForValues(st *term.Store, cube []*term.Term) []*term.Term {
	var from, to []*term.Term
	var eqs []int
	for i, l := range cube {
		if l.Op() != term.OpEq || l.NumArgs() != 2 {
			continue
		}
		sel, k := l.Arg(0), l.Arg(1)
		if sel.Op() == term.OpNum {
			sel, k = k, sel
		}
		if sel.Op() != term.OpSel || k.Op() != term.OpNum || slices.Contains(from, k) {
			continue
		}
		from, to, eqs = append(from, k), append(to, sel), append(eqs, i)
	}
	if len(from) == 0 {
		return cube
	}
	out := make([]*term.Term, 0, len(cube))
	for i, l := range cube {
		if !slices.Contains(eqs, i) {
			l = fieldFor(st, l, from, to)
		}
		if !l.IsTrue() && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// fieldFor rewrites l = (a = k) or (not (a = k)), k in from, to the same
// over the field of k; other literals are returned as they are.
func fieldFor(st *term.Store, l *term.Term, from, to []*term.Term) *term.Term {
	a, neg := l, false
	if a.Op() == term.OpNot {
		a, neg = a.Arg(0), true
	}
	if a.Op() != term.OpEq || a.NumArgs() != 2 {
		return l
	}
	x, k := a.Arg(0), a.Arg(1)
	i := slices.Index(from, k)
	if i < 0 {
		x, k = k, x
		i = slices.Index(from, k)
	}
	if i < 0 || x == to[i] || x.Op() == term.OpNum {
		return l
	}
	r := st.Eq(x, to[i])
	if neg {
		r = st.Not(r)
	}
	return r
}
