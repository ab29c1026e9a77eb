package spacer

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
)

// lemmaSrc has an invariant that takes a few levels to find: x and y step
// together from 0, z counts down from 10 to 0.
const lemmaSrc = `(set-logic HORN)
(declare-fun inv (Int Int Int) Bool)
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (= x 0) (= y 0) (= z 10)) (inv x y z))))
(assert (forall ((x Int) (y Int) (z Int) (x1 Int) (y1 Int) (z1 Int))
  (=> (and (inv x y z) (> z 0) (= x1 (+ x 1)) (= y1 (+ y 1)) (= z1 (- z 1))) (inv x1 y1 z1))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (inv x y z) (not (= x y))) false)))
(check-sat)`

func readLemmaSrc(t *testing.T, src string) *chc.System {
	t.Helper()
	sys, _, err := chc.Read("lemmas.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return sys
}

func stat(res chc.Result, name string) int {
	for _, s := range res.Stats {
		if s.Name == name {
			return s.Value.(int)
		}
	}
	return -1
}

// TestSolveWithLemmasReuse: a second run seeded with the first run's
// lemmas answers the same, with a checked model, in fewer solver checks.
func TestSolveWithLemmasReuse(t *testing.T) {
	sys := readLemmaSrc(t, lemmaSrc)
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	en := New(Options{})
	first, lemmas := en.SolveWithLemmas(ctx, sys, nil)
	require.Equal(t, chc.Sat, first.Answer, "%v", first.Reason)
	require.NoError(t, witness.CheckResult(ctx, sys, first))
	require.NotEmpty(t, lemmas)
	for _, lm := range lemmas {
		require.Same(t, sys.Preds[0], lm.Pred)
		require.NoError(t, onlyParams(lm.Formula, lm.Pred))
	}

	second, again := en.SolveWithLemmas(ctx, sys, lemmas)
	require.Equal(t, chc.Sat, second.Answer, "%v", second.Reason)
	require.NoError(t, witness.CheckResult(ctx, sys, second))
	require.Less(t, stat(second, "spacer.smt-checks"), stat(first, "spacer.smt-checks"))
	require.NotEmpty(t, again)
}

// TestSolveWithLemmasQueryChange: lemmas learned for one query are facts
// about the other clauses, so they seed a run with another query.
func TestSolveWithLemmasQueryChange(t *testing.T) {
	sys := readLemmaSrc(t, lemmaSrc)
	ctx := context.Background()
	en := New(Options{})
	_, lemmas := en.SolveWithLemmas(ctx, sys, nil)

	// the same clauses, with the query z < 0 instead of x != y, read into
	// the same store: its predicate has parameters of its own
	other, _, err := chc.Read("other.smt2", strings.NewReader(strings.Replace(lemmaSrc, "(not (= x y))", "(< z 0)", 1)), sys.St)
	require.NoError(t, err)
	moved := make([]PredLemma, len(lemmas))
	for i, lm := range lemmas {
		p := other.Preds[lm.Pred.ID]
		moved[i] = PredLemma{Pred: p, Level: lm.Level, Formula: sys.St.Substitute(lm.Formula, lm.Pred.Params, p.Params)}
	}
	res, _ := en.SolveWithLemmas(ctx, other, moved)
	require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
	require.NoError(t, witness.CheckResult(ctx, other, res))
}

// TestSolveWithLemmasWrongSeed: a wrong seed never makes a wrong checked
// answer: on the unsafe counter, the lemma x <= -1 blocks every
// counterexample and the model built on it fails its check.
func TestSolveWithLemmasWrongSeed(t *testing.T) {
	sys := readLemmaSrc(t, strings.Replace(lemmaSrc, "(not (= x y))", "(= x 5)", 1))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p := sys.Preds[0]
	wrong := PredLemma{Pred: p, Level: Inductive, Formula: sys.St.Le(p.Params[0], sys.St.Int(-1))}
	res, _ := New(Options{}).SolveWithLemmas(ctx, sys, []PredLemma{wrong})
	if res.Answer == chc.Sat {
		require.Error(t, witness.CheckResult(ctx, sys, res), "a model built on a wrong lemma passed its check")
	}
	// through pipeline.Solve the answer is never sat
	piped := pipeline.Solve(ctx, sys, seeded{New(Options{}), []PredLemma{wrong}}, chc.Options{NoPreprocess: true})
	require.NotEqual(t, chc.Sat, piped.Answer)

	// without the seed: unsat
	res, _ = New(Options{}).SolveWithLemmas(ctx, sys, nil)
	require.Equal(t, chc.Unsat, res.Answer)
}

type seeded struct {
	en   *Engine
	seed []PredLemma
}

func (s seeded) Solve(ctx context.Context, sys *chc.System) chc.Result {
	res, _ := s.en.SolveWithLemmas(ctx, sys, s.seed)
	return res
}

// TestSolveWithLemmasBadSeed: a seed of another system's predicate, or
// over other constants, is refused as a caller's bug.
func TestSolveWithLemmasBadSeed(t *testing.T) {
	sys := readLemmaSrc(t, lemmaSrc)
	other := readLemmaSrc(t, lemmaSrc)
	st := sys.St
	p := sys.Preds[0]
	for _, seed := range []PredLemma{
		{Pred: other.Preds[0], Level: Inductive, Formula: other.St.True()},
		{Pred: p, Level: Inductive, Formula: st.Le(st.Const("stranger", term.IntSort), st.Int(0))},
		{Pred: p, Level: -7, Formula: st.True()},
		{Pred: p, Level: 0, Formula: p.Params[0]},
	} {
		res, _ := New(Options{}).SolveWithLemmas(context.Background(), sys, []PredLemma{seed})
		require.Equal(t, chc.Unknown, res.Answer)
		require.ErrorIs(t, res.Reason, chc.ErrInternal)
	}
}
