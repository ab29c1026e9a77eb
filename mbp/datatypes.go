package mbp

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

// projectDatatypes eliminates the variables of datatype sorts (Bjørner and
// Janota, LPAR 2015; z3's datatype plugin of MBP): a variable x with an
// equality x = t of the cube (x not in t) is replaced by t; else, when x
// is asked something a constructor answers (a selector or tester applied
// to it, an equality with a constructor term), x is unfolded by its
// model value C(v1, ..., vn) to C(x1, ..., xn) over fresh projected
// variables xi with the values vi, and the rewriter folds the selectors,
// testers and equalities over C(...); the fresh variables are projected
// in turn (those of datatype sorts here, the others by their theory).
// The unfolding of a variable follows its model value, which is finite,
// so it ends. Variables nothing asks of are left to projectRest
// (equality resolution, else the model value).
func (r *run) projectDatatypes() {
	for i := 0; i < len(r.vars); i++ {
		r.unfoldConsEqs()
		x := r.vars[i]
		if !r.live(x) || !x.Sort().IsDatatype() {
			continue
		}
		if len(r.with(x)) == 0 {
			r.gone.Set(x, true)
			continue
		}
		if t := r.equalTo(x); t != nil {
			r.substitute([]*term.Term{x}, []*term.Term{t})
			continue
		}
		if !r.asked(x) {
			continue
		}
		v := r.val(x)
		if v.Op() != term.OpCons {
			continue // not a value: left to projectRest
		}
		c := v.Func()
		args := make([]*term.Term, c.Arity())
		for k, sel := range c.Selectors() {
			_ = sel
			args[k] = r.freshValued("mbp.d", c.Domain()[k], v.Arg(k))
		}
		r.substitute([]*term.Term{x}, []*term.Term{r.st.Cons(c, args...)})
	}
	r.unfoldConsEqs()
	r.checkCube("datatypes")
}

// unfoldConsEqs rewrites each literal s = C(t1, ..., tn) of the cube
// whose side s has no projected variable and whose constructor term has
// one as the equivalent (_ is C)(s), sel1(s) = t1, ..., seln(s) = tn (z3's
// datatype plugin solves for a variable under a constructor the same way).
// A projected variable ti then has an equality with a term of the kept
// variables, and equality resolution replaces it by seli(s) instead of its
// model value: the projection of the body of l = cons(h, t) ∧ h ≠ k over h
// and t is (_ is cons)(l) ∧ head(l) ≠ k, not the one list the model has.
// A disequality s ≠ C(t1, ..., tn) of the same kind is the disjunction
// ¬(_ is C)(s) ∨ sel1(s) ≠ t1 ∨ ... ∨ seln(s) ≠ tn, and becomes its first
// disjunct true in the model (the implicant's choice): a field of the
// kept side against a projected term, which its theory then projects,
// instead of the model's values of the projected fields, which would
// leave s ≠ C(v1, ..., vn), one value excluded per model (issue 40: the
// pobs of swap2-dec-*-unsafe enumerated the integers under a constructor).
// Nested constructor terms unfold in turn (the new literals are visited).
// Literals are visited once each, from r.unfolded on: the cube only grows
// at its end (substitutions re-add the literals they rewrite), so each
// call sees the literals added since the last one.
func (r *run) unfoldConsEqs() {
	c := &r.cube
	for ; r.unfolded < len(c.lits); r.unfolded++ {
		i := r.unfolded
		l := c.lits[i]
		if l == nil {
			continue
		}
		a, neg := l, false
		if a.Op() == term.OpNot {
			a, neg = a.Arg(0), true
		}
		if a.Op() != term.OpEq || a.NumArgs() != 2 || !a.Arg(0).Sort().IsDatatype() {
			continue
		}
		s, t := a.Arg(0), a.Arg(1)
		if s.Op() == term.OpCons {
			s, t = t, s
		}
		if t.Op() != term.OpCons || r.contains(s) || !r.contains(t) {
			continue
		}
		var parts []*term.Term
		if neg {
			parts = r.consDiseq(s, t)
		} else {
			parts = r.consEq(s, t)
		}
		if parts == nil {
			continue
		}
		c.lits[i] = nil
		for _, p := range parts {
			r.add(p)
		}
	}
	r.checkCube("datatypes: constructor equalities")
}

