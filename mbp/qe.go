package mbp

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Solve finds a model of a quantifier-free formula: (m, true, nil) when
// it is satisfiable, (nil, false, nil) when it is not. QE takes it as a
// parameter because package mbp calls no solver; an smt.Solver gives one
// in a few lines.
type Solve func(phi *term.Term) (m *term.Model, sat bool, err error)

// maxRounds bounds the projections of one QE: a larger image means a
// bug or a formula too large for enumeration.
const maxRounds = 1 << 16

// QE eliminates vars from phi with default options: see Projector.QE.
func QE(st *term.Store, vars []*term.Term, phi *term.Term, solve Solve) (*term.Term, error) {
	return New(st, Options{}).QE(vars, phi, solve)
}

// QE returns a quantifier-free formula equivalent to ∃vars.phi, the
// disjunction of projections ψ1 ∨ ψ2 ∨ ... where ψk projects phi under a
// model of phi ∧ ¬(ψ1 ∨ ... ∨ ψk-1), until that formula is unsatisfiable.
// Each model lies outside the disjunction so far and inside its own
// projection, so every round adds a new member of the image; a finite
// image (LRA, LIA, arrays with no substitution) makes the enumeration
// terminate. A projection that is not finite (Result.Finite) stops QE
// with ErrNotFinite, as does a solver model that is not a model of the
// query, or more than 65536 rounds.
func (p *Projector) QE(vars []*term.Term, phi *term.Term, solve Solve) (*term.Term, error) {
	st := p.st
	var disj []*term.Term
	for round := 0; ; round++ {
		if round == maxRounds {
			return nil, fmt.Errorf("%w: QE gave up after %d projections", ErrNotFinite, maxRounds)
		}
		q := phi
		if len(disj) > 0 {
			q = st.And(phi, st.Not(st.Or(disj...)))
		}
		m, sat, err := solve(q)
		if err != nil {
			return nil, fmt.Errorf("mbp: QE: %w", err)
		}
		if !sat {
			return st.Simplify(st.Or(append(disj, st.False())...)), nil
		}
		if ok, err := m.EvalBool(q); err != nil || !ok {
			return nil, fmt.Errorf("mbp: QE: the solver's model does not satisfy the query (%v)", err)
		}
		res, err := p.Project(vars, phi, m)
		if err != nil {
			return nil, err
		}
		if !res.Finite() {
			return nil, fmt.Errorf("%w: QE substituted the model value of %v", ErrNotFinite, res.Substituted[0])
		}
		disj = append(disj, res.Formula)
	}
}
