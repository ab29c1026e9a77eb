package itp

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// maxModelRounds bounds the implicants modelInterpolant covers A with.
const maxModelRounds = 16

// binaryInterpolant interpolates A against B from one refutation, and
// when the proof has a step out of reach (a mixed literal of theory
// combination, say), by modelInterpolant.
func binaryInterpolant(ctx context.Context, st *term.Store, A, B *term.Term) (*term.Term, error) {
	return labelledInterpolant(ctx, st, A, B, LabelsMcMillan)
}

// labelledInterpolant is binaryInterpolant with the given labels.
func labelledInterpolant(ctx context.Context, st *term.Store, A, B *term.Term, labels Labels) (*term.Term, error) {
	w, err := refute(ctx, st, []*term.Term{A, B})
	if err != nil {
		return nil, err
	}
	w.label(labels)
	I, err := w.interpolant(ctx, 1)
	if errors.Is(err, ErrUnsupported) {
		return w.modelInterpolant(ctx, A, B, err)
	}
	return I, err
}

// modelInterpolant computes an interpolant of A and B without the proof:
// A is covered by the implicants of its models (core.go's implicant),
// each interpolated against B by implicantInterpolant, and I is their
// disjunction. A model of A ∧ ¬I gives the next implicant E; its
// interpolant J (E ⇒ J, J ∧ B unsatisfiable, over shared terms, every
// step an smt check) joins I. When A ∧ ¬I is unsatisfiable, A ⇒ I, and
// I ∧ B is unsatisfiable disjunct by disjunct. cause is the error of the
// proof-based attempt, returned when this one fails too.
func (w *walker) modelInterpolant(ctx context.Context, A, B *term.Term, cause error) (*term.Term, error) {
	st := w.st
	s := smt.New(st, smt.Options{})
	if err := s.Assert(A); err != nil {
		return nil, err
	}
	var js []*term.Term
	for range maxModelRounds {
		r, err := s.Check(ctx)
		if err != nil {
			return nil, err
		}
		switch r {
		case smt.Unsat:
			return junction(st, true, js), nil
		case smt.Unknown:
			return nil, cause
		}
		E, err := implicant(s.Model(), []*term.Term{A})
		if err != nil {
			return nil, cause
		}
		J, err := w.implicantInterpolant(ctx, E, B)
		if err != nil {
			if errors.Is(err, ErrUnsupported) {
				return nil, fmt.Errorf("%w (and no interpolant from the models of A)", cause)
			}
			return nil, err
		}
		w.modelRounds++
		js = append(js, J)
		if err := s.Assert(st.Not(J)); err != nil {
			return nil, err
		}
	}
	return nil, cause
}

// implicantInterpolant interpolates the literals E against B: B is
// covered by the implicants F of its models that J does not yet exclude,
// and J is the conjunction of the interpolants of E against each F
// (conjunctions of literals: Farkas, congruence closure, then the
// checked candidates). E implies every conjunct, and B ∧ J is
// unsatisfiable when the loop ends.
func (w *walker) implicantInterpolant(ctx context.Context, E []*term.Term, B *term.Term) (*term.Term, error) {
	st := w.st
	color := func(t *term.Term) class { return classOfMasks(w.masksOf(t), 1) }
	s := smt.New(st, smt.Options{})
	if err := s.Assert(B); err != nil {
		return nil, err
	}
	var ks []*term.Term
	for range maxModelRounds {
		r, err := s.Check(ctx)
		if err != nil {
			return nil, err
		}
		switch r {
		case smt.Unsat:
			return junction(st, false, ks), nil
		case smt.Unknown:
			return nil, fmt.Errorf("%w: B is unknown: %s", ErrUnsupported, s.ReasonUnknown())
		}
		F, err := implicant(s.Model(), []*term.Term{B})
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrUnsupported, err)
		}
		K, err := w.theoryInterpolant(ctx, E, F)
		if err != nil && errors.Is(err, ErrUnsupported) {
			K, _, err = closureOrCandidate(ctx, st, E, F, color)
		}
		if err != nil {
			return nil, err
		}
		ks = append(ks, K)
		if err := s.Assert(K); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("%w: B has more than %d implicants", ErrUnsupported, maxModelRounds)
}
