package chc

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"
)

// A Portfolio is an engine made of engines that run concurrently, each on
// its own clone of the system (System.Clone: its own term store), sharing
// one context. The first answer whose witness checks wins; the others are
// then cancelled and awaited. Through Solve, "checks" means on the input
// system, after translation back through preprocessing; a Portfolio
// called directly checks on the system it is given.
type Portfolio struct {
	Members []Member
}

// A Member is one engine of a portfolio.
type Member struct {
	Name   string
	Engine Engine
	// Share bounds the member's time to this fraction of what remains of
	// ctx's deadline when the race starts (0: no bound of its own).
	Share float64
	// Without bounds the member's time when ctx has no deadline (0: no
	// bound).
	Without time.Duration
	// Delay holds the member back this long after the race starts: a
	// member that an earlier one usually beats on easy systems then costs
	// them nothing (0: start at once).
	Delay time.Duration
}

// Solve races the members on s; see Portfolio.
func (p *Portfolio) Solve(ctx context.Context, s *System) Result {
	return p.race(ctx, s, time.Second, func(res Result) Result {
		if err := CheckResult(ctx, s, res); err != nil {
			if ctx.Err() != nil {
				return NoAnswer(Cause(ctx))
			}
			return NoAnswer(Internal("%s witness failed its check: %v", res.Answer, err))
		}
		return res
	})
}

// race runs the members concurrently on clones of s. accept maps a
// decisive answer (its witness already moved to s's store) to the result
// to give, Unknown when the witness is rejected. Members still running
// grace after the winner cancelled them are left behind.
func (p *Portfolio) race(ctx context.Context, s *System, grace time.Duration, accept func(Result) Result) Result {
	run := ctx
	type outcome struct {
		i       int
		res     Result
		clone   *System
		elapsed time.Duration
	}
	ctx, cancelAll := context.WithCancel(ctx)
	defer cancelAll()
	out := make(chan outcome, len(p.Members))
	dl, hasDeadline := ctx.Deadline()
	for i, m := range p.Members {
		c := s.Clone()
		sub, cancel := ctx, context.CancelFunc(func() {})
		switch {
		case hasDeadline && m.Share > 0:
			sub, cancel = context.WithTimeout(ctx, time.Duration(float64(time.Until(dl))*m.Share))
		case !hasDeadline && m.Without > 0:
			sub, cancel = context.WithTimeout(ctx, m.Without)
		}
		go func() {
			defer cancel()
			start := time.Now()
			res := NoAnswer(Internal("the engine returned nothing"))
			if m.Delay > 0 {
				t := time.NewTimer(m.Delay)
				select {
				case <-t.C:
				case <-sub.Done():
					t.Stop()
					out <- outcome{i, NoAnswer(Cause(sub)), c, 0}
					return
				}
			}
			defer func() {
				if r := recover(); r != nil {
					res = NoAnswer(Internal("%s: panic: %v\n%s", m.Name, r, debug.Stack()))
				}
				out <- outcome{i, res, c, time.Since(start)}
			}()
			res = m.Engine.Solve(sub, c)
		}()
	}

	var (
		win      *Result
		reasons  []string
		internal bool
		times    = make([]time.Duration, len(p.Members))
		timer    <-chan time.Time
	)
	for pending := len(p.Members); pending > 0; {
		var o outcome
		select {
		case o = <-out:
		case <-ctx.Done():
			if timer == nil {
				t := time.NewTimer(grace)
				defer t.Stop()
				timer = t.C
			}
			select {
			case o = <-out:
			case <-timer:
				reasons = append(reasons, fmt.Sprintf("%d members did not stop in time", pending))
				pending = 0
				continue
			}
		}
		pending--
		times[o.i] = o.elapsed
		name := p.Members[o.i].Name
		if win != nil {
			continue
		}
		r := o.res
		if r.Answer != Unknown {
			r = accept(s.witnessFrom(o.clone, o.res))
		}
		if r.Answer == Unknown {
			reasons = append(reasons, fmt.Sprintf("%s: %v", name, r.Reason))
			internal = internal || errors.Is(r.Reason, ErrInternal)
			continue
		}
		stats := o.res.Stats
		r.Stats = append(stats, Stat{"portfolio.winner", name})
		win = &r
		cancelAll()
	}
	var stats []Stat
	for i, m := range p.Members {
		stats = append(stats, Stat{"portfolio." + m.Name + "-time", times[i]})
	}
	if win != nil {
		win.Stats = append(win.Stats, stats...)
		return *win
	}
	res := NoAnswer(Incomplete("%s", strings.Join(reasons, "; ")))
	switch c := Cause(run); {
	case internal:
		res.Reason = Internal("%s", strings.Join(reasons, "; "))
	case c != nil:
		res.Reason = fmt.Errorf("%w (%s)", c, strings.Join(reasons, "; "))
	}
	res.Stats = stats
	return res
}
