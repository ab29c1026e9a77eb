package whale

import (
	"context"
	"os"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/stretchr/testify/require"
)

// TestMcCarthy91 is the paper's motivating example (§2, Fig. 1): mc91(p)
// >= 91 for p <= 101 holds, and the model's formula for mc91 implies the
// paper's summary r >= 91, in every configuration. Without Houdini (which
// finds r >= 91 among its candidates at once) the proof covers the
// recursive calls' ARGs (the paper's Step 4).
func TestMcCarthy91(t *testing.T) {
	src, err := os.ReadFile("../testdata/vmcai12-mc91.sat.smt2")
	require.NoError(t, err)
	for _, o := range configurations() {
		t.Run(o.name, func(t *testing.T) {
			sys := read(t, string(src))
			res := solve(t, sys, o.opts)
			require.Equal(t, chc.Sat, res.Answer, "reason: %v", res.Reason)
			p := sys.Preds[0]
			st := sys.St
			// M(p, r) ∧ r < 91 is unsatisfiable: the model implies r >= 91.
			s := smt.New(st, smt.Options{})
			require.NoError(t, s.Assert(st.And(res.Model.Lookup(st, p), st.Lt(p.Params[1], st.Int(91)))))
			r, err := s.Check(context.Background())
			require.NoError(t, err)
			require.Equal(t, smt.Unsat, r, "model %v does not imply r >= 91", res.Model[p])
			if o.opts.NoHoudini {
				require.Positive(t, stat(res, "whale.covers"), "no ARG covered")
			}
		})
	}
}

// TestMcCarthy91Unsafe: mc91(p) >= 92 fails for p <= 100; the
// counterexample goes through the recursive clause and replays.
func TestMcCarthy91Unsafe(t *testing.T) {
	src, err := os.ReadFile("../testdata/vmcai12-mc91-unsafe.unsat.smt2")
	require.NoError(t, err)
	for _, o := range configurations() {
		t.Run(o.name, func(t *testing.T) {
			sys := read(t, string(src))
			res := solve(t, sys, o.opts)
			require.Equal(t, chc.Unsat, res.Answer, "reason: %v", res.Reason)
			require.NoError(t, witness.CheckDerivation(context.Background(), sys, res.Derivation))
			require.GreaterOrEqual(t, height(res.Derivation), 2, "the counterexample must use the recursion")
		})
	}
}
