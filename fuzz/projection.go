package fuzz

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// ErrNotProjection wraps the errors of CheckProjection for an answer that
// is not a model-based projection.
var ErrNotProjection = errors.New("fuzz: not a model-based projection")

// A ProjectFunc is a model-based projection to test: for the model m of
// the quantifier-free formula phi, it returns a quantifier-free ψ over the
// constants of phi other than vars with m ⊨ ψ and ψ ⇒ ∃vars.phi (as
// mbp.Project does).
type ProjectFunc func(st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error)

// CheckProjection checks that psi is a model-based projection of phi for
// vars under m: mbp.Check by evaluation (vocabulary, m ⊨ psi), then psi
// ⇒ ∃vars.phi: the oracle QE, which shares no code with package mbp,
// gives ∃vars.phi quantifier free, and package smt finds psi ∧ ¬QE(vars,
// phi) unsatisfiable (within 5 s). A wrong projection is an error wrapping
// ErrNotProjection; input outside the oracle's fragment (Bool, Int and
// Real variables, linear arithmetic: see the package documentation) or
// budget, one wrapping ErrUnsupported or ErrTooLarge.
func CheckProjection(st *term.Store, vars []*term.Term, phi, psi *term.Term, m *term.Model) error {
	q, err := QE(st, vars, phi)
	if err != nil {
		return err
	}
	return checkAgainst(st, vars, phi, psi, m, q)
}

// checkAgainst is CheckProjection with q = QE(vars, phi) given.
func checkAgainst(st *term.Store, vars []*term.Term, phi, psi *term.Term, m *term.Model, q *term.Term) error {
	if err := mbp.Check(vars, phi, psi, m); err != nil {
		return fmt.Errorf("%w: %w", ErrNotProjection, err)
	}
	sv := smt.New(st, smt.Options{})
	if err := sv.Assert(st.And(psi, st.Not(q))); err != nil {
		return fmt.Errorf("%w: %w", ErrUnsupported, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), implicationBudget)
	defer cancel()
	res, err := sv.Check(ctx)
	switch {
	case err != nil:
		return fmt.Errorf("%w: %w", ErrUnsupported, err)
	case res == smt.Sat:
		return fmt.Errorf("%w: %v does not imply the existential closure, which is %v", ErrNotProjection, psi, q)
	case res != smt.Unsat:
		return fmt.Errorf("%w: smt: %s", ErrTooLarge, sv.ReasonUnknown())
	}
	return nil
}

// implicationBudget bounds the smt check of CheckProjection.
const implicationBudget = 5 * time.Second

// ProjectionProperty is a rapid property that tests project against
// package mbp's projection (ours) on random cases: a formula drawn from
// cfg (restricted to Bool, LIA and LRA, the oracles' fragment), a model
// of it, and a non-empty set of its constants to project. Both answers
// must pass CheckProjection against the same QE; a failure says whose
// projection failed and prints the case as an SMT-LIB script. Cases
// outside the oracles' budget are skipped. Use it in a test as
//
//	rapid.Check(t, fuzz.ProjectionProperty(fuzz.Config{Theories: fuzz.LIA}, myProject))
//
// or outside of a test function with Run.
func ProjectionProperty(cfg Config, project ProjectFunc) func(*rapid.T) {
	cfg.Theories &= Bool | LIA | LRA
	if cfg.Theories == 0 {
		cfg.Theories = Bool | LIA
	}
	cfg.Quantifiers = false
	return func(t *rapid.T) {
		st := term.NewStore()
		phi := Formula(st, cfg).Draw(t, "phi")
		m := ModelFor(st, Consts(st, cfg), cfg).Draw(t, "model")
		holds, err := m.EvalBool(phi)
		if err != nil {
			t.Skipf("the model does not evaluate the formula: %v", err)
		}
		if !holds {
			phi = st.Not(phi)
		}
		var cands []*term.Term
		for _, c := range term.FreeConsts(phi) {
			if c.Sort().IsBool() || c.Sort().IsArith() {
				cands = append(cands, c)
			}
		}
		if len(cands) == 0 {
			return
		}
		var vars []*term.Term
		for _, c := range cands {
			if rapid.Bool().Draw(t, "project "+c.Name()) {
				vars = append(vars, c)
			}
		}
		if len(vars) == 0 {
			vars = cands[:1]
		}
		q, err := QE(st, vars, phi)
		if err != nil {
			t.Skipf("oracle: %v", err)
		}
		show := func() string { return fmt.Sprintf("vars %v\n%smodel %v", vars, Script(st, phi), m) }

		ours, err := mbp.Project(st, vars, phi, m)
		if err != nil {
			t.Fatalf("mbp.Project (ours): %v\n%s", err, show())
		}
		if err := checkAgainst(st, vars, phi, ours.Formula, m, q); err != nil && errors.Is(err, ErrNotProjection) {
			t.Fatalf("mbp.Project (ours) is wrong: %v\n%s", err, show())
		}
		psi, err := project(st, vars, phi, m)
		if err != nil {
			t.Fatalf("the projection under test failed: %v\n%s", err, show())
		}
		if err := checkAgainst(st, vars, phi, psi, m, q); err != nil {
			if errors.Is(err, ErrNotProjection) {
				t.Fatalf("the projection under test is wrong: %v\n%s\nours: %v", err, show(), ours.Formula)
			}
			t.Skipf("oracle: %v", err)
		}
	}
}
