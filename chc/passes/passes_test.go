package passes_test

import (
	"context"
	"errors"
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

// The domain of the random systems: BruteCHC is exact on them.
const lo, hi = 0, 2

// pipeline is passes.Default as one Pass.
type pipeline struct{}

func (pipeline) Name() string { return "pipeline" }
func (pipeline) Apply(ctx context.Context, s *chc.System) (*chc.System, passes.Translator, error) {
	return passes.Preprocess(ctx, s, passes.Default()...)
}

func allPasses() []passes.Pass {
	return []passes.Pass{passes.Simplify{}, passes.EliminateLocals{}, passes.MergeFacts{}, passes.RemoveUnreachable{}, passes.Inline{}, passes.RemoveUnusedArgs{}, passes.InlineIntoQueries{}, pipeline{}}
}

// brute is fuzz.BruteCHC, skipping the case when the system is too large
// to enumerate.
func brute(t *rapid.T, s *chc.System) *fuzz.CHCAnswer {
	res, err := fuzz.BruteCHC(s, lo, hi)
	if errors.Is(err, fuzz.ErrTooLarge) {
		t.Skip("too large to enumerate")
	}
	require.NoError(t, err)
	return res
}

// translatedWitness checks that the brute-force witness r of a pass's
// output, translated back by tr, is a witness of the input s.
func translatedWitness(t *rapid.T, s *chc.System, tr passes.Translator, r *fuzz.CHCAnswer) {
	ctx := context.Background()
	switch r.Answer {
	case chc.Sat:
		m, err := tr.Model(ctx, r.Model)
		require.NoError(t, err)
		require.NoError(t, witness.CheckModel(ctx, s, m), "translated model")
	case chc.Unsat:
		d, err := tr.Derivation(ctx, r.Derivation)
		require.NoError(t, err)
		require.NoError(t, witness.CheckDerivation(ctx, s, d), "translated derivation")
	}
}

// TestPassesPreserveAnswersAndWitnesses checks every pass alone and the
// default pipeline on random systems: the input is unchanged, the answer
// (by brute force) is preserved, and the brute-force witness of the new
// system, translated back, is a valid witness on the original system.
func TestPassesPreserveAnswersAndWitnesses(t *testing.T) {
	ctx := context.Background()
	for _, p := range allPasses() {
		t.Run(p.Name(), func(t *testing.T) {
			fuzz.Check(t, 500, func(t *rapid.T) {
				st := term.NewStore()
				s := fuzz.CHCSystem(st, lo, hi).Draw(t, "system")
				before := s.String()
				t.Logf("system:\n%s", before)
				r0 := brute(t, s)
				out, tr, err := p.Apply(context.Background(), s)
				require.NoError(t, err)
				require.Equal(t, before, s.String(), "the pass changed its input")
				t.Logf("after %s:\n%s", p.Name(), out)
				wellFormed(t, out)
				r1 := brute(t, out)
				require.Equal(t, r0.Answer, r1.Answer, "answer changed")
				switch r1.Answer {
				case chc.Sat:
					require.NoError(t, witness.CheckModel(ctx, out, r1.Model), "brute-force model of the new system")
				case chc.Unsat:
					require.NoError(t, witness.CheckDerivation(ctx, out, r1.Derivation), "brute-force derivation of the new system")
				}
				translatedWitness(t, s, tr, r1)
			})
		})
	}
}

// wellFormed checks that s is a normalised system: predicates numbered by
// their index, atoms of its own predicates with arguments that are
// distinct clause variables of the parameters' sorts, constraints over the
// clause variables.
func wellFormed(t require.TestingT, s *chc.System) {
	own := map[*chc.Pred]bool{}
	for i, p := range s.Preds {
		require.Equal(t, i, p.ID, "ID of %s", p.Name())
		require.Len(t, p.Func.Domain(), p.Arity())
		own[p] = true
	}
	for i, c := range s.Clauses {
		vars := map[*term.Term]bool{}
		for _, v := range c.Vars {
			require.False(t, vars[v], "clause %d: variable %s twice", i, v.Name())
			vars[v] = true
		}
		seen := map[*term.Term]bool{}
		atom := func(a *chc.Atom) {
			require.True(t, own[a.Pred], "clause %d: predicate %s not in the system", i, a.Pred.Name())
			require.Len(t, a.Args, a.Pred.Arity())
			for k, x := range a.Args {
				require.True(t, vars[x], "clause %d: argument %s not a clause variable", i, x)
				require.False(t, seen[x], "clause %d: argument %s twice", i, x)
				require.Equal(t, a.Pred.Params[k].Sort(), x.Sort())
				seen[x] = true
			}
		}
		if c.Head != nil {
			atom(c.Head)
		}
		for j := range c.Body {
			atom(&c.Body[j])
		}
		for _, x := range term.FreeConsts(c.Constraint) {
			require.True(t, vars[x], "clause %d: constant %s of the constraint not a clause variable", i, x.Name())
		}
	}
}

// TestWitnessMutationsRejected checks that the checkers reject broken
// witnesses: the least model without one of its tuples breaks the clause
// that derived it, and a derivation with a value out of the domain breaks
// that variable's bounds.
func TestWitnessMutationsRejected(t *testing.T) {
	ctx := context.Background()
	fuzz.Check(t, 500, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystem(st, lo, hi).Draw(t, "system")
		r := brute(t, s)
		switch r.Answer {
		case chc.Sat:
			require.NoError(t, witness.CheckModel(ctx, s, r.Model))
			var preds []*chc.Pred
			for _, p := range s.Preds {
				if len(r.Tuples[p]) > 0 {
					preds = append(preds, p)
				}
			}
			if len(preds) == 0 {
				return
			}
			p := rapid.SampledFrom(preds).Draw(t, "pred")
			k := rapid.IntRange(0, len(r.Tuples[p])-1).Draw(t, "tuple")
			tuples := map[*chc.Pred][][]*term.Term{}
			for q, ts := range r.Tuples {
				tuples[q] = ts
			}
			tuples[p] = append(append([][]*term.Term(nil), ts(r, p)[:k]...), ts(r, p)[k+1:]...)
			err := witness.CheckModel(ctx, s, fuzz.TuplesModel(s, tuples))
			var ce *chc.ClauseError
			require.ErrorAs(t, err, &ce, "the least model without one tuple")
		case chc.Unsat:
			require.NoError(t, witness.CheckDerivation(context.Background(), s, r.Derivation))
			var nodes []*chc.Node
			var walk func(n *chc.Node)
			walk = func(n *chc.Node) {
				for i, v := range n.Clause.Vars {
					if v.Sort().IsInt() {
						_ = i
						nodes = append(nodes, n)
						break
					}
				}
				for _, ch := range n.Children {
					walk(ch)
				}
			}
			walk(r.Derivation)
			if len(nodes) == 0 {
				return
			}
			n := rapid.SampledFrom(nodes).Draw(t, "node")
			var ints []int
			for i, v := range n.Clause.Vars {
				if v.Sort().IsInt() {
					ints = append(ints, i)
				}
			}
			i := rapid.SampledFrom(ints).Draw(t, "var")
			old := n.Values[i]
			n.Values = append([]*term.Term(nil), n.Values...)
			n.Values[i] = st.Int(hi + 1)
			err := witness.CheckDerivation(context.Background(), s, r.Derivation)
			require.Error(t, err, "value %s of %s changed from %s", n.Values[i], n.Clause.Vars[i].Name(), old)
		}
	})
}

