package whale

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// maxQE bounds the projections of one guard's quantifier elimination; a
// guard that needs more is weakened to true.
const maxQE = 8

// refine is REFINEARG on n: is there an execution of n's unwinding (the
// children under-approximated by their own unwindings) that violates n's
// specification? At the root, one is a counterexample, returned as a
// derivation; at an inner ARG it refutes the guessed specification. If
// there is none, the state/transition interpolants of the condition give
// each call edge a guard and a summary, which strengthen the child's
// specification, and n is safe.
//
// The condition is a disjunction over n's unwound clauses, and each
// disjunct is decided on its own (refineClause): a smaller formula, and
// only the clauses that are not known safe (unwound since, or a call
// edge's specification refuted since, with n's specification unchanged)
// are decided again.
func (r *run) refine(n *node) (*chc.Node, error) {
	if n.spec.IsTrue() {
		r.markSafe(n)
		return nil, nil
	}
	r.stats.refines++
	for i := range n.exps {
		if n.exps[i].safe {
			continue
		}
		root, refuted, err := r.refineClause(n, i)
		if err != nil || root != nil || refuted {
			return root, err
		}
		n.exps[i].safe, n.exps[i].waiting = true, false
	}
	n.safe = true
	return nil, nil
}

// markSafe marks n and all its unwound clauses safe.
func (r *run) markSafe(n *node) {
	n.safe = true
	for i := range n.exps {
		n.exps[i].safe, n.exps[i].waiting = true, false
	}
}

// markUnsafe marks every unwound clause of n unsafe: its specification
// changed.
func (r *run) markUnsafe(n *node) {
	n.safe = false
	for i := range n.exps {
		n.exps[i].safe, n.exps[i].waiting = false, false
	}
}

// refineClause is REFINEARG on the i-th clause unwound into n: its
// instance, the negated specification, and the unwindings of its call
// edges. refuted reports that n's specification was refuted (and reset).
func (r *run) refineClause(n *node, i int) (root *chc.Node, refuted bool, err error) {
	st := r.st
	e := &n.exps[i]
	kids := e.children
	r.stats.refineClauses++
	if r.opts.Eager {
		for _, c := range kids {
			if err := r.fill(r.nodes[c]); err != nil {
				return nil, false, err
			}
		}
	}
	head := r.clauseHead(n, i)
	notSpec := st.Not(r.at(n, n.spec))
	if len(kids) == 0 {
		m, err := r.check(st.And(head, notSpec))
		if err != nil || m == nil {
			return nil, false, err
		}
		root, err = r.violated(n, m, false)
		return root, true, err
	}
	// First with the settled children's specifications in place of
	// their unwindings; a model of that condition is no counterexample,
	// so then again with every unwinding. Each without the known facts
	// (facts.go) first, whose equalities would make the summaries
	// enumerate them, and again with them when a pair contradicts one.
	for _, bySpecs := range []bool{true, false} {
		var a attempt
		for _, facts := range []bool{false, true} {
			a = r.attempt(n, kids, head, notSpec, bySpecs, facts)
			if a.outcome != conflict {
				break
			}
		}
		switch a.outcome {
		case skipped:
			continue
		case satisfiable:
			if bySpecs {
				continue
			}
			root, err = r.violated(n, a.model, a.facts)
			return root, true, err
		case conflict:
			// With the facts the interpolants agree with them: not
			// reached.
			return nil, false, chc.Internal("whale: REFINEARG of ARG %d: pairs against the facts", n.id)
		}
		return a.root, a.refuted, a.err
	}
	return nil, false, chc.Internal("whale: REFINEARG of ARG %d decided nothing", n.id)
}

// An attempt is the outcome of one REFINEARG condition of a clause.
type attempt struct {
	outcome outcome
	model   *term.Model // satisfiable: the execution
	facts   bool        // the condition admitted the known facts
	root    *chc.Node   // decided: refineClause's results
	refuted bool
	err     error
}

type outcome uint8

const (
	decided     outcome = iota // the pairs strengthened the call edges, or refineByParts decided, or an error
	skipped                    // bySpecs without a settled call edge
	satisfiable                // the condition has a model
	conflict                   // a pair contradicts a known fact (without facts only)
)

