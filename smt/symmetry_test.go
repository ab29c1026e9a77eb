package smt_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// symLit is a literal over the constants c[i]: (= (f c[a] c[b]) c[r]),
// (= (g c[a]) c[r]) or (= c[a] c[r]), negated when neg.
type symLit struct {
	kind, a, b, r int
	neg           bool
}

// permutations returns every permutation of 0..n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// TestSymmetryBreakingAgrees: on formulas made symmetric in the constants
// c0..c3 by construction (every clause with all its images under the
// permutations of the constants), with a range restriction for each
// application, and a few clauses that break the symmetry (sometimes),
// the answer with symmetry breaking is the answer without, and a model
// satisfies the original assertions.
func TestSymmetryBreakingAgrees(t *testing.T) {
	const n = 4
	perms := permutations(n)
	runs, broken := 0, 0
	rapid.Check(t, func(rt *rapid.T) {
		st := term.NewStore()
		u := st.UninterpretedSort("U")
		f := st.Func("f", []*term.Sort{u, u}, u)
		g := st.Func("g", []*term.Sort{u}, u)
		c := make([]*term.Term, n)
		for i := range c {
			c[i] = st.Const(fmt.Sprintf("c%d", i), u)
		}
		lit := func(l symLit, p []int) *term.Term {
			var x *term.Term
			switch l.kind {
			case 0:
				x = st.Apply(f, c[p[l.a]], c[p[l.b]])
			case 1:
				x = st.Apply(g, c[p[l.a]])
			default:
				x = c[p[l.a]]
			}
			e := st.Eq(x, c[p[l.r]])
			if l.neg {
				e = st.Not(e)
			}
			return e
		}
		var fs []*term.Term
		// Range restrictions of every application.
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				x := st.Apply(f, c[a], c[b])
				var eqs []*term.Term
				for r := 0; r < n; r++ {
					eqs = append(eqs, st.Eq(x, c[r]))
				}
				fs = append(fs, st.Or(eqs...))
			}
			if rapid.Bool().Draw(rt, "grange") {
				for a := 0; a < n; a++ {
					x := st.Apply(g, c[a])
					var eqs []*term.Term
					for r := 0; r < n; r++ {
						eqs = append(eqs, st.Eq(x, c[r]))
					}
					fs = append(fs, st.Or(eqs...))
				}
			}
		}
		genLit := rapid.Custom(func(t *rapid.T) symLit {
			return symLit{
				kind: rapid.IntRange(0, 2).Draw(t, "kind"),
				a:    rapid.IntRange(0, n-1).Draw(t, "a"),
				b:    rapid.IntRange(0, n-1).Draw(t, "b"),
				r:    rapid.IntRange(0, n-1).Draw(t, "r"),
				neg:  rapid.Bool().Draw(t, "neg"),
			}
		})
		clauses := rapid.SliceOfN(rapid.SliceOfN(genLit, 1, 3), 1, 4).Draw(rt, "clauses")
		for _, cl := range clauses {
			for _, p := range perms {
				var ls []*term.Term
				for _, l := range cl {
					ls = append(ls, lit(l, p))
				}
				fs = append(fs, st.Or(ls...))
			}
		}
		// Asymmetric clauses, under the identity only.
		id := perms[0]
		for _, cl := range rapid.SliceOfN(rapid.SliceOfN(genLit, 1, 2), 0, 2).Draw(rt, "asym") {
			var ls []*term.Term
			for _, l := range cl {
				ls = append(ls, lit(l, id))
			}
			fs = append(fs, st.Or(ls...))
		}
		var results [2]smt.Result
		var syms int
		for i, sym := range []bool{false, true} {
			s := smt.New(st, smt.Options{Symmetry: sym})
			for _, a := range fs {
				require.NoError(rt, s.Assert(a))
			}
			r, err := s.Check(context.Background())
			require.NoError(rt, err, s.ReasonUnknown())
			results[i] = r
			if r == smt.Sat {
				for _, a := range fs {
					ok, err := s.Model().EvalBool(a)
					require.NoError(rt, err)
					require.True(rt, ok, "model violates %v", a)
				}
			}
			if sym {
				syms = s.Stats().Symmetry
				// Incremental: the constraints were for that call only.
				r2, err := s.Check(context.Background())
				require.NoError(rt, err)
				require.Equal(rt, r, r2)
			}
		}
		require.Equal(rt, results[0], results[1], "with and without symmetry breaking")
		runs++
		if syms > 0 {
			broken++
		}
	})
	// The generator must exercise the constraints, not only agree
	// without them.
	require.Positive(t, broken, "no run of %d had symmetry constraints", runs)
	t.Logf("%d of %d runs had symmetry constraints", broken, runs)
}

