package passes_test

import (
	"context"
	"fmt"
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

// TestPropMemoCarriedByArgs: what RemoveUnusedArgs carries of the memo
// to the clauses it rewrites (see dropArgs) holds of them: every clause
// of its output that the memo records as kept by Simplify or
// EliminateLocals is kept by that pass without the memo, on random
// systems, after the passes of Default before each of its runs of
// RemoveUnusedArgs.
func TestPropMemoCarriedByArgs(t *testing.T) {
	var at []int // the positions of RemoveUnusedArgs in Default
	for i, p := range passes.Default() {
		if _, ok := p.(passes.RemoveUnusedArgs); ok {
			at = append(at, i)
		}
	}
	carried := 0
	fuzz.Check(t, 300, func(t *rapid.T) {
		text := unusedArgsSystem(t)
		s, _, err := chc.Read("drawn", strings.NewReader(text), term.NewStore())
		require.NoError(t, err)
		stop := rapid.SampledFrom(at).Draw(t, "pass")
		ctx, has := passes.WithKeptBy(context.Background())
		for _, p := range passes.Default()[:stop] {
			s, _, err = p.Apply(ctx, s)
			require.NoError(t, err)
		}
		out, _, err := passes.RemoveUnusedArgs{}.Apply(ctx, s)
		require.NoError(t, err)
		in := map[*chc.Clause]bool{}
		for _, c := range s.Clauses {
			in[c] = true
		}
		for i, c := range out.Clauses {
			if in[c] {
				continue
			}
			for _, p := range []passes.Pass{passes.Simplify{}, passes.EliminateLocals{}} {
				if !has(p.Name(), c) {
					continue
				}
				carried++
				one := *out
				one.Clauses = []*chc.Clause{c}
				again, _, err := p.Apply(context.Background(), &one)
				require.NoError(t, err)
				require.Len(t, again.Clauses, 1, "%s dropped clause %d of\n%s\nsystem:\n%s", p.Name(), i, out, text)
				require.Same(t, c, again.Clauses[0], "%s rewrote clause %d of\n%s\nsystem:\n%s", p.Name(), i, out, text)
			}
		}
	})
	if carried == 0 {
		t.Fatal("RemoveUnusedArgs carried no record to a clause it rewrote: the carry is never checked")
	}
	t.Logf("%d records carried, checked", carried)
}

// unusedArgsSystem draws a system whose predicates have three integer
// arguments, which the clauses use or not at random: a chain of
// predicates from a fact to a query, each clause's constraint some
// literals over its atoms' arguments and a local variable, so that
// RemoveUnusedArgs has positions to remove, with the constraint
// mentioning a removed head argument or not.
func unusedArgsSystem(t *rapid.T) string {
	n := rapid.IntRange(1, 3).Draw(t, "preds")
	var b strings.Builder
	b.WriteString("(set-logic HORN)\n")
	for i := range n {
		fmt.Fprintf(&b, "(declare-fun P%d (Int Int Int) Bool)\n", i)
	}
	// literal draws a literal over the variables vars
	literal := func(vars []string) string {
		x := rapid.SampledFrom(vars).Draw(t, "x")
		y := rapid.SampledFrom(vars).Draw(t, "y")
		k := rapid.SampledFrom([]string{"(- 1)", "0", "1", "2"}).Draw(t, "k")
		switch rapid.IntRange(0, 3).Draw(t, "lit") {
		case 0:
			return fmt.Sprintf("(= %s (+ %s %s))", x, y, k)
		case 1:
			return fmt.Sprintf("(<= %s %s)", x, k)
		case 2:
			return fmt.Sprintf("(= %s %s)", x, y)
		}
		return fmt.Sprintf("(>= (+ %s %s) %s)", x, y, k)
	}
	constraint := func(vars []string) string {
		m := rapid.IntRange(0, 3).Draw(t, "lits")
		if m == 0 {
			return "true"
		}
		parts := make([]string, m)
		for i := range parts {
			parts[i] = literal(vars)
		}
		return "(and " + strings.Join(parts, " ") + ")"
	}
	fmt.Fprintf(&b, "(assert (forall ((a Int) (b Int) (c Int) (w Int)) (=> %s (P0 a b c))))\n",
		constraint([]string{"a", "b", "c", "w"}))
	for i := range n {
		// each predicate steps to the next (or to itself), and the last
		// to the query
		for range rapid.IntRange(1, 2).Draw(t, "steps") {
			j := rapid.IntRange(i, min(i+1, n-1)).Draw(t, "to")
			fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (z Int) (a Int) (b Int) (c Int) (w Int)) (=> (and (P%d x y z) %s) (P%d a b c))))\n",
				i, constraint([]string{"x", "y", "z", "a", "b", "c", "w"}), j)
		}
	}
	fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (z Int) (w Int)) (=> (and (P%d x y z) %s) false)))\n",
		n-1, constraint([]string{"x", "y", "z", "w"}))
	return b.String()
}
