package sat

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// checkFailed verifies an Unsat answer under assumptions: the failed set
// is a subset of the assumptions and is itself unsatisfiable with the
// clauses.
func checkFailed(t tb, s *Solver, n int, clauses [][]Lit, assumptions []Lit) {
	t.Helper()
	failed := s.Failed(nil)
	for _, f := range failed {
		found := false
		for _, a := range assumptions {
			if a == f {
				found = true
			}
		}
		if !found {
			t.Fatalf("failed assumption %v is not an assumption %v", f, assumptions)
		}
	}
	if bruteSat(n, clauses, failed) {
		t.Fatalf("clauses with failed assumptions %v are satisfiable", failed)
	}
}

// TestRandomAgainstBruteForce compares Solve with enumeration on random
// formulas of up to 20 variables, under random assumptions, with each
// restart policy, checking models and failed-assumption sets.
func TestRandomAgainstBruteForce(t *testing.T) {
	for _, restarts := range []Restarts{RestartGlucose, RestartLuby, RestartMixed} {
		t.Run(restarts.String(), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				n := rapid.IntRange(1, 20).Draw(t, "n")
				cs := genCNF(t, n)
				na := rapid.IntRange(0, 4).Draw(t, "nassumptions")
				as := make([]Lit, na)
				for i := range as {
					as[i] = genLit(t, n, "a")
				}
				s := New(Options{Restarts: restarts})
				for _, c := range cs {
					s.AddClause(c...)
				}
				checkSolve(t, s, n, cs, as, "")
			})
		})
	}
}

// TestIncremental interleaves clause additions and Solve calls under
// assumptions on one solver, checking each answer.
func TestIncremental(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(3, 16).Draw(t, "n")
		s := New(Options{Proof: rapid.Bool().Draw(t, "proof")})
		var cs [][]Lit
		steps := rapid.IntRange(1, 8).Draw(t, "steps")
		for step := 0; step < steps; step++ {
			more := genCNF(t, n)
			if len(more) > 3*n/2 {
				more = more[:3*n/2]
			}
			for _, c := range more {
				s.AddClause(c...)
			}
			cs = append(cs, more...)
			as := make([]Lit, rapid.IntRange(0, 3).Draw(t, "na"))
			for i := range as {
				as[i] = genLit(t, n, "a")
			}
			checkSolve(t, s, n, cs, as, fmt.Sprintf("step %d: ", step))
		}
	})
}

// TestActivationLiterals is the Spacer pattern: many lemmas guarded by
// activation literals, solved under their guards, then retired with a
// permanent unit, which simplification removes.
func TestActivationLiterals(t *testing.T) {
	const n = 30
	s := New(Options{})
	base := randomCNF(7, n, 90, 3)
	for _, c := range base {
		s.AddClause(c...)
	}
	require.Equal(t, Sat, solve(s))
	all := append([][]Lit(nil), base...)
	for round := 0; round < 200; round++ {
		a := s.NewVar()
		lemma := randomCNF(uint64(round), n, 1, 3)[0]
		guarded := append([]Lit{a.Neg()}, lemma...)
		s.AddClause(guarded...)
		all = append(all, guarded)
		res := solve(s, a.Pos())
		if res == Sat {
			checkModel(t, s, all, []Lit{a.Pos()})
		} else {
			require.Equal(t, Unsat, res)
			require.Equal(t, []Lit{a.Pos()}, s.Failed(nil))
		}
		s.AddClause(a.Neg()) // retire the guard
		all = append(all, []Lit{a.Neg()})
	}
	before := s.Stats().Clauses
	require.True(t, s.Simplify())
	after := s.Stats().Clauses
	require.Less(t, after, before, "retired lemmas are removed")
	require.LessOrEqual(t, after, len(base))
	require.Equal(t, Sat, solve(s))
	checkModel(t, s, all, nil)
}