// TestSymmetryBreakingFinds: a formula symmetric in c0..c3 with range
// restrictions gets constraints; breaking the symmetry with one more
// assertion leaves none; a later assertion after a check with them is not
// affected by them (a model pinning f(c0, c0) = c3 exists).
func TestSymmetryBreakingFinds(t *testing.T) {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	f := st.Func("f", []*term.Sort{u, u}, u)
	const n = 4
	c := make([]*term.Term, n)
	for i := range c {
		c[i] = st.Const(fmt.Sprintf("c%d", i), u)
	}
	s := smt.New(st, smt.Options{Symmetry: true})
	var ds []*term.Term
	for i := 0; i < n; i++ {
		ds = append(ds, c[i])
		for j := 0; j < n; j++ {
			x := st.Apply(f, c[i], c[j])
			var eqs []*term.Term
			for r := 0; r < n; r++ {
				eqs = append(eqs, st.Eq(x, c[r]))
			}
			require.NoError(t, s.Assert(st.Or(eqs...)))
		}
	}
	require.NoError(t, s.Assert(st.Distinct(ds...)))
	r, err := s.Check(context.Background())
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	got := s.Stats().Symmetry
	require.Positive(t, got)
	// f(c0, c0) = c3 breaks the symmetry: no new constraints, and sat
	// although the first check's constraints may have excluded it.
	require.NoError(t, s.Assert(st.Eq(st.Apply(f, c[0], c[0]), c[3])))
	require.NoError(t, s.Assert(st.Eq(st.Apply(f, c[1], c[1]), c[3])))
	r, err = s.Check(context.Background())
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	require.Equal(t, got, s.Stats().Symmetry)
}

// TestSymmetryNotUnderAssumptions: symmetry breaking stays out of a
// check with assumptions, whose unsat core must be unsat with the
// assertions alone (g(d) ≠ a would be a "core" under the constraint
// g(d) = a), and applies to the same formula asserted.
func TestSymmetryNotUnderAssumptions(t *testing.T) {
	st := term.NewStore()
	u, v := st.UninterpretedSort("U"), st.UninterpretedSort("V")
	g := st.Func("g", []*term.Sort{v}, u)
	cs := []*term.Term{st.Const("a", u), st.Const("b", u), st.Const("c", u)}
	x := st.Apply(g, st.Const("d", v))
	var eqs, nots []*term.Term
	for _, c := range cs {
		eqs = append(eqs, st.Eq(x, c))
		nots = append(nots, st.Not(st.Eq(x, c)))
	}
	hard := st.And(st.Or(eqs...), st.Not(st.Eq(cs[0], cs[1])), st.Not(st.Eq(cs[1], cs[2])), st.Not(st.Eq(cs[0], cs[2])))

	s := smt.New(st, smt.Options{Symmetry: true})
	require.NoError(t, s.Assert(hard))
	r, err := s.Check(context.Background(), nots...)
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	require.Zero(t, s.Stats().Symmetry, "symmetry breaking under assumptions")
	again := smt.New(st, smt.Options{})
	require.NoError(t, again.Assert(hard))
	r, err = again.Check(context.Background(), s.UnsatCore()...)
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r, "the core %v is not unsat with the assertions", s.UnsatCore())

	s = smt.New(st, smt.Options{Symmetry: true})
	require.NoError(t, s.Assert(st.And(hard, st.And(nots...))))
	r, err = s.Check(context.Background())
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	require.Positive(t, s.Stats().Symmetry, "no symmetry found in the asserted formula")
}
