package itp

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Core returns an interpolating unsat core of A and B: formulas over the
// symbols A and B share (literals, except from the last step below), each
// implied by A, whose conjunction with B is unsatisfiable. B is a conjunction of literals (a proof obligation); A
// is any quantifier-free formulas (a clause, lemmas, reach facts) that
// smt decides.
//
// The steps (see doc.go, "Interpolating cores"):
//
//  1. A is asserted and checked under B's literals as assumptions: the
//     unsat core B' ⊆ B is what the answer must contradict. A that is
//     unsatisfiable alone gives [false].
//  2. A's implicant E under one model of A: the literals of A its
//     Boolean structure makes true there (every conjunct, the first true
//     disjunct, the branch an ite takes); E ⇒ A.
//  3. The Farkas combination of one simplex conflict of E ∧ B' gives one
//     inequality J over the shared terms (Conjunctive); J is returned
//     when A ⇒ J (one smt check). Otherwise E shrinks to its literals
//     that A implies (one check each) and J is computed again.
//  4. When B' is one literal b over shared symbols, [¬b] is the
//     fallback: A ⇒ ¬b.
//  5. Last, the proof-based interpolant of A and B' (Interpolate), split
//     at its top-level conjunction: its conjuncts are formulas, not
//     necessarily literals, each implied by A.
//
// When every step fails Core returns an error wrapping ErrUnsupported, and the caller
// falls back to the negation of B. A ∧ B satisfiable gives
// ErrSatisfiable.
func Core(st *term.Store, A, B []*term.Term) ([]*term.Term, error) {
	return CoreContext(context.Background(), st, A, B)
}

// CoreContext is Core under a context.
func CoreContext(ctx context.Context, st *term.Store, A, B []*term.Term) ([]*term.Term, error) {
	core, err := interpolatingCore(ctx, st, A, B)
	if err != nil {
		return nil, err
	}
	if selfCheck {
		if err := Check(st, st.And(A...), st.And(B...), st.And(core...)); err != nil {
			return nil, fmt.Errorf("itp: internal error: core %v: %w", core, err)
		}
	}
	return core, nil
}

func interpolatingCore(ctx context.Context, st *term.Store, A, B []*term.Term) ([]*term.Term, error) {
	if err := boolFormulas(append(append([]*term.Term(nil), A...), B...)...); err != nil {
		return nil, err
	}
	s := smt.New(st, smt.Options{})
	for _, a := range A {
		if err := s.Assert(a); err != nil {
			return nil, err
		}
	}
	r, err := s.Check(ctx, B...)
	if err != nil {
		return nil, err
	}
	switch r {
	case smt.Sat:
		return nil, ErrSatisfiable
	case smt.Unknown:
		return nil, fmt.Errorf("itp: core: %s", s.ReasonUnknown())
	}
	inCore := map[*term.Term]bool{}
	for _, b := range s.UnsatCore() {
		inCore[b] = true
	}
	var Bc []*term.Term // B' in B's order
	for _, b := range B {
		if inCore[b] {
			Bc = append(Bc, b)
			inCore[b] = false
		}
	}
	if len(Bc) == 0 {
		return []*term.Term{st.False()}, nil
	}
	r, err = s.Check(ctx)
	if err != nil {
		return nil, err
	}
	switch r {
	case smt.Unsat:
		return []*term.Term{st.False()}, nil
	case smt.Unknown:
		return nil, fmt.Errorf("itp: core: %s", s.ReasonUnknown())
	}
	E, err := implicant(s.Model(), A)
	if err != nil {
		return nil, err
	}
	E, Bl := linearOnly(st, E), linearOnly(st, Bc)
	J, err := conjunctive(ctx, st, E, Bl)
	if err == nil {
		if ok, err := implies(ctx, st, A, J); err != nil {
			return nil, err
		} else if ok {
			return []*term.Term{J}, nil
		}
		var Es []*term.Term
		for _, e := range E {
			ok, err := implies(ctx, st, A, e)
			if err != nil {
				return nil, err
			}
			if ok {
				Es = append(Es, e)
			}
		}
		if J, err := conjunctive(ctx, st, Es, Bl); err == nil {
			return []*term.Term{J}, nil
		}
	} else if !errors.Is(err, ErrSatisfiable) && !isShape(err) {
		return nil, err
	}
	if len(Bc) == 1 && checkVocabulary(Bc[0], A, B) == nil {
		return []*term.Term{st.Not(Bc[0])}, nil
	}
	// The proof-based interpolant of A and B', split at its top-level
	// conjunction.
	I, err := Binary(ctx, st, andOf(st, A), andOf(st, Bc))
	switch {
	case err == nil:
		if I.Op() == term.OpAnd {
			return append([]*term.Term(nil), I.Args()...), nil
		}
		return []*term.Term{I}, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	}
	return nil, fmt.Errorf("%w: no conjunctive core of %d literals: %v", ErrUnsupported, len(Bc), err)
}

// shapeError is an input outside the linear fragment of Conjunctive.
type shapeError struct{ error }

func isShape(err error) bool {
	var se shapeError
	return errors.As(err, &se)
}

// andOf is the conjunction of fs (true when empty).
func andOf(st *term.Store, fs []*term.Term) *term.Term {
	switch len(fs) {
	case 0:
		return st.True()
	case 1:
		return fs[0]
	}
	return st.And(fs...)
}

// linearOnly returns the literals of lits that Conjunctive accepts.
func linearOnly(st *term.Store, lits []*term.Term) []*term.Term {
	var out []*term.Term
	for _, l := range lits {
		if _, err := constraints(st, l, nil); err == nil {
			out = append(out, l)
		}
	}
	return out
}

// implies reports whether the conjunction of A implies f.
func implies(ctx context.Context, st *term.Store, A []*term.Term, f *term.Term) (bool, error) {
	fs := append(append([]*term.Term(nil), A...), st.Not(f))
	err := unsat(ctx, st, fs...)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, errSat):
		return false, nil
	}
	return false, err
}

// implicants recycles the Implicants of implicant: their memo tables are
// indexed by term IDs and grow to the store's size, so a fresh one per
// call would pay for the whole store.
var implicants = sync.Pool{New: func() any { return new(term.Implicant) }}

// implicant returns literals true in m whose conjunction implies the
// conjunction of fs (all true in m), following the Boolean structure (see
// term.Implicant): a conjunction gives its conjuncts, a disjunction its
// first true disjunct, an ite its condition's literal and the branch
// taken, a Boolean equality its arguments with their values. An
// arithmetic disequality becomes the strict inequality m satisfies.
// Literals are deduplicated, in first-seen order.
func implicant(m *term.Model, fs []*term.Term) ([]*term.Term, error) {
	im := implicants.Get().(*term.Implicant)
	defer implicants.Put(im)
	im.Reset(m, term.ImplicantOptions{SplitDiseq: true})
	var lits []*term.Term
	for _, f := range fs {
		var err error
		if lits, err = im.Append(lits, f); err != nil {
			return nil, fmt.Errorf("itp: internal error: %w", err)
		}
	}
	return lits, nil
}
