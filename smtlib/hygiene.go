package smtlib

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Bound variables are terms named by their symbol and sort (Store.BoundVar),
// so the same name bound twice is the same term, and term.Fprint prints a
// variable by its name. The reader keeps two invariants on the terms it
// builds, which make them mean what the input says and print back to the
// same terms:
//
//  1. No quantifier binds a variable inside the scope of a binder of the
//     same variable (a quantifier, a define-fun parameter, or the closure
//     of a rule over a declare-var).
//  2. Inside a binder of x, every symbol named x is that variable: no
//     constant, function or other variable of that name occurs there.
//
// The rules that keep them, each cheap in the common case:
//
//   - bindVar: a binder whose variable is already bound around it, or whose
//     name is a built-in operator, gets a fresh name x!k.
//   - A binder whose body used a term built outside it (a let variable bound
//     outside, a :named term, a define-fun; see Reader.inject) is checked
//     with clash, and its variable renamed in the body if need be.
//   - expand renames the binders of a define-fun body that are bound at the
//     place of use, or whose names occur in the arguments.
//   - closure checks the variables of a rule like a binder.
//
// A fresh name is one the reader has never seen, so it clashes with
// nothing, now or later.

// bindVar returns the variable for a binder of sym of sort s.
func (r *Reader) bindVar(sym *symbol, s *term.Sort) *term.Term {
	v := sym.bound
	if v == nil || v.Sort() != s {
		v = r.st.BoundVar(sym.name, s)
		sym.bound = v
	}
	if sym.op != term.OpInvalid || r.liveAs(v, sym) {
		v = r.freshVar(sym.name, s)
	}
	return v
}

// isLive reports whether v is bound here: by a binder being read, or as a
// declare-var in scope (rules are closed over those).
func (r *Reader) isLive(v *term.Term) bool {
	return r.live.Get(v) > 0 || r.liveAs(v, r.syms[v.Name()]) // (the table first: no map access)
}

// liveAs is isLive for v with sym the symbol of v's name (nil: none).
func (r *Reader) liveAs(v *term.Term, sym *symbol) bool {
	return r.live.Get(v) > 0 || sym != nil && sym.def != nil && sym.def.kind == defVar && sym.def.t == v
}

// freshVar returns a bound variable of sort s named base!k, a name the
// reader has not seen; the name is reserved.
func (r *Reader) freshVar(base string, s *term.Sort) *term.Term {
	for {
		r.nfresh++
		name := base + "!" + strconv.Itoa(r.nfresh)
		if r.syms[name] == nil {
			r.syms[name] = &symbol{name: name}
			return r.st.BoundVar(name, s)
		}
	}
}

// hygienic renames in body the variables of vars that clash there. It
// returns vars itself when nothing is renamed.
func (r *Reader) hygienic(vars []*term.Term, body *term.Term) ([]*term.Term, *term.Term, error) {
	out := vars
	for i, v := range vars {
		if !clash(body, v) {
			continue
		}
		w := r.freshVar(v.Name(), v.Sort())
		s := subster{r: r}
		b, err := s.apply(body, map[*term.Term]*term.Term{v: w}, map[*term.Term]*term.Term{})
		if err != nil {
			return nil, nil, err
		}
		body = b
		if &out[0] == &vars[0] {
			out = append([]*term.Term(nil), vars...)
		}
		out[i] = w
	}
	return out, body, nil
}

// clash reports whether, in body under a binder of v, the name of v could
// mean something else than v: a constant or function of that name, another
// variable of that name, or v bound again.
func clash(body, v *term.Term) bool {
	name := v.Name()
	seen := map[*term.Term]bool{}
	var walk func(t *term.Term) bool
	walk = func(t *term.Term) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t.Op() {
		case term.OpConst:
			return t.Name() == name
		case term.OpBound:
			return t != v && t.Name() == name
		case term.OpApply:
			if t.Name() == name {
				return true
			}
		case term.OpForall, term.OpExists:
			n := t.NumArgs() - 1
			for _, w := range t.Args()[:n] {
				if w == v {
					return true
				}
				if w.Name() == name {
					return false // inside, the name means w
				}
			}
			return walk(t.Arg(n))
		}
		for _, a := range t.Args() {
			if walk(a) {
				return true
			}
		}
		return false
	}
	return walk(body)
}

// freeVars returns the variables occurring free in t, in the order of a
// depth-first walk.
func freeVars(t *term.Term) []*term.Term {
	var out []*term.Term
	found := map[*term.Term]bool{}
	var walk func(t *term.Term, bound []*term.Term, seen map[*term.Term]bool)
	walk = func(t *term.Term, bound []*term.Term, seen map[*term.Term]bool) {
		if !t.HasBound() || seen[t] {
			return
		}
		seen[t] = true
		switch t.Op() {
		case term.OpBound:
			if !found[t] && !containsTerm(bound, t) {
				found[t] = true
				out = append(out, t)
			}
		case term.OpForall, term.OpExists:
			n := t.NumArgs() - 1
			inner := append(append([]*term.Term(nil), bound...), t.Args()[:n]...)
			walk(t.Arg(n), inner, map[*term.Term]bool{})
		default:
			for _, a := range t.Args() {
				walk(a, bound, seen)
			}
		}
	}
	walk(t, nil, map[*term.Term]bool{})
	return out
}

func containsTerm(ts []*term.Term, t *term.Term) bool {
	for _, u := range ts {
		if u == t {
			return true
		}
	}
	return false
}

