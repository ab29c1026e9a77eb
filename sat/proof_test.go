package sat

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// clauseSet returns lits sorted and without duplicates.
func clauseSet(lits []Lit) []Lit {
	c := append([]Lit{}, lits...)
	slices.Sort(c)
	return slices.Compact(c)
}

// resolve returns the resolvent of a and b on their single clashing
// variable, or an error if they clash on zero or several variables.
func resolve(a, b []Lit) ([]Lit, error) {
	clash := 0
	var pivot Var
	for _, m := range a {
		if slices.Contains(b, m.Not()) {
			clash++
			pivot = m.Var()
		}
	}
	if clash != 1 {
		return nil, fmt.Errorf("%v and %v clash on %d variables", a, b, clash)
	}
	var r []Lit
	for _, m := range append(slices.Clone(a), b...) {
		if m.Var() != pivot {
			r = append(r, m)
		}
	}
	return clauseSet(r), nil
}

// checkProof replays, for every derived clause reachable from root, its
// resolution chain, and checks that it ends in the clause's literals.
// leaf is called for every input or lemma leaf reached.
func checkProof(t tb, p *Proof, root ClauseID, leaf func(ClauseID)) {
	t.Helper()
	require.NotZero(t, root, "no final clause")
	done := make(map[ClauseID]bool)
	stack := []ClauseID{root}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if done[id] {
			continue
		}
		done[id] = true
		if p.Kind(id) != KindDerived {
			require.Empty(t, p.Chain(id))
			leaf(id)
			continue
		}
		chain := p.Chain(id)
		want := clauseSet(p.Clause(id))
		if len(chain) == 0 {
			// Only a tautology may lack a derivation.
			taut := false
			for _, m := range want {
				taut = taut || slices.Contains(want, m.Not())
			}
			require.True(t, taut, "derived clause %d %v has no chain", id, want)
			continue
		}
		for _, c := range chain {
			require.Less(t, c, id, "chain of %d refers forward", id)
			require.NotZero(t, c)
			stack = append(stack, c)
		}
		res := clauseSet(p.Clause(chain[0]))
		for _, c := range chain[1:] {
			var err error
			res, err = resolve(res, clauseSet(p.Clause(c)))
			require.NoError(t, err, "clause %d, chain %v", id, chain)
		}
		require.Equal(t, want, res, "chain of clause %d ends elsewhere", id)
	}
}

// TestProofChains checks resolution proofs of random unsatisfiable
// formulas: the final clause is empty, every chain replays, and every leaf
// is an input clause with its tag.
func TestProofChains(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(5, 40).Draw(t, "n")
		seed := rapid.Uint64().Draw(t, "seed")
		cs := randomCNF(seed, n, n*5, 3)
		// A few units and binaries exercise level-0 folding.
		for i := 0; i < rapid.IntRange(0, 3).Draw(t, "extra"); i++ {
			cs = append(cs, randomCNF(seed+uint64(i)+1, n, 1, 1+i%2)[0])
		}
		s := New(Options{Proof: true})
		ids := map[ClauseID]int{}
		for i, c := range cs {
			ids[s.AddClauseTagged(uint32(i), c...)] = i
		}
		res := solve(s)
		p := s.Proof()
		if res == Sat {
			require.Zero(t, p.Final())
			return
		}
		require.Equal(t, Unsat, res)
		require.Empty(t, p.Clause(p.Final()))
		checkProof(t, p, p.Final(), func(id ClauseID) {
			require.Equal(t, KindInput, p.Kind(id))
			i, ok := ids[id]
			require.True(t, ok, "leaf %d is not an input", id)
			require.Equal(t, uint32(i), p.Tag(id))
			require.Equal(t, clauseSet(cs[i]), clauseSet(p.Clause(id)))
		})
	})
}

// TestProofUnderAssumptions checks the final clause under assumptions: it
// is the clause of the negated failed assumptions, derived by resolution.
func TestProofUnderAssumptions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(5, 30).Draw(t, "n")
		seed := rapid.Uint64().Draw(t, "seed")
		cs := randomCNF(seed, n, n*4, 3)
		s := New(Options{Proof: true})
		for _, c := range cs {
			s.AddClause(c...)
		}
		// Several solves under assumptions on one solver.
		for round := 0; round < 4; round++ {
			as := make([]Lit, rapid.IntRange(1, 6).Draw(t, "na"))
			for i := range as {
				as[i] = genLit(t, n, "a")
			}
			res := solve(s, as...)
			p := s.Proof()
			if res == Sat {
				checkModel(t, s, cs, as)
				continue
			}
			failed := s.Failed(nil)
			var neg []Lit
			for _, f := range failed {
				neg = append(neg, f.Not())
			}
			require.Equal(t, clauseSet(neg), clauseSet(p.Clause(p.Final())))
			checkProof(t, p, p.Final(), func(id ClauseID) {
				require.Equal(t, KindInput, p.Kind(id))
			})
			if !s.Okay() {
				return
			}
		}
	})
}

