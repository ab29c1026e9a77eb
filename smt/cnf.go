package smt

import (
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Polarities in which a Boolean term has been encoded. A term encoded
// positively has clauses x -> φ, negatively φ -> x (Plaisted-Greenbaum);
// a term used in both polarities gets both, and a later use in a new
// polarity adds only the missing half.
const (
	polPos  uint8 = 1
	polNeg  uint8 = 2
	polBoth uint8 = 3
)

func flip(pol uint8) uint8 { return pol>>1 | pol<<1&polNeg }

// encoder turns Boolean terms into clauses. Each subterm is encoded once
// per solver (tab is indexed by term ID), so checking under assumptions
// never re-encodes anything.
type encoder struct {
	s          *Solver
	tab        litTable // by term ID: literal (LitNull when not encoded) and polarities encoded
	tru        sat.Lit
	boolConsts []*term.Term
	lifted     map[*term.Term]*term.Term // arithmetic ite -> its fresh constant
	clause     []sat.Lit
}

func newEncoder(s *Solver) encoder {
	v := s.sat.NewVar()
	s.sat.AddClause(v.Pos())
	return encoder{s: s, tru: v.Pos(), lifted: map[*term.Term]*term.Term{}}
}

func (e *encoder) encode(t *term.Term) (sat.Lit, error) { return e.lit(t, polPos) }

// A litTable maps term IDs to their literals and encoded polarities, in
// pages of litPageSize entries made when a term of theirs is encoded. A
// solver encodes a few terms of a store of many (a clause's solver, a
// witness check's, in a system's store): tables as long as the store,
// one per solver, were a sixth of the bytes a run allocated, their
// clearing a tenth of the time on easy files.
type litTable struct{ pages []*litPage }

const (
	litPageBits = 8
	litPageSize = 1 << litPageBits
)

type litPage struct {
	lits [litPageSize]sat.Lit
	pols [litPageSize]uint8
}

// page is the page of term ID id, made when missing, and id's index in it.
func (t *litTable) page(id uint32) (*litPage, uint32) {
	p := int(id >> litPageBits)
	if p >= len(t.pages) {
		t.pages = append(t.pages, make([]*litPage, p+1-len(t.pages))...)
	}
	pg := t.pages[p]
	if pg == nil {
		pg = new(litPage)
		t.pages[p] = pg
	}
	return pg, id & (litPageSize - 1)
}

// lit is the literal of term ID id, LitNull when it is not encoded.
func (t *litTable) lit(id uint32) sat.Lit {
	p := int(id >> litPageBits)
	if p >= len(t.pages) || t.pages[p] == nil {
		return sat.LitNull
	}
	return t.pages[p].lits[id&(litPageSize-1)]
}

// pol is the polarities in which term ID id is encoded.
func (t *litTable) pol(id uint32) uint8 {
	p := int(id >> litPageBits)
	if p >= len(t.pages) || t.pages[p] == nil {
		return 0
	}
	return t.pages[p].pols[id&(litPageSize-1)]
}

// setLit makes m the literal of term ID id, its polarities unchanged.
func (t *litTable) setLit(id uint32, m sat.Lit) {
	pg, i := t.page(id)
	pg.lits[i] = m
}

// setPol sets the polarities of term ID id to pol.
func (t *litTable) setPol(id uint32, pol uint8) {
	pg, i := t.page(id)
	pg.pols[i] = pol
}

// clearPol takes the polarities pol off term ID id.
func (t *litTable) clearPol(id uint32, pol uint8) {
	pg, i := t.page(id)
	pg.pols[i] &^= pol
}

// each calls f with every encoded term ID and its literal, by ID.
func (t *litTable) each(f func(id uint32, m sat.Lit)) {
	for p, pg := range t.pages {
		if pg == nil {
			continue
		}
		for i, m := range pg.lits {
			if m != sat.LitNull {
				f(uint32(p)<<litPageBits|uint32(i), m)
			}
		}
	}
}

// lit returns the literal of the Boolean term t, encoded at least in the
// polarities pol.
func (e *encoder) lit(t *term.Term, pol uint8) (sat.Lit, error) {
	id := t.ID()
	if pg, i := e.tab.page(id); pg.lits[i] != sat.LitNull && pg.pols[i]&pol == pol {
		return pg.lits[i], nil
	}
	st := e.s.st
	switch t.Op() {
	case term.OpTrue:
		return e.tru, nil
	case term.OpFalse:
		return e.tru.Not(), nil
	case term.OpNot:
		m, err := e.lit(t.Arg(0), flip(pol))
		return m.Not(), err
	case term.OpConst:
		v := e.s.sat.NewVar()
		e.boolConsts = append(e.boolConsts, t)
		return e.set(t, v.Pos(), polBoth), nil
	case term.OpAnd, term.OpOr:
		return e.gate(t, pol, t.Args(), t.Op() == term.OpOr, false)
	case term.OpImplies:
		return e.gate(t, pol, t.Args(), true, true)
	case term.OpIte:
		if t.Sort().IsBool() {
			return e.ite(t, pol)
		}
	case term.OpXor:
		u := t.Arg(0)
		for _, a := range t.Args()[1:] {
			u = st.Not(st.Eq(u, a))
		}
		return e.alias(t, u, pol)
	case term.OpEq:
		if isBVAtom(t) { // Bit-vectors
			return e.bvAtom(t, pol)
		}
		if u, ok := bv2natEq(st, t); ok { // Bit-vectors (bv.go)
			return e.alias(t, u, pol)
		}
		if m, ok, err := e.s.eu.eqAtom(t); ok { // uninterpreted and array sorts (euf.go)
			return m, err
		}
		if t.Arg(0).Sort().IsBool() {
			if t.NumArgs() == 2 {
				return e.iff(t, pol)
			}
			return e.alias(t, chain(st, t.Args()), pol)
		}
		if t.Arg(0).Sort().IsArith() {
			if t.NumArgs() == 2 {
				return e.alias(t, st.And(st.Le(t.Arg(0), t.Arg(1)), st.Ge(t.Arg(0), t.Arg(1))), pol)
			}
			return e.alias(t, chain(st, t.Args()), pol)
		}
		return sat.LitNull, &UnsupportedError{t, "equality over " + t.Arg(0).Sort().String()}
	case term.OpDistinct:
		as := t.Args()
		var ne []*term.Term
		for i := range as {
			for j := i + 1; j < len(as); j++ {
				ne = append(ne, st.Not(st.Eq(as[i], as[j])))
			}
		}
		return e.alias(t, st.And(ne...), pol)
	case term.OpLe, term.OpLt, term.OpGe, term.OpGt:
		if m := e.tab.lit(id); m != sat.LitNull {
			return m, nil
		}
		m, err := e.s.ar.atom(t)
		if err != nil {
			return sat.LitNull, err
		}
		return e.set(t, m, polBoth), nil
	case term.OpIsInt: // see int_elim.go
		return e.alias(t, st.Eq(st.ToReal(st.ToInt(t.Arg(0))), t.Arg(0)), pol)
	case term.OpApply, term.OpSelect, term.OpTest, term.OpSel: // Boolean predicates (euf.go); Datatypes: testers, selectors
		if isBVAtom(t) { // Bit-vectors
			return e.bvAtom(t, pol)
		}
		m, err := e.s.eu.predicate(t)
		if err != nil {
			return sat.LitNull, err
		}
		return e.set(t, m, polBoth), nil
	case term.OpForall, term.OpExists:
		return sat.LitNull, &UnsupportedError{t, "quantifier"}
	}
	// Bit-vectors
	if t.Op().IsBVPredicate() {
		return e.bvAtom(t, pol)
	}
	return sat.LitNull, &UnsupportedError{t, "operator " + t.Op().String() + " of sort " + t.Sort().String()}
}

// bvAtom encodes a bit-vector atom by blasting it (bv.go), at least in
// the polarities pol: an equality met only positively is encoded one
// way, and completed when it is met negatively.
func (e *encoder) bvAtom(t *term.Term, pol uint8) (sat.Lit, error) {
	if m := e.tab.lit(t.ID()); m != sat.LitNull {
		if e.tab.pol(t.ID())&pol != pol {
			if err := e.s.bv().completeEq(t, m); err != nil {
				return sat.LitNull, err
			}
			e.tab.setPol(t.ID(), polBoth)
		}
		return m, nil
	}
	m, got, err := e.s.bv().atom(t, pol)
	if err != nil {
		return sat.LitNull, err
	}
	return e.set(t, m, got), nil
}

func (e *encoder) set(t *term.Term, m sat.Lit, pol uint8) sat.Lit {
	pg, i := e.tab.page(t.ID())
	pg.lits[i] = m
	pg.pols[i] |= pol
	return m
}

// alias encodes t as the equivalent term u.
func (e *encoder) alias(t, u *term.Term, pol uint8) (sat.Lit, error) {
	m, err := e.lit(u, pol)
	if err != nil {
		return sat.LitNull, err
	}
	return e.set(t, m, pol), nil
}

// chain is (and (= a0 a1) (= a1 a2) ...).
func chain(st *term.Store, as []*term.Term) *term.Term {
	eqs := make([]*term.Term, 0, len(as)-1)
	for i := 1; i < len(as); i++ {
		eqs = append(eqs, st.Eq(as[i-1], as[i]))
	}
	return st.And(eqs...)
}

// output returns the literal of gate t, allocating it, and the
// polarities still missing from pol.
func (e *encoder) output(t *term.Term, pol uint8) (sat.Lit, uint8) {
	pg, i := e.tab.page(t.ID())
	x := pg.lits[i]
	if x == sat.LitNull {
		x = e.s.sat.NewVar().Pos()
		pg.lits[i] = x
	}
	need := pol &^ pg.pols[i]
	pg.pols[i] |= pol
	return x, need
}

// gate encodes x = and(args) or x = or(args); with implies, the first of
// the two arguments is negated (a => b is (or (not a) b)).
func (e *encoder) gate(t *term.Term, pol uint8, args []*term.Term, or, implies bool) (sat.Lit, error) {
	x, need := e.output(t, pol)
	if need == 0 {
		return x, nil
	}
	ls := make([]sat.Lit, len(args))
	for i, a := range args {
		p := need
		if implies && i == 0 {
			p = flip(need)
		}
		m, err := e.lit(a, p)
		if err != nil {
			e.tab.clearPol(t.ID(), need)
			return sat.LitNull, err
		}
		if implies && i == 0 {
			m = m.Not()
		}
		ls[i] = m
	}
	// and: x -> a_i (pos), (and a_i) -> x (neg). or is the dual.
	small, big := polPos, polNeg
	if or {
		small, big = polNeg, polPos
		x = x.Not()
		for i := range ls {
			ls[i] = ls[i].Not()
		}
	}
	// Now x = and(ls) in both cases.
	if need&small != 0 {
		for _, m := range ls {
			e.s.define(x.Not(), m)
		}
	}
	if need&big != 0 {
		c := append(e.clause[:0], x)
		for _, m := range ls {
			c = append(c, m.Not())
		}
		e.clause = c
		e.s.define(c...)
	}
	if or {
		x = x.Not()
	}
	return x, nil
}

func (e *encoder) iff(t *term.Term, pol uint8) (sat.Lit, error) {
	a, err := e.lit(t.Arg(0), polBoth)
	if err != nil {
		return sat.LitNull, err
	}
	b, err := e.lit(t.Arg(1), polBoth)
	if err != nil {
		return sat.LitNull, err
	}
	x, need := e.output(t, pol)
	if need&polPos != 0 {
		e.s.define(x.Not(), a.Not(), b)
		e.s.define(x.Not(), a, b.Not())
	}
	if need&polNeg != 0 {
		e.s.define(x, a, b)
		e.s.define(x, a.Not(), b.Not())
	}
	return x, nil
}

func (e *encoder) ite(t *term.Term, pol uint8) (sat.Lit, error) {
	c, err := e.lit(t.Arg(0), polBoth)
	if err != nil {
		return sat.LitNull, err
	}
	x, need := e.output(t, pol)
	if need == 0 {
		return x, nil
	}
	a, err := e.lit(t.Arg(1), need)
	if err != nil {
		e.tab.clearPol(t.ID(), need)
		return sat.LitNull, err
	}
	b, err := e.lit(t.Arg(2), need)
	if err != nil {
		e.tab.clearPol(t.ID(), need)
		return sat.LitNull, err
	}
	if need&polPos != 0 {
		e.s.define(x.Not(), c.Not(), a)
		e.s.define(x.Not(), c, b)
	}
	if need&polNeg != 0 {
		e.s.define(x, c.Not(), a.Not())
		e.s.define(x, c, b.Not())
	}
	return x, nil
}

// lift replaces each arithmetic ite in t by a fresh constant k, asserting
// (=> c (= k a)) and (=> (not c) (= k b)) once for good: k is fresh, so
// the definitions constrain nothing else and stay valid across scopes.
// Ites of other sorts get the constant of the euf plugin's lift.
func (e *encoder) lift(t *term.Term) (*term.Term, error) {
	if t.NumArgs() == 0 || !hasArithIte(t) {
		return t, nil
	}
	st := e.s.st
	memo := map[*term.Term]*term.Term{}
	var walk func(u *term.Term) (*term.Term, error)
	walk = func(u *term.Term) (*term.Term, error) {
		if r, ok := memo[u]; ok {
			return r, nil
		}
		if u.Sort().IsBool() && u != t || u.NumArgs() == 0 {
			return u, nil // Boolean subterms are encoded on their own
		}
		if u.Op() == term.OpIte && !u.Sort().IsArith() {
			// An ite of an array or uninterpreted sort: the euf plugin
			// lifts it, once, so that arithmetic atoms and the graph
			// agree on the constant standing for it.
			k, err := e.s.eu.lift(u)
			if err != nil {
				return nil, err
			}
			memo[u] = k
			return k, nil
		}
		if u.Op() == term.OpBV2Nat { // Bit-vectors: the sum of the bits (bv.go)
			r, err := walk(bv2natSum(st, u.Arg(0)))
			memo[u] = r
			return r, err
		}
		if u.Op() == term.OpIte {
			if k, ok := e.lifted[u]; ok {
				memo[u] = k
				return k, nil
			}
			k := st.Fresh("ite", u.Sort())
			e.lifted[u] = k
			memo[u] = k
			return k, e.defineIte(k, u)
		}
		args := make([]*term.Term, u.NumArgs())
		changed := false
		for i, a := range u.Args() {
			r, err := walk(a)
			if err != nil {
				return nil, err
			}
			args[i] = r
			changed = changed || r != a
		}
		r := u
		if changed {
			r = st.Rebuild(u, args)
		}
		memo[u] = r
		return r, nil
	}
	return walk(t)
}

// defineIte asserts, for good, that the fresh constant k stands for the
// ite u = (ite c a b): (=> c (= k a)) and (=> (not c) (= k b)).
func (e *encoder) defineIte(k, u *term.Term) error {
	st := e.s.st
	c := u.Arg(0)
	for _, def := range []*term.Term{
		st.Implies(c, st.Eq(k, u.Arg(1))),
		st.Implies(st.Not(c), st.Eq(k, u.Arg(2))),
	} {
		m, err := e.lit(def, polPos)
		if err != nil {
			return err
		}
		e.s.define(m)
	}
	return nil
}

func hasArithIte(t *term.Term) bool {
	for u := range term.PostOrder(t) {
		if u.Op() == term.OpIte && u.Sort().IsArith() || u.Op() == term.OpBV2Nat { // Bit-vectors: bv2nat
			return true
		}
	}
	return false
}
