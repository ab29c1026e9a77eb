package portfolio

import (
	"context"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/stretchr/testify/require"
)

// waiting answers Unknown when its context ends, recording how long it had.
type waiting struct{ had time.Duration }

func (w *waiting) Solve(ctx context.Context, s *chc.System) chc.Result {
	start := time.Now()
	<-ctx.Done()
	w.had = time.Since(start)
	return chc.Result{Answer: chc.Unknown, Reason: chc.Reason(ctx)}
}

type answering struct{ ran bool }

func (a *answering) Solve(ctx context.Context, s *chc.System) chc.Result {
	a.ran = true
	return chc.Result{Answer: chc.Unsat}
}

func TestSlices(t *testing.T) {
	w, a := &waiting{}, &answering{}
	e := &Engine{Slices: []Slice{{Name: "w", Engine: w, Share: 0.2}, {Name: "a", Engine: a}}}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	res := e.Solve(ctx, &chc.System{})
	require.Equal(t, chc.Unsat, res.Answer)
	require.True(t, a.ran)
	require.InDelta(t, 100*time.Millisecond, w.had, float64(60*time.Millisecond))
	require.Equal(t, chc.Stat{Name: "portfolio.answered-by", Value: "a"}, res.Stats[len(res.Stats)-1])

	// Without a deadline, Without bounds the slice.
	w2, a2 := &waiting{}, &answering{}
	e = &Engine{Slices: []Slice{{Name: "w", Engine: w2, Without: 50 * time.Millisecond}, {Name: "a", Engine: a2}}}
	require.Equal(t, chc.Unsat, e.Solve(context.Background(), &chc.System{}).Answer)
	require.True(t, a2.ran)

	// The last slice gets what remains, then the answer is unknown.
	w3, w4 := &waiting{}, &waiting{}
	e = &Engine{Slices: []Slice{{Name: "w3", Engine: w3, Share: 0.5}, {Name: "w4", Engine: w4}}}
	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res = e.Solve(ctx, &chc.System{})
	require.Equal(t, chc.Unknown, res.Answer)
	require.Equal(t, "timeout", res.Reason)
	require.Greater(t, w4.had, 50*time.Millisecond)
}