func TestProofPigeonhole(t *testing.T) {
	s := New(Options{Proof: true})
	for _, c := range pigeonhole(6) {
		s.AddClause(c...)
	}
	require.Equal(t, Unsat, solve(s))
	p := s.Proof()
	leaves := 0
	checkProof(t, p, p.Final(), func(ClauseID) { leaves++ })
	require.Positive(t, leaves)
}

// TestProofOffIsFree checks that proof logging does not change the search.
func TestProofOffIsFree(t *testing.T) {
	run := func(opts Options) Stats {
		s := New(opts)
		for _, c := range pigeonhole(7) {
			s.AddClause(c...)
		}
		require.Equal(t, Unsat, solve(s))
		st := s.Stats()
		st.GCs = 0 // proof ids take arena words, so compactions differ
		return st
	}
	var buf bytes.Buffer
	off, on, drat := run(Options{}), run(Options{Proof: true}), run(Options{DRAT: &buf})
	require.Equal(t, off, on)
	require.Equal(t, off, drat)
	require.Positive(t, buf.Len())
}

// checkDRAT verifies a DRAT proof with a naive RUP checker: every added
// clause must follow from the current clauses by unit propagation, and
// the proof must add the empty clause.
func checkDRAT(t tb, cs [][]Lit, proof string) {
	t.Helper()
	db := make([][]Lit, 0, len(cs))
	for _, c := range cs {
		db = append(db, clauseSet(c))
	}
	rup := func(c []Lit) bool {
		val := map[Lit]bool{}
		for _, m := range c {
			val[m.Not()] = true
		}
		for changed := true; changed; {
			changed = false
			for _, d := range db {
				if d == nil {
					continue
				}
				unassigned, nfree := LitNull, 0
				sat := false
				for _, m := range d {
					if val[m] {
						sat = true
						break
					}
					if !val[m.Not()] {
						unassigned = m
						nfree++
					}
				}
				if sat {
					continue
				}
				if nfree == 0 {
					return true
				}
				if nfree == 1 {
					val[unassigned] = true
					changed = true
				}
			}
		}
		return false
	}
	sc := bufio.NewScanner(strings.NewReader(proof))
	empty := false
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		del := len(f) > 0 && f[0] == "d"
		if del {
			f = f[1:]
		}
		require.Equal(t, "0", f[len(f)-1])
		var c []Lit
		for _, x := range f[:len(f)-1] {
			d, err := strconv.Atoi(x)
			require.NoError(t, err)
			c = append(c, Dimacs(d))
		}
		c = clauseSet(c)
		if del {
			for i, d := range db {
				if d != nil && slices.Equal(d, c) {
					db[i] = nil
					break
				}
			}
			continue
		}
		require.True(t, rup(c), "DRAT lemma %v is not RUP", c)
		db = append(db, c)
		if len(c) == 0 {
			empty = true
		}
	}
	require.True(t, empty, "no empty clause in the DRAT proof")
}

func TestDRAT(t *testing.T) {
	for seed := uint64(0); seed < 8; seed++ {
		cs := randomCNF(seed, 40, 210, 3)
		var buf bytes.Buffer
		s := New(Options{DRAT: &buf})
		for _, c := range cs {
			s.AddClause(c...)
		}
		if solve(s) != Unsat {
			continue
		}
		require.NoError(t, s.DRATErr())
		checkDRAT(t, cs, buf.String())
	}
}

// unitLemmaTheory adds the unit lemma [x] the first time it sees ¬x:
// a lemma false at level 0 in the round that propagated ¬x.
type unitLemmaTheory struct {
	s    *Solver
	x    Var
	done bool
}

func (th *unitLemmaTheory) Assign(m Lit) {
	if m == th.x.Neg() && !th.done {
		th.done = true
		th.s.AddLemma(th.x.Pos())
	}
}
func (th *unitLemmaTheory) Propagate(dst []Lit) []Lit      { return dst }
func (th *unitLemmaTheory) Explain(dst []Lit, _ Lit) []Lit { return dst }
func (th *unitLemmaTheory) Backtrack(int)                  {}
func (th *unitLemmaTheory) FinalCheck(dst []Lit) []Lit     { return dst }

// TestProofUnitLemmaAgainstRoot: a theory's unit lemma whose literal was
// made false at level 0 in the same propagation round gets a chain with
// the unit of that literal (never clause 0).
func TestProofUnitLemmaAgainstRoot(t *testing.T) {
	s := New(Options{Proof: true})
	a, x := s.NewVar(), s.NewVar()
	th := &unitLemmaTheory{s: s, x: x}
	s.SetTheory(th)
	s.SetTheoryVar(x)
	s.AddClause(a.Neg(), x.Neg())
	s.AddClause(a.Pos())
	require.Equal(t, Unsat, solve(s))
	p := s.Proof()
	require.Empty(t, p.Clause(p.Final()))
	checkProof(t, p, p.Final(), func(ClauseID) {})
}
