package whale

import (
	"errors"
	"fmt"
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
func (r *run) refine(n *node) (*chc.Node, error) {
	st := r.st
	if n.spec.IsTrue() {
		n.safe = true
		return nil, nil
	}
	r.stats.refines++
	kids := n.children()
	head := st.And(n.act, r.local(n))
	notSpec := st.Not(r.at(n, n.spec))
	if len(kids) == 0 {
		m, err := r.check(st.And(head, notSpec))
		if err != nil {
			return nil, err
		}
		if m != nil {
			return r.violated(n, m)
		}
		n.safe = true
		return nil, nil
	}
	parts := make([]*term.Term, 0, len(kids)+2)
	last := st.True()
	if r.opts.Order == OrderPaper {
		parts = append(parts, head)
		last = notSpec
	} else {
		parts = append(parts, st.And(head, notSpec))
	}
	for _, c := range kids {
		parts = append(parts, r.idag(r.nodes[c]))
	}
	parts = append(parts, last)
	if len(parts) > itp.MaxParts {
		return r.refineByParts(n, kids, parts)
	}
	t0 := time.Now()
	r.stats.itpCalls++
	states, trans, err := itp.StateTransitionContext(r.ctx, st, parts)
	r.stats.itpTime += time.Since(t0)
	var se *itp.SatisfiableError
	switch {
	case errors.As(err, &se):
		return r.violated(n, se.Model)
	case errors.Is(err, itp.ErrUnsupported):
		return r.refineByParts(n, kids, parts)
	case err != nil:
		return nil, err
	}
	for k, c := range kids {
		r.addPair(n, kids, k, r.nodes[c], states[k], trans[k])
	}
	n.safe = true
	return nil, nil
}

// refineByParts is REFINEARG when the state/transition sequence is out of
// reach (more call edges than itp.MaxParts, or a proof step itp cannot
// interpolate): after a plain check, each call edge in turn gets a
// summary (guard true) interpolating its unwinding against the rest of
// the condition, the earlier call edges replaced by their summaries.
func (r *run) refineByParts(n *node, kids []int, parts []*term.Term) (*chc.Node, error) {
	st := r.st
	r.stats.fallbacks++
	m, err := r.check(st.And(parts...))
	if err != nil {
		return nil, err
	}
	if m != nil {
		return r.violated(n, m)
	}
	rest := []*term.Term{parts[0], parts[len(parts)-1]}
	for k, c := range kids {
		others := append([]*term.Term(nil), rest...)
		others = append(others, parts[k+2:len(parts)-1]...)
		t0 := time.Now()
		r.stats.itpCalls++
		is, err := itp.SequenceContext(r.ctx, st, []*term.Term{parts[k+1], st.And(others...)})
		r.stats.itpTime += time.Since(t0)
		if err != nil {
			return nil, fmt.Errorf("interpolating call edge %d of ARG %d: %w", k, n.id, err)
		}
		rest = append(rest, is[0])
		r.addPair(n, kids, k, r.nodes[c], st.True(), is[0])
	}
	n.safe = true
	return nil, nil
}

// addPair strengthens the specification of child, the k-th call edge of
// n, with GUARD(g) ⇒ SUM(s): s with the child's activation true and its
// arguments renamed to the predicate's parameters; g with the activation
// of the call edges reachable from this one (later ones of the same
// clause) true and of the others false, the variables other than the
// child's arguments eliminated, and renamed likewise. A pair the child's
// specification implies already changes nothing.
func (r *run) addPair(n *node, kids []int, k int, child *node, g, s *term.Term) {
	st := r.st
	sum := st.Simplify(st.Substitute(s, []*term.Term{child.act}, []*term.Term{st.True()}))
	if sum.IsTrue() {
		return
	}
	same := r.sameClause(n, kids, k)
	var from, to []*term.Term
	for j, c := range kids {
		from = append(from, r.nodes[c].act)
		to = append(to, st.Bool(same[j] && j >= k))
	}
	guard := st.Simplify(st.Substitute(g, from, to))
	if guard.IsFalse() {
		return
	}
	guard = r.eliminate(guard, child.x)
	params := child.pred.Params
	guard = st.Substitute(guard, child.x, params)
	sum = st.Substitute(sum, child.x, params)
	if !onlyParams(sum, params) || !onlyParams(guard, params) {
		// The interpolant mentions a symbol the call edge does not
		// own (an uninterpreted function, say): no summary.
		return
	}
	spec := st.Simplify(st.And(child.spec, st.Implies(guard, sum)))
	if spec == child.spec || r.implies(child.spec, spec) {
		return
	}
	child.pairs = append(child.pairs, pair{guard, sum})
	child.spec = spec
	child.safe = false
	r.stats.pairs++
	r.tracef("whale: ARG %d (%s) guard %s summary %s", child.id, child.pred, short(guard), short(sum))
}

// sameClause marks the call edges of n that belong to the clause of the
// k-th one.
func (r *run) sameClause(n *node, kids []int, k int) []bool {
	same := make([]bool, len(kids))
	j := 0
	for _, e := range n.exps {
		in := k >= j && k < j+len(e.children)
		for range e.children {
			same[j] = in
			j++
		}
	}
	return same
}

func onlyParams(f *term.Term, params []*term.Term) bool {
	for _, c := range term.FreeConsts(f) {
		found := false
		for _, p := range params {
			if p == c {
				found = true
				break
			}
		}
		if !found {
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
		found := false
		for _, k := range keep {
			if k == c {
				found = true
				break
			}
		}
		if !found {
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
func (r *run) violated(n *node, m *term.Model) (*chc.Node, error) {
	if n.pred == nil {
		return r.derivation(m, n)
	}
	r.stats.refuted++
	r.tracef("whale: ARG %d (%s) refuted: %s", n.id, n.pred, short(n.spec))
	r.reset(n)
	r.nodes[n.parent].safe = false
	return nil, nil
}

// reset drops the specifications of n and its subtree.
func (r *run) reset(n *node) {
	n.pairs, n.spec, n.safe = nil, r.st.True(), true
	for _, e := range n.exps {
		for _, c := range e.children {
			r.reset(r.nodes[c])
		}
	}
}

// check decides f with a fresh solver: its model when satisfiable, nil
// when not.
func (r *run) check(f *term.Term) (*term.Model, error) {
	t0 := time.Now()
	defer func() { r.stats.smtTime += time.Since(t0) }()
	r.stats.smtChecks++
	s := smt.New(r.st, smt.Options{})
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
