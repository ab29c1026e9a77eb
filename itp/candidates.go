package itp

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// maxCandidateRounds bounds the core-guided rounds of
// candidateInterpolant.
const maxCandidateRounds = 64

// debugCandidates prints the lemmas candidateInterpolant fails on (tests).
const debugCandidates = false

// maxCandidateTerms bounds the shared non-Boolean terms
// candidateInterpolant compares pairwise (and, times 8, all shared terms).
const maxCandidateTerms = 32

// candidateInterpolant computes a theory interpolant of two conjunctions
// of literals, as ∧ bs unsatisfiable, outside linear arithmetic (EUF,
// arrays, their combination with arithmetic) by guessing and checking:
//
//  1. S is the subterms of as and bs over shared symbols (shared says
//     which), Boolean ones (atoms, Tseitin subformulas) included;
//  2. M is a model of as (as unsatisfiable alone gives false);
//  3. the candidates are, for every two terms t, u of S of one sort,
//     t = u when M gives them one value and t ≠ u otherwise, t <= u or
//     u <= t as M orders two arithmetic terms, and each Boolean term of S
//     with its value (Boolean terms are not compared pairwise);
//  4. core-guided: an unsat core of the candidates against bs is taken,
//     its candidates are checked for implication by as (one incremental
//     smt check each), the ones as does not imply leave the pool, and
//     the core is recomputed; a core of implied candidates is the
//     interpolant.
//
// Every step that the result rests on is an smt check, so the answer is
// an interpolant of as and bs (over S's symbols) or an error wrapping
// ErrUnsupported; congruence-closure conflicts whose interpolant needs a
// term that occurs in neither as nor bs are out of its reach.
func candidateInterpolant(ctx context.Context, st *term.Store, as, bs []*term.Term, shared func(*term.Term) bool) (*term.Term, error) {
	sa := smt.New(st, smt.Options{})
	for _, a := range as {
		if err := sa.Assert(a); err != nil {
			return nil, err
		}
	}
	r, err := sa.Check(ctx)
	if err != nil {
		return nil, err
	}
	switch r {
	case smt.Unsat:
		return st.False(), nil
	case smt.Unknown:
		return nil, fmt.Errorf("%w: theory lemma: %s", ErrUnsupported, sa.ReasonUnknown())
	}
	m := sa.Model()
	var S []*term.Term
	seen := map[*term.Term]bool{} // lookups only
	for _, f := range append(append([]*term.Term(nil), as...), bs...) {
		for u := range term.PostOrder(f) {
			if seen[u] {
				continue
			}
			seen[u] = true
			if u.IsTrue() || u.IsFalse() {
				continue
			}
			if shared(u) {
				S = append(S, u)
			}
		}
	}
	S = extendShared(st, m, as, S, seen, shared)
	nonBool := 0 // the terms compared pairwise
	for _, t := range S {
		if !t.Sort().IsBool() || boolLeaf(t) {
			nonBool++
		}
	}
	if nonBool > maxCandidateTerms || len(S) > 8*maxCandidateTerms {
		return nil, fmt.Errorf("%w: theory lemma across A and B with %d shared terms", ErrUnsupported, len(S))
	}
	vals := make([]*term.Term, len(S))
	for i, t := range S {
		if vals[i], err = m.Eval(t); err != nil {
			return nil, fmt.Errorf("%w: theory lemma: %v", ErrUnsupported, err)
		}
	}
	var cands []*term.Term
	for i, t := range S {
		if t.Sort().IsBool() {
			if vals[i].IsTrue() {
				cands = append(cands, t)
			} else {
				cands = append(cands, st.Not(t))
			}
			if !boolLeaf(t) {
				continue
			}
		}
		for j := i + 1; j < len(S); j++ {
			u := S[j]
			if u.Sort() != t.Sort() || t.Sort().IsBool() && !boolLeaf(u) {
				continue
			}
			if vals[i] == vals[j] {
				cands = append(cands, st.Eq(t, u))
				continue
			}
			cands = append(cands, st.Not(st.Eq(t, u)))
			if t.Sort().IsArith() {
				if vals[i].Num().Cmp(vals[j].Num()) < 0 {
					cands = append(cands, st.Le(t, u))
				} else {
					cands = append(cands, st.Le(u, t))
				}
			}
		}
	}
	// Core-guided: the candidates that, with bs, form an unsat core are
	// checked for implication by as; those that fail leave the pool and
	// the core is recomputed.
	sb := smt.New(st, smt.Options{})
	for _, b := range bs {
		if err := sb.Assert(b); err != nil {
			return nil, err
		}
	}
	pool := cands
	implied := map[*term.Term]bool{} // lookups only
	for round := 0; ; round++ {
		r, err := sb.Check(ctx, pool...)
		if err != nil {
			return nil, err
		}
		if r != smt.Unsat || round == maxCandidateRounds {
			if debugCandidates {
				fmt.Println("as:", as, "\nbs:", bs, "\nS:", S)
			}
			return nil, fmt.Errorf("%w: theory lemma across A and B: no interpolant among %d shared terms", ErrUnsupported, len(S))
		}
		inCore := map[*term.Term]bool{} // lookups only
		for _, c := range sb.UnsatCore() {
			inCore[c] = true
		}
		var I, next []*term.Term
		failed := false
		for _, c := range pool {
			if !inCore[c] {
				next = append(next, c)
				continue
			}
			inCore[c] = false // once
			if !implied[c] {
				r, err := sa.Check(ctx, st.Not(c))
				if err != nil {
					return nil, err
				}
				if r != smt.Unsat {
					failed = true
					continue // leaves the pool
				}
				implied[c] = true
			}
			I = append(I, c)
			next = append(next, c)
		}
		if !failed {
			switch len(I) {
			case 0:
				return st.True(), nil
			case 1:
				return I[0], nil
			}
			return st.And(I...), nil
		}
		pool = next
	}
}

