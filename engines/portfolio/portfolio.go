// Package portfolio runs several CHC engines one after the other on the
// same system, each in a slice of the time, and answers with the first
// that decides. Engines share one term store, which is not safe for
// concurrent use, so the slices are sequential.
package portfolio

import (
	"context"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// A Slice is one engine of the portfolio and its share of the time.
type Slice struct {
	Name   string
	Engine chc.Engine
	// Share is the fraction of the remaining time the engine gets when
	// ctx has a deadline; the last slice gets all that remains.
	Share float64
	// Without is the engine's time when ctx has no deadline (0: all).
	Without time.Duration
}

// Engine is a portfolio.
type Engine struct {
	Slices []Slice
}

// Solve runs the slices in order until one answers Sat or Unsat.
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	var stats []chc.Stat
	var reasons string
	for i, sl := range e.Slices {
		if ctx.Err() != nil {
			break
		}
		sub, cancel := ctx, context.CancelFunc(func() {})
		if i < len(e.Slices)-1 {
			if dl, ok := ctx.Deadline(); ok {
				sub, cancel = context.WithTimeout(ctx, time.Duration(float64(time.Until(dl))*sl.Share))
			} else if sl.Without > 0 {
				sub, cancel = context.WithTimeout(ctx, sl.Without)
			}
		}
		start := time.Now()
		res := sl.Engine.Solve(sub, s)
		cancel()
		for _, st := range res.Stats {
			stats = append(stats, chc.Stat{Name: st.Name, Value: st.Value})
		}
		stats = append(stats, chc.Stat{Name: "portfolio." + sl.Name + "-time", Value: time.Since(start).Round(time.Millisecond)})
		if res.Answer != chc.Unknown {
			res.Stats = append(stats, chc.Stat{Name: "portfolio.answered-by", Value: sl.Name})
			return res
		}
		reasons += fmt.Sprintf("%s: %s; ", sl.Name, res.Reason)
	}
	reason := chc.Reason(ctx)
	if ctx.Err() == nil {
		reason = reasons
	}
	return chc.Result{Answer: chc.Unknown, Reason: reason, Stats: stats}
}
