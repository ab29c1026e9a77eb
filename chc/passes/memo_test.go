package passes_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestPropKeptMemo: Simplify and EliminateLocals under Preprocess's memo
// (they skip the clauses an earlier run of theirs kept) give the system
// that the same passes give without it, on random systems, and so does
// Preprocess itself.
func TestPropKeptMemo(t *testing.T) {
	hits := 0
	fuzz.Check(t, 300, func(t *rapid.T) {
		// each run in a store of its own: terms are ordered by their
		// IDs, which depend on what the store met before
		text := fuzz.CHCSystem(term.NewStore(), lo, hi).Draw(t, "system").String()
		read := func() *chc.System {
			s, _, err := chc.Read("drawn", strings.NewReader(text), term.NewStore())
			require.NoError(t, err)
			return s
		}
		s := read()
		plain := s
		var err error
		for _, p := range passes.Default() {
			plain, _, err = p.Apply(context.Background(), plain)
			require.NoError(t, err)
		}
		ctx, kept := passes.WithKept(context.Background())
		s = read()
		out := s
		for _, p := range passes.Default() {
			out, _, err = p.Apply(ctx, out)
			require.NoError(t, err)
			for _, c := range out.Clauses {
				if kept(c) {
					hits++
				}
			}
		}
		require.Equal(t, plain.String(), out.String(), "system:\n%s", text)
		pre, _, err := passes.Preprocess(context.Background(), read(), passes.Default()...)
		require.NoError(t, err)
		require.Equal(t, plain.String(), pre.String(), "system:\n%s", text)
	})
	if hits == 0 {
		t.Fatal("no clause was kept by a pass: the memo is never used")
	}
}

// TestPropLocalsOutcomeMemo: EliminateLocals under Preprocess's memo,
// which reuses its outcome for a clause on the constraint and locals of
// one it did before (see localsKey), gives the system it gives without
// the memo, on random systems whose clauses all come twice (the second
// copy a new clause: the reuse), at every position of Default.
func TestPropLocalsOutcomeMemo(t *testing.T) {
	rewritten := 0
	fuzz.Check(t, 200, func(t *rapid.T) {
		text := fuzz.CHCSystem(term.NewStore(), lo, hi).Draw(t, "system").String()
		s, _, err := chc.Read("drawn", strings.NewReader(text), term.NewStore())
		require.NoError(t, err)
		// the passes of Default before a run of EliminateLocals
		stop := rapid.SampledFrom([]int{1, 7, 13}).Draw(t, "pass")
		ctx, _ := passes.WithKept(context.Background())
		for _, p := range passes.Default()[:stop] {
			s, _, err = p.Apply(ctx, s)
			require.NoError(t, err)
		}
		twice := *s
		twice.Clauses = nil
		for _, c := range s.Clauses {
			cp := *c
			twice.Clauses = append(twice.Clauses, c, &cp)
		}
		plain, _, err := passes.EliminateLocals{}.Apply(context.Background(), &twice)
		require.NoError(t, err)
		memo, _, err := passes.EliminateLocals{}.Apply(ctx, &twice)
		require.NoError(t, err)
		require.Equal(t, plain.String(), memo.String(), "system:\n%s", text)
		if plain != &twice {
			rewritten++
		}
	})
	if rewritten == 0 {
		t.Fatal("EliminateLocals changed no drawn system: the memo's rewrites are never checked")
	}
}
