package pdkind

import (
	"context"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/transition"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Options configure an Engine.
type Options struct {
	// MaxN bounds n, the depth up to which the induction frame is known
	// valid; 0 is no bound. Reaching it answers Unknown.
	MaxN int
	// EngineOptions: Verbose gets one progress line per push, Trace one
	// line per lemma of the induction and reachability frames.
	chc.EngineOptions
}

func init() {
	transition.Register(transition.Registration{
		Name:       "pdkind",
		Summary:    "property-directed k-induction (Jovanović, Dutertre) on the transition-system view (linear systems): k-inductive strengthenings learned IC3-style",
		Bound:      "max-n",
		BoundUsage: "bound on the depth n of the induction frame (0: none)",
		New: func(n int, _ bool, out chc.EngineOptions) chc.Engine {
			return New(Options{MaxN: n, EngineOptions: out})
		},
	})
}

// Engine is the PDKind engine.
type Engine struct {
	opts Options
}

// New returns a PDKind engine.
func New(opts Options) *Engine { return &Engine{opts: opts} }

// An obligation is an element of the induction frame: a lemma (over
// Vars) to make k-inductive, and a counterexample it excludes, cex, whose
// states reach a bad state in exactly steps steps.
type obligation struct {
	lemma, cex *term.Term
	steps      int
}

func (o obligation) key() [2]*term.Term { return [2]*term.Term{o.lemma, o.cex} }

// iframe is an induction frame: obligations in order of insertion, a set
// by (lemma, cex).
type iframe struct {
	obs []obligation
	in  map[[2]*term.Term]bool
}

func (f *iframe) add(o obligation) {
	if f.in == nil {
		f.in = map[[2]*term.Term]bool{}
	}
	if !f.in[o.key()] {
		f.in[o.key()] = true
		f.obs = append(f.obs, o)
	}
}

func (f *iframe) remove(o obligation) {
	if !f.in[o.key()] {
		return
	}
	delete(f.in, o.key())
	for i, p := range f.obs {
		if p.key() == o.key() {
			f.obs = append(f.obs[:i], f.obs[i+1:]...)
			return
		}
	}
}

func (f *iframe) equal(g *iframe) bool {
	if len(f.obs) != len(g.obs) {
		return false
	}
	for _, o := range f.obs {
		if !g.in[o.key()] {
			return false
		}
	}
	return true
}

func (f *iframe) lemmas() []*term.Term {
	out := make([]*term.Term, len(f.obs))
	for i, o := range f.obs {
		out[i] = o.lemma
	}
	return out
}

// run is the state of one Solve.
type run struct {
	transition.Run
	e   *Engine
	mbp *mbp.Projector

	init   *smt.Solver // Init, for the reachability queries of 0 steps
	frames []*frame    // the reachability frames R_0, R_1, …

	n, k         int
	pushes       int
	obligations  int
	reachQueries int
	interpolants int
	frameLemmas  int
	itpTime      time.Duration
	kToOne       time.Duration
}

// Solve decides s by PDKind; see the package documentation.
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	r := &run{e: e, Run: transition.NewRun(ctx, "pdkind", e.opts.EngineOptions)}
	return r.Solve(s, r.solve, r.stats)
}

func (r *run) stats() []chc.Stat {
	return []chc.Stat{
		{Name: "pdkind.n", Value: r.n},
		{Name: "pdkind.k", Value: r.k},
		{Name: "pdkind.pushes", Value: r.pushes},
		{Name: "pdkind.obligations", Value: r.obligations},
		{Name: "pdkind.reach-queries", Value: r.reachQueries},
		{Name: "pdkind.reach-frames", Value: len(r.frames)},
		{Name: "pdkind.reach-lemmas", Value: r.frameLemmas},
		{Name: "pdkind.interpolants", Value: r.interpolants},
		{Name: "pdkind.interpolation-time", Value: r.itpTime},
		{Name: "pdkind.to-inductive-time", Value: r.kToOne},
		{Name: "pdkind.time", Value: time.Since(r.Start)},
	}
}

func (r *run) solve(ts *chc.TransitionSystem) chc.Result {
	st := ts.St
	r.mbp = mbp.New(st, mbp.Options{})
	bad, err := transition.StateFormula(r.Ctx, ts, ts.Bad)
	if err != nil {
		return r.Fail(r.Ctx, fmt.Errorf("bad states: %v", err))
	}
	r.init = smt.New(st, smt.Options{})
	if err := r.init.Assert(ts.Init); err != nil {
		return r.Fail(r.Ctx, err)
	}
	res, err := transition.Check(r.Ctx, r.init)
	if err != nil {
		return r.Fail(r.Ctx, err)
	}
	if res == smt.Unsat {
		r.Logf("no initial state")
		r.Tracef("invariant: false")
		return chc.Result{Answer: chc.Sat, Model: ts.Model(st.False())}
	}
	if res, err = transition.Check(r.Ctx, r.init, bad); err != nil {
		return r.Fail(r.Ctx, err)
	}
	if res == smt.Sat {
		return r.counterexample(0)
	}
	F := &iframe{}
	F.add(obligation{lemma: st.Not(bad), cex: bad})
	for {
		if r.e.opts.MaxN > 0 && r.n > r.e.opts.MaxN {
			return chc.NoAnswer(chc.Incomplete("pdkind: bound n = %d reached", r.e.opts.MaxN))
		}
		r.k = r.n + 1
		G, np, steps, err := r.push(F, r.n, r.k)
		if err != nil {
			return r.Fail(r.Ctx, err)
		}
		if steps >= 0 {
			return r.counterexample(steps)
		}
		r.Logf("n %d k %d: %d lemmas, %d pushed, next n %d (%.2fs)", r.n, r.k, len(F.obs), len(G.obs), np, time.Since(r.Start).Seconds())
		if F.equal(G) {
			return r.model(F, r.k)
		}
		r.n, F = np, G
	}
}