func TestEmptyAndTrivial(t *testing.T) {
	s := New(Options{})
	require.Equal(t, Sat, solve(s))
	v := s.NewVar()
	require.Equal(t, Sat, solve(s, v.Pos()))
	require.True(t, s.Value(v.Pos()))
	require.Equal(t, Sat, solve(s, v.Neg()))
	require.False(t, s.Value(v.Pos()))
	require.Equal(t, Unsat, solve(s, v.Pos(), v.Neg()))
	require.ElementsMatch(t, []Lit{v.Pos(), v.Neg()}, s.Failed(nil))
	s.AddClause(v.Pos())
	require.Equal(t, Unsat, solve(s, v.Neg()))
	require.Equal(t, []Lit{v.Neg()}, s.Failed(nil))
	s.AddClause()
	require.False(t, s.Okay())
	require.Equal(t, Unsat, solve(s))
	require.Empty(t, s.Failed(nil))
}

// pigeonhole returns the clauses saying n+1 pigeons fit in n holes.
func pigeonhole(n int) [][]Lit {
	x := func(p, h int) Lit { return Var(p*n + h + 1).Pos() }
	var cs [][]Lit
	for p := 0; p <= n; p++ {
		c := []Lit{}
		for h := 0; h < n; h++ {
			c = append(c, x(p, h))
		}
		cs = append(cs, c)
	}
	for h := 0; h < n; h++ {
		for p := 0; p <= n; p++ {
			for q := p + 1; q <= n; q++ {
				cs = append(cs, []Lit{x(p, h).Not(), x(q, h).Not()})
			}
		}
	}
	return cs
}

func TestBudgetsAndCancel(t *testing.T) {
	cs := pigeonhole(9)
	s := New(Options{})
	for _, c := range cs {
		s.AddClause(c...)
	}
	s.SetBudget(100, 0)
	require.Equal(t, Unknown, solve(s))
	c1 := s.Stats().Conflicts
	require.GreaterOrEqual(t, c1, uint64(100))
	s.SetBudget(0, 5000)
	require.Equal(t, Unknown, solve(s))
	s.SetBudget(0, 0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.Equal(t, Unknown, s.Solve(ctx, nil))
	// The solver is still usable afterwards.
	s2 := New(Options{})
	for _, c := range pigeonhole(5) {
		s2.AddClause(c...)
	}
	require.Equal(t, Unsat, solve(s2))
}

// TestDeterministic checks that equal runs give equal statistics.
func TestDeterministic(t *testing.T) {
	run := func() Stats {
		s := New(Options{})
		for _, c := range randomCNF(3, 150, 640, 3) {
			s.AddClause(c...)
		}
		solve(s)
		return s.Stats()
	}
	a, b := run(), run()
	require.Equal(t, a, b)
	require.NotZero(t, a.Conflicts)
}

// TestMediumRandom runs formulas large enough to exercise reduceDB, gc and
// restarts, checking models, with both restart policies.
func TestMediumRandom(t *testing.T) {
	for _, restarts := range []Restarts{RestartGlucose, RestartLuby, RestartMixed} {
		for seed := uint64(0); seed < 6; seed++ {
			t.Run(fmt.Sprintf("%v/%d", restarts, seed), func(t *testing.T) {
				cs := randomCNF(seed, 120, 510, 3)
				s := New(Options{Restarts: restarts})
				for _, c := range cs {
					s.AddClause(c...)
				}
				if solve(s) == Sat {
					checkModel(t, s, cs, nil)
				}
			})
		}
	}
}

func TestLuby(t *testing.T) {
	want := []uint64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		require.Equal(t, w, luby(i+1), "luby(%d)", i+1)
	}
}

func TestLitEncoding(t *testing.T) {
	v := Var(5)
	require.Equal(t, Lit(10), v.Pos())
	require.Equal(t, Lit(11), v.Neg())
	require.Equal(t, v.Neg(), v.Pos().Not())
	require.Equal(t, v, v.Neg().Var())
	require.Equal(t, -5, v.Neg().Dimacs())
	require.Equal(t, v.Neg(), Dimacs(-5))
	require.Equal(t, "-5", v.Neg().String())
	require.Equal(t, "sat", Sat.String())
	require.Equal(t, "unsat", Unsat.String())
	require.Equal(t, "unknown", Unknown.String())
	require.Equal(t, "false", False.String())
}

// TestReduceAndGC runs long enough for reduceDB and gc to relocate
// clauses, with proof logging on, and checks the refutation.
func TestReduceAndGC(t *testing.T) {
	s := New(Options{Proof: true})
	for _, c := range randomCNF(11, 200, 900, 3) {
		s.AddClause(c...)
	}
	require.Equal(t, Unsat, solve(s))
	st := s.Stats()
	require.Positive(t, st.Reductions)
	require.Positive(t, st.GCs)
	p := s.Proof()
	checkProof(t, p, p.Final(), func(id ClauseID) { require.Equal(t, KindInput, p.Kind(id)) })
}

