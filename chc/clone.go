package chc

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Clone copies s into a copy of its term store (term.Store.Clone): the
// same predicates, clauses and terms under the same IDs, so an engine run
// on the clone makes the choices it would make on s, and may run
// concurrently with work on s.
func (s *System) Clone() *System {
	st := s.St.Clone()
	at := func(t *term.Term) *term.Term {
		if t == nil {
			return nil
		}
		return st.Term(t.ID())
	}
	ats := func(ts []*term.Term) []*term.Term {
		if ts == nil {
			return nil
		}
		out := make([]*term.Term, len(ts))
		for i, t := range ts {
			out[i] = at(t)
		}
		return out
	}
	c := &System{St: st, FixedpointFormat: s.FixedpointFormat, Relaxed: s.Relaxed, Skipped: slices.Clone(s.Skipped)}
	// The symbols are in the clone already: the copier finds them there.
	funcs := term.NewCopier(s.St, st)
	c.Preds = make([]*Pred, len(s.Preds))
	for i, p := range s.Preds {
		c.Preds[i] = &Pred{ID: p.ID, Func: funcs.Func(p.Func), Params: ats(p.Params)}
	}
	atom := func(a *Atom) Atom {
		return Atom{Pred: c.Preds[a.Pred.ID], Args: ats(a.Args)}
	}
	c.Clauses = make([]*Clause, len(s.Clauses))
	for i, cl := range s.Clauses {
		n := &Clause{Constraint: at(cl.Constraint), Vars: ats(cl.Vars), Origin: cl.Origin}
		if cl.Head != nil {
			h := atom(cl.Head)
			n.Head = &h
		}
		for j := range cl.Body {
			n.Body = append(n.Body, atom(&cl.Body[j]))
		}
		c.Clauses[i] = n
	}
	return c
}

// WitnessFrom maps the witness of res, found on c (a Clone of s), to s's
// store, predicates and clauses.
func (s *System) WitnessFrom(c *System, res Result) Result {
	cp := term.NewCopier(c.St, s.St)
	switch res.Answer {
	case Sat:
		m := Model{}
		for p, f := range res.Model {
			m[s.Preds[p.ID]] = cp.Term(f)
		}
		res.Model = m
	case Unsat:
		index := make(map[*Clause]int, len(c.Clauses))
		for i, cl := range c.Clauses {
			index[cl] = i
		}
		done := map[*Node]*Node{}
		var walk func(n *Node) *Node
		walk = func(n *Node) *Node {
			if m, ok := done[n]; ok {
				return m
			}
			m := &Node{Values: cp.Terms(n.Values)}
			if i, ok := index[n.Clause]; ok {
				m.Clause = s.Clauses[i]
			} else {
				m.Clause = n.Clause // not a clause of c: the check rejects it
			}
			for _, ch := range n.Children {
				m.Children = append(m.Children, walk(ch))
			}
			done[n] = m
			return m
		}
		if res.Derivation != nil {
			res.Derivation = walk(res.Derivation)
		}
	}
	return res
}
