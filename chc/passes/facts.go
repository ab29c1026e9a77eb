package passes

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// MergeFacts is the pass that merges the facts of each predicate into
// one: P(x̄) ⇐ φ1, …, P(x̄) ⇐ φk become P(x̄) ⇐ φ1 ∨ … ∨ φk, each φi over
// the same head arguments and its own local variables. Program verifiers
// emit a fact per initial state or per call site; merged, the engines
// see one clause (one smt solver, one disjunction) instead of thousands,
// and an engine's model of P (an invariant such as 0 ≤ x < n) stays small
// where inlining the facts would give P the disjunction as its model,
// which the check of every one of the k facts would instantiate.
//
// Models translate unchanged. A derivation node of the merged fact is a
// node of the first fact whose constraint holds under the node's values.
type MergeFacts struct{}

// Name is "facts".
func (MergeFacts) Name() string { return "facts" }

// Apply runs the pass on s.
func (MergeFacts) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if err := poll.Poll(); err != nil {
		return nil, nil, err
	}
	if err := chc.CheckPreds(poll, s); err != nil {
		return nil, nil, err
	}
	facts := make([][]*chc.Clause, len(s.Preds))
	many := false
	for _, c := range s.Clauses {
		if c.Head != nil && len(c.Body) == 0 {
			p := c.Head.Pred.ID
			facts[p] = append(facts[p], c)
			many = many || len(facts[p]) > 1
		}
	}
	if !many {
		return s, Identity{}, nil
	}
	// the clauses' form only where there is work (the first check of a
	// clause is Preprocess's dearest: each is checked once)
	if err := checkForm(ctx, poll, s); err != nil {
		return nil, nil, err
	}
	r := newRebuild(s, keptOf(ctx))
	for _, p := range s.Preds {
		r.keepPred(p, nil)
	}
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		switch {
		case c.Head == nil || len(c.Body) > 0 || len(facts[c.Head.Pred.ID]) < 2:
			r.keepClause(c)
		case facts[c.Head.Pred.ID][0] == c:
			if err := r.mergeFacts(poll, facts[c.Head.Pred.ID]); err != nil {
				return nil, nil, err
			}
		}
	}
	sys, tr := r.result()
	return sys, tr, nil
}

// mergeFacts adds the fact merged from fs (facts of one predicate), whose
// nodes translate to nodes of the first fact that holds.
func (r *rebuild) mergeFacts(poll *chc.Budget, fs []*chc.Clause) error {
	st := r.old.St
	first := fs[0]
	h := r.atom(first.Head, nil)
	nc := &chc.Clause{Head: &h, Vars: append([]*term.Term(nil), first.Head.Args...),
		Origin: fmt.Sprintf("%s and %d more facts merged", first.Origin, len(fs)-1)}
	// per fact, the sources of its variables in nc
	srcs := make([][]varSource, len(fs))
	ors := make([]*term.Term, len(fs))
	for k, f := range fs {
		if err := poll.Step(); err != nil {
			return err
		}
		ren := make(map[*term.Term]*term.Term, len(f.Vars))
		head := make(map[*term.Term]int, len(f.Head.Args))
		src := make([]varSource, len(f.Vars))
		for i, x := range f.Head.Args {
			ren[x] = first.Head.Args[i]
			head[x] = i
		}
		for i, v := range f.Vars {
			if j, ok := head[v]; ok {
				src[i] = fromIndex(j) // nc.Vars starts with the head arguments
				continue
			}
			// locals: renamed apart, each fact's its own
			l := v
			if k > 0 {
				l = st.Fresh(v.Name(), v.Sort())
				ren[v] = l
			}
			src[i] = fromIndex(len(nc.Vars))
			nc.Vars = append(nc.Vars, l)
		}
		srcs[k] = src
		ors[k] = st.SubstituteMap(f.Constraint, ren)
	}
	nc.Constraint = st.Or(ors...)
	remap := canonicalConsts(nc, st.SharedFreeConsts(nc.Constraint))
	for _, src := range srcs {
		remapSources(src, remap)
	}
	r.changed = true
	r.add(nc, &origin{back: func(poll *chc.Budget, n *chc.Node, _ []*chc.Node) (*chc.Node, error) {
		m, err := n.Bindings(st)
		if err != nil {
			return nil, err
		}
		for k, f := range fs {
			if err := poll.Step(); err != nil {
				return nil, err
			}
			if ok, err := m.EvalBool(ors[k]); err != nil || !ok {
				continue
			}
			vals, err := sourceValues(st, n, nil, f, srcs[k])
			if err != nil {
				return nil, err
			}
			return &chc.Node{Clause: f, Values: vals}, nil
		}
		return nil, fmt.Errorf("chc: no merged fact holds under the node's values")
	}})
	return nil
}
