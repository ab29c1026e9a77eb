package itp

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Labels chooses how the proof-based interpolants of StateTransition
// label the atoms whose symbols are all shared (D'Silva, Kroening,
// Purandare, Weissenbacher, "Interpolant strength", VMCAI 2010: every
// locality-preserving labelling gives interpolants; the A-local atoms are
// A's and the B-local ones B's in all of them).
type Labels uint8

const (
	// LabelsMcMillan puts every shared atom on B's side: McMillan's
	// system, the strongest interpolants; when A has no local symbols
	// the interpolant is close to A itself.
	LabelsMcMillan Labels = iota
	// LabelsOccurrence puts a shared atom that occurs only in A's input
	// clauses of the proof on A's side: A's clauses then contribute
	// their other literals only, and a theory lemma over such atoms is
	// interpolated by summing A's constraints (Farkas), which
	// generalises A (A = {n = 1, r = 1} against r < n gives n <= r).
	// The labels change with the cut monotonically (an atom is A's for
	// every cut that contains all the partitions it occurs in), and the
	// sequence and state/transition properties are checked all the same.
	LabelsOccurrence
)

// label sets the walker's labels for shared atoms.
func (w *walker) label(l Labels) {
	if l != LabelsOccurrence {
		w.occ = nil
		return
	}
	w.occ = make([]uint64, len(w.masks))
	for _, id := range w.order {
		if w.ref.Kind(id) != sat.KindInput {
			continue
		}
		p := w.ref.Part(id)
		if p < 0 {
			continue
		}
		for _, m := range w.ref.Clause(id) {
			w.occ[m.Var()] |= 1 << p
		}
	}
}

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
// All come from one refutation, as the paper computes them, with the
// given labels of shared atoms. When a theory interpolant of that proof
// was guessed (they need not agree across cuts) or a cut is out of the
// proof's reach, the sequence is recomputed node by node and each
// trans[i] interpolates φi+1 against states[i] ∧ ¬states[i+1], which
// gives the properties by construction. The error is ErrSatisfiable (a
// *SatisfiableError with the model) when the conjunction has a model.
func StateTransition(st *term.Store, parts []*term.Term, labels Labels) (states, trans []*term.Term, err error) {
	return StateTransitionContext(context.Background(), st, parts, labels)
}

// StateTransitionContext is StateTransition under a context.
func StateTransitionContext(ctx context.Context, st *term.Store, parts []*term.Term, labels Labels) (states, trans []*term.Term, err error) {
	n := len(parts)
	if n < 3 || n > MaxParts {
		return nil, nil, fmt.Errorf("itp: a state/transition sequence needs 3 to %d formulas, got %d", MaxParts, n)
	}
	w, err := refute(ctx, st, parts)
	if err != nil {
		return nil, nil, err
	}
	w.label(labels)
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
		if states, trans, err = stateTransitionByParts(ctx, st, parts, labels); err != nil {
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

// stateTransitionByParts computes the sequence node by node (each state
// interpolates the previous one and its formula against the later
// formulas) and each transition interpolant against its two states.
func stateTransitionByParts(ctx context.Context, st *term.Store, parts []*term.Term, labels Labels) (states, trans []*term.Term, err error) {
	n := len(parts)
	states = make([]*term.Term, n-1)
	prev := st.True()
	for j := range states {
		if states[j], err = labelledInterpolant(ctx, st, st.And(prev, parts[j]), st.And(parts[j+1:]...), labels); err != nil {
			return nil, nil, err
		}
		prev = states[j]
	}
	trans = make([]*term.Term, n-2)
	for j := 1; j < n-1; j++ {
		// states[j-1] ∧ parts[j] ⇒ states[j], so parts[j] contradicts
		// states[j-1] ∧ ¬states[j].
		if trans[j-1], err = labelledInterpolant(ctx, st, parts[j], st.And(states[j-1], st.Not(states[j])), labels); err != nil {
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