// symbolNames returns the names of the symbols (constants, functions,
// variables) occurring in ts.
func symbolNames(ts []*term.Term) map[string]bool {
	names := map[string]bool{}
	seen := map[*term.Term]bool{}
	var walk func(t *term.Term)
	walk = func(t *term.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		if f := t.Func(); f != nil {
			names[f.Name()] = true
		}
		for _, a := range t.Args() {
			walk(a)
		}
	}
	for _, t := range ts {
		walk(t)
	}
	return names
}

// expand returns the body of the define-fun d with its parameters replaced
// by args, coercing Int arguments to Real parameters.
func (r *Reader) expand(name string, d *def, args []*term.Term) (*term.Term, error) {
	m := make(map[*term.Term]*term.Term, len(args))
	vals := make([]*term.Term, len(args))
	for i, a := range args {
		want := d.params[i].Sort()
		if a.Sort() != want {
			if !want.IsReal() || !a.Sort().IsInt() {
				return nil, fmt.Errorf("%s: argument %d has sort %v, expected %v", term.QuoteSymbol(name), i+1, a.Sort(), want)
			}
			a, _ = r.st.Build(term.OpToReal, a)
		}
		vals[i] = a
		m[d.params[i]] = a
	}
	s := subster{r: r}
	if d.t.HasQuantifier() {
		s.rename = true
		s.avoid = symbolNames(vals)
	}
	return s.apply(d.t, m, map[*term.Term]*term.Term{})
}

// A subster replaces free variables by terms. With rename it also renames
// the binders met that are live at the place of use or whose names are in
// avoid (the names of the replacing terms), keeping invariant 1 and 2.
type subster struct {
	r      *Reader
	rename bool
	avoid  map[string]bool
}

func (s *subster) apply(t *term.Term, m, memo map[*term.Term]*term.Term) (*term.Term, error) {
	if !t.HasBound() && !(s.rename && t.HasQuantifier()) {
		return t, nil
	}
	if u, ok := memo[t]; ok {
		return u, nil
	}
	var u *term.Term
	var err error
	switch t.Op() {
	case term.OpBound:
		u = t
		if w, ok := m[t]; ok {
			u = w
		}
	case term.OpForall, term.OpExists:
		u, err = s.quantifier(t, m)
	default:
		var args []*term.Term
		for i, a := range t.Args() {
			b, err := s.apply(a, m, memo)
			if err != nil {
				return nil, err
			}
			if b != a && args == nil {
				args = append(make([]*term.Term, 0, t.NumArgs()), t.Args()[:i]...)
			}
			if args != nil {
				args = append(args, b)
			}
		}
		u = t
		if args != nil {
			u, err = s.r.rebuild(t, args)
		}
	}
	if err != nil {
		return nil, err
	}
	memo[t] = u
	return u, nil
}

func (s *subster) quantifier(t *term.Term, m map[*term.Term]*term.Term) (*term.Term, error) {
	n := t.NumArgs() - 1
	vars := t.Args()[:n]
	inner := make(map[*term.Term]*term.Term, len(m))
	for k, w := range m {
		if !containsTerm(vars, k) {
			inner[k] = w
		}
	}
	newVars := vars
	if s.rename {
		for i, w := range vars {
			if s.r.isLive(w) || s.avoid[w.Name()] {
				if &newVars[0] == &vars[0] {
					newVars = append([]*term.Term(nil), vars...)
				}
				newVars[i] = s.r.freshVar(w.Name(), w.Sort())
				inner[w] = newVars[i]
			}
		}
	}
	if len(inner) == 0 && !s.rename {
		return t, nil
	}
	body, err := s.apply(t.Arg(n), inner, map[*term.Term]*term.Term{})
	if err != nil {
		return nil, err
	}
	if body == t.Arg(n) && &newVars[0] == &vars[0] {
		return t, nil
	}
	return s.r.st.Quantifier(t.Op(), newVars, body)
}

// rebuild returns t with new arguments.
func (r *Reader) rebuild(t *term.Term, args []*term.Term) (*term.Term, error) {
	switch t.Op() {
	case term.OpApply, term.OpCons, term.OpSel, term.OpTest: // Datatypes: their symbols
		return r.st.App(t.Func(), args...)
	case term.OpConstArray:
		return r.st.ConstArray(t.Sort(), args[0])
	}
	if t.Op().IsBVIndexed() { // Bit-vectors
		i, j := t.Indices()
		return r.st.BuildIndexed(t.Op(), i, j, args...)
	}
	return r.st.Build(t.Op(), args...)
}

// closure returns (forall (vs) t) over the declare-var variables vs free in
// t, in declaration order; t itself if there are none.
func (r *Reader) closure(t *term.Term) (*term.Term, error) {
	vs := freeVars(t)
	if len(vs) == 0 {
		return t, nil
	}
	index := make(map[*term.Term]int, len(vs))
	for _, v := range vs {
		sym := r.syms[v.Name()]
		if sym == nil || sym.def == nil || sym.def.kind != defVar || sym.def.t != v {
			return nil, fmt.Errorf("%s is not a declared variable", term.QuoteSymbol(v.Name()))
		}
		index[v] = sym.def.index
	}
	sort.Slice(vs, func(i, j int) bool { return index[vs[i]] < index[vs[j]] })
	vs, t, err := r.hygienic(vs, t)
	if err != nil {
		return nil, err
	}
	return r.st.Quantifier(term.OpForall, vs, t)
}