// push is the paper's PUSH(F, n, k): every obligation of F is made
// k-inductive relative to F (kept in G), strengthened by an explanation
// of why its counterexample to induction is unreachable, or weakened to
// the negation of its counterexample when that is reachable. It returns
// G, the depth to which G is valid, and the length of a counterexample
// when one was found (else -1). F is changed in place.
func (r *run) push(F *iframe, n, k int) (*iframe, int, int, error) {
	ts, st := r.TS, r.TS.St
	r.pushes++
	queue := append([]obligation(nil), F.obs...)
	G := &iframe{}
	np := n + k
	sv := smt.New(st, smt.Options{})
	var steps []*term.Term
	for i := 0; i < k; i++ {
		steps = append(steps, ts.TransAt(i))
	}
	kT := st.And(steps...)
	if err := sv.Assert(kT); err != nil {
		return nil, 0, -1, err
	}
	for len(queue) > 0 {
		if chc.Cause(r.Ctx) != nil {
			return nil, 0, -1, chc.Cause(r.Ctx)
		}
		ob := queue[0]
		queue = queue[1:]
		r.obligations++
		abs := st.And(F.lemmas()...)
		var hyp []*term.Term
		for i := 0; i < k; i++ {
			hyp = append(hyp, ts.AtState(abs, i))
		}
		restrict := st.And(hyp...)
		notLemma := st.Not(ts.AtState(ob.lemma, k))
		res, err := transition.Check(r.Ctx, sv, restrict, notLemma)
		if err != nil {
			return nil, 0, -1, err
		}
		if res == smt.Unsat {
			G.add(ob)
			continue
		}
		cti := sv.Model()
		cex := ts.AtState(ob.cex, k)
		if res, err = transition.Check(r.Ctx, sv, restrict, cex); err != nil {
			return nil, 0, -1, err
		}
		if res == smt.Sat {
			g, err := r.generalize(sv.Model(), st.And(kT, cex), k)
			if err != nil {
				return nil, 0, -1, err
			}
			gSteps := ob.steps + k
			reach, err := r.checkReachability(n-k+1, n, g)
			if err != nil {
				return nil, 0, -1, err
			}
			if reach.reachable {
				return nil, 0, gSteps + reach.steps, nil
			}
			no := obligation{lemma: reach.expl, cex: g, steps: gSteps}
			r.Tracef("n %d k %d: lemma %s against a counterexample %d steps from bad", n, k, r.Short(no.lemma), gSteps)
			F.add(no)
			queue = append(queue, no, ob)
			continue
		}
		g, err := r.generalize(cti, st.And(kT, notLemma), k)
		if err != nil {
			return nil, 0, -1, err
		}
		reach, err := r.checkReachability(n-k+1, n, g)
		if err != nil {
			return nil, 0, -1, err
		}
		if reach.reachable {
			// The lemma fails within reach.steps + k steps: weaken it to
			// the negation of its counterexample, valid a while longer.
			fails, err := r.checkReachability(n+1, reach.steps+k, st.Not(ob.lemma))
			if err != nil {
				return nil, 0, -1, err
			}
			if !fails.reachable {
				return nil, 0, -1, fmt.Errorf("internal: a counterexample to induction is reachable, the lemma's negation is not")
			}
			if fails.steps < np {
				np = fails.steps
			}
			no := obligation{lemma: st.Not(ob.cex), cex: ob.cex, steps: ob.steps}
			r.Tracef("n %d k %d: lemma weakened to %s", n, k, r.Short(no.lemma))
			F.add(no)
			G.add(no)
			continue
		}
		no := obligation{lemma: st.Simplify(st.And(ob.lemma, reach.expl)), cex: ob.cex, steps: ob.steps}
		r.Tracef("n %d k %d: lemma strengthened to %s", n, k, r.Short(no.lemma))
		F.add(no)
		F.remove(ob)
		queue = append(queue, no)
	}
	return G, np, -1, nil
}

// counterexample answers Unsat with a path of n steps (one bounded query).
func (r *run) counterexample(n int) chc.Result {
	r.Logf("counterexample of %d steps (%.2fs)", n, time.Since(r.Start).Seconds())
	return r.Path(r.Ctx, r.TS, nil, n)
}

// model answers Sat with the frame's lemmas, k-inductive and valid up to
// k-1 steps, made 1-inductive.
func (r *run) model(F *iframe, k int) chc.Result {
	t0 := time.Now()
	defer func() { r.kToOne = time.Since(t0) }()
	P := r.TS.St.And(F.lemmas()...)
	inv, err := transition.ToInductive(r.Ctx, r.TS, P, k)
	if err != nil {
		return r.Fail(r.Ctx, fmt.Errorf("%d-inductive invariant found: %v", k, err))
	}
	r.Tracef("invariant (%d-inductive): %s", k, r.Short(inv))
	return chc.Result{Answer: chc.Sat, Model: r.TS.Model(inv)}
}
