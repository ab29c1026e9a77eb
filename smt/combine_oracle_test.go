package smt_test

import (
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

// reduce is the oracle of the property tests: it turns a formula over
// Booleans, linear integer arithmetic, arrays (Int-indexed, nested),
// uninterpreted sorts and functions into an equisatisfiable formula over
// Booleans and integer arithmetic only, by textbook reductions that share
// no code with the euf plugin or package arrays:
//
//   - every ite of a non-Boolean sort becomes a fresh constant k with
//     c ⇒ k = a and ¬c ⇒ k = b;
//   - the formula is put in negation normal form, so every array equality
//     occurs positively or negatively;
//   - reads are expanded over writes: (select (store a j v) i) is
//     (ite (= i j) v (select a i)), (select (const v) i) is v, a select of
//     a select reads a nested array at a path of indices, and a read of a
//     base array a at a path i⃗ is an application of a fresh function R_a;
//   - a negative array equality a ≠ b becomes a[w⃗] ≠ b[w⃗] for fresh
//     witnesses w⃗; a positive one a = b becomes ⋀ a[i⃗] = b[i⃗] over every
//     path of index terms of the formula and a fresh index λ that differs
//     from all of them (the index set of the array property fragment,
//     Bradley, Manna and Sipma; λ stands for the indices nobody reads);
//   - applications (of declared functions and of the R_a) become fresh
//     constants with Ackermann's functional consistency constraints;
//   - uninterpreted sorts become Int and their abstract values numerals
//     (a formula over equality only is satisfiable over some universe iff
//     it is over the integers).
type reducer struct {
	st     *term.Store
	defs   []*term.Term // side constraints, conjoined to the result
	lifted map[*term.Term]*term.Term
	uconst map[*term.Term]*term.Term // U constant -> Int constant
	apps   map[string][]app          // function -> its applications
	memo   map[*term.Term]*term.Term // term translations
	fmemo  map[*term.Term]*term.Term // formula translations
	index  []*term.Term              // index terms of reads (translated)
	posEqs []posEq
	fresh  int
}

type app struct {
	args []*term.Term
	v    *term.Term
}

type posEq struct {
	a, b *term.Term // array terms (lifted, untranslated)
	p    *term.Term // the Boolean constant standing for a = b
}

func reduce(st *term.Store, f *term.Term) *term.Term {
	r := &reducer{st: st, lifted: map[*term.Term]*term.Term{}, uconst: map[*term.Term]*term.Term{},
		apps: map[string][]app{}, memo: map[*term.Term]*term.Term{},
		fmemo: map[*term.Term]*term.Term{}}
	g := r.lift(f)
	for i := 0; i < len(r.defs); i++ { // definitions may lift further
		r.defs[i] = r.lift(r.defs[i])
	}
	all := st.NNF(st.And(append([]*term.Term{g}, r.defs...)...))
	r.defs = nil
	// The index set: the indices of every select and store (witnesses
	// join when they are made).
	for u := range term.PostOrder(all) {
		if u.Op() == term.OpSelect || u.Op() == term.OpStore {
			r.addIndex(r.term(u.Arg(1)))
		}
	}
	body := r.formula(all)
	// Positive array equalities over the index set with λ.
	lambda := r.newConst("lambda", term.IntSort)
	idx := slices.Clone(r.index)
	for _, i := range idx {
		r.defs = append(r.defs, st.Not(st.Eq(lambda, i)))
	}
	idx = append(idx, lambda)
	for _, e := range r.posEqs {
		d := depth(e.a.Sort())
		var conj []*term.Term
		for _, path := range paths(idx, d) {
			conj = append(conj, st.Eq(r.read(e.a, path), r.read(e.b, path)))
		}
		r.defs = append(r.defs, st.Implies(e.p, st.And(conj...)))
	}
	return st.And(append([]*term.Term{body}, r.defs...)...)
}

func depth(s *term.Sort) int {
	if !s.IsArray() {
		return 0
	}
	return 1 + depth(s.Elem())
}

// paths returns every sequence of d elements of idx.
func paths(idx []*term.Term, d int) [][]*term.Term {
	if d == 0 {
		return [][]*term.Term{nil}
	}
	var out [][]*term.Term
	for _, p := range paths(idx, d-1) {
		for _, i := range idx {
			out = append(out, append(slices.Clone(p), i))
		}
	}
	return out
}

func (r *reducer) newConst(prefix string, s *term.Sort) *term.Term {
	r.fresh++
	return r.st.Const(fmt.Sprintf("%s@%d", prefix, r.fresh), s)
}

// lift replaces the non-Boolean ite of t by fresh constants.
func (r *reducer) lift(t *term.Term) *term.Term {
	if t.NumArgs() == 0 {
		return t
	}
	if u, ok := r.lifted[t]; ok {
		return u
	}
	args := make([]*term.Term, t.NumArgs())
	for i, a := range t.Args() {
		args[i] = r.lift(a)
	}
	u := r.st.Rebuild(t, args)
	if u.Op() == term.OpIte && !u.Sort().IsBool() {
		k := r.newConst("ite", u.Sort())
		r.defs = append(r.defs,
			r.st.Implies(u.Arg(0), r.st.Eq(k, u.Arg(1))),
			r.st.Implies(r.st.Not(u.Arg(0)), r.st.Eq(k, u.Arg(2))))
		u = k
	}
	r.lifted[t] = u
	return u
}

// formula translates a formula in negation normal form.
func (r *reducer) formula(t *term.Term) *term.Term {
	if u, ok := r.fmemo[t]; ok {
		return u
	}
	st := r.st
	var u *term.Term
	switch t.Op() {
	case term.OpAnd, term.OpOr:
		args := make([]*term.Term, t.NumArgs())
		for i, a := range t.Args() {
			args[i] = r.formula(a)
		}
		u = st.Mk(t.Op(), args...)
	case term.OpNot:
		u = st.Not(r.atom(t.Arg(0), false))
	default:
		u = r.atom(t, true)
	}
	r.fmemo[t] = u
	return u
}

// atom translates an atom occurring with the given polarity.
func (r *reducer) atom(t *term.Term, pos bool) *term.Term {
	st := r.st
	switch t.Op() {
	case term.OpTrue, term.OpFalse, term.OpConst:
		return t
	case term.OpEq, term.OpDistinct:
		s := t.Arg(0).Sort()
		if t.Op() == term.OpDistinct || t.NumArgs() > 2 {
			var conj []*term.Term
			for i := range t.Args() {
				for j := i + 1; j < t.NumArgs(); j++ {
					if t.Op() == term.OpEq && j > i+1 {
						continue
					}
					e := st.Eq(t.Arg(i), t.Arg(j))
					if t.Op() == term.OpDistinct {
						conj = append(conj, st.Not(r.atom(e, !pos)))
					} else {
						conj = append(conj, r.atom(e, pos))
					}
				}
			}
			return st.And(conj...)
		}
		if s.IsArray() {
			a, b := t.Arg(0), t.Arg(1)
			if !pos { // a ≠ b: a witness path
				w := make([]*term.Term, depth(s))
				for i := range w {
					w[i] = r.newConst("w", term.IntSort)
					r.addIndex(w[i])
				}
				return st.Eq(r.read(a, w), r.read(b, w))
			}
			p := r.newConst("eq", term.BoolSort)
			r.posEqs = append(r.posEqs, posEq{a, b, p})
			return p
		}
		return st.Eq(r.term(t.Arg(0)), r.term(t.Arg(1)))
	case term.OpApply:
		return r.apply(t)
	case term.OpSelect:
		return r.read(t.Arg(0), []*term.Term{t.Arg(1)})
	}
	// Arithmetic comparisons, is_int.
	args := make([]*term.Term, t.NumArgs())
	for i, a := range t.Args() {
		args[i] = r.term(a)
	}
	return st.Rebuild(t, args)
}

// term translates a term of sort Bool (an argument), Int, Real or U.
func (r *reducer) term(t *term.Term) *term.Term {
	if u, ok := r.memo[t]; ok {
		return u
	}
	st := r.st
	var u *term.Term
	switch t.Op() {
	case term.OpConst:
		u = t
		if t.Sort().IsUninterpreted() {
			if r.uconst[t] == nil {
				r.uconst[t] = r.newConst("u", term.IntSort)
			}
			u = r.uconst[t]
		}
	case term.OpValue:
		u = st.Int(t.Num().Num().Int64())
	case term.OpNum, term.OpTrue, term.OpFalse:
		u = t
	case term.OpSelect:
		u = r.read(t.Arg(0), []*term.Term{t.Arg(1)})
	case term.OpApply:
		u = r.apply(t)
	default:
		if t.Sort().IsBool() {
			u = r.formula(st.NNF(t))
			break
		}
		args := make([]*term.Term, t.NumArgs())
		for i, a := range t.Args() {
			args[i] = r.term(a)
		}
		u = st.Rebuild(t, args)
	}
	r.memo[t] = u
	return u
}

// read translates the read of the array term a at the index path is
// (untranslated indices), down to a term of non-array sort.
func (r *reducer) read(a *term.Term, is []*term.Term) *term.Term {
	st := r.st
	switch a.Op() {
	case term.OpStore:
		i := r.term(is[0])
		j := r.term(a.Arg(1))
		hit := r.readValue(a.Arg(2), is[1:])
		return st.Ite(st.Eq(i, j), hit, r.read(a.Arg(0), is))
	case term.OpConstArray:
		return r.readValue(a.Arg(0), is[1:])
	case term.OpSelect:
		return r.read(a.Arg(0), append([]*term.Term{a.Arg(1)}, is...))
	}
	// A base array (a constant, possibly from lifting): R_a at the path,
	// completed to the full depth by the caller's reads.
	args := make([]*term.Term, len(is))
	for k, i := range is {
		args[k] = r.term(i)
		r.addIndex(args[k])
	}
	elem := a.Sort()
	for range is {
		elem = elem.Elem()
	}
	if elem.IsArray() {
		panic(fmt.Sprintf("oracle: partial read of %v", a))
	}
	return r.ackermann("R:"+a.Name(), args, elem)
}

// readValue reads the value v (an element, or an array when is is not
// empty) at the remaining path.
func (r *reducer) readValue(v *term.Term, is []*term.Term) *term.Term {
	if len(is) == 0 {
		return r.term(v)
	}
	return r.read(v, is)
}

func (r *reducer) addIndex(i *term.Term) {
	if !slices.Contains(r.index, i) {
		r.index = append(r.index, i)
	}
}

// apply translates an application of a declared function.
func (r *reducer) apply(t *term.Term) *term.Term {
	args := make([]*term.Term, t.NumArgs())
	for i, a := range t.Args() {
		args[i] = r.term(a)
	}
	s := t.Sort()
	if s.IsUninterpreted() {
		s = term.IntSort
	}
	return r.ackermann("F:"+t.Func().Name(), args, s)
}

// ackermann returns the constant for the application of function name to
// args, adding the functional consistency constraints against the earlier
// applications.
func (r *reducer) ackermann(name string, args []*term.Term, s *term.Sort) *term.Term {
	st := r.st
	for _, a := range r.apps[name] {
		if slices.Equal(a.args, args) {
			return a.v
		}
	}
	v := r.newConst("app", s)
	for _, a := range r.apps[name] {
		eqs := make([]*term.Term, len(args))
		for k := range args {
			eqs[k] = st.Eq(args[k], a.args[k])
		}
		r.defs = append(r.defs, st.Implies(st.And(eqs...), st.Eq(v, a.v)))
	}
	r.apps[name] = append(r.apps[name], app{args, v})
	return v
}
