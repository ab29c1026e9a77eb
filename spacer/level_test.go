package spacer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestLevelLiterals: a lemma of level k is active in the frames f <= k and
// only there; an inductive lemma in every frame; a core names the lowest
// level it used.
func TestLevelLiterals(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
(assert (forall ((x Int) (y Int)) (=> (and (p x) (= y (+ x 1))) (p y))))
(assert (forall ((x Int)) (=> (and (p x) (> x 100)) false)))
(check-sat)`
	st := term.NewStore()
	sys, _, err := chc.Read("t.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	e := newEngine(context.Background(), Options{}, sys)
	require.NoError(t, e.build())
	p := e.preds[0]
	x := p.params[0]
	step := p.heads[1] // p(y) <- p(x), y = x + 1
	require.Len(t, step.body, 1)
	bodyArg := step.c.Body[0].Args[0]
	big := st.Gt(bodyArg, st.Int(5))
	require.NoError(t, e.addLemma(p, []*term.Term{st.Gt(x, st.Int(5))}, 2))
	for f := 0; f <= 4; f++ {
		sat, err := e.check(step, append(e.frame(nil, f), big))
		require.NoError(t, err)
		require.Equal(t, f > 2, sat, "frame %d", f)
		if !sat {
			require.Equal(t, 2, e.coreLevel(step.sv.UnsatCore()), "frame %d", f)
		}
	}
	// pushing the lemma to level 3 activates it in frame 3
	require.NoError(t, e.addLemma(p, []*term.Term{st.Gt(x, st.Int(5))}, 3))
	sat, err := e.check(step, append(e.frame(nil, 3), big))
	require.NoError(t, err)
	require.False(t, sat)
	require.Equal(t, 3, e.coreLevel(step.sv.UnsatCore()))
	// an inductive lemma is active everywhere and its core has no level
	small := st.Lt(bodyArg, st.Int(-5))
	require.NoError(t, e.addLemma(p, []*term.Term{st.Lt(x, st.Int(-5))}, infLevel))
	sat, err = e.check(step, append(e.frame(nil, 7), small))
	require.NoError(t, err)
	require.False(t, sat)
	require.Equal(t, infLevel, e.coreLevel(step.sv.UnsatCore()))
}

// TestDeterministic: the same input gives the same answer, model and
// statistics (times aside).
func TestDeterministic(t *testing.T) {
	for _, tc := range paperExamples[:3] {
		var first string
		for range 3 {
			st := term.NewStore()
			sys, _, err := chc.Read("t.smt2", strings.NewReader(tc.src), st)
			require.NoError(t, err)
			res := New(Options{}).Solve(context.Background(), sys)
			var b strings.Builder
			b.WriteString(res.Answer.String())
			if res.Answer == chc.Sat {
				require.NoError(t, chc.WriteModel(&b, sys, res.Model))
			}
			for _, s := range res.Stats {
				if !strings.HasSuffix(s.Name, "-time") {
					fmt.Fprintf(&b, "%s=%v;", s.Name, s.Value)
				}
			}
			if first == "" {
				first = b.String()
			}
			require.Equal(t, first, b.String(), tc.name)
		}
	}
}

// TestCancel: a canceled context gives Unknown with the reason.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st := term.NewStore()
	sys, _, err := chc.Read("t.smt2", strings.NewReader(handwritten[0].src), st)
	require.NoError(t, err)
	res := pipeline.Solve(ctx, sys, New(Options{}), chc.Options{})
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrCanceled)
}

// TestMemoryBound: past the heap bound the answer is Unknown "memory"; a
// diverging system (x + k·y, which z3 does not solve either) runs long
// enough to meet the check.
func TestMemoryBound(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun inv (Real Real) Bool)
(assert (forall ((x Real) (y Real)) (=> (and (= x 0.0) (= y 1.0)) (inv x y))))
(assert (forall ((x Real) (y Real) (x1 Real) (y1 Real)) (=> (and (inv x y) (= x1 (+ x y)) (= y1 (+ y 0.5))) (inv x1 y1))))
(assert (forall ((x Real) (y Real)) (=> (and (inv x y) (< x 0.0)) false)))
(check-sat)`
	st := term.NewStore()
	sys, _, err := chc.Read("t.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	res := pipeline.Solve(ctx, sys, New(Options{}), chc.Options{MemoryMB: 1})
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrMemory)
}
