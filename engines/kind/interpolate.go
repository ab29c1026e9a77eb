package kind

import (
	"context"
	"errors"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Interpolate returns an interpolant of A and B (unsatisfiable together):
// when B is a cube (a conjunction of literals), an interpolating unsat
// core (itp.Core: usually one Farkas inequality over the shared
// symbols, which generalizes where the proof-based interpolant repeats
// A's literals), else, or when the core is out of reach, the proof-based
// interpolant (itp.SequenceContext). itp.ErrSatisfiable when A ∧ B has a
// model.
func Interpolate(ctx context.Context, st *term.Store, A, B *term.Term) (*term.Term, error) {
	if lits, ok := Cube(B); ok {
		core, err := itp.CoreContext(ctx, st, conjuncts(nil, A), lits)
		if err == nil {
			return st.Simplify(st.And(append(core, st.True())...)), nil
		}
		if errors.Is(err, itp.ErrSatisfiable) || ctx.Err() != nil {
			return nil, err
		}
	}
	is, err := itp.SequenceContext(ctx, st, []*term.Term{A, B})
	if err != nil {
		return nil, err
	}
	return st.Simplify(is[0]), nil
}

// Cube returns the literals of f when f is a conjunction of literals
// (atoms and negated atoms that are no Boolean connectives).
func Cube(f *term.Term) ([]*term.Term, bool) {
	lits := conjuncts(nil, f)
	for _, l := range lits {
		a := l
		if a.Op() == term.OpNot {
			a = a.Arg(0)
		}
		switch a.Op() {
		case term.OpAnd, term.OpOr, term.OpNot, term.OpImplies, term.OpXor, term.OpIte:
			return nil, false
		case term.OpEq:
			if a.Arg(0).Sort().IsBool() {
				return nil, false
			}
		}
	}
	return lits, true
}

// conjuncts appends the conjuncts of f (nested conjunctions flattened,
// true left out) to dst.
func conjuncts(dst []*term.Term, f *term.Term) []*term.Term {
	switch {
	case f.Op() == term.OpAnd:
		for _, a := range f.Args() {
			dst = conjuncts(dst, a)
		}
		return dst
	case f.IsTrue():
		return dst
	}
	return append(dst, f)
}
