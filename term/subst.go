package term

import (
	"fmt"
	"strconv"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Substitute replaces, simultaneously, every occurrence of from[i] in t by
// to[i] and returns the rebuilt term. from may hold any terms (constants,
// bound variables, compound terms); an occurrence inside a replaced term is
// not replaced again. Under a quantifier that binds a variable in from, that
// variable is left alone; a bound variable that would capture a free bound
// variable of some to[i] is renamed. to[i] must have the sort of from[i]
// (an Int term may replace a Real one: it is wrapped in to_real).
// Substitute is a memoized walk, linear in the DAG size of t.
func (st *Store) Substitute(t *Term, from, to []*Term) *Term {
	if len(from) != len(to) {
		panic(fmt.Sprintf("term: Substitute with %d sources and %d targets", len(from), len(to)))
	}
	m := make(map[*Term]*Term, len(from))
	for i, f := range from {
		m[f] = st.substTarget(f, to[i])
	}
	return st.substitute(t, m)
}

// SubstituteTerms is Substitute of each of ts, with one memo: the terms
// they share are rebuilt once.
func (st *Store) SubstituteTerms(ts []*Term, from, to []*Term) []*Term {
	if len(from) != len(to) {
		panic(fmt.Sprintf("term: SubstituteTerms with %d sources and %d targets", len(from), len(to)))
	}
	out := make([]*Term, len(ts))
	if len(from) == 0 {
		copy(out, ts)
		return out
	}
	m := make(map[*Term]*Term, len(from))
	for i, f := range from {
		m[f] = st.substTarget(f, to[i])
	}
	s := &substituter{st: st, m: m, memo: termTables.get()}
	defer termTables.put(s.memo)
	for f, u := range m {
		s.memo.Set(f, u)
	}
	for i, t := range ts {
		out[i] = s.apply(t)
	}
	return out
}

// SubstituteMap is Substitute with the pairs of m.
func (st *Store) SubstituteMap(t *Term, m map[*Term]*Term) *Term {
	if t.op.IsLeaf() {
		// a variable or a value: no walk, no tables
		if u, ok := m[t]; ok {
			return st.substTarget(t, u)
		}
		return t
	}
	same := true
	for f, u := range m {
		if f.sort != u.sort {
			same = false
			break
		}
	}
	if same {
		return st.substitute(t, m) // which only reads m
	}
	c := make(map[*Term]*Term, len(m))
	for f, u := range m {
		c[f] = st.substTarget(f, u)
	}
	return st.substitute(t, c)
}

func (st *Store) substTarget(from, to *Term) *Term {
	if from.sort == to.sort {
		return to
	}
	if from.sort.IsReal() && to.sort.IsInt() {
		return st.ToReal(to)
	}
	panic(fmt.Sprintf("term: Substitute %v of sort %v by %v of sort %v", from, from.sort, to, to.sort))
}

type substituter struct {
	st   *Store
	m    map[*Term]*Term // the substitution
	memo *TermMap[*Term] // results, seeded with m
	args []*Term         // scratch
	// free bound variables of the targets, computed on demand
	freeTo map[*Term]bool
}

func (st *Store) substitute(t *Term, m map[*Term]*Term) *Term {
	if len(m) == 0 {
		return t
	}
	s := &substituter{st: st, m: m, memo: termTables.get()}
	defer termTables.put(s.memo)
	for f, u := range m {
		s.memo.Set(f, u)
	}
	return s.apply(t)
}

func (s *substituter) apply(t *Term) *Term {
	_ = walkPost(t,
		func(u *Term) bool { return u.op.IsLeaf() || s.memo.Has(u) },
		func(u *Term) bool { return u.op.IsQuantifier() },
		func(u *Term) error {
			if u.op.IsQuantifier() {
				s.memo.Set(u, s.quantifier(u))
				return nil
			}
			s.memo.Set(u, s.rebuild(u))
			return nil
		})
	return s.get(t)
}

func (s *substituter) get(u *Term) *Term {
	if r := s.memo.Get(u); r != nil {
		return r
	}
	return u // an unreplaced leaf
}

func (s *substituter) rebuild(u *Term) *Term {
	args := s.args[:0]
	changed := false
	for _, a := range u.args {
		r := s.get(a)
		changed = changed || r != a
		args = append(args, r)
	}
	s.args = args
	if !changed {
		return u
	}
	if rebuildsAsIs(u.op) && sameSorts(u.args, args) {
		// what Build would check and coerce holds already: intern
		return s.st.intern(u.op, u.sort, args, u.fn, num.Rat{})
	}
	return s.st.Rebuild(u, args)
}

// rebuildsAsIs reports whether Build makes a term of op from arguments of
// the sorts of an existing one's the term of op over them, without
// folding numerals (- 5, to_real 2, 1/2) or changing the operator.
func rebuildsAsIs(op Op) bool {
	switch op {
	case OpNot, OpAnd, OpOr, OpImplies, OpXor, OpIte, OpEq, OpDistinct, OpAdd, OpMul,
		OpLe, OpLt, OpGe, OpGt, OpIntDiv, OpMod, OpApply:
		return true
	}
	return false
}

// sameSorts reports whether as and bs have the same sorts, position by
// position.
func sameSorts(as, bs []*Term) bool {
	if len(as) != len(bs) {
		return false
	}
	for i := range as {
		if as[i].sort != bs[i].sort {
			return false
		}
	}
	return true
}

// quantifier substitutes in the body of q, minding the variables q binds.
func (s *substituter) quantifier(q *Term) *Term {
	n := len(q.args) - 1
	vars, body := q.args[:n], q.args[n]
	shadow := false
	for _, v := range vars {
		if _, ok := s.m[v]; ok {
			shadow = true
		}
	}
	capture := false
	if s.targetsHaveBound() {
		for _, v := range vars {
			if s.freeBoundInTargets()[v] {
				capture = true
			}
		}
	}
	if !shadow && !capture {
		nb := s.apply(body)
		if nb == body {
			return q
		}
		return s.st.Rebuild(q, append(append([]*Term(nil), vars...), nb))
	}
	inner := make(map[*Term]*Term, len(s.m))
	for f, u := range s.m {
		inner[f] = u
	}
	nvars := append([]*Term(nil), vars...)
	for i, v := range vars {
		delete(inner, v)
		if capture && s.freeBoundInTargets()[v] {
			nvars[i] = s.st.freshBound(v)
			inner[v] = nvars[i]
		}
	}
	nb := s.st.substitute(body, inner)
	return s.st.Rebuild(q, append(nvars, nb))
}

func (s *substituter) targetsHaveBound() bool {
	for _, u := range s.m {
		if u.HasBound() {
			return true
		}
	}
	return false
}

// freeBoundInTargets is the set of bound variables free in some target.
func (s *substituter) freeBoundInTargets() map[*Term]bool {
	if s.freeTo == nil {
		s.freeTo = map[*Term]bool{}
		for _, u := range s.m {
			for _, v := range freeBound(u) {
				s.freeTo[v] = true
			}
		}
	}
	return s.freeTo
}

// freeBound returns the bound variables occurring free in t.
func freeBound(t *Term) []*Term {
	var out []*Term
	found := map[*Term]bool{}
	var walk func(t *Term, scope []*Term, seen map[*Term]bool)
	walk = func(t *Term, scope []*Term, seen map[*Term]bool) {
		if !t.HasBound() || seen[t] {
			return
		}
		seen[t] = true
		switch t.op {
		case OpBound:
			for _, v := range scope {
				if v == t {
					return
				}
			}
			if !found[t] {
				found[t] = true
				out = append(out, t)
			}
		case OpForall, OpExists:
			n := len(t.args) - 1
			walk(t.args[n], append(append([]*Term(nil), scope...), t.args[:n]...), map[*Term]bool{})
		default:
			for _, a := range t.args {
				walk(a, scope, seen)
			}
		}
	}
	walk(t, nil, map[*Term]bool{})
	return out
}

// freshBound returns a bound variable of v's sort whose name no symbol of
// st has.
func (st *Store) freshBound(v *Term) *Term {
	for {
		st.fresh++
		name := v.fn.name + "!" + strconv.Itoa(st.fresh)
		if !st.nameUsed(name) {
			return st.BoundVar(name, v.sort)
		}
	}
}
