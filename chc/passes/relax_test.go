package passes_test

import (
	"context"
	"slices"
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

// withPassedOn is s with some head arguments of its clauses with a body
// passed on unchanged from a body atom, drawn: head argument x becomes a
// fresh variable y with the copy y = b for an argument b of the body of
// x's sort (x stays, a local variable of the constraint). Two head
// arguments may copy one b; a clause of several body atoms may copy
// from each. Simplify{Relax: true} takes such copies out.
func withPassedOn(t *rapid.T, s *chc.System) *chc.System {
	st := s.St
	out := &chc.System{St: st, Preds: s.Preds}
	for _, c := range s.Clauses {
		nc := *c
		if c.Head != nil && len(c.Body) > 0 {
			var from []*term.Term
			for j := range c.Body {
				from = append(from, c.Body[j].Args...)
			}
			parts := []*term.Term{c.Constraint}
			h := chc.Atom{Pred: c.Head.Pred, Args: append([]*term.Term(nil), c.Head.Args...)}
			nc.Vars = append([]*term.Term(nil), c.Vars...)
			for i, x := range c.Head.Args {
				var same []*term.Term
				for _, b := range from {
					if b.Sort() == x.Sort() {
						same = append(same, b)
					}
				}
				if len(same) == 0 || !rapid.Bool().Draw(t, "copy") {
					continue
				}
				b := same[rapid.IntRange(0, len(same)-1).Draw(t, "from")]
				y := st.Fresh(x.Name(), x.Sort())
				nc.Vars = append(nc.Vars, y)
				h.Args[i] = y
				parts = append(parts, st.Eq(y, b))
			}
			nc.Head = &h
			nc.Constraint = chc.Conj(st, parts)
		}
		out.Clauses = append(out.Clauses, &nc)
	}
	return out
}

// TestRelaxedForm checks the relaxed clause form on random systems whose
// clauses pass head arguments on from their bodies (withPassedOn): after
// Simplify{Relax: true} alone, with Inline after it, and in Default, the
// output is in the strict normal form, the answer is the input's, and
// the translated witness holds on the input.
func TestRelaxedForm(t *testing.T) {
	ctx := context.Background()
	shared := 0
	fuzz.Check(t, 500, func(t *rapid.T) {
		st := term.NewStore()
		s := withPassedOn(t, fuzz.CHCSystem(st, lo, hi).Draw(t, "system"))
		require.NoError(t, chc.CheckNormal(chc.NewBudget(ctx), s))
		t.Logf("system:\n%s", s)
		relaxed, _, err := passes.Simplify{Relax: true}.Apply(ctx, s)
		require.NoError(t, err)
		if relaxed.Relaxed {
			shared++
		}
		r0 := brute(t, s)
		for _, ps := range [][]passes.Pass{
			{passes.Simplify{Relax: true}},
			{passes.Simplify{Relax: true}, passes.Inline{}},
			{passes.Simplify{Relax: true}, passes.EliminateLocals{}, passes.MergeFacts{}, passes.RemoveUnreachable{}, passes.Inline{}, passes.Inline{}},
			passes.Default(),
		} {
			out, tr, err := passes.Preprocess(ctx, s, ps...)
			require.NoError(t, err)
			require.False(t, out.Relaxed)
			wellFormed(t, out)
			require.NoError(t, chc.CheckNormal(chc.NewBudget(ctx), out))
			r1 := brute(t, out)
			require.Equal(t, r0.Answer, r1.Answer, "answer changed")
			translatedWitness(t, s, tr, r1)
		}
	})
	if shared == 0 {
		t.Fatal("no drawn system had a clause in the relaxed form")
	}
}

// TestRelaxedCanonicalVars: the clauses Simplify{Relax: true} rewrites
// (relaxClause orders the variables of those it relaxes itself) have
// their variables in the canonical order, every one an atom's argument
// or a free constant of the constraint.
func TestRelaxedCanonicalVars(t *testing.T) {
	ctx := context.Background()
	relaxed := 0
	fuzz.Check(t, 300, func(t *rapid.T) {
		s := withPassedOn(t, fuzz.CHCSystem(term.NewStore(), lo, hi).Draw(t, "system"))
		out, _, err := passes.Simplify{Relax: true}.Apply(ctx, s)
		require.NoError(t, err)
		if out.Relaxed {
			relaxed++
		}
		for _, c := range out.Clauses {
			if !slices.Contains(s.Clauses, c) {
				require.True(t, passes.CanonicalVars(c), "clause %v: variables %v", c, c.Vars)
			}
		}
	})
	if relaxed == 0 {
		t.Fatal("no drawn system was relaxed")
	}
}

// TestRelaxedFormRejected: a pass that takes the strict form only
// (BitVecToInt) refuses a system in the relaxed one, and Restrict gives
// the strict one.
func TestRelaxedFormRejected(t *testing.T) {
	ctx := context.Background()
	fuzz.Check(t, 200, func(t *rapid.T) {
		s := withPassedOn(t, fuzz.CHCSystem(term.NewStore(), lo, hi).Draw(t, "system"))
		relaxed, _, err := passes.Simplify{Relax: true}.Apply(ctx, s)
		require.NoError(t, err)
		if !relaxed.Relaxed {
			t.Skip("nothing relaxed")
		}
		_, _, err = passes.BitVecToInt{}.Apply(ctx, relaxed)
		require.Error(t, err)
		strict, _, err := passes.Restrict{}.Apply(ctx, relaxed)
		require.NoError(t, err)
		require.False(t, strict.Relaxed)
		require.NoError(t, chc.CheckNormal(chc.NewBudget(ctx), strict))
	})
}

// TestRelaxedInlineKeepsValues: inlining a definition that gives its head
// argument a value into a clause in the relaxed form whose occurrence
// shares that argument with the head keeps the value as a conjunct (the
// variable stays, an argument of the head): p(y) → q(y) with p = {1} and
// a query q(0) is sat.
func TestRelaxedInlineKeepsValues(t *testing.T) {
	const text = `(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun r (Int) Bool)
(declare-fun q (Int Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (p x))))
(assert (forall ((x Int)) (=> (= x 2) (r x))))
(assert (forall ((y Int) (w Int)) (=> (and (p y) (r w)) (q y w))))
(assert (forall ((z Int) (w Int)) (=> (and (q z w) (or (= z 0) (= w 0))) false)))
(assert (forall ((z Int) (w Int)) (=> (and (q z w) (= z 1) (= w 2)) (q w z))))
(assert (forall ((z Int) (w Int)) (=> (and (q z w) (= z 2) (= w 1)) (q z w))))
`
	ctx := context.Background()
	for _, ps := range [][]passes.Pass{
		{passes.Simplify{Relax: true}, passes.Inline{}},
		passes.Default(),
	} {
		s, _, err := chc.Read("values", strings.NewReader(text), term.NewStore())
		require.NoError(t, err)
		out, tr, err := passes.Preprocess(ctx, s, ps...)
		require.NoError(t, err)
		require.NoError(t, chc.CheckNormal(chc.NewBudget(ctx), out))
		r, err := fuzz.BruteCHC(out, 0, 2)
		require.NoError(t, err)
		require.Equal(t, chc.Sat, r.Answer, "preprocessed:\n%s", out)
		m, err := tr.Model(ctx, r.Model)
		require.NoError(t, err)
		require.NoError(t, witness.CheckModel(ctx, s, m))
	}
}

// TestRestrictSharedCopies: Restrict gives the copies of every clause
// variables of its own (in no clause of its input, each once per clause),
// shared by the clauses, so that the pass makes as many variables as its
// largest clause needs; the strict system has the relaxed one's answer,
// and the witness translated back holds on it.
func TestRestrictSharedCopies(t *testing.T) {
	ctx := context.Background()
	shared := 0
	fuzz.Check(t, 300, func(t *rapid.T) {
		s := withPassedOn(t, fuzz.CHCSystem(term.NewStore(), lo, hi).Draw(t, "system"))
		relaxed, _, err := passes.Simplify{Relax: true}.Apply(ctx, s)
		require.NoError(t, err)
		if !relaxed.Relaxed {
			t.Skip("nothing relaxed")
		}
		strict, tr, err := passes.Restrict{}.Apply(ctx, relaxed)
		require.NoError(t, err)
		require.NoError(t, chc.CheckNormal(chc.NewBudget(ctx), strict))
		old := map[*term.Term]bool{}
		for _, c := range relaxed.Clauses {
			for _, x := range c.Vars {
				old[x] = true
			}
		}
		// per new variable, the clauses that have it; most per clause
		uses := map[*term.Term]int{}
		copies, most := 0, 0
		for _, c := range strict.Clauses {
			n := 0
			for _, x := range c.Vars {
				if !old[x] {
					uses[x]++
					n++
				}
			}
			copies += n
			most = max(most, n)
		}
		require.LessOrEqual(t, len(uses), copies)
		if len(uses) < copies {
			shared++
		}
		perSort := map[*term.Sort]int{}
		for x := range uses {
			perSort[x.Sort()]++
		}
		total := 0
		for _, n := range perSort {
			total += n
		}
		require.LessOrEqual(t, total, most*len(perSort), "more variables than the largest clause needs")
		r0, r1 := brute(t, relaxed), brute(t, strict)
		require.Equal(t, r0.Answer, r1.Answer, "answer changed")
		translatedWitness(t, relaxed, tr, r1)
	})
	if shared == 0 {
		t.Fatal("no drawn system had two clauses with copies")
	}
}
