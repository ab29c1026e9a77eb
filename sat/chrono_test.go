package sat

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// checkTrail fails t unless the trail obeys the invariants of
// chronological backtracking (chrono.go) at a propagation fixpoint, and
// returns the number of literals out of order (below their segment's
// level).
func (s *Solver) checkTrail(t tb) (outOfOrder int) {
	t.Helper()
	pos := make([]int, len(s.vd))
	seg := 0
	for i, m := range s.trail {
		for seg < len(s.trailLim) && int(s.trailLim[seg]) <= i {
			seg++
		}
		v := m.Var()
		pos[v] = i
		if s.vals[m] != 1 {
			t.Fatalf("trail literal %v is not true", m)
		}
		lvl := int(s.vd[v].level)
		if lvl > seg {
			t.Fatalf("literal %v of level %d in the segment of level %d", m, lvl, seg)
		}
		if lvl < seg {
			outOfOrder++
		}
		if lvl == 0 && seg > 0 {
			t.Fatalf("level-0 literal %v in the segment of level %d", m, seg)
		}
		r := s.vd[v].reason
		if r == crefUndef || r == crefTheory {
			continue
		}
		c := s.lits(r)
		if len(c) > 1 && c[0] != m && c[1] != m {
			t.Fatalf("reason of %v does not hold it first or second: %v", m, c)
		}
		top := 0
		for _, q := range c {
			if q == m {
				continue
			}
			if s.vals[q] != -1 || pos[q.Var()] >= i || s.trail[pos[q.Var()]] != q.Not() {
				t.Fatalf("reason of %v has %v, not false before it", m, q)
			}
			top = max(top, int(s.vd[q.Var()].level))
		}
		if top > lvl {
			t.Fatalf("%v has level %d below its reason's %d", m, lvl, top)
		}
	}
	if s.qhead != len(s.trail) {
		return outOfOrder // not at a fixpoint
	}
	for _, list := range [2][]cref{s.clauses, s.learnts} {
		for _, cr := range list {
			if s.isDeleted(cr) || s.size(cr) == 2 {
				continue
			}
			c := s.lits(cr)
			if s.vals[c[0]] == -1 && s.vals[c[1]] == -1 {
				t.Fatalf("both watched literals of %v are false at a fixpoint", c)
			}
			for _, m := range c[:2] {
				n := 0
				for _, w := range s.watches[m] {
					if w.cref == cr {
						n++
					}
				}
				if n != 1 {
					t.Fatalf("clause %v is on the watch list of %v %d times", c, m, n)
				}
			}
		}
	}
	return outOfOrder
}

// trailChecker is a theory with no atoms that checks the trail at every
// propagation fixpoint the solver reaches.
type trailChecker struct {
	t          tb
	s          *Solver
	outOfOrder int // out-of-order literals seen, summed over the checks
}

func (th *trailChecker) Assign(Lit) {}
func (th *trailChecker) Propagate(dst []Lit) []Lit {
	th.outOfOrder += th.s.checkTrail(th.t)
	return dst
}
func (th *trailChecker) Explain(dst []Lit, m Lit) []Lit { return dst }
func (th *trailChecker) Backtrack(int)                  {}
func (th *trailChecker) FinalCheck(dst []Lit) []Lit {
	th.s.checkTrail(th.t)
	return dst
}

// newChrono returns a solver that backtracks chronologically beyond
// threshold levels (small ones exercise it on small formulas), with the
// trail checked at every fixpoint.
func newChrono(t tb, threshold int, restarts Restarts) *Solver {
	s := New(Options{Restarts: restarts})
	s.chrono = threshold
	s.SetTheory(&trailChecker{t: t, s: s})
	return s
}