// TestActivationProofs is the activation-literal pattern with proof
// logging: every Unsat answer under a guard has a valid final clause.
func TestActivationProofs(t *testing.T) {
	const n = 25
	s := New(Options{Proof: true})
	for _, c := range randomCNF(5, n, 95, 3) {
		s.AddClause(c...)
	}
	unsat := 0
	for round := 0; round < 60 && s.Okay(); round++ {
		a := s.NewVar()
		lemma := randomCNF(uint64(1000+round), n, 1, 2)[0]
		s.AddClause(append([]Lit{a.Neg()}, lemma...)...)
		if solve(s, a.Pos()) == Unsat {
			unsat++
			p := s.Proof()
			require.Equal(t, clauseSet([]Lit{a.Neg()}), clauseSet(p.Clause(p.Final())))
			checkProof(t, p, p.Final(), func(id ClauseID) { require.Equal(t, KindInput, p.Kind(id)) })
		}
		s.AddClause(a.Neg())
		if round%10 == 0 {
			s.Simplify()
		}
	}
	require.Positive(t, unsat)
}

// TestNoWorkWithoutConflicts guards against database reductions before
// the first conflict (each one sweeps every watch list).
func TestNoWorkWithoutConflicts(t *testing.T) {
	s := New(Options{})
	for i := 1; i < 2000; i++ {
		s.AddClause(Var(i).Pos(), Var(i+1).Neg(), Var(i+2).Pos())
	}
	require.Equal(t, Sat, solve(s))
	st := s.Stats()
	require.Zero(t, st.Conflicts)
	require.Zero(t, st.Reductions)
}

// TestThresholdAgainstBruteForce complements the property tests (whose
// generators favour small formulas) with random 3-SAT at the threshold
// for 14 to 20 variables, under random assumptions.
func TestThresholdAgainstBruteForce(t *testing.T) {
	for n := 14; n <= 20; n++ {
		for seed := uint64(0); seed < 12; seed++ {
			cs := randomCNF(seed*31+uint64(n), n, n*426/100, 3)
			as := randomCNF(seed+1000, n, int(seed%4), 1)
			var assumptions []Lit
			for _, c := range as {
				assumptions = append(assumptions, c[0])
			}
			s := New(Options{Proof: seed%2 == 0})
			for _, c := range cs {
				s.AddClause(c...)
			}
			got := solve(s, assumptions...)
			if want := bruteSat(n, cs, assumptions); want != (got == Sat) {
				t.Fatalf("n=%d seed=%d: Solve = %v, brute force sat = %v", n, seed, got, want)
			}
			if got == Sat {
				checkModel(t, s, cs, assumptions)
			} else {
				checkFailed(t, s, n, cs, assumptions)
			}
		}
	}
}

// TestSetRestarts: switching a fresh solver to Luby restarts runs the
// same search as creating it so, and a switch between solves takes
// effect in the next one (no mode switches under Luby), answers checked.
func TestSetRestarts(t *testing.T) {
	cs := randomCNF(3, 120, 510, 3)
	a, b := New(Options{Restarts: RestartLuby}), New(Options{})
	b.SetRestarts(RestartLuby)
	for _, c := range cs {
		a.AddClause(c...)
		b.AddClause(c...)
	}
	ra, rb := solve(a), solve(b)
	require.Equal(t, ra, rb)
	require.Equal(t, a.Stats(), b.Stats())
	require.NotZero(t, a.Stats().Restarts)

	s := New(Options{})
	for _, c := range cs[:400] {
		s.AddClause(c...)
	}
	if solve(s) == Sat {
		checkModel(t, s, cs[:400], nil)
	}
	s.SetRestarts(RestartLuby)
	for _, c := range cs[400:] {
		s.AddClause(c...)
	}
	switches := s.Stats().ModeSwitches
	if r := solve(s); r == Sat {
		checkModel(t, s, cs, nil)
	} else {
		require.Equal(t, ra, r)
	}
	require.Equal(t, switches, s.Stats().ModeSwitches)
}
