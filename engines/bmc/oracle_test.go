package bmc_test

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/engines/bmc"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func height(n *chc.Node) int {
	h := 0
	for _, c := range n.Children {
		h = max(h, 1+height(c))
	}
	return h
}

// TestAgainstBruteCHC compares the engine with fuzz.BruteCHC on the
// systems of fuzz.CHCSystem: an unsat system gets a checked derivation no
// higher than the oracle's, and none one level lower (so the engine's is of
// least height); a sat system never gets unsat, and a sat answer comes with
// a checked model.
func TestAgainstBruteCHC(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		st := term.NewStore()
		sys := fuzz.CHCSystem(st, 0, 2).Draw(rt, "system")
		want, err := fuzz.BruteCHC(sys, 0, 2)
		require.NoError(rt, err)
		ctx := context.Background()
		if want.Answer == chc.Unsat {
			h := height(want.Derivation)
			res := bmc.New(bmc.Options{MaxDepth: h}).Solve(ctx, sys)
			require.Equal(rt, chc.Unsat, res.Answer, "%s\n%s", res.Reason, sys)
			require.NoError(rt, witness.CheckDerivation(context.Background(), sys, res.Derivation))
			got := height(res.Derivation)
			require.LessOrEqual(rt, got, h)
			if got >= 2 { // MaxDepth 0 is no bound
				lower := bmc.New(bmc.Options{MaxDepth: got - 1}).Solve(ctx, sys)
				require.Equal(rt, chc.Unknown, lower.Answer, "a derivation of height %d exists below %d\n%s", got-1, got, sys)
			}
			return
		}
		res := bmc.New(bmc.Options{MaxDepth: 6}).Solve(ctx, sys)
		require.NotEqual(rt, chc.Unsat, res.Answer, sys)
		require.NoError(rt, witness.CheckResult(ctx, sys, res))
	})
}