// consEq is s = C(t1, ..., tn) as (_ is C)(s), sel1(s) = t1, ...,
// seln(s) = tn, or nil.
func (r *run) consEq(s, t *term.Term) []*term.Term {
	f := t.Func()
	is, err := r.st.App(f.Tester(), s)
	if err != nil {
		return nil
	}
	parts := []*term.Term{is}
	for k, sel := range f.Selectors() {
		a, err := r.st.App(sel, s)
		if err != nil {
			return nil
		}
		parts = append(parts, r.st.Eq(a, t.Arg(k)))
	}
	return parts
}

// consDiseq is the first of ¬(_ is C)(s), sel1(s) ≠ t1, ..., seln(s) ≠
// tn true in the model, for s ≠ C(t1, ..., tn) true in it, or nil (none
// is: a selector of another constructor's value, which the model
// interprets as it likes). Each one implies s ≠ C(t1, ..., tn).
func (r *run) consDiseq(s, t *term.Term) []*term.Term {
	f := t.Func()
	is, err := r.st.App(f.Tester(), s)
	if err != nil {
		return nil
	}
	if l := r.st.Not(is); r.holds(l) {
		return []*term.Term{l}
	}
	for k, sel := range f.Selectors() {
		a, err := r.st.App(sel, s)
		if err != nil {
			return nil
		}
		if l := r.st.Not(r.st.Eq(a, t.Arg(k))); r.holds(l) {
			return []*term.Term{l}
		}
	}
	return nil
}

// asked reports whether a literal of the cube applies a selector or
// tester to x or equates x with a constructor term.
func (r *run) asked(x *term.Term) bool {
	for _, k := range r.with(x) {
		for u := range term.PostOrder(r.cube.lits[k]) {
			switch u.Op() {
			case term.OpSel, term.OpTest:
				if u.Arg(0) == x {
					return true
				}
			case term.OpEq:
				for i, a := range u.Args() {
					if a == x {
						for j, b := range u.Args() {
							if j != i && b.Op() == term.OpCons {
								return true
							}
						}
					}
				}
			}
		}
	}
	return false
}

// freshValued is fresh for a value val: the value of a value is itself,
// without walking it (model values of datatypes can be deep terms).
func (r *run) freshValued(prefix string, s *term.Sort, val *term.Term) *term.Term {
	if consValue(val) {
		r.vals.Set(val, val)
	}
	return r.fresh(prefix, s, val)
}

// consValue reports whether t is a tree of constructors over numbers,
// Booleans and abstract values: a value that evaluates to itself.
func consValue(t *term.Term) bool {
	seen := map[*term.Term]bool{}
	stack := []*term.Term{t}
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[u] {
			continue
		}
		seen[u] = true
		switch u.Op() {
		case term.OpTrue, term.OpFalse, term.OpNum, term.OpValue:
		case term.OpCons:
			stack = append(stack, u.Args()...)
		default:
			return false
		}
	}
	return true
}

// datatypeEqualities conjoins to psi, for every pair of distinct constants
// of one datatype sort in psi, their equality or disequality as the model
// says (Options.DatatypeEqualities).
func (r *run) datatypeEqualities(psi *term.Term) *term.Term {
	st := r.st
	// the constants whose values are trees of constructors, which are
	// equal when they are the same term; each evaluated once
	type constVal struct{ c, v *term.Term }
	var cs []constVal
	for u := range term.PostOrder(psi) {
		if u.IsConst() && u.Sort().IsDatatype() {
			if v := r.val(u); consValue(v) {
				cs = append(cs, constVal{u, v})
			}
		}
	}
	if len(cs) < 2 {
		return psi
	}
	slices.SortFunc(cs, func(x, y constVal) int { return int(x.c.ID()) - int(y.c.ID()) })
	lits := []*term.Term{psi}
	for i, x := range cs {
		for _, y := range cs[i+1:] {
			if x.c.Sort() != y.c.Sort() {
				continue
			}
			e := st.Eq(x.c, y.c)
			if x.v != y.v {
				e = st.Not(e)
			}
			lits = append(lits, e)
		}
	}
	return st.Simplify(st.And(lits...))
}
