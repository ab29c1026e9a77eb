package smt_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// The incremental workload of Spacer: one formula asserted once, then many
// checks under changing assumptions. The formula guards 400 difference
// constraints r_i - r_j <= c over 40 Real constants by selectors g_k:
//
//	(=> g_k (<= (- r_i r_j) c_k))          k = 0 .. 399
//
// and each check assumes 200 selector literals (g_k or (not g_k)) drawn
// from the fixed pool of all selectors with a seeded generator; a check
// is unsat when the assumed constraints close a negative cycle.

const (
	asmpReals   = 40
	asmpAtoms   = 400
	asmpAssumed = 200
	asmpChecks  = 1000
	asmpSeed    = 7
)

type asmpProblem struct {
	st        *term.Store
	formula   *term.Term
	selectors []*term.Term
	negated   []*term.Term
	sets      [][]*term.Term // the assumptions of each check
}

func newAsmpProblem(checks int) *asmpProblem {
	st := term.NewStore()
	p := &asmpProblem{st: st}
	rs := make([]*term.Term, asmpReals)
	for i := range rs {
		rs[i] = st.Const(fmt.Sprintf("r%d", i), term.RealSort)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var guards []*term.Term
	for k := range asmpAtoms {
		i, j := rng.IntN(asmpReals), rng.IntN(asmpReals-1)
		if j >= i {
			j++
		}
		c := st.Real(num.NewRat(int64(rng.IntN(21)-3), int64(1+rng.IntN(2))))
		g := st.Const(fmt.Sprintf("g%d", k), term.BoolSort)
		p.selectors = append(p.selectors, g)
		p.negated = append(p.negated, st.Not(g))
		guards = append(guards, st.Implies(g, st.Le(st.Sub(rs[i], rs[j]), c)))
	}
	p.formula = st.And(guards...)
	pick := rand.New(rand.NewPCG(asmpSeed, 0))
	for range checks {
		var set []*term.Term
		for _, k := range pick.Perm(asmpAtoms)[:asmpAssumed] {
			if pick.IntN(2) == 0 {
				set = append(set, p.negated[k])
			} else {
				set = append(set, p.selectors[k])
			}
		}
		p.sets = append(p.sets, set)
	}
	return p
}

// BenchmarkCheckAssumptions times checks under changing assumptions of
// one solver, after one Assert: ns/check is the time per Check.
func BenchmarkCheckAssumptions(b *testing.B) {
	p := newAsmpProblem(asmpChecks)
	s := smt.New(p.st, smt.Options{})
	require.NoError(b, s.Assert(p.formula))
	ctx := context.Background()
	var sat int
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		for _, set := range p.sets {
			r, err := s.Check(ctx, set...)
			if err != nil || r == smt.Unknown {
				b.Fatalf("%v %v", r, err)
			}
			if r == smt.Sat {
				sat++
			}
		}
	}
	elapsed := time.Since(start)
	b.ReportMetric(float64(elapsed.Nanoseconds())/float64(b.N*asmpChecks), "ns/check")
	b.ReportMetric(float64(sat)/float64(b.N*asmpChecks), "sat/check")
}

// TestCheckAssumptionsNoReencoding runs the benchmark's workload and
// checks that no check encodes anything (the theory atoms stay as after
// the first check, and no check builds a term but model values), that the answers are right:
// every model satisfies the formula and the assumptions, every core is a
// subset of the assumptions that a fresh solver finds unsat with the
// formula, and some checks of each kind happen.
func TestCheckAssumptionsNoReencoding(t *testing.T) {
	checks := 150
	if testing.Short() {
		checks = 40
	}
	p := newAsmpProblem(checks)
	st := p.st
	s := smt.New(st, smt.Options{})
	require.NoError(t, s.Assert(p.formula))
	ctx := context.Background()
	atoms := -1
	var sat, unsat int
	for i, set := range p.sets {
		terms := st.NumTerms()
		r, err := s.Check(ctx, set...)
		require.NoError(t, err)
		if i == 0 {
			atoms = s.Stats().Atoms
		}
		require.Equal(t, atoms, s.Stats().Atoms, "check %d added theory atoms", i)
		for id := terms; id < st.NumTerms(); id++ {
			// model values are the only new terms (Eval interns them)
			u := st.Term(uint32(id))
			require.True(t, u.IsValue(), "check %d built the term %v", i, u)
		}
		switch r {
		case smt.Sat:
			sat++
			for _, a := range append([]*term.Term{p.formula}, set...) {
				ok, err := s.Model().EvalBool(a)
				require.NoError(t, err)
				require.True(t, ok, "check %d: the model violates %v", i, a)
			}
		case smt.Unsat:
			unsat++
			core := s.UnsatCore()
			for _, a := range core {
				require.True(t, slices.Contains(set, a), "core element %v not assumed", a)
			}
			if unsat%10 == 1 { // a sample: each costs a fresh solver
				s2 := smt.New(st, smt.Options{})
				require.NoError(t, s2.Assert(p.formula))
				r2, err := s2.Check(ctx, core...)
				require.NoError(t, err)
				require.Equal(t, smt.Unsat, r2, "check %d: the core is satisfiable", i)
			}
		default:
			t.Fatalf("check %d: unknown (%s)", i, s.ReasonUnknown())
		}
	}
	require.Equal(t, checks, s.Stats().Checks)
	require.NotZero(t, sat)
	require.NotZero(t, unsat)
	t.Logf("%d sat, %d unsat; %d atoms, %d conflicts", sat, unsat, atoms, s.Stats().Conflicts)
}
