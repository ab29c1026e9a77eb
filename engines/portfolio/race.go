package portfolio

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
)

// An Engine is a portfolio: engines that run concurrently, each on its
// own clone of the system (chc.System.Clone: its own term store), sharing
// one context. The first answer that the referee of the context accepts
// wins (chc.Referee; without one, the answer whose witness checks on the
// system given); the others are then cancelled and awaited. The solve
// pipeline's referee checks on the input system, after translation back
// through preprocessing.
type Engine struct {
	Members []Member
	// Options are the shared settings the members were built with; their
	// GracePeriod is how long the race waits for members that do not stop
	// once it is over.
	Options chc.Options
	// BitVec, when set, is the portfolio Solve runs instead on a system
	// with a bit-vector sort (Bit-vectors).
	BitVec *Engine
	// Datatype, when set, is the portfolio Solve runs instead on a
	// system over datatypes without bit-vectors (Datatypes).
	Datatype *Engine
}

// A Member is one engine of a portfolio.
type Member struct {
	Name   string
	Engine chc.Engine
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

// Solve races the members on s; see Engine. A decisive answer is the
// one the referee accepted, its witness as the referee gave it.
func (p *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	if p.BitVec != nil && hasBitVec(s) { // Bit-vectors
		return p.BitVec.Solve(ctx, s)
	}
	if p.Datatype != nil && hasSort(s, (*term.Sort).IsDatatype) { // Datatypes
		return p.Datatype.Solve(ctx, s)
	}
	accept := chc.RefereeOf(ctx)
	if accept == nil {
		accept = func(res chc.Result) chc.Result {
			if err := witness.CheckResult(ctx, s, res); err != nil {
				if ctx.Err() != nil {
					return chc.NoAnswer(chc.Cause(ctx))
				}
				return chc.NoAnswer(chc.Internal("%s witness failed its check: %v", res.Answer, err))
			}
			return res
		}
	}
	grace := p.Options.GracePeriod(ctx)
	run := ctx
	type outcome struct {
		i       int
		res     chc.Result
		clone   *chc.System
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
			res := chc.NoAnswer(chc.Internal("the engine returned nothing"))
			if m.Delay > 0 {
				t := time.NewTimer(m.Delay)
				select {
				case <-t.C:
				case <-sub.Done():
					t.Stop()
					out <- outcome{i, chc.NoAnswer(chc.Cause(sub)), c, 0}
					return
				}
			}
			defer func() {
				if r := recover(); r != nil {
					res = chc.NoAnswer(chc.Internal("%s: panic: %v\n%s", m.Name, r, debug.Stack()))
				}
				out <- outcome{i, res, c, time.Since(start)}
			}()
			res = m.Engine.Solve(sub, c)
		}()
	}

	var (
		win      *chc.Result
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
		if r.Answer != chc.Unknown {
			r = accept(s.WitnessFrom(o.clone, o.res))
		}
		if r.Answer == chc.Unknown {
			reasons = append(reasons, fmt.Sprintf("%s: %v", name, r.Reason))
			internal = internal || errors.Is(r.Reason, chc.ErrInternal)
			continue
		}
		stats := o.res.Stats
		r.Stats = append(stats, chc.Stat{Name: "portfolio.winner", Value: name})
		win = &r
		cancelAll()
	}
	var stats []chc.Stat
	for i, m := range p.Members {
		stats = append(stats, chc.Stat{Name: "portfolio." + m.Name + "-time", Value: times[i]})
	}
	if win != nil {
		win.Stats = append(win.Stats, stats...)
		return *win
	}
	res := chc.NoAnswer(chc.Incomplete("%s", strings.Join(reasons, "; ")))
	switch c := chc.Cause(run); {
	case internal:
		res.Reason = chc.Internal("%s", strings.Join(reasons, "; "))
	case c != nil:
		res.Reason = fmt.Errorf("%w (%s)", c, strings.Join(reasons, "; "))
	}
	res.Stats = stats
	return res
}

// Specialised reports whether the portfolio runs members of its own on s
// (BitVecMembers on bit-vectors, DatatypeMembers on datatypes): the
// systems on which, measured, it answers more than Spacer alone even on
// two cores (see engines.DefaultForSystem).
func Specialised(s *chc.System) bool {
	return hasBitVec(s) || hasSort(s, (*term.Sort).IsDatatype)
}

// hasBitVec reports whether a predicate or a clause variable of s has a
// bit-vector sort, or an array sort over one (Bit-vectors).
func hasBitVec(s *chc.System) bool { return hasSort(s, (*term.Sort).IsBitVec) }

// hasSort reports whether a predicate or a clause variable of s has a
// sort that is, or an array sort over one that is, of the kind kind.
func hasSort(s *chc.System, kind func(*term.Sort) bool) bool {
	var bv func(srt *term.Sort) bool
	bv = func(srt *term.Sort) bool {
		if kind(srt) {
			return true
		}
		for _, p := range srt.Params() {
			if bv(p) {
				return true
			}
		}
		return false
	}
	for _, p := range s.Preds {
		for _, x := range p.Params {
			if bv(x.Sort()) {
				return true
			}
		}
	}
	for _, c := range s.Clauses {
		for _, x := range c.Vars {
			if bv(x.Sort()) {
				return true
			}
		}
	}
	return false
}
