package itp

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// maxCandidateTerms bounds the shared non-Boolean terms
// candidateInterpolant compares pairwise (and, times 8, all shared terms).
const maxCandidateTerms = 24

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
//  4. the candidates that as implies are kept (one incremental smt check
//     each), and their conjunction is returned, reduced to an unsat core
//     against bs, if it contradicts bs.
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
	var implied []*term.Term
	for _, c := range cands {
		r, err := sa.Check(ctx, st.Not(c))
		if err != nil {
			return nil, err
		}
		if r == smt.Unsat {
			implied = append(implied, c)
		}
	}
	sb := smt.New(st, smt.Options{})
	for _, b := range bs {
		if err := sb.Assert(b); err != nil {
			return nil, err
		}
	}
	if r, err = sb.Check(ctx, implied...); err != nil {
		return nil, err
	}
	if r != smt.Unsat {
		return nil, fmt.Errorf("%w: theory lemma across A and B: no interpolant among %d shared terms", ErrUnsupported, len(S))
	}
	core := sb.UnsatCore()
	// The core in the candidates' order, for determinism.
	inCore := map[*term.Term]bool{}
	for _, c := range core {
		inCore[c] = true
	}
	var I []*term.Term
	for _, c := range implied {
		if inCore[c] {
			I = append(I, c)
			inCore[c] = false
		}
	}
	switch len(I) {
	case 0:
		return st.True(), nil
	case 1:
		return I[0], nil
	}
	return st.And(I...), nil
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
// and stores of as that are not shared: each argument that is not shared
// is replaced by a term of S with the same value in m (two rounds, for
// nested terms). Such a term is equal to the original in m, and the
// candidate check decides whether as implies it.
func extendShared(st *term.Store, m *term.Model, as, S []*term.Term, seen map[*term.Term]bool, shared func(*term.Term) bool) []*term.Term {
	val := func(t *term.Term) *term.Term {
		v, err := m.Eval(t)
		if err != nil {
			return nil
		}
		return v
	}
	for round := 0; round < 2; round++ {
		vals := make([]*term.Term, len(S))
		for i, t := range S {
			vals[i] = val(t)
		}
		stand := func(a *term.Term) *term.Term {
			if shared(a) {
				return a
			}
			va := val(a)
			for i, t := range S {
				if va != nil && vals[i] == va && t.Sort() == a.Sort() {
					return t
				}
			}
			return nil
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
				args := make([]*term.Term, u.NumArgs())
				ok := true
				for i, a := range u.Args() {
					if args[i] = stand(a); args[i] == nil {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				var v *term.Term
				var err error
				if u.Op() == term.OpApply {
					v, err = st.App(u.Func(), args...)
				} else {
					v, err = st.Build(u.Op(), args...)
				}
				if err != nil || seen[v] || !shared(v) {
					continue
				}
				seen[v] = true
				added = append(added, v)
			}
		}
		if len(added) == 0 {
			break
		}
		S = append(S, added...)
	}
	return S
}
