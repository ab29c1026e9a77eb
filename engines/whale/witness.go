package whale

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// model is the answer of a complete, safe iARG: each predicate's formula
// is the conjunction of the specifications of its uncovered ARGs (true
// when it has none). Every uncovered ARG is complete and safe: each
// clause of its predicate, with the children's specifications, implies
// its specification; a child is uncovered, or directly covered by an
// uncovered ARG whose specification implies its own. So each clause with
// the body atoms' formulas implies every conjunct of the head's formula,
// and the root's specification false makes every query unsatisfiable:
// Hoare's rule for (mutual) recursion.
func (r *run) model() chc.Model {
	st := r.st
	conj := make([][]*term.Term, len(r.sys.Preds))
	for _, n := range r.nodes {
		if n.pred == nil || n.covered {
			continue
		}
		dup := false
		for _, f := range conj[n.pred.ID] {
			if f == n.spec {
				dup = true
				break
			}
		}
		if !dup {
			conj[n.pred.ID] = append(conj[n.pred.ID], n.spec)
		}
	}
	m := chc.Model{}
	for _, p := range r.sys.Preds {
		if r.inv != nil {
			conj[p.ID] = append(conj[p.ID], r.inv[p.ID])
		}
		m[p] = st.Simplify(st.And(conj[p.ID]...))
	}
	return m
}

// derivation reads the counterexample a model of the root's REFINEARG
// condition selects: from n, the clause whose selector is true, its
// variables' values, and the derivations of its children; or, when no
// clause is taken, the derivation of the known fact n's copy has.
func (r *run) derivation(m *term.Model, n *node) (*chc.Node, error) {
	for _, e := range n.exps {
		taken, err := m.EvalBool(e.sel)
		if err != nil {
			return nil, err
		}
		if !taken {
			continue
		}
		d := &chc.Node{Clause: e.clause, Values: make([]*term.Term, len(e.clause.Vars))}
		for i, v := range e.vals[:len(e.clause.Vars)] {
			if d.Values[i], err = m.Eval(v); err != nil {
				return nil, err
			}
		}
		for _, c := range e.children {
			cd, err := r.derivation(m, r.nodes[c])
			if err != nil {
				return nil, err
			}
			d.Children = append(d.Children, cd)
		}
		return d, nil
	}
	if f := r.factOf(n, m); f != nil {
		return f.deriv, nil
	}
	return nil, chc.Internal("whale: no clause taken at ARG %d of the counterexample", n.id)
}
