package fuzz_test

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
)

// byValue is a projection of one's own: every projected variable replaced
// by its value in the model. It is a model-based projection (the model
// satisfies the result, and the result implies the existential closure),
// only not a finite one.
func byValue(st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
	vals := make([]*term.Term, len(vars))
	for i, v := range vars {
		val, err := m.Eval(v)
		if err != nil {
			return nil, err
		}
		vals[i] = val
	}
	return st.Simplify(st.Substitute(phi, vars, vals)), nil
}

// Property-test a projection function of one's own against package mbp's
// with rapid: random formulas over the integers, models and variables;
// each answer checked by evaluation and by the quantifier-elimination
// oracle. In a test function, write
//
//	rapid.Check(t, fuzz.ProjectionProperty(cfg, byValue))
//
// Run does the same outside of one, and returns the shrunk failing case.
func ExampleProjectionProperty() {
	cfg := fuzz.Config{Theories: fuzz.Bool | fuzz.LIA}
	err := fuzz.Run("ExampleProjectionProperty", fuzz.ProjectionProperty(cfg, byValue))
	fmt.Println("byValue:", err)
	// Output:
	// byValue: <nil>
}
