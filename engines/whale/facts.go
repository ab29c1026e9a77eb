package whale

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Facts (an addition to the paper, see doc.go): a refuted specification
// comes with an execution of the ARG's unwinding that violates it, a
// derivable fact of its predicate (values of the parameters) with its
// derivation. WHALE learns it only for that ARG: its caller is refined
// again with the larger unwinding, while every other ARG of the predicate
// keeps guesses that the same fact refutes, one REFINEARG round trip
// each. Here the fact is kept: it refutes at once every specification of
// the predicate that it violates, and each call edge's part of a
// REFINEARG condition admits the known facts beside its unwinding, so
// guesses are consistent with them: DAGCOND of an ARG admits the known
// facts of its predicate beside its unwound clauses, at every depth. The
// unwindings stay under-approximations: a model of a condition is
// still an execution, and a counterexample at the root takes the
// fact's derivation.

// maxFacts bounds the facts kept per predicate.
const maxFacts = 8

// A fact is a derivable fact of a predicate: its parameters' values (numerals
// or other model values) and a derivation.
type fact struct {
	vals  []*term.Term
	deriv *chc.Node
	eq    *term.Term // over the predicate's parameters: ∧ param = val
}

// learnFact records the fact that m's execution of n's unwinding derives
// (n refuted), and refutes the specifications of the other ARGs of n's
// predicate that it violates. An evaluation or derivation the model does
// not give leaves no fact. Past maxFacts facts of the predicate, only an
// execution through facts (viaFacts) gives one: n's caller sees the
// execution only so, without facts its next guess would be the same.
func (r *run) learnFact(n *node, m *term.Model, viaFacts bool) {
	p := n.pred
	if len(r.facts[p.ID]) >= maxFacts && !viaFacts {
		return
	}
	st := r.st
	vals := make([]*term.Term, len(n.x))
	for i, x := range n.x {
		v, err := m.Eval(x)
		if err != nil {
			return
		}
		vals[i] = v
	}
	for _, f := range r.facts[p.ID] {
		if equalTerms(f.vals, vals) {
			return
		}
	}
	d, err := r.derivation(m, n)
	if err != nil {
		return
	}
	eqs := make([]*term.Term, len(vals))
	for i, v := range vals {
		eqs[i] = st.Eq(p.Params[i], v)
	}
	r.facts[p.ID] = append(r.facts[p.ID], fact{vals: vals, deriv: d, eq: st.And(eqs...)})
	r.stats.facts++
	for _, o := range r.nodes {
		o.dagF = nil // the unwindings of p's ARGs admit the fact now
	}
	for _, o := range r.nodes {
		if o == n || o.pred != p || o.spec.IsTrue() {
			continue
		}
		if st.Simplify(st.Substitute(o.spec, p.Params, vals)).IsFalse() {
			r.stats.factRefuted++
			r.refuted(o)
		}
	}
}

func equalTerms(a, b []*term.Term) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// factOf is the fact of n's predicate that m gives n's parameters, nil if
// none.
func (r *run) factOf(n *node, m *term.Model) *fact {
	if n.pred == nil {
		return nil
	}
	for i := range r.facts[n.pred.ID] {
		f := &r.facts[n.pred.ID][i]
		if v, err := m.EvalBool(r.at(n, f.eq)); err == nil && v {
			return f
		}
	}
	return nil
}

// contradicts reports whether a known fact of pred violates the pair p.
func (r *run) contradicts(pred *chc.Pred, p pair) bool {
	st := r.st
	for _, f := range r.facts[pred.ID] {
		if st.Simplify(st.Substitute(st.Implies(p.guard, p.sum), pred.Params, f.vals)).IsFalse() {
			return true
		}
	}
	return false
}