// boolLeaf reports whether the Boolean term t is a constant, an
// application or a select: compared pairwise like terms of other sorts.
func boolLeaf(t *term.Term) bool {
	switch t.Op() {
	case term.OpConst, term.OpApply, term.OpSelect:
		return true
	}
	return false
}

// extendShared adds to S shared versions of the applications, selects
// and stores of as that are not shared, built bottom-up: a shared
// argument stays, an application is rebuilt from its arguments' shared
// versions, and any other term (a constant, say) is replaced by a shared
// term that the equalities of as put in its class, else by the first
// term of S with its value in m. The candidate check decides whether as
// implies the new terms' relations.
func extendShared(st *term.Store, m *term.Model, as, S []*term.Term, seen map[*term.Term]bool, shared func(*term.Term) bool) []*term.Term {
	val := func(t *term.Term) *term.Term {
		v, err := m.Eval(t)
		if err != nil {
			return nil
		}
		return v
	}
	vals := make([]*term.Term, len(S))
	for i, t := range S {
		vals[i] = val(t)
	}
	memo := map[*term.Term]*term.Term{} // lookups only; nil: none
	eqs := newEqClasses(as)
	var stand func(a *term.Term) *term.Term
	stand = func(a *term.Term) *term.Term {
		if shared(a) {
			return a
		}
		if r, ok := memo[a]; ok {
			return r
		}
		memo[a] = nil
		var r *term.Term
		switch a.Op() {
		case term.OpApply, term.OpSelect, term.OpStore:
			args := make([]*term.Term, a.NumArgs())
			ok := true
			for i, x := range a.Args() {
				if args[i] = stand(x); args[i] == nil {
					ok = false
					break
				}
			}
			if ok {
				var err error
				if a.Op() == term.OpApply {
					r, err = st.App(a.Func(), args...)
				} else {
					r, err = st.Build(a.Op(), args...)
				}
				if err != nil || !shared(r) {
					r = nil
				}
			}
		}
		if r == nil {
			// A shared term as equates with a by its own equalities,
			// else one of equal value in m.
			for _, t := range eqs.class(a) {
				if shared(t) {
					r = t
					break
				}
			}
		}
		if r == nil {
			va := val(a)
			for i, t := range S {
				if va != nil && vals[i] == va && t.Sort() == a.Sort() {
					r = t
					break
				}
			}
		}
		memo[a] = r
		return r
	}
	var added []*term.Term
	for _, f := range as {
		for u := range term.PostOrder(f) {
			if shared(u) || u.NumArgs() == 0 {
				continue
			}
			switch u.Op() {
			case term.OpApply, term.OpSelect, term.OpStore:
			default:
				continue
			}
			v := stand(u)
			if v == nil || seen[v] {
				continue
			}
			seen[v] = true
			added = append(added, v)
		}
	}
	return append(S, added...)
}

// eqClasses are the classes of the equalities among a conjunction of
// literals (no congruence): union-find over terms, in first-seen order.
type eqClasses struct {
	parent  map[*term.Term]*term.Term // lookups only
	members map[*term.Term][]*term.Term
}

func newEqClasses(lits []*term.Term) *eqClasses {
	e := &eqClasses{parent: map[*term.Term]*term.Term{}, members: map[*term.Term][]*term.Term{}}
	for _, l := range lits {
		if l.Op() != term.OpEq {
			continue
		}
		for _, x := range l.Args()[1:] {
			e.union(l.Arg(0), x)
		}
	}
	return e
}

func (e *eqClasses) find(t *term.Term) *term.Term {
	for {
		p, ok := e.parent[t]
		if !ok || p == t {
			return t
		}
		t = p
	}
}

func (e *eqClasses) union(a, b *term.Term) {
	ra, rb := e.find(a), e.find(b)
	if ra == rb {
		return
	}
	ma, mb := e.members[ra], e.members[rb]
	if ma == nil {
		ma = []*term.Term{ra}
	}
	if mb == nil {
		mb = []*term.Term{rb}
	}
	e.parent[rb] = ra
	e.parent[ra] = ra
	e.members[ra] = append(ma, mb...)
	delete(e.members, rb)
}

// class returns the terms equated with t (t included), or nil.
func (e *eqClasses) class(t *term.Term) []*term.Term {
	return e.members[e.find(t)]
}
