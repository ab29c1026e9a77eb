package spacer

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestInheritFirst: inheritFirst keeps cube's literals, once each; those
// of parent come first in parent's order, the others follow in cube's
// order; cube is left as it was.
func TestInheritFirst(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		x := st.Const("x", term.IntSort)
		var lits []*term.Term
		for k := range 8 {
			lits = append(lits, st.Le(x, st.Int(int64(k))))
		}
		draw := func(label string) []*term.Term {
			var c []*term.Term
			for _, i := range rapid.SliceOfN(rapid.IntRange(0, len(lits)-1), 0, 10).Draw(t, label) {
				c = append(c, lits[i])
			}
			return c
		}
		cube, parent := draw("cube"), draw("parent")
		orig := slices.Clone(cube)
		got := inheritFirst(cube, parent)
		require.Equal(t, orig, cube, "cube changed")
		want := []*term.Term{}
		for _, l := range parent {
			if slices.Contains(cube, l) && !slices.Contains(want, l) {
				want = append(want, l)
			}
		}
		inherited := len(want)
		for _, l := range cube {
			if !slices.Contains(want, l) {
				want = append(want, l)
			}
		}
		require.Equal(t, want, got)
		// the same as a set, without repeats
		seen := map[*term.Term]bool{}
		for i, l := range got {
			require.False(t, seen[l], "repeat %s", l)
			seen[l] = true
			require.Equal(t, i < inherited, slices.Contains(parent, l), "position %d", i)
		}
		for _, l := range cube {
			require.True(t, seen[l], "lost %s", l)
		}
	})
}

// TestPinsWalked: an equality of a walked param and a numeral, either way
// round, pins it; a bound, another param, or two params do not.
func TestPinsWalked(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	y := st.Const("y", term.IntSort)
	walked := []*term.Term{x}
	cases := []struct {
		lit  *term.Term
		want bool
	}{
		{st.Eq(x, st.Int(3)), true},
		{st.Eq(st.Int(-1), x), true},
		{st.Le(x, st.Int(3)), false},
		{st.Not(st.Eq(x, st.Int(3))), false},
		{st.Eq(y, st.Int(3)), false},
		{st.Eq(x, y), false},
	}
	for _, c := range cases {
		require.Equal(t, c.want, pinsWalked([]*term.Term{st.Le(y, st.Int(0)), c.lit}, walked), "%s", c.lit)
		require.False(t, pinsWalked([]*term.Term{c.lit}, nil), "%s with nothing walked", c.lit)
	}
}

// TestMonabsex2Inherit: arrays' monabsex2, preprocessed as the CLI does,
// rings the stuck alarm on a step counter; with the children of its
// obligations that pin the counter keeping their parent's literals first
// it is sat in about 22,000 checks (204,272 in the implicant's order,
// unknown at 20 s).
func TestMonabsex2Inherit(t *testing.T) {
	if testing.Short() {
		t.Skip("a second of solving")
	}
	src, err := os.ReadFile("testdata/ultimate__Lia-NonLinArrays__46_monabsex2_vs_000.smt2")
	require.NoError(t, err)
	sys, _, err := chc.Read("monabsex2.smt2", strings.NewReader(string(src)), term.NewStore())
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	sys, _, err = passes.Preprocess(ctx, sys, passes.Default()...)
	require.NoError(t, err)
	res := New(Options{}).Solve(ctx, sys)
	require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
	require.Positive(t, stat(res, "spacer.stuck-alarms"), "alarms")
	require.Less(t, stat(res, "spacer.smt-checks"), 60000, "checks: "+strconv.Itoa(stat(res, "spacer.smt-checks")))
}
