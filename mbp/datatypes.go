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
	r.unfoldConsEqs()
	for i := 0; i < len(r.vars); i++ {
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
// Nested constructor terms unfold in turn (the new literals are visited).
func (r *run) unfoldConsEqs() {
	c := &r.cube
	for i := 0; i < len(c.lits); i++ {
		l := c.lits[i]
		if l == nil || l.Op() != term.OpEq || l.NumArgs() != 2 || !l.Arg(0).Sort().IsDatatype() {
			continue
		}
		s, t := l.Arg(0), l.Arg(1)
		if s.Op() == term.OpCons {
			s, t = t, s
		}
		if t.Op() != term.OpCons || r.contains(s) || !r.contains(t) {
			continue
		}
		f := t.Func()
		is, err := r.st.App(f.Tester(), s)
		if err != nil {
			continue
		}
		parts := []*term.Term{is}
		for k, sel := range f.Selectors() {
			a, err := r.st.App(sel, s)
			if err != nil {
				parts = nil
				break
			}
			parts = append(parts, r.st.Eq(a, t.Arg(k)))
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
