package sat

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestEliminate checks variable elimination against brute force: models
// are extended to satisfy the original clauses, assumptions on frozen
// variables still work, and proofs still replay down to input clauses.
func TestEliminate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 16).Draw(t, "n")
		cs := genCNF(t, n)
		s := New(Options{Proof: true})
		for _, c := range cs {
			s.AddClause(c...)
		}
		frozen := rapid.SliceOfNDistinct(rapid.IntRange(1, n), 0, 3, rapid.ID[int]).Draw(t, "frozen")
		for _, v := range frozen {
			s.Freeze(Var(v))
		}
		s.Eliminate()
		for round := 0; round < 2; round++ {
			var as []Lit
			for _, v := range frozen {
				as = append(as, Var(v).Lit(rapid.Bool().Draw(t, "sign")))
			}
			got := solve(s, as...)
			if want := bruteSat(n, cs, as); want != (got == Sat) {
				t.Fatalf("Solve = %v, brute force sat = %v", got, want)
			}
			if got == Sat {
				checkModel(t, s, cs, as)
				continue
			}
			checkFailed(t, s, n, cs, as)
			p := s.Proof()
			checkProof(t, p, p.Final(), func(id ClauseID) {
				require.Equal(t, KindInput, p.Kind(id))
			})
		}
	})
}

func TestEliminateShrinks(t *testing.T) {
	// A chain of definitions x_i+1 <-> ¬x_i: everything but the frozen
	// ends can go.
	s := New(Options{})
	const n = 50
	var cs [][]Lit
	for i := 1; i < n; i++ {
		a, b := Var(i), Var(i+1)
		cs = append(cs, []Lit{a.Pos(), b.Pos()}, []Lit{a.Neg(), b.Neg()})
	}
	for _, c := range cs {
		s.AddClause(c...)
	}
	s.Freeze(1)
	s.Freeze(n)
	require.True(t, s.Eliminate())
	require.EqualValues(t, n-2, s.Stats().Eliminated)
	require.Equal(t, Sat, solve(s, Var(1).Pos()))
	checkModel(t, s, cs, nil)
	require.Equal(t, Unsat, solve(s, Var(1).Pos(), Var(n).Pos()))
	require.Panics(t, func() { s.AddClause(Var(2).Pos()) })
}

func TestEliminateDRAT(t *testing.T) {
	for seed := uint64(0); seed < 6; seed++ {
		cs := randomCNF(seed, 40, 200, 3)
		cs = append(cs, randomCNF(seed+100, 40, 30, 2)...)
		var buf bytes.Buffer
		s := New(Options{DRAT: &buf})
		for _, c := range cs {
			s.AddClause(c...)
		}
		s.Eliminate()
		if solve(s) == Unsat {
			checkDRAT(t, cs, buf.String())
		} else {
			checkModel(t, s, cs, nil)
		}
	}
}
