package spacer

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// derive builds a ground derivation of cs's head with the values head
// (nil for a query) from the reach facts children of its body positions:
// one small query per node finds values of the clause's variables. The
// queries of a clause share one solver (cs.dsv, its constraint asserted
// once): a node's head values and children's facts are asserted in a
// scope of their own, popped before the children are derived (a linear
// derivation is a chain of nodes of the same few clauses, each of which
// would otherwise encode its constraint anew).
func (e *engine) derive(cs *clauseSolver, children []*reachFact, head []*term.Term) (*chc.Node, error) {
	if err := e.ctx.Err(); err != nil {
		return nil, err
	}
	n, vals, err := e.deriveNode(cs, children, head)
	if err != nil {
		return nil, err
	}
	for j, rf := range children {
		ch, err := e.derive(rf.cs, rf.children, vals[j])
		if err != nil {
			return nil, err
		}
		n.Children = append(n.Children, ch)
	}
	return n, nil
}

// deriveNode is derive's query at one node: the node, its clause's
// variables valued, and the values of each body atom's arguments.
func (e *engine) deriveNode(cs *clauseSolver, children []*reachFact, head []*term.Term) (*chc.Node, [][]*term.Term, error) {
	if n, vals, ok, err := e.deriveInClause(cs, children, head); ok || err != nil {
		return n, vals, err
	}
	st := e.st
	if cs.dsv == nil {
		sv := smt.New(st, smt.Options{})
		if err := sv.Assert(cs.c.Constraint); err != nil {
			return nil, nil, &errUnknown{"derivation: " + err.Error()}
		}
		cs.dsv = sv
	}
	sv := cs.dsv
	sv.Push()
	defer func() {
		if err := sv.Pop(1); err != nil {
			cs.dsv = nil // made anew at the next query
		}
	}()
	var parts []*term.Term
	if cs.c.Head != nil {
		for i, a := range cs.c.Head.Args {
			parts = append(parts, st.Eq(a, head[i]))
		}
	}
	for j, rf := range children {
		parts = append(parts, e.inst(rf.pred, rf.formula, cs.c.Body[j].Args))
	}
	if err := sv.Assert(st.And(parts...)); err != nil {
		return nil, nil, &errUnknown{"derivation: " + err.Error()}
	}
	r, err := sv.Check(e.ctx)
	if err != nil {
		return nil, nil, &errUnknown{"derivation: " + err.Error()}
	}
	if r != smt.Sat {
		if e.ctx.Err() != nil {
			return nil, nil, e.ctx.Err()
		}
		return nil, nil, &errUnknown{"internal: derivation step " + r.String()}
	}
	m := sv.Model()
	n := &chc.Node{Clause: cs.c, Values: make([]*term.Term, len(cs.c.Vars))}
	for i, v := range cs.c.Vars {
		val, err := m.Eval(v)
		if err != nil {
			return nil, nil, &errUnknown{"derivation: " + err.Error()}
		}
		n.Values[i] = val
	}
	vals := make([][]*term.Term, len(children))
	for j := range children {
		args := cs.c.Body[j].Args
		vals[j] = make([]*term.Term, len(args))
		for i, a := range args {
			v, err := m.Eval(a)
			if err != nil {
				return nil, nil, &errUnknown{"derivation: " + err.Error()}
			}
			vals[j][i] = v
		}
	}
	return n, vals, nil
}

// deriveInClause is deriveNode's query on the clause's own solver, which
// has the clause encoded and each child's reach fact behind a tag (see
// assertReachFactAt): the head's values and the children's tags are
// assumptions, and the model's values of the solver's variables are
// those of the clause's (clauseSolver.image). The level lemmas are off
// (their level literals true); the inductive ones hold in every
// reachable state, so the query has the derivation's models still. ok is
// false when the solver is not there, a tag is missing or the query is
// not sat: deriveNode then asks a solver of the clause as it is.
func (e *engine) deriveInClause(cs *clauseSolver, children []*reachFact, head []*term.Term) (n *chc.Node, vals [][]*term.Term, ok bool, err error) {
	if cs.sv == nil || (cs.c.Head != nil && len(head) != len(cs.hargs)) {
		return nil, nil, false, nil
	}
	st := e.st
	// every level literal true: the level lemmas out of the search
	assumps := e.frame(nil, len(e.lvl))
	for i, a := range cs.hargs {
		assumps = append(assumps, st.Eq(a, head[i]))
	}
	for j, rf := range children {
		var tag *term.Term
		for _, t := range cs.tags[j] {
			if t.rf == rf {
				tag = t.tag
				break
			}
		}
		if tag == nil {
			return nil, nil, false, nil
		}
		assumps = append(assumps, tag)
	}
	r, err := cs.sv.Check(e.ctx, assumps...)
	if err != nil || r != smt.Sat {
		if e.ctx.Err() != nil {
			return nil, nil, false, e.ctx.Err()
		}
		return nil, nil, false, nil
	}
	m := cs.sv.Model()
	n = &chc.Node{Clause: cs.c, Values: make([]*term.Term, len(cs.c.Vars))}
	for i, v := range cs.image {
		val, err := m.Eval(v)
		if err != nil {
			return nil, nil, false, nil
		}
		n.Values[i] = val
	}
	vals = make([][]*term.Term, len(children))
	for j := range children {
		vals[j] = make([]*term.Term, len(cs.bargs[j]))
		for i, a := range cs.bargs[j] {
			v, err := m.Eval(a)
			if err != nil {
				return nil, nil, false, nil
			}
			vals[j][i] = v
		}
	}
	return n, vals, true, nil
}
