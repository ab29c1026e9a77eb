package pipeline_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

const counterSrc = `(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (< x 10) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 10)) false)))
`

func readSys(t *testing.T, src string) *chc.System {
	t.Helper()
	sys, _, err := chc.Read("t.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return sys
}

// invariant answers sat with x <= 10 for every predicate of arity 1, built
// in the store of the system it is given.
type invariant struct{ delay time.Duration }

func (e invariant) Solve(ctx context.Context, s *chc.System) chc.Result {
	time.Sleep(e.delay)
	m := chc.Model{}
	for _, p := range s.Preds {
		m[p] = s.St.Le(p.Params[0], s.St.Int(10))
	}
	return chc.Result{Answer: chc.Sat, Model: m, Stats: []chc.Stat{{Name: "invariant.runs", Value: 1}}}
}

// wrong answers sat with the model false, which fails the fact.
type wrong struct{}

func (wrong) Solve(ctx context.Context, s *chc.System) chc.Result {
	return chc.Result{Answer: chc.Sat, Model: chc.Model{}}
}

type panicking struct{}

func (panicking) Solve(ctx context.Context, s *chc.System) chc.Result { panic("boom") }
