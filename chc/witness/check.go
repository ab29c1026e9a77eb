package witness

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// smallSet is the size past which a checker indexes a list with a map.
const smallSet = 16

func counterexample(m *term.Model, vars []*term.Term) string {
	s := ""
	for i, v := range vars {
		if i == 8 {
			return s + " ..."
		}
		val, err := m.Eval(v)
		if err != nil {
			continue
		}
		if s != "" {
			s += ", "
		}
		s += v.Name() + " = " + term.Sprint(val)
	}
	return s
}

// CheckResult checks the witness of res on s: the model of a chc.Sat answer
// with CheckModel, the derivation of an chc.Unsat one with CheckDerivation.
// An Unknown answer has nothing to check.
func CheckResult(ctx context.Context, s *chc.System, res chc.Result) error {
	switch res.Answer {
	case chc.Sat:
		if res.Model == nil {
			return fmt.Errorf("chc: sat without a model")
		}
		return CheckModel(ctx, s, res.Model)
	case chc.Unsat:
		if res.Derivation == nil {
			return fmt.Errorf("chc: unsat without a derivation")
		}
		return CheckDerivation(ctx, s, res.Derivation)
	}
	return nil
}