// TestChronoAgainstBruteForce: with chronological backtracking beyond 1
// to 3 levels, incremental solves under assumptions with clauses added
// between them answer as enumeration does, with checked models and
// failed-assumption sets, and the trail invariants hold throughout.
//
// Whether a chronological backjump happens depends on the draws (about
// one run in thirty makes none): TestChronoThreshold's fixed instances
// are the ones that must take them.
func TestChronoAgainstBruteForce(t *testing.T) {
	for _, restarts := range []Restarts{RestartGlucose, RestartLuby, RestartMixed} {
		t.Run(restarts.String(), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				n := rapid.IntRange(3, 20).Draw(t, "n")
				s := newChrono(t, rapid.IntRange(1, 3).Draw(t, "threshold"), restarts)
				var cs [][]Lit
				for step := rapid.IntRange(1, 4).Draw(t, "steps"); step > 0; step-- {
					// 3-SAT near the threshold, where backjumps are long,
					// or the generator's mixed sizes.
					more := genCNF(t, n)
					if rapid.Bool().Draw(t, "threshold3sat") {
						m := rapid.IntRange(n*3, n*5).Draw(t, "m") / (1 + len(cs))
						more = randomCNF(rapid.Uint64().Draw(t, "seed"), n, m, min(3, n))
					}
					for _, c := range more {
						s.AddClause(c...)
					}
					cs = append(cs, more...)
					as := make([]Lit, rapid.IntRange(0, 4).Draw(t, "na"))
					for i := range as {
						as[i] = genLit(t, n, "a")
					}
					checkSolve(t, s, n, cs, as, "")
				}
			})
		})
	}
}

// TestChronoThreshold: random 3-SAT at the threshold for 16 to 20
// variables under assumptions, where backjumps are long enough for a
// threshold of 1 to take effect often, answers as enumeration does.
func TestChronoThreshold(t *testing.T) {
	var chrono uint64
	outOfOrder := 0
	for n := 16; n <= 20; n++ {
		for seed := uint64(0); seed < 8; seed++ {
			cs := randomCNF(seed*37+uint64(n), n, n*426/100, 3)
			var as []Lit
			for _, c := range randomCNF(seed+2000, n, int(seed%3), 1) {
				as = append(as, c[0])
			}
			s := newChrono(t, 1, RestartMixed)
			for _, c := range cs {
				s.AddClause(c...)
			}
			got := solve(s, as...)
			if want := bruteSat(n, cs, as); want != (got == Sat) {
				t.Fatalf("n=%d seed=%d: Solve = %v, brute force sat = %v", n, seed, got, want)
			}
			if got == Sat {
				checkModel(t, s, cs, as)
			} else {
				checkFailed(t, s, n, cs, as)
			}
			chrono += s.Stats().Chrono
			outOfOrder += s.theory.(*trailChecker).outOfOrder
		}
	}
	require.Positive(t, chrono)
	require.Positive(t, outOfOrder)
}

// TestChronoXor: the theory hook under chronological backtracking (XOR
// constraints propagated, checked at final check, or split into new
// atoms) answers as enumeration does; the theory's own view, kept by
// scopes, stays equal to the solver's.
func TestChronoXor(t *testing.T) {
	var chrono uint64
	defer func() { require.Positive(t, chrono, "no backjump was chronological") }()
	for _, mode := range []xorMode{xorEager, xorLazy, xorSplit} {
		t.Run([]string{"eager", "lazy", "split"}[mode], func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				n, cs, xors := genXorProblem(rt)
				s := New(Options{})
				s.chrono = rapid.IntRange(1, 2).Draw(rt, "threshold")
				for s.NumVars() < n {
					s.NewVar()
				}
				for _, c := range cs {
					s.AddClause(c...)
				}
				th := newXorTheory(rt, s, mode, xors)
				for round := 0; round < 3; round++ {
					if xorRound(rt, s, n, cs, xors) {
						continue
					}
					if !s.Okay() {
						break
					}
				}
				_ = th
				chrono += s.Stats().Chrono
			})
		})
	}
}

// TestChronoOption: chronological backtracking is on by default and off
// with NoChrono, Proof or DRAT; on and off, a formula deep enough to use
// it gets the same, checked, answer, and off the search never uses it.
func TestChronoOption(t *testing.T) {
	require.Equal(t, chronoLevels, New(Options{}).chrono)
	require.Zero(t, New(Options{NoChrono: true}).chrono)
	require.Zero(t, New(Options{Proof: true}).chrono)
	require.Zero(t, New(Options{DRAT: io.Discard}).chrono)
	for seed := uint64(0); seed < 4; seed++ {
		cs := randomCNF(seed, 150, 639, 3)
		var res [2]Result
		for i, off := range []bool{false, true} {
			s := New(Options{NoChrono: off})
			for _, c := range cs {
				s.AddClause(c...)
			}
			res[i] = s.Solve(context.Background(), nil)
			if res[i] == Sat {
				checkModel(t, s, cs, nil)
			}
			if off {
				require.Zero(t, s.Stats().Chrono)
			}
		}
		require.Equal(t, res[0], res[1], "seed %d", seed)
	}
}