func ts(r *fuzz.CHCAnswer, p *chc.Pred) [][]*term.Term { return r.Tuples[p] }

// TestPipelineDeterministic checks that the pipeline gives the same system
// on the same input read into two fresh stores.
func TestPipelineDeterministic(t *testing.T) {
	fuzz.Check(t, 200, func(t *rapid.T) {
		text := fuzz.CHCSystemUnbounded(term.NewStore()).Draw(t, "system").String()
		var outs []string
		for range 2 {
			s, _, err := chc.Read("test.smt2", strings.NewReader(text), term.NewStore())
			require.NoError(t, err)
			out, _, err := passes.Preprocess(context.Background(), s, passes.Default()...)
			require.NoError(t, err)
			outs = append(outs, out.String())
		}
		require.Equal(t, outs[0], outs[1])
	})
}

// withCopies is s with the head arguments of every clause renamed to
// fresh variables that the constraint copies from the old ones, x' = x
// (the clauses of straight-line code that pass a state on unchanged):
// Simplify reads such copies apart (peelCopies).
func withCopies(s *chc.System) *chc.System {
	st := s.St
	out := &chc.System{St: st, Preds: s.Preds}
	for _, c := range s.Clauses {
		nc := *c
		if c.Head != nil {
			parts := []*term.Term{c.Constraint}
			h := chc.Atom{Pred: c.Head.Pred}
			nc.Vars = append([]*term.Term(nil), c.Vars...)
			for _, x := range c.Head.Args {
				y := st.Fresh(x.Name(), x.Sort())
				nc.Vars = append(nc.Vars, y)
				h.Args = append(h.Args, y)
				parts = append(parts, st.Eq(y, x))
			}
			nc.Head = &h
			nc.Constraint = chc.Conj(st, parts)
		}
		out.Clauses = append(out.Clauses, &nc)
	}
	return out
}

// TestSimplifyCopies checks Simplify on random systems whose clauses copy
// their head arguments (withCopies): the answer is preserved and the
// witnesses translate back.
func TestSimplifyCopies(t *testing.T) {
	ctx := context.Background()
	fuzz.Check(t, 500, func(t *rapid.T) {
		st := term.NewStore()
		s := withCopies(fuzz.CHCSystem(st, lo, hi).Draw(t, "system"))
		t.Logf("system:\n%s", s)
		r0 := brute(t, s)
		for _, ps := range [][]passes.Pass{{passes.Simplify{}}, passes.Default()} {
			out, tr, err := passes.Preprocess(ctx, s, ps...)
			require.NoError(t, err)
			wellFormed(t, out)
			r1 := brute(t, out)
			require.Equal(t, r0.Answer, r1.Answer, "answer changed")
			translatedWitness(t, s, tr, r1)
		}
	})
}