// attempt decides the condition of a clause of n (head) with its
// call edges kids, bySpecs and with facts or not (see condition). When
// it is unsatisfiable, the pairs its interpolants give the call edges
// strengthen them, unless (without facts) one contradicts a known fact
// of its predicate.
func (r *run) attempt(n *node, kids []int, head, notSpec *term.Term, bySpecs, facts bool) attempt {
	st := r.st
	parts, replaced := r.condition(kids, head, notSpec, bySpecs, facts)
	if bySpecs && replaced == nil {
		return attempt{outcome: skipped}
	}
	if len(parts) > itp.MaxParts {
		root, refuted, err := r.refineByParts(n, kids, parts, facts)
		return attempt{root: root, refuted: refuted, err: err}
	}
	t0 := time.Now()
	r.stats.itpCalls++
	if facts {
		r.stats.itpFacts++
	}
	states, trans, err := itp.StateTransitionContext(r.ctx, st, parts, r.labels())
	r.stats.itpTime += time.Since(t0)
	var se *itp.SatisfiableError
	switch {
	case errors.As(err, &se):
		return attempt{outcome: satisfiable, model: se.Model, facts: facts}
	case errors.Is(err, itp.ErrUnsupported):
		root, refuted, err := r.refineByParts(n, kids, parts, facts)
		return attempt{root: root, refuted: refuted, err: err}
	case err != nil:
		return attempt{err: err}
	}
	pairs := make([]*pair, len(kids))
	for k, c := range kids {
		if replaced != nil && replaced[k] {
			continue // its specification served: a pair would add nothing
		}
		if p, ok := r.pairFor(kids, k, r.nodes[c], states[k], trans[k]); ok {
			pairs[k] = &p
		}
	}
	if err := r.forceCovers(n, kids, head, pairs); err != nil {
		return attempt{err: err}
	}
	// With McMillan's labels, the strongest interpolants, the summaries
	// of a condition with facts enumerate them (and mc91 loses r >= 91):
	// there the facts only refute (learnFact).
	if !facts && !r.opts.McMillan {
		for k, c := range kids {
			if pairs[k] != nil && r.contradicts(r.nodes[c].pred, *pairs[k]) {
				return attempt{outcome: conflict}
			}
		}
	}
	if bySpecs {
		r.stats.bySpecs++
	}
	for k, c := range kids {
		if pairs[k] != nil {
			r.strengthen(r.nodes[c], *pairs[k])
		}
	}
	return attempt{}
}

// clauseHead is the i-th clause unwound into n, taken: n active, the
// clause's selector true and the others false (so that a model selects
// it, see derivation), its instance, its call edges active, and what
// Houdini's invariant says of n and the call edges.
func (r *run) clauseHead(n *node, i int) *term.Term {
	st := r.st
	e := &n.exps[i]
	parts := []*term.Term{n.act, e.sel, e.inst, r.invariants(n, e.children)}
	for j := range n.exps {
		if j != i {
			parts = append(parts, st.Not(n.exps[j].sel))
		}
	}
	for _, c := range e.children {
		parts = append(parts, r.nodes[c].act)
	}
	return st.And(parts...)
}

// invariants is what Houdini's invariant says of n's arguments and its
// children's: true of every derivable fact, so a condition may assume it.
func (r *run) invariants(n *node, kids []int) *term.Term {
	if r.inv == nil {
		return r.st.True()
	}
	st := r.st
	var parts []*term.Term
	if n.pred != nil {
		parts = append(parts, r.at(n, r.inv[n.pred.ID]))
	}
	for _, c := range kids {
		ch := r.nodes[c]
		parts = append(parts, st.Implies(ch.act, r.at(ch, r.inv[ch.pred.ID])))
	}
	return st.And(parts...)
}

// condition is REFINEARG's formula for one clause of an ARG as the parts
// of its state/transition sequence: head, the clause's instance (and, in
// OrderObligation, the negated specification), one part per call edge, then the negated specification
// (OrderPaper) or true. A call edge's part is IDAGCOND of its ARG, or,
// with bySpecs and when the ARG is settled (covered, or complete and
// safe down to covered ARGs) with a specification other than true, that
// specification: an over-approximation that holds once the iARG is
// complete, and much smaller than the subtree. replaced marks those
// (nil: none).
func (r *run) condition(kids []int, head, notSpec *term.Term, bySpecs, facts bool) (parts []*term.Term, replaced []bool) {
	st := r.st
	parts = make([]*term.Term, 0, len(kids)+2)
	last := st.True()
	if r.opts.Order == OrderPaper {
		parts = append(parts, head)
		last = notSpec
	} else {
		parts = append(parts, st.And(head, notSpec))
	}
	for k, c := range kids {
		ch := r.nodes[c]
		if bySpecs && ch.settled && !ch.spec.IsTrue() {
			if replaced == nil {
				replaced = make([]bool, len(kids))
			}
			replaced[k] = true
			parts = append(parts, st.Implies(ch.act, r.at(ch, ch.spec)))
			continue
		}
		parts = append(parts, r.idag(ch, facts))
	}
	return append(parts, last), replaced
}

// maxFill bounds the levels fill unwinds, and maxFrontier the ARGs it
// unwinds in one level.
const (
	maxFill     = 4
	maxFrontier = 16
)

