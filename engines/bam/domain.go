package bam

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// An elem is an abstract state of one predicate: an element of a domain
// over the predicate's parameters. Elems are immutable; only their domain
// looks inside.
type elem any

// A domain is an abstract domain with the BAM operators over CHC
// arguments (doc.go, "Operators"). The engine stores, compares and prints
// its elements and never looks inside them: that is the paper's point,
// one interprocedural algorithm for every domain.
type domain interface {
	// name is the domain's name: value, interval, predicate or
	// value+predicate.
	name() string
	// top is the element that says nothing about p's arguments.
	top(p *chc.Pred) elem
	// abstract is reduce and the transfer in one: the element of p that
	// over-approximates the values args take in the models of q's
	// formula (the clause, the caller's entry and the summaries of the
	// body atoms). The formula is satisfiable and q.m is one of its
	// models; abstract may ask q for more.
	abstract(q *query, p *chc.Pred, args []*term.Term) (elem, error)
	// leq is the coverage a ⊑ b (γ(a) ⊆ γ(b)): reflexive and sound.
	leq(p *chc.Pred, a, b elem) bool
	// join is an upper bound of a and b.
	join(p *chc.Pred, a, b elem) elem
	// widen is an element above b, given a, the join of a block's exit
	// states, such that the elements widen gives for one block take
	// finitely many values: the bound on a block's exit states. A finite
	// domain may return b.
	widen(p *chc.Pred, a, b elem) elem
	// formula is γ(e) over p.Params, quantifier-free.
	formula(p *chc.Pred, e elem) *term.Term
	// key is e's cache key: equal keys for equal elements of p.
	key(e elem) string
	// refine adds to the precision what the interpolants of a spurious
	// counterexample call for; it reports whether the precision grew.
	refine(rs []refinement) bool
	// precision is the size of p's precision: predicates, tracked
	// arguments or widening thresholds.
	precision(p *chc.Pred) int
}

// A refinement is an interpolant over a predicate's parameters, read off
// one node of a spurious counterexample: the predicate's summary at that
// node must imply it for the counterexample to disappear.
type refinement struct {
	pred *chc.Pred
	itp  *term.Term
}

// A query is the formula an abstraction is computed from, asserted in an
// smt solver, under the assumptions of one combination of body states.
type query struct {
	ctx    context.Context
	sv     *smt.Solver
	assume []*term.Term
	m      *term.Model // a model of the assertions under assume
	checks *int        // counts the solver's checks
}

// implied reports whether the formula implies t. When it does not, q.m
// becomes a model of the formula and ¬t.
func (q *query) implied(t *term.Term) (bool, error) {
	st := q.sv.Store()
	if ok, err := q.m.EvalBool(t); err == nil && !ok {
		return false, nil
	}
	*q.checks++
	r, err := q.sv.Check(q.ctx, append(q.assume[:len(q.assume):len(q.assume)], st.Not(t))...)
	if err != nil {
		return false, err
	}
	switch r {
	case smt.Unsat:
		return true, nil
	case smt.Sat:
		q.m = q.sv.Model()
		return false, nil
	}
	if chc.Cause(q.ctx) != nil {
		return false, chc.Cause(q.ctx)
	}
	return false, fmt.Errorf("smt: %s", q.sv.ReasonUnknown())
}

// value is t's value in q.m.
func (q *query) value(t *term.Term) (*term.Term, error) { return q.m.Eval(t) }

// trackable reports whether the value and interval domains follow a
// parameter of sort s: Booleans and numbers, not arrays.
func trackable(s *term.Sort) bool { return s.IsBool() || s.IsArith() }
