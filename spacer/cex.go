package spacer

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// derive builds a ground derivation of cs's head with the values head
// (nil for a query) from the reach facts children of its body positions:
// one small query per node finds values of the clause's variables.
func (e *engine) derive(cs *clauseSolver, children []*reachFact, head []*term.Term) (*chc.Node, error) {
	if err := e.ctx.Err(); err != nil {
		return nil, err
	}
	st := e.st
	sv := smt.New(st, smt.Options{})
	parts := []*term.Term{cs.c.Constraint}
	if cs.c.Head != nil {
		for i, a := range cs.c.Head.Args {
			parts = append(parts, st.Eq(a, head[i]))
		}
	}
	for j, rf := range children {
		parts = append(parts, e.inst(rf.pred, rf.formula, cs.c.Body[j].Args))
	}
	if err := sv.Assert(st.And(parts...)); err != nil {
		return nil, &errUnknown{"derivation: " + err.Error()}
	}
	r, err := sv.Check(e.ctx)
	if err != nil {
		return nil, &errUnknown{"derivation: " + err.Error()}
	}
	if r != smt.Sat {
		if e.ctx.Err() != nil {
			return nil, e.ctx.Err()
		}
		return nil, &errUnknown{"internal: derivation step " + r.String()}
	}
	m := sv.Model()
	n := &chc.Node{Clause: cs.c, Values: make([]*term.Term, len(cs.c.Vars))}
	for i, v := range cs.c.Vars {
		val, err := m.Eval(v)
		if err != nil {
			return nil, &errUnknown{"derivation: " + err.Error()}
		}
		n.Values[i] = val
	}
	for j, rf := range children {
		args := cs.c.Body[j].Args
		vals := make([]*term.Term, len(args))
		for i, a := range args {
			v, err := m.Eval(a)
			if err != nil {
				return nil, &errUnknown{"derivation: " + err.Error()}
			}
			vals[i] = v
		}
		ch, err := e.derive(rf.cs, rf.children, vals)
		if err != nil {
			return nil, err
		}
		n.Children = append(n.Children, ch)
	}
	return n, nil
}
