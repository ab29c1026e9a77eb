package spacer

import (
	"errors"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Houdini's invariants (Options.NoHoudini). From the bound houdiniLevel
// on, candidate invariants are read off the clauses (houdini.Pool:
// the literals of the constraints over a head's arguments, the negated
// query and its weaker forms, x >= 0 and the order of pairs of few
// parameters, carried from heads to bodies through copies) and the
// largest inductive subset of them is computed (houdini.Run). Spacer's
// lemmas are the strongest facts a level needs: the equalities and
// bounds a system keeps unchanged (x = x0 on a copy of an argument, y <=
// n) it learns one level at a time, and a lemma that needs another to be
// inductive is pushed only when both are.
//
// Paid for by Spacer's own work. Houdini's cost grows with its size,
// the candidates over the atoms of all clauses (one solver per clause,
// each candidate of a body atom behind an activation literal): on the
// dev folders' easy files 36-2258, and 0.01-0.4 s. Both are measured in
// work (houdini.SolverWork: the clauses the SAT solvers took and their
// propagations, and houdini.CheckWork per check), which is deterministic
// and follows the time: a check of Houdini's over a thousand candidates
// costs ten of Spacer's over a clause and its lemmas, so counting checks,
// as before, let Houdini cost seven times Spacer's run on rust-horn
// bmc-1 (51662 work units against 7466; 96 ms of 131). At the bound
// houdiniLevel the candidates are read (once) and Houdini waits until
// Spacer has done houdiniWorkPerCand work per candidate; a try may then
// bring Houdini's work, all tries together, up to Spacer's
// (houdiniShare), and when that runs out the next waits until Spacer's
// work has grown by half and goes on where the last stopped
// (houdini.Runner keeps its clause solvers and the candidates alive), up
// to houdiniMaxChecks checks in all. The files it wins (rsolv, s_split_07
// and the llreve arrays strcmp, memchr_1, memrchr_1, memccpy_1,
// memmove_1) need 3-10 work units per candidate, as rust-horn
// bmc-diamond-2 does now that a check's model's neighbours drop
// candidates too (houdini.Runner; 48 checks, its 34 invariants halve
// Spacer's work). On an acyclic system Spacer's levels are bounded by
// the height of its derivations, and Houdini waits while the levels left
// cost less than it would (spacerEndsFirst; rust-horn bmc-1 and bmc-3).
// A small system has Houdini at level 3 as before (copyLoops in
// houdini_test.go).
//
// Reachable states drop candidates before any check does: the model
// that reaches an obligation gives its head arguments a state the
// predicate holds of (noteState, up to houdiniMaxStates per predicate),
// and no invariant is false of one, so each try first drops the
// candidates the states it has not seen falsify, by evaluation
// (houdini.Runner.Refute; spacer.houdini-refuted counts them). On the
// kind2 files of lia-nonlin that reach obligations before Houdini's
// turn, 25-123 candidates, and Houdini's work 1-13% less (MOESI_all
// 13987 to 12132, SYNAPSE_3 7885 to 6548, metros_2 24866 to 21085);
// Spacer's own work is the same or less.
//
// The subset is a reserve, not a set of lemmas: asserted at once, its
// hundreds of differences on a file like Consistency incremental.36 made
// every query slower (19 s against 9 s). An obligation of P is first
// checked against P's reserve alone (one small solver per predicate, each
// invariant behind an activation literal); when they exclude it, the
// invariants of the unsat core become inductive lemmas and the obligation
// is blocked. Each invariant is an invariant (the subset's conjunction
// holds of every derivable fact), but a part of the subset need not be
// inductive on its own: once one is used, the model checks that the
// invariants used are inductive relative to the other lemmas, and takes
// the whole subset in when they are not (modelAbove); so do the lemmas
// handed out (heldLemmas).
const (
	houdiniLevel       = 3    // the bound from which Houdini may run
	houdiniWorkPerCand = 10   // Spacer's work per candidate before the first try
	houdiniShare       = 1    // Spacer's work per unit of Houdini's
	houdiniMaxClauses  = 2000 // larger systems go without
	houdiniMaxChecks   = 4000
)

// houdiniState is where Houdini's tries stand.
type houdiniState struct {
	done    bool           // ran to its end, gave up or is off
	counted bool           // the wait's first lower bound is set (houdiniParamCounts)
	next    int            // Spacer's work before the next try
	cands   [][]*term.Term // the candidates, read at the first try
	size    int            // candidates over the clauses' atoms
	pool    *houdini.Pool  // the candidates before propagation, until cands
	run     *houdini.Runner
	// states: reachable states of each predicate (by ID), each a value
	// for each of its parameters, read off the models that reach
	// obligations (noteState), up to houdiniMaxStates each; refuted: how
	// many of them the runner has been given
	states  [][]*term.Model
	refuted []int
	// depth: systemDepth, once depthSet; levelWork: Spacer's work when
	// the bound became levelBound; skipBound: the bound at which
	// spacerEndsFirst said yes (Houdini waits for the next)
	depth      int
	depthSet   bool
	levelBound int
	levelWork  int
	skipBound  int
}

// houdiniMaxStates bounds the reachable states kept per predicate.
const houdiniMaxStates = 16

// noteState records the state of p that the head arguments args take in
// m, a model of a clause whose body positions are under reach facts (so
// the state is reachable: reached), for Houdini to drop the candidates it
// falsifies before checking them (houdini.Runner.Refute). A state whose
// values m does not give is left out.
func (e *engine) noteState(p *pred, args []*term.Term, m *term.Model) {
	h := &e.hou
	if h.done || p.p == nil || e.opts.NoHoudini {
		return
	}
	if h.states == nil {
		h.states, h.refuted = make([][]*term.Model, len(e.sys.Preds)), make([]int, len(e.sys.Preds))
	}
	if len(h.states[p.id]) >= houdiniMaxStates {
		return
	}
	s := term.NewModel(e.st)
	for i, x := range p.params {
		if srt := x.Sort(); !srt.IsInt() && !srt.IsReal() && !srt.IsBool() {
			return // arithmetic and Boolean states only
		}
		v, err := m.Eval(args[i])
		if err != nil || !v.IsValue() || v.Sort() != x.Sort() {
			return
		}
		s.Set(x, v)
	}
	h.states[p.id] = append(h.states[p.id], s)
}

// refuteStates gives the runner the reachable states it has not had.
func (e *engine) refuteStates() {
	h := &e.hou
	t0 := time.Now()
	defer func() { e.stats.houdiniTime += time.Since(t0) }()
	for id, ss := range h.states {
		for _, s := range ss[h.refuted[id]:] {
			e.stats.houdiniRefuted += h.run.Refute(id, s)
		}
		h.refuted[id] = len(ss)
	}
}

// reserve is one predicate's Houdini invariants.
type reserve struct {
	inv  []*term.Term // over the predicate's params
	act  []*term.Term // activation literals, one per invariant
	used []bool
	sv   *smt.Solver
}

// maybeHoudini runs Houdini when its turn has come (see the top).
func (e *engine) maybeHoudini() error {
	h := &e.hou
	if h.levelBound != e.bound {
		h.levelBound, h.levelWork = e.bound, e.stats.work
	}
	if h.done || e.bound < houdiniLevel || e.stats.work < h.next || h.skipBound == e.bound {
		return nil
	}
	if e.opts.NoHoudini || len(e.sys.Clauses) > houdiniMaxClauses {
		h.done = true
		return nil
	}
	if e.spacerEndsFirst() {
		h.skipBound = e.bound
		return nil
	}
	if h.cands == nil {
		// Lower bounds of the wait spare reading the candidates to a run
		// that ends before it: first the parameters' candidates, counted
		// without making them (reading the literals of the clauses took a
		// quarter of Spacer's run on solidity files Spacer answers at
		// level 3), then the candidates before their propagation, a subset
		// of them, which spares the propagation.
		if !h.counted {
			h.counted = true
			if h.next = e.houdiniSize(e.houdiniParamCounts()) * houdiniWorkPerCand; e.stats.work < h.next {
				return nil
			}
		}
		if h.pool == nil {
			h.pool = e.houdiniPool()
			if h.next = e.houdiniSize(counts(h.pool.Cands)) * houdiniWorkPerCand; e.stats.work < h.next {
				return nil
			}
		}
		e.houdiniCandidates()
		if h.next = h.size * houdiniWorkPerCand; e.stats.work < h.next {
			return nil
		}
	}
	if h.run == nil {
		h.run = houdini.NewRunner(e.sys, h.cands, houdini.Options{})
	}
	e.refuteStates()
	work := max(e.stats.work/houdiniShare-h.run.Work(), 1)
	ok, err := e.houdini(houdiniMaxChecks-h.run.Checks(), work)
	if ok || err != nil || h.run.Checks() >= houdiniMaxChecks {
		h.done, h.cands, h.run = true, nil, nil
	}
	h.next = e.stats.work + e.stats.work/2
	return err
}

// houdiniPool reads the candidates off the clauses, but for their
// propagation (houdiniCandidates).
func (e *engine) houdiniPool() *houdini.Pool {
	t0 := time.Now()
	defer func() { e.stats.houdiniTime += time.Since(t0) }()
	pool := houdini.NewPool(e.sys)
	pool.QueryCandidates(e.sys, nil)
	pool.FactCandidates(e.sys, nil)
	pool.ParamCandidates(e.sys)
	return pool
}

// houdiniSize is the size of Houdini's clause solvers with n[p]
// candidates of each predicate p (by ID): the candidates of each clause's
// atoms.
func (e *engine) houdiniSize(n []int) int {
	size := 0
	for _, c := range e.sys.Clauses {
		if c.Head != nil {
			size += n[c.Head.Pred.ID]
		}
		for _, b := range c.Body {
			size += n[b.Pred.ID]
		}
	}
	return size
}

// counts is the number of candidates of each predicate in cands.
func counts(cands [][]*term.Term) []int {
	n := make([]int, len(cands))
	for i, cs := range cands {
		n[i] = len(cs)
	}
	return n
}

// houdiniParamCounts is a lower bound of each predicate's candidates,
// counted without making them: those of houdini.Pool.ParamCandidates
// (x >= 0 for each integer parameter x, and x <= y, x >= y for each pair
// when there are at most houdini.MaxPairParams; distinct terms, none
// trivial), up to houdini.MaxPredCandidates.
func (e *engine) houdiniParamCounts() []int {
	n := make([]int, len(e.sys.Preds))
	for _, p := range e.sys.Preds {
		ints := 0
		for _, x := range p.Params {
			if x.Sort().IsInt() {
				ints++
			}
		}
		k := ints
		if ints <= houdini.MaxPairParams {
			k += ints * (ints - 1)
		}
		n[p.ID] = min(k, houdini.MaxPredCandidates)
	}
	return n
}

// houdiniCandidates propagates the pool's candidates through the clauses
// (they only grow) and takes them, and the size of Houdini's clause
// solvers over them.
func (e *engine) houdiniCandidates() {
	t0 := time.Now()
	defer func() { e.stats.houdiniTime += time.Since(t0) }()
	h := &e.hou
	h.pool.Propagate(e.sys, nil)
	h.cands, h.pool = h.pool.Cands, nil
	h.size = e.houdiniSize(counts(h.cands))
	e.stats.houdiniSize = h.size
}

// houdini goes on computing the reserves for at most checks more checks
// and work more work; it reports whether it ran to its end (false: the
// budget ran out, and the next try resumes where this one stopped).
func (e *engine) houdini(checks, work int) (bool, error) {
	t0 := time.Now()
	defer func() { e.stats.houdiniTime += time.Since(t0) }()
	e.stats.houdiniTries++
	before := e.hou.run.Checks()
	keep, err := e.hou.run.RunWithin(e.ctx, checks, work)
	e.stats.houdiniChecks += e.hou.run.Checks() - before
	e.stats.houdiniWork = e.hou.run.Work()
	if errors.Is(err, houdini.ErrBudget) {
		return false, nil
	}
	if err != nil {
		if c := chc.Cause(e.ctx); c != nil {
			return false, c
		}
		return false, &errUnknown{"houdini: " + err.Error()}
	}
	for _, p := range e.sys.Preds {
		if len(keep[p.ID]) == 0 {
			continue
		}
		r := &reserve{inv: keep[p.ID], used: make([]bool, len(keep[p.ID])), sv: smt.New(e.st, smt.Options{NoModelCheck: true})}
		for i, f := range r.inv {
			a := e.st.Fresh(fmt.Sprintf("reserve!%s!%d", p.Name(), i), term.BoolSort)
			if err := r.sv.Assert(e.st.Implies(a, f)); err != nil {
				return false, &errUnknown{"houdini: " + err.Error()}
			}
			r.act = append(r.act, a)
			if e.log.Tracing() {
				e.log.Tracef("houdini %s: %s\n", p.Name(), term.Sprint(f))
			}
		}
		e.preds[p.ID].reserve = r
		e.stats.houdiniInvariants += len(r.inv)
	}
	return true, nil
}

// fromReserve reports whether p's reserve excludes the cube; if so the
// invariants that do are learned as inductive lemmas.
func (e *engine) fromReserve(p *pred, cube []*term.Term) (bool, error) {
	r := p.reserve
	if r == nil {
		return false, nil
	}
	t0 := time.Now()
	e.stats.reserveChecks++
	res, err := r.sv.Check(e.ctx, append(append([]*term.Term(nil), r.act...), cube...)...)
	e.stats.checkTime += time.Since(t0)
	if err != nil {
		return false, &errUnknown{"smt: " + err.Error()}
	}
	if res != smt.Unsat {
		if c := chc.Cause(e.ctx); c != nil {
			return false, c
		}
		return false, nil
	}
	inCore := map[*term.Term]bool{}
	for _, l := range r.sv.UnsatCore() {
		inCore[l] = true
	}
	learned := false
	for i, a := range r.act {
		if !inCore[a] || r.used[i] {
			continue
		}
		r.used[i], learned = true, true
		e.reserveUsed = true
		e.stats.reserveLemmas++
		for _, c := range e.cubes(r.inv[i]) {
			if err := e.addLemma(p, c, infLevel); err != nil {
				return false, err
			}
		}
	}
	// With every invariant of the core learned already, the lemmas
	// exclude the cube too: the caller's clause queries will say so.
	return learned, nil
}

// reserveParts adds p's whole reserve to parts once any invariant has
// been used (see the comment at the top).
func (e *engine) reserveParts(p *pred, parts []*term.Term) []*term.Term {
	if !e.reserveUsed || p.reserve == nil {
		return parts
	}
	return append(parts, p.reserve.inv...)
}

// reserveInductive reports whether the lemmas above k, the frame of a
// fixpoint at k, are inductive with the reserve invariants learned among
// them: every other lemma above k is blocked relative to that frame
// already (it was pushed there, or learned inductive), so it remains to
// check the invariants, each relative to the frame. An error (a limit)
// counts as no.
func (e *engine) reserveInductive(k int) bool {
	for _, p := range e.preds {
		r := p.reserve
		if r == nil {
			continue
		}
		for i, used := range r.used {
			if !used {
				continue
			}
			for _, cube := range e.cubes(r.inv[i]) {
				ok, _, _, err := e.blocked(p, cube, k+1, false)
				if err != nil || !ok {
					return false
				}
			}
		}
	}
	return true
}

// spacerEndsFirst reports whether Spacer is likely to answer before
// Houdini's turn would be over, on an acyclic system: its derivations
// are at most systemDepth clauses high, so Spacer has found a
// counterexample by the bound depth - 1 or the query has no derivation;
// with the levels left, each costing what this one has so far or the
// mean of the levels before if more, under Houdini's expected cost
// (houdiniWorkPerCand per candidate, counted as the wait counts them),
// Houdini waits for the next level. On rust-horn bmc-1 (depth 9; Spacer's
// answer at the bound 8, after 19568 work) Houdini's turn came at the
// bound 8, cost 13834 work and found nothing Spacer needed.
func (e *engine) spacerEndsFirst() bool {
	h := &e.hou
	depth := e.systemDepth()
	if depth < 0 {
		return false
	}
	left := max(depth-e.bound, 1)
	level := max(e.stats.work-h.levelWork, h.levelWork/max(e.bound, 1))
	var n []int
	switch {
	case h.cands != nil:
		n = counts(h.cands)
	case h.pool != nil:
		n = counts(h.pool.Cands)
	default:
		n = e.houdiniParamCounts()
	}
	return left*level < e.houdiniSize(n)*houdiniWorkPerCand
}

// systemDepth is, for an acyclic system, the most clauses on a path of
// the graph of body atoms to heads from a fact to a query (the height of
// its highest derivation), and -1 for a cyclic one (a cycle among the
// predicates a query depends on); computed once.
func (e *engine) systemDepth() int {
	h := &e.hou
	if h.depthSet {
		return h.depth
	}
	h.depthSet = true
	succ := chc.DependencyGraph(e.sys)
	comp, count := chc.Components(succ)
	cyclic := chc.Cyclic(succ, comp, count)
	// members: the predicates of each component; from: by predicate, the
	// clauses with it as head
	members := make([][]int, count)
	for p, c := range comp {
		members[c] = append(members[c], p)
	}
	from := make([][]*chc.Clause, len(succ))
	inQuery := make([]bool, len(succ))
	for _, c := range e.sys.Clauses {
		if c.Head != nil {
			from[c.Head.Pred.ID] = append(from[c.Head.Pred.ID], c)
			continue
		}
		for _, b := range c.Body {
			inQuery[b.Pred.ID] = true
		}
	}
	// needed[c]: component c's predicates supply a query; the components
	// a component supplies have smaller numbers, so come first.
	needed := make([]bool, count)
	for c, ps := range members {
		for _, p := range ps {
			needed[c] = needed[c] || inQuery[p]
			for _, w := range succ[p] {
				needed[c] = needed[c] || needed[comp[w]]
			}
		}
		if needed[c] && cyclic[c] {
			h.depth = -1
			return h.depth
		}
	}
	// height[p]: the most clauses of a derivation of p, suppliers first
	// (the higher numbers).
	height := make([]int, len(succ))
	derivation := func(c *chc.Clause) int {
		hc := 1
		for _, b := range c.Body {
			hc = max(hc, 1+height[b.Pred.ID])
		}
		return hc
	}
	for c := count - 1; c >= 0; c-- {
		for _, p := range members[c] {
			for _, cl := range from[p] {
				height[p] = max(height[p], derivation(cl))
			}
		}
	}
	depth := 0
	for _, c := range e.sys.Clauses {
		if c.Head == nil {
			depth = max(depth, derivation(c))
		}
	}
	h.depth = depth
	return h.depth
}