// fill unwinds the frontier of n's subtree (the ARGs below n with a
// clause not yet unwound), a level at a time and at most maxFill levels,
// until n's unwinding has an execution. A call edge whose ARG has none
// is infeasible to the interpolants, whose summary is then false: a
// guess the next step refutes, after a REFINEARG on the caller's whole
// subtree. An ARG that is known to have an execution stays so (its
// unwinding only grows).
func (r *run) fill(n *node) error {
	st := r.st
	for level := 0; !n.feasible; level++ {
		m, err := r.check(st.And(n.act, r.idag(n, true)))
		if err != nil {
			return err
		}
		if m != nil {
			r.markFeasible(n, m)
			return nil
		}
		if level == maxFill {
			return nil
		}
		frontier := r.frontier(n, nil)
		if len(frontier) == 0 || len(frontier) > maxFrontier {
			return nil
		}
		for _, f := range frontier {
			r.expand(f)
			r.stats.fills++
		}
	}
	return nil
}

// markFeasible marks n and the ARGs below it that the model activates.
func (r *run) markFeasible(n *node, m *term.Model) {
	if v, err := m.EvalBool(n.act); err != nil || !v {
		return
	}
	n.feasible = true
	for _, e := range n.exps {
		for _, c := range e.children {
			r.markFeasible(r.nodes[c], m)
		}
	}
}

// frontier lists the ARGs of n's subtree with a clause not yet unwound.
func (r *run) frontier(n *node, dst []*node) []*node {
	if !r.complete(n) {
		dst = append(dst, n)
	}
	for _, e := range n.exps {
		for _, c := range e.children {
			dst = r.frontier(r.nodes[c], dst)
		}
	}
	return dst
}

// labels are the interpolation system's labels of shared atoms.
func (r *run) labels() itp.Labels {
	if r.opts.McMillan {
		return itp.LabelsMcMillan
	}
	return itp.LabelsOccurrence
}

// refineByParts is REFINEARG when the state/transition sequence is out of
// reach (more call edges than itp.MaxParts, or a proof step itp cannot
// interpolate): after a plain check, each call edge in turn gets a
// summary (guard true) interpolating its unwinding against the rest of
// the condition, the earlier call edges replaced by their summaries.
func (r *run) refineByParts(n *node, kids []int, parts []*term.Term, facts bool) (root *chc.Node, refuted bool, err error) {
	st := r.st
	r.stats.fallbacks++
	m, err := r.check(st.And(parts...))
	if err != nil {
		return nil, false, err
	}
	if m != nil {
		root, err = r.violated(n, m, facts)
		return root, true, err
	}
	rest := []*term.Term{parts[0], parts[len(parts)-1]}
	for k, c := range kids {
		others := append([]*term.Term(nil), rest...)
		others = append(others, parts[k+2:len(parts)-1]...)
		t0 := time.Now()
		r.stats.itpCalls++
		I, err := itp.Binary(r.ctx, st, parts[k+1], st.And(others...))
		r.stats.itpTime += time.Since(t0)
		if err != nil {
			return nil, false, fmt.Errorf("interpolating call edge %d of ARG %d: %w", k, n.id, err)
		}
		rest = append(rest, I)
		if p, ok := r.pairFor(kids, k, r.nodes[c], st.True(), I); ok {
			r.strengthen(r.nodes[c], p)
		}
	}
	return nil, false, nil
}

// pairFor is the guard/summary pair STITP gives the k-th call edge
// (child) of a clause: SUM(s), s with the child's activation true and its
// arguments renamed to the predicate's parameters; GUARD(g), g with the
// activation of the call edges reachable from this one (the later ones
// of the clause) true, the variables other than the
// child's arguments eliminated, and renamed likewise. ok is false when
// the pair asks nothing (summary true, guard false) or mentions a symbol
// the call edge does not own.
func (r *run) pairFor(kids []int, k int, child *node, g, s *term.Term) (pair, bool) {
	st := r.st
	sum := st.Simplify(st.Substitute(s, []*term.Term{child.act}, []*term.Term{st.True()}))
	if sum.IsTrue() {
		return pair{}, false
	}
	var from, to []*term.Term
	for j, c := range kids {
		from = append(from, r.nodes[c].act)
		to = append(to, st.Bool(j >= k))
	}
	guard := st.Simplify(st.Substitute(g, from, to))
	if guard.IsFalse() {
		return pair{}, false
	}
	guard = r.eliminate(guard, child.x)
	params := child.pred.Params
	guard = st.Substitute(guard, child.x, params)
	sum = st.Substitute(sum, child.x, params)
	if !onlyParams(sum, params) || !onlyParams(guard, params) {
		return pair{}, false
	}
	return pair{guard, sum}, true
}

