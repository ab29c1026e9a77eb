package passes

import (
	"fmt"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// result is the system of the live clauses in order, its predicates
// renumbered, and the translator back to s.
func (in *inliner) result(poll *chc.Budget) (*chc.System, Translator, error) {
	st := in.st
	r := newRebuild(in.s, in.memo)
	for _, p := range in.s.Preds {
		if !in.gone[p.ID] {
			r.keepPred(p, nil)
		}
	}
	// A removed predicate's formula uses the models of the predicates in
	// its defining clauses, which were live when it left: compute the
	// formulas from the last removal back.
	for k := len(in.removal) - 1; k >= 0; k-- {
		rm := in.removal[k]
		r.removePred(rm.p, func(m chc.Model) (*term.Term, error) { return inlinedFormula(st, m, rm) })
	}
	merges := map[*chc.Clause]*merge{}
	for i := range in.cls {
		if m := in.info[i].merge; m != nil {
			merges[in.cls[i]] = m
		}
	}
	for i := in.head; i >= 0; i = int(in.info[i].next) {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		c := in.cls[i]
		if in.info[i].merge == nil {
			r.keepClause(c)
			continue
		}
		c.Origin = mergedOrigin(merges, c)
		r.keepClause(c)
		last := len(r.origins) - 1
		o := r.origins[last]
		if o == nil {
			// the merged clause kept as it is: its nodes unmerge
			r.origins[last] = &origin{back: func(poll *chc.Budget, n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
				return unmerge(poll, st, merges, &chc.Node{Clause: n.Clause, Values: n.Values, Children: kids})
			}}
			continue
		}
		back := o.back
		o.back = func(poll *chc.Budget, n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
			node, err := back(poll, n, kids)
			if err != nil {
				return nil, err
			}
			return unmerge(poll, st, merges, node)
		}
	}
	r.changed = true
	sys, tr := r.result()
	return sys, tr, nil
}

// mergedOrigin is the Origin of the merged clause c: the input clause's
// it comes from (through the using clauses of its merges) and the
// predicates inlined, in order, each as ", P inlined". merge leaves the
// Origin of the clauses it makes empty: most are merged again, and a
// chain of n merges would build n ever longer strings.
func mergedOrigin(merges map[*chc.Clause]*merge, c *chc.Clause) string {
	var ps []*chc.Pred // the predicates inlined, the last first
	for m := merges[c]; m != nil; m = merges[c] {
		ps = append(ps, m.d.Head.Pred)
		c = m.c
	}
	var b strings.Builder
	b.WriteString(c.Origin)
	for k := len(ps) - 1; k >= 0; k-- {
		b.WriteString(", ")
		b.WriteString(ps[k].Name())
		b.WriteString(" inlined")
	}
	return b.String()
}

// inlinedFormula is the model of the removed predicate rm.p under m, which
// has the formulas of the predicates of its defining clauses. (A function
// of its arguments only: the translator keeps no more of the inliner.)
func inlinedFormula(st *term.Store, m chc.Model, rm removal) (*term.Term, error) {
	var ors []*term.Term
	for k, d := range rm.ds {
		parts := []*term.Term{d.Constraint}
		for i := range d.Body {
			b := &d.Body[i]
			parts = append(parts, b.Pred.Instantiate(st, m.Lookup(st, b.Pred), b.Args))
		}
		f := chc.Conj(st, parts)
		if sub := rm.projs[k].sub; len(sub) > 0 {
			f = st.SubstituteMap(f, sub)
		}
		ors = append(ors, st.SimplifySubstitute(f, d.Head.Args, rm.p.Params))
	}
	var f *term.Term
	if len(ors) == 1 {
		f = ors[0] // simplified
	} else {
		f = st.Simplify(st.Or(ors...))
	}
	if rm.p.OverParams(f) {
		return f, nil
	}
	own := make(map[*term.Term]bool, len(rm.p.Params))
	for _, x := range rm.p.Params {
		own[x] = true
	}
	for _, x := range term.FreeConsts(f) {
		if !own[x] {
			return nil, fmt.Errorf("inlined definition mentions %s", x.Name())
		}
	}
	return f, nil
}

// unmerge turns a node of a merged clause (see merge) into a node of the
// using clause with nodes of the defining clause for its inlined
// occurrences, recursively down to clauses of the input.
func unmerge(poll *chc.Budget, st *term.Store, merges map[*chc.Clause]*merge, n *chc.Node) (*chc.Node, error) {
	m := merges[n.Clause]
	if m == nil {
		return n, nil
	}
	if err := poll.Step(); err != nil {
		return nil, err
	}
	children := make([]*chc.Node, len(m.c.Body))
	for j, sg := range m.segs {
		if sg.pr == nil {
			children[j] = n.Children[sg.start]
			continue
		}
		vals, err := sourceValues(st, n, nil, m.d, m.sources(len(m.d.Vars), sg.src, sg.defs))
		if err != nil {
			return nil, err
		}
		if err := definedValues(st, m.d, sg, vals); err != nil {
			return nil, err
		}
		kids := append([]*chc.Node(nil), n.Children[sg.start:sg.start+sg.count]...)
		if children[j], err = unmerge(poll, st, merges, &chc.Node{Clause: m.d, Values: vals, Children: kids}); err != nil {
			return nil, err
		}
	}
	vals, err := sourceValues(st, n, nil, m.c, m.sources(len(m.c.Vars), nil, m.cdefs))
	if err != nil {
		return nil, err
	}
	return unmerge(poll, st, merges, &chc.Node{Clause: m.c, Values: vals, Children: children})
}

// sources are the sources of an old clause's n variables (see merge):
// variable i has the index src[i] before canonicalConsts (i itself when
// src is nil, for the using clause's variables, which come first), unless
// defs give it a definition.
func (m *merge) sources(n int, src []int32, defs []srcDef) []varSource {
	out := make([]varSource, n)
	for i := range out {
		k := i
		if src != nil {
			k = int(src[i])
		}
		if k >= 0 {
			k = int(m.remap[k])
		}
		out[i] = fromIndex(k) // (-1: the default)
	}
	for _, d := range defs {
		out[d.i] = fromDefault
		out[d.i].def = d.t
	}
	return out
}

// definedValues sets in vals, the values of d's variables from the sources
// of segment sg, those of the variables without a source that sg's
// projection defines: their definitions, over d's head arguments, under
// vals (see segment). The definitions mention head arguments only, which
// have sources: the values set here change no other's.
func definedValues(st *term.Store, d *chc.Clause, sg segment, vals []*term.Term) error {
	var md *term.Model
	for i, v := range d.Vars {
		if k := sg.src[i]; k >= 0 {
			continue // (a body argument defined by the projection has a source)
		}
		t := sg.pr.sub[v]
		if t == nil {
			continue
		}
		if md == nil {
			var err error
			if md, err = (&chc.Node{Clause: d, Values: vals}).Bindings(st); err != nil {
				return err
			}
		}
		val, err := md.Eval(t)
		if err != nil {
			return err
		}
		vals[i] = val
	}
	return nil
}
