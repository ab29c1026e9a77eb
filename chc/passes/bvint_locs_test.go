package passes_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// cfgSystem draws a control-flow graph over 3-bit vectors in the shape of
// Eldarica's SLayerCF files: one predicate P(pc, x, b) whose first
// argument is a location that every clause fixes by x = c, edges between
// random locations with a guard and an update of x, an entry fact and a
// query at a location; sometimes an edge leaves its source location free
// (then no split). It reports whether every clause fixes the location and
// there are two locations at least (then P must be split).
func cfgSystem(t *rapid.T) (string, bool) {
	var b strings.Builder
	b.WriteString("(set-logic HORN)\n(declare-fun P ((_ BitVec 3) (_ BitVec 3) Bool) Bool)\n")
	lit := func(v int) string { return fmt.Sprintf("(_ bv%d 3)", v&7) }
	locs := map[int]bool{0: true}
	loc := func(name string) string {
		v := rapid.IntRange(0, 4).Draw(t, name)
		locs[v] = true
		return lit(v)
	}
	fmt.Fprintf(&b, "(assert (forall ((p (_ BitVec 3)) (x (_ BitVec 3)) (f Bool)) (=> (and (= p %s) (= x %s)) (P p x f))))\n",
		lit(0), lit(rapid.IntRange(0, 7).Draw(t, "x0")))
	free := false
	for i, n := 0, rapid.IntRange(1, 7).Draw(t, "edges"); i < n; i++ {
		guard := []string{"true", "(bvult x %s)", "(= x %s)", "(not (= x %s))", "f", "(not f)"}[rapid.IntRange(0, 5).Draw(t, "guard")]
		if strings.Contains(guard, "%s") {
			guard = fmt.Sprintf(guard, lit(rapid.IntRange(0, 7).Draw(t, "g")))
		}
		upd := []string{"x", "(bvadd x %s)", "(bvmul x %s)", "%s"}[rapid.IntRange(0, 3).Draw(t, "upd")]
		if strings.Contains(upd, "%s") {
			upd = fmt.Sprintf(upd, lit(rapid.IntRange(0, 7).Draw(t, "u")))
		}
		src := fmt.Sprintf("(= p %s)", loc("src"))
		if rapid.IntRange(0, 9).Draw(t, "free") == 0 {
			src, free = "true", true
		}
		fmt.Fprintf(&b, "(assert (forall ((p (_ BitVec 3)) (x (_ BitVec 3)) (f Bool) (q (_ BitVec 3)) (y (_ BitVec 3)) (g Bool)) "+
			"(=> (and (P p x f) %s %s (= q %s) (= y %s) (= g %v)) (P q y g))))\n",
			src, guard, loc("dst"), upd, rapid.Bool().Draw(t, "g"))
	}
	fmt.Fprintf(&b, "(assert (forall ((p (_ BitVec 3)) (x (_ BitVec 3)) (f Bool)) (=> (and (P p x f) (= p %s) (bvuge x %s)) false)))\n",
		loc("bad"), lit(rapid.IntRange(0, 7).Draw(t, "bad x")))
	return b.String(), !free && len(locs) > 1
}

// TestSplitLocations checks SplitLocations, alone and in the default
// pipeline, on random control-flow graphs over bit-vectors: the answer
// (by brute force) is preserved, the brute-force witness of the new
// system translated back is valid on the original, and the location
// predicate is split when every clause fixes the location.
func TestSplitLocations(t *testing.T) {
	ctx := context.Background()
	for _, p := range []passes.Pass{passes.SplitLocations{}, pipeline{}} {
		t.Run(p.Name(), func(t *testing.T) {
			fuzz.Check(t, 300, func(t *rapid.T) {
				src, fixed := cfgSystem(t)
				t.Logf("system:\n%s", src)
				st := term.NewStore()
				s, _, err := chc.Read("cfg.smt2", strings.NewReader(src), st)
				require.NoError(t, err)
				// the reader's clauses are normalised; the pass wants
				// the constraint's x = c as conjuncts, as Simplify leaves them
				before := s.String()
				r0 := brute(t, s)
				out, tr, err := p.Apply(ctx, s)
				require.NoError(t, err)
				require.Equal(t, before, s.String(), "the pass changed its input")
				wellFormed(t, out)
				if _, alone := p.(passes.SplitLocations); alone && fixed {
					for _, q := range out.Preds {
						require.NotEqual(t, "P", q.Name(), "P not split:\n%s", out)
					}
				}
				r1 := brute(t, out)
				require.Equal(t, r0.Answer, r1.Answer, "answer changed:\n%s", out)
				switch r1.Answer {
				case chc.Sat:
					m, err := tr.Model(ctx, r1.Model)
					require.NoError(t, err)
					require.NoError(t, witness.CheckModel(ctx, s, m), "translated model")
				case chc.Unsat:
					d, err := tr.Derivation(ctx, r1.Derivation)
					require.NoError(t, err)
					require.NoError(t, witness.CheckDerivation(ctx, s, d), "translated derivation")
				}
			})
		})
	}
}

// TestSplitLocationsNoBitVec checks that a system without bit-vectors
// comes back as it is, though its location argument qualifies.
func TestSplitLocationsNoBitVec(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun P (Int Int) Bool)
(assert (forall ((p Int) (x Int)) (=> (and (= p 0) (= x 0)) (P p x))))
(assert (forall ((p Int) (x Int) (q Int) (y Int)) (=> (and (P p x) (= p 0) (= q 1) (= y (+ x 1))) (P q y))))
(assert (forall ((p Int) (x Int)) (=> (and (P p x) (= p 1) (> x 5)) false)))`
	s, _, err := chc.Read("t.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	out, _, err := passes.SplitLocations{}.Apply(context.Background(), s)
	require.NoError(t, err)
	require.Same(t, s, out)
}
