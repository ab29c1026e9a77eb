package smt_test

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

func TestRefutationErrors(t *testing.T) {
	st := term.NewStore()
	p := st.Const("p", term.BoolSort)
	ctx := context.Background()

	s := smt.New(st, smt.Options{})
	require.NoError(t, s.Assert(p))
	require.NoError(t, s.Assert(st.Not(p)))
	r, err := s.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	_, err = s.Refutation()
	require.ErrorIs(t, err, smt.ErrNoProof) // proofs off

	s = smt.New(st, smt.Options{Proofs: true})
	require.NoError(t, s.AssertPart(p, 0))
	r, _ = s.Check(ctx)
	require.Equal(t, smt.Sat, r)
	_, err = s.Refutation()
	require.ErrorIs(t, err, smt.ErrNoProof) // not unsat
	r, _ = s.Check(ctx, st.Not(p))
	require.Equal(t, smt.Unsat, r)
	_, err = s.Refutation()
	require.ErrorIs(t, err, smt.ErrNoProof) // under assumptions
	require.Error(t, s.AssertPart(p, -1))
	require.Error(t, s.AssertPart(p, smt.MaxParts))
}

// TestRefutationLRA walks a refutation of two partitions over the reals:
// input clauses carry their partition, the empty clause is reached, every
// variable of a clause has a term, and the arithmetic lemmas have Farkas
// certificates whose sums cancel.
func TestRefutationLRA(t *testing.T) {
	st := term.NewStore()
	x, y, z := st.Const("x", term.RealSort), st.Const("y", term.RealSort), st.Const("z", term.RealSort)
	q := st.Const("q", term.BoolSort)
	two := st.Real(num.NewRat(2, 1))
	A := st.And(st.Le(x, y), st.Or(q, st.Le(st.Mul(two, y), st.Mul(two, z))), st.Implies(q, st.Lt(y, z)))
	B := st.Lt(z, x)
	s := smt.New(st, smt.Options{Proofs: true})
	require.NoError(t, s.AssertPart(A, 0))
	require.NoError(t, s.AssertPart(B, 1))
	r, err := s.Check(context.Background())
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	ref, err := s.Refutation()
	require.NoError(t, err)
	require.Empty(t, ref.Clause(ref.Final()))
	parts := map[int]int{}
	certs := 0
	for id := sat.ClauseID(1); int(id) <= ref.Len(); id++ {
		switch ref.Kind(id) {
		case sat.KindInput:
			parts[ref.Part(id)]++
		case sat.KindLemma:
			if steps, ok := ref.Farkas(id); ok {
				certs++
				for _, step := range steps {
					require.Positive(t, step.Coeff.Sign())
					require.NotNil(t, ref.LitTerm(step.Lit))
				}
			}
		}
		for _, m := range ref.Clause(id) {
			require.NotNil(t, ref.Term(m.Var()), "clause %d", id)
		}
	}
	require.Positive(t, parts[0])
	require.Positive(t, parts[1])
	require.Positive(t, certs)
}