// strengthen is UPDATE: child's specification gets the pair p, unless it
// implies it already; then child must be refined again.
func (r *run) strengthen(child *node, p pair) {
	st := r.st
	spec := st.Simplify(st.And(child.spec, st.Implies(p.guard, p.sum)))
	if spec == child.spec || r.implies(child.pred, child.spec, spec) {
		return
	}
	if !r.opts.NoHoudini {
		r.addPairCandidates(child.pred, p)
	}
	child.pairs = append(child.pairs, p)
	child.spec = spec
	r.markUnsafe(child)
	r.stats.pairs++
	r.log.Tracef("ARG %d (%s) guard %s summary %s", child.id, child.pred, short(p.guard), short(p.sum))
}

// onlyParams reports whether f mentions no constant but params and no
// function symbol.
func onlyParams(f *term.Term, params []*term.Term) bool {
	for _, c := range term.FreeConsts(f) {
		if !slices.Contains(params, c) {
			return false
		}
	}
	return len(term.Funcs(f)) == 0
}

// eliminate is ∃ (constants of g other than keep). g by quantifier
// elimination with model-based projections (at most maxQE of them), true
// when that fails: a weaker guard only asks more of the callee.
func (r *run) eliminate(g *term.Term, keep []*term.Term) *term.Term {
	st := r.st
	var elim []*term.Term
	for _, c := range term.FreeConsts(g) {
		if !slices.Contains(keep, c) {
			elim = append(elim, c)
		}
	}
	if len(elim) == 0 {
		return g
	}
	t0 := time.Now()
	defer func() { r.stats.qeTime += time.Since(t0) }()
	var disj []*term.Term
	for range maxQE {
		m, err := r.check(st.And(g, st.Not(st.Or(disj...))))
		if err != nil {
			break
		}
		if m == nil {
			return st.Simplify(st.Or(disj...))
		}
		res, err := r.proj.Project(elim, g, m)
		if err != nil || !res.Finite() {
			break
		}
		disj = append(disj, res.Formula)
	}
	r.stats.qeFailed++
	return st.True()
}

// violated handles a satisfiable REFINEARG condition of n: at the root,
// the model's execution is a counterexample; elsewhere n's specification
// was a wrong guess: it is dropped (true), with the specifications of
// n's subtree that were guessed to support it, and n's parent must be
// refined again with the larger under-approximation. ARGs that n covered
// are uncovered by the next sweep.
func (r *run) violated(n *node, m *term.Model, viaFacts bool) (*chc.Node, error) {
	if n.pred == nil {
		return r.derivation(m, n)
	}
	r.learnFact(n, m, viaFacts)
	r.refuted(n)
	return nil, nil
}

// refuted drops n's specification and its subtree's, and makes the
// clause of n's parent with n's call edge unsafe.
func (r *run) refuted(n *node) {
	r.stats.refuted++
	r.log.Tracef("ARG %d (%s) refuted: %s", n.id, n.pred, short(n.spec))
	r.reset(n)
	parent := r.nodes[n.parent]
	for i := range parent.exps {
		if e := &parent.exps[i]; slices.Contains(e.children, n.id) && e.safe {
			e.safe, e.waiting = false, true
		}
	}
	parent.safe = false
}

// reset drops the specifications of n and its subtree.
func (r *run) reset(n *node) {
	n.pairs, n.spec = nil, r.st.True()
	r.markSafe(n)
	for _, e := range n.exps {
		for _, c := range e.children {
			r.reset(r.nodes[c])
		}
	}
}

// solverUses is how many checks share one solver (see check).
const solverUses = 4

// check decides f: its model when satisfiable, nil when not. The checks
// share a solver, f asserted in a scope of its own, renewed every
// solverUses checks: a fresh solver allocates tables as large as the term
// store, which grows with the unwinding, and an old one carries the
// encodings of every formula it has seen.
func (r *run) check(f *term.Term) (*term.Model, error) {
	t0 := time.Now()
	defer func() { r.stats.smtTime += time.Since(t0) }()
	r.stats.smtChecks++
	if r.sv == nil || r.svUses == solverUses {
		r.sv, r.svUses = smt.New(r.st, smt.Options{}), 0
	}
	r.svUses++
	s := r.sv
	s.Push()
	defer func() {
		if err := s.Pop(1); err != nil {
			r.sv = nil
		}
	}()
	if err := s.Assert(f); err != nil {
		return nil, err
	}
	res, err := s.Check(r.ctx)
	if err != nil {
		return nil, err
	}
	switch res {
	case smt.Sat:
		return s.Model(), nil
	case smt.Unsat:
		return nil, nil
	}
	return nil, fmt.Errorf("smt: %s", s.ReasonUnknown())
}
