package mbp

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Check reports whether psi can be a model-based projection of phi for
// vars under m, as far as evaluation tells: psi is a quantifier-free
// Boolean formula, mentions none of vars and no constant that phi does
// not mention, and m ⊨ psi. It checks any projection, ours or one's own;
// what it cannot check without a solver, that psi implies ∃vars.phi,
// fuzz.CheckProjection adds.
func Check(vars []*term.Term, phi, psi *term.Term, m *term.Model) error {
	if psi == nil || !psi.Sort().IsBool() {
		return fmt.Errorf("mbp: the projection is not a Boolean formula")
	}
	if psi.HasQuantifier() || psi.HasBound() {
		return fmt.Errorf("mbp: the projection %v is not quantifier free", psi)
	}
	projected := map[*term.Term]bool{}
	for _, v := range vars {
		projected[v] = true
	}
	inPhi := map[*term.Term]bool{}
	for _, c := range term.FreeConsts(phi) {
		inPhi[c] = true
	}
	for _, c := range term.FreeConsts(psi) {
		switch {
		case projected[c]:
			return fmt.Errorf("mbp: the projection mentions %s, a projected variable", c.Name())
		case !inPhi[c]:
			return fmt.Errorf("mbp: the projection mentions %s, which the formula does not", c.Name())
		}
	}
	ok, err := m.EvalBool(psi)
	if err != nil {
		return fmt.Errorf("mbp: evaluating the projection: %w", err)
	}
	if !ok {
		return fmt.Errorf("mbp: the projection %v is false in the model", psi)
	}
	return nil
}
