package itp

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// StateTransition returns the state/transition interpolant sequence of
// parts φ0 … φn+1 (at least three formulas, at most MaxParts,
// unsatisfiable together): WHALE's STITP (Albarghouthi, Gurfinkel,
// Chechik, VMCAI 2012, §5). states[i] (i = 0 … n) is the sequence
// interpolant after φi, over the symbols φ0 … φi share with φi+1 … φn+1;
// trans[i] (i = 0 … n-1) is an interpolant of the middle formula φi+1
// against all the others, over the symbols they share; and
//
//	φ0 ⇒ states[0],  φi+1 ⇒ trans[i],
//	states[i] ∧ trans[i] ⇒ states[i+1],  states[n] ∧ φn+1 unsatisfiable.
//
// All come from one refutation by McMillan's system, as the paper
// computes them. When a theory interpolant of that proof was guessed
// (they need not agree across cuts) or a cut is out of the proof's reach,
// the sequence is recomputed node by node and each trans[i] interpolates
// φi+1 against states[i] ∧ ¬states[i+1], which gives the properties by
// construction. The error is ErrSatisfiable (a *SatisfiableError with the
// model) when the conjunction has a model.
func StateTransition(st *term.Store, parts []*term.Term) (states, trans []*term.Term, err error) {
	return StateTransitionContext(context.Background(), st, parts)
}

// StateTransitionContext is StateTransition under a context.
func StateTransitionContext(ctx context.Context, st *term.Store, parts []*term.Term) (states, trans []*term.Term, err error) {
	n := len(parts)
	if n < 3 || n > MaxParts {
		return nil, nil, fmt.Errorf("itp: a state/transition sequence needs 3 to %d formulas, got %d", MaxParts, n)
	}
	w, err := refute(ctx, st, parts)
	if err != nil {
		return nil, nil, err
	}
	states = make([]*term.Term, n-1)
	trans = make([]*term.Term, n-2)
	byParts := false // a cut out of reach of the proof
	for j := 0; j < n-1 && !byParts; j++ {
		if states[j], err = w.interpolant(ctx, uint64(1)<<(j+1)-1); err != nil {
			if !errors.Is(err, ErrUnsupported) {
				return nil, nil, err
			}
			byParts = true
		}
	}
	for j := 1; j < n-1 && !byParts; j++ {
		if trans[j-1], err = w.interpolant(ctx, uint64(1)<<j); err != nil {
			if !errors.Is(err, ErrUnsupported) {
				return nil, nil, err
			}
			byParts = true
		}
	}
	if w.guessed || byParts {
		if states, trans, err = stateTransitionByParts(ctx, st, parts); err != nil {
			return nil, nil, err
		}
	}
	if selfCheck {
		if err := CheckStateTransition(st, parts, states, trans); err != nil {
			return nil, nil, fmt.Errorf("itp: internal error: state/transition interpolants: %w", err)
		}
	}
	return states, trans, nil
}

// stateTransitionByParts computes the sequence node by node (treeByParts
// on a chain) and each transition interpolant against its two states.
func stateTransitionByParts(ctx context.Context, st *term.Store, parts []*term.Term) (states, trans []*term.Term, err error) {
	n := len(parts)
	parent := make([]int, n)
	for j := range parent {
		parent[j] = j + 1
	}
	parent[n-1] = -1
	is, err := treeByParts(ctx, st, parts, parent)
	if err != nil {
		return nil, nil, err
	}
	states = is[:n-1]
	trans = make([]*term.Term, n-2)
	for j := 1; j < n-1; j++ {
		// states[j-1] ∧ parts[j] ⇒ states[j], so parts[j] contradicts
		// states[j-1] ∧ ¬states[j].
		if trans[j-1], err = binaryInterpolant(ctx, st, parts[j], st.And(states[j-1], st.Not(states[j]))); err != nil {
			return nil, nil, err
		}
	}
	return states, trans, nil
}

// CheckStateTransition reports whether states and trans are a
// state/transition interpolant sequence of parts (see StateTransition):
// the implications, the final contradiction, and the vocabularies.
func CheckStateTransition(st *term.Store, parts, states, trans []*term.Term) error {
	n := len(parts)
	if len(states) != n-1 || len(trans) != n-2 {
		return fmt.Errorf("itp: %d states and %d transitions for %d formulas", len(states), len(trans), n)
	}
	if err := boolFormulas(append(append(append([]*term.Term(nil), parts...), states...), trans...)...); err != nil {
		return err
	}
	if err := CheckSequence(st, parts, states); err != nil {
		return err
	}
	ctx := context.Background()
	for j := 1; j < n-1; j++ {
		others := append(append([]*term.Term(nil), parts[:j]...), parts[j+1:]...)
		if err := checkVocabulary(trans[j-1], parts[j:j+1], others); err != nil {
			return fmt.Errorf("transition %d: %w", j-1, err)
		}
		if err := unsat(ctx, st, parts[j], st.Not(trans[j-1])); err != nil {
			return fmt.Errorf("transition %d: formula %d does not imply it: %w", j-1, j, err)
		}
		if err := unsat(ctx, st, states[j-1], trans[j-1], st.Not(states[j])); err != nil {
			return fmt.Errorf("transition %d: states[%d] ∧ it does not imply states[%d]: %w", j-1, j-1, j, err)
		}
	}
	return nil
}

// A SatisfiableError is the error of a proof-based entry point (Sequence,
// Tree, StateTransition, Interpolate) whose formulas have a model: it
// carries the model, and errors.Is(err, ErrSatisfiable) holds.
type SatisfiableError struct{ Model *term.Model }

func (e *SatisfiableError) Error() string { return ErrSatisfiable.Error() }

// Is makes a SatisfiableError match ErrSatisfiable.
func (e *SatisfiableError) Is(target error) bool { return target == ErrSatisfiable }
