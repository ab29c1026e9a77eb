package smt

import (
	"errors"
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A Refutation is the resolution proof of a solver's last Unsat answer
// (Options.Proofs), read-only, for interpolation. It is the sat package's
// proof log (sat.Proof) seen through the solver's encoding:
//
//   - every clause has a sat.ClauseID; Final is the empty clause;
//   - a derived clause (KindDerived) is obtained by resolving its Chain
//     in order;
//   - a leaf is an input clause (KindInput) or a theory lemma
//     (KindLemma). An input clause of partition p (Part(id) == p >= 0) is
//     part of the encoding of a formula given to AssertPart(t, p); an
//     input clause with Part(id) == -1 was added by a theory during the
//     search (an array axiom instance, a theory-combination equality) or
//     is a definition of the solver's own, and is valid like a lemma;
//   - Term(v) is the formula the SAT variable v stands for: a Boolean
//     constant, a Tseitin gate's subformula, an arithmetic bound (built
//     from the simplex row: Σ a·x <= c, < c, or >= c), an equality or
//     predicate of the euf plugin, or the fresh constant the solver
//     introduced. Under this substitution each input clause of partition
//     p follows from the formulas of p, and every lemma and every input
//     clause of Part -1 is valid in the theories (integers, reals, EUF,
//     arrays).
//
// The refutation stays valid until the solver's next Assert, Check or
// Reset.
type Refutation struct {
	s     *Solver
	p     *sat.Proof
	terms []*term.Term // by sat.Var, built on first use
}

// ErrNoProof reports a Refutation request the solver cannot answer.
var ErrNoProof = errors.New("smt: no refutation")

// Refutation returns the proof of the last Unsat answer. It is an error
// (wrapping ErrNoProof) when Options.Proofs is off, when the last answer
// was not Unsat, or when it was Unsat only under assumptions or scopes.
func (s *Solver) Refutation() (*Refutation, error) {
	p := s.sat.Proof()
	switch {
	case p == nil:
		return nil, fmt.Errorf("%w: proofs are off (Options.Proofs)", ErrNoProof)
	case s.result != Unsat || p.Final() == 0:
		return nil, fmt.Errorf("%w: the last answer was not unsat", ErrNoProof)
	case len(p.Clause(p.Final())) != 0:
		return nil, fmt.Errorf("%w: unsat under assumptions or scopes", ErrNoProof)
	}
	return &Refutation{s: s, p: p}, nil
}

// Store is the term store of the refutation's formulas.
func (r *Refutation) Store() *term.Store { return r.s.st }

// Len returns the number of clauses; their ids are 1..Len().
func (r *Refutation) Len() int { return r.p.Len() }

// Final returns the id of the empty clause.
func (r *Refutation) Final() sat.ClauseID { return r.p.Final() }

// Kind returns the kind of clause id.
func (r *Refutation) Kind(id sat.ClauseID) sat.ClauseKind { return r.p.Kind(id) }

// Part returns the partition of input clause id, or -1 for an input
// clause valid in the theories (see Refutation) and for other kinds.
func (r *Refutation) Part(id sat.ClauseID) int {
	if r.p.Kind(id) != sat.KindInput {
		return -1
	}
	return int(r.p.Tag(id)) - 1
}

// Clause returns the literals of clause id (a view: do not modify it).
func (r *Refutation) Clause(id sat.ClauseID) []sat.Lit { return r.p.Clause(id) }

// Chain returns the resolution chain of derived clause id (a view).
func (r *Refutation) Chain(id sat.ClauseID) []sat.ClauseID { return r.p.Chain(id) }

// NumVars returns the number of SAT variables; they are 1..NumVars().
func (r *Refutation) NumVars() int { return r.s.sat.NumVars() }

// Term returns the formula the SAT variable v stands for, or nil for a
// variable without one (a scope's activation literal).
func (r *Refutation) Term(v sat.Var) *term.Term {
	if r.terms == nil {
		r.buildTerms()
	}
	if int(v) >= len(r.terms) {
		return nil
	}
	return r.terms[v]
}

// LitTerm returns the formula of literal m (nil when its variable has
// none).
func (r *Refutation) LitTerm(m sat.Lit) *term.Term {
	t := r.Term(m.Var())
	if t == nil || !m.IsNeg() {
		return t
	}
	return r.s.st.Not(t)
}

// buildTerms fills terms: theory atoms first (their own tables), then the
// encoder's literals in term-ID order (the first term of a shared literal
// wins; aliases are equivalent).
func (r *Refutation) buildTerms() {
	s, st := r.s, r.s.st
	r.terms = make([]*term.Term, s.sat.NumVars()+1)
	set := func(m sat.Lit, t *term.Term) {
		v := m.Var()
		if int(v) >= len(r.terms) || r.terms[v] != nil || t == nil {
			return
		}
		if m.IsNeg() {
			t = st.Not(t)
		}
		r.terms[v] = t
	}
	set(s.enc.tru, st.True())
	a := s.ar
	for i := range a.atoms {
		set(a.atomLit(int32(i)), a.atomTerm(&a.atoms[i]))
	}
	p := s.eu
	for _, at := range p.atoms {
		ta := p.g.Term(at.a)
		if at.pred {
			set(at.lit, ta)
		} else {
			set(at.lit, st.Eq(ta, p.g.Term(at.b)))
		}
	}
	s.enc.tab.each(func(id uint32, m sat.Lit) { set(m, st.Term(id)) })
	r.bvTerms(set) // Bit-vectors: bvproof.go
}

// Definitions returns the fresh constants the solver introduced for
// terms it does not decide directly, each with the term it stands for
// (sorted by constant ID): a lifted ite, (div a k) and (mod a k), abs,
// to_int, a Boolean formula under a function. The defining clauses are
// input clauses of the partition that first used the term, so a formula
// over these constants stays equivalent, under the definitions, to the
// formula with the terms substituted for them.
func (r *Refutation) Definitions() (consts, terms []*term.Term) {
	s, st := r.s, r.s.st
	def := map[*term.Term]*term.Term{}
	add := func(k, t *term.Term) {
		if k != t && k.Op() == term.OpConst {
			// Several terms may stand for k (abs and its ite, div by
			// equal numerals): the smallest ID, for determinism.
			if u, ok := def[k]; !ok || t.ID() < u.ID() {
				def[k] = t
			}
		}
	}
	for t, k := range s.enc.lifted {
		add(k, t)
	}
	for t, k := range s.eu.lifted {
		add(k, t)
	}
	for x, k := range s.ar.elim.fresh {
		add(k, x)
	}
	for key, qr := range s.ar.elim.divmod {
		add(qr[0], st.IntDiv(key.a, key.k))
		add(qr[1], st.Mod(key.a, key.k))
	}
	for k := range def {
		consts = append(consts, k)
	}
	slices.SortFunc(consts, term.CompareID)
	for _, k := range consts {
		terms = append(terms, def[k])
	}
	return consts, terms
}

// atomLit returns the positive literal of atom i.
func (a *arith) atomLit(i int32) sat.Lit {
	at := &a.atoms[i]
	m, _ := a.findAtom(at.v, at.c, at.strict, at.lower)
	return m
}

// atomTerm returns the formula of an arithmetic atom: v <= c, v < c or (a
// lower atom) v >= c, with v a term variable or a slack's definition.
func (a *arith) atomTerm(at *arithAtom) *term.Term {
	st := a.s.st
	lin := a.linearOf(at.v)
	s := term.RealSort
	if at.isInt {
		s = term.IntSort
	}
	for _, x := range lin.Vars {
		if !x.Sort().IsInt() {
			s = term.RealSort
		}
	}
	if s == term.IntSort && !at.c.IsInt() {
		s = term.RealSort
	}
	for _, c := range lin.Coeffs {
		if !c.IsInt() {
			s = term.RealSort
		}
	}
	lhs, rhs := st.FromLinear(lin, s), st.Num(at.c, s)
	switch {
	case at.lower:
		return st.Ge(lhs, rhs)
	case at.strict:
		return st.Lt(lhs, rhs)
	}
	return st.Le(lhs, rhs)
}

// linearOf returns simplex variable v as a linear form over terms,
// slacks expanded (a cut's row may mention slacks).
func (a *arith) linearOf(v lra.Var) term.Linear {
	var lin term.Linear
	a.addLinear(&lin, v, ratOne)
	return lin
}

func (a *arith) addLinear(lin *term.Linear, v lra.Var, c num.Rat) {
	if int(v) < len(a.terms) && a.terms[v] != nil {
		lin.Vars = append(lin.Vars, a.terms[v])
		lin.Coeffs = append(lin.Coeffs, c)
		return
	}
	cs, vs := a.lra.Definition(v)
	for i, x := range vs {
		a.addLinear(lin, x, c.Mul(cs[i]))
	}
}
