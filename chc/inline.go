package chc

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Inline is the pass that eliminates predicates defined by a single
// clause: a predicate P with exactly one clause D = B1 ∧ … ∧ Bk ∧ φ ⇒ P(x̄)
// with P as head, P not in D's body, is replaced in every body where it
// occurs by D's body and constraint, renamed apart with fresh variables
// per occurrence; D and P leave the system. The pass repeats while some
// predicate qualifies.
//
// A model of P is ∃ȳ. B1 ∧ … ∧ Bk ∧ φ over D's variables ȳ other than x̄,
// which must be quantifier-free: P is eliminated only when φ defines every
// such variable that occurs by equalities as a term over x̄ (solveDefs),
// and then the model is the body and constraint with the definitions
// substituted (Golem #99 and #101 shipped wrong answers by ignoring such
// auxiliary variables). To bound growth a predicate with several
// occurrences is inlined only when D is small.
//
// A derivation node of a merged clause splits into the node of the using
// clause and one node of D per inlined occurrence, with their values.
type Inline struct{}

// Name is "inline".
func (Inline) Name() string { return "inline" }

// inlineMaxSize bounds the size of D's constraint times the number of
// occurrences of P beyond the first.
const inlineMaxSize = 400

// Apply runs the pass on s.
func (Inline) Apply(s *System) (*System, Translator, error) {
	if err := checkNormal(s); err != nil {
		return nil, nil, err
	}
	var trs chain
	cur := s
	tried := map[*Clause]bool{} // defining clauses found unfit
	for range len(s.Preds) {
		p, d, sub := pickInline(cur, tried)
		if p == nil {
			break
		}
		next, tr := inlineOne(cur, p, d, sub)
		trs = append(trs, tr)
		cur = next
	}
	if len(trs) == 0 {
		return s, Identity{}, nil
	}
	if next, tr := renumber(cur); next != cur {
		trs = append(trs, tr)
		cur = next
	}
	return cur, trs, nil
}

// pickInline finds the first predicate of s that Inline may eliminate, its
// defining clause and the definitions of the clause's other variables.
func pickInline(s *System, tried map[*Clause]bool) (*Pred, *Clause, map[*term.Term]*term.Term) {
	st := s.St
	heads := map[*Pred]int{}
	uses := map[*Pred]int{}
	defining := map[*Pred]*Clause{}
	for _, c := range s.Clauses {
		if c.Head != nil {
			heads[c.Head.Pred]++
			defining[c.Head.Pred] = c
		}
		for i := range c.Body {
			uses[c.Body[i].Pred]++
		}
	}
	for _, p := range s.Preds {
		d := defining[p]
		if heads[p] != 1 || uses[p] == 0 || tried[d] {
			continue
		}
		loop := false
		for i := range d.Body {
			loop = loop || d.Body[i].Pred == p
		}
		if loop {
			continue
		}
		if uses[p] > 1 && term.Size(d.Constraint)*(uses[p]-1) > inlineMaxSize {
			continue
		}
		head := map[*term.Term]bool{}
		for _, x := range d.Head.Args {
			head[x] = true
		}
		tried[d] = true
		sv := solveDefs(st, d.Constraint, func(x *term.Term) bool { return !head[x] }, func(*term.Term) bool { return true }, false)
		if sv.isFalse() {
			continue
		}
		ok := true
		need := func(x *term.Term) {
			if head[x] || !ok {
				return
			}
			t := sv.sub[x]
			if t == nil {
				ok = false
				return
			}
			for _, y := range term.FreeConsts(t) {
				ok = ok && head[y]
			}
		}
		for _, x := range term.FreeConsts(d.Constraint) {
			need(x)
		}
		for i := range d.Body {
			for _, x := range d.Body[i].Args {
				need(x)
			}
		}
		if ok {
			return p, d, sv.sub
		}
	}
	return nil, nil, nil
}

// inlineOne eliminates p, defined by the clause d whose variables other
// than the head arguments sub defines over them.
func inlineOne(s *System, p *Pred, d *Clause, sub map[*term.Term]*term.Term) (*System, Translator) {
	st := s.St
	r := newRebuild(s)
	r.stale = true
	for _, q := range s.Preds {
		if q != p {
			r.keepPred(q, nil)
		}
	}
	r.removePred(p, func(m Model) (*term.Term, error) {
		parts := []*term.Term{d.Constraint}
		for i := range d.Body {
			b := &d.Body[i]
			parts = append(parts, b.Pred.Instantiate(st, m.Lookup(st, b.Pred), b.Args))
		}
		f := st.SubstituteMap(conj(st, parts), sub)
		f = st.Simplify(st.Substitute(f, d.Head.Args, p.Params))
		own := map[*term.Term]bool{}
		for _, x := range p.Params {
			own[x] = true
		}
		for _, x := range term.FreeConsts(f) {
			if !own[x] {
				return nil, fmt.Errorf("inlined definition mentions %s", x.Name())
			}
		}
		return f, nil
	})
	for _, c := range s.Clauses {
		inBody := false
		for i := range c.Body {
			inBody = inBody || c.Body[i].Pred == p
		}
		switch {
		case c == d:
		case !inBody:
			r.keepClause(c)
		default:
			r.inlineInto(c, p, d)
		}
	}
	sys, tr := r.result()
	return sys, tr
}

// A segment says what became of a body atom of the using clause: the new
// body atoms start..start+count, and for an inlined occurrence the sources
// of the defining clause's variables.
type segment struct {
	start, count int
	src          []varSource // nil: the atom was kept
}

// inlineInto adds c with every occurrence of p in its body replaced by
// d's body and constraint.
func (r *rebuild) inlineInto(c *Clause, p *Pred, d *Clause) {
	st := r.old.St
	index := map[*term.Term]int{}
	for i, x := range c.Vars {
		index[x] = i
	}
	nc := &Clause{Origin: c.Origin, Vars: append([]*term.Term(nil), c.Vars...)}
	parts := []*term.Term{c.Constraint}
	segs := make([]segment, len(c.Body))
	for j := range c.Body {
		a := &c.Body[j]
		if a.Pred != p {
			segs[j] = segment{start: len(nc.Body), count: 1}
			nc.Body = append(nc.Body, r.atom(a, nil))
			continue
		}
		ren := map[*term.Term]*term.Term{}
		for i, x := range d.Head.Args {
			ren[x] = a.Args[i]
		}
		src := make([]varSource, len(d.Vars))
		for i, v := range d.Vars {
			if y, ok := ren[v]; ok {
				src[i] = fromIndex(index[y])
				continue
			}
			f := st.Fresh(v.Name(), v.Sort())
			ren[v] = f
			src[i] = fromIndex(len(nc.Vars))
			nc.Vars = append(nc.Vars, f)
		}
		parts = append(parts, st.SubstituteMap(d.Constraint, ren))
		segs[j] = segment{start: len(nc.Body), count: len(d.Body), src: src}
		for k := range d.Body {
			b := &d.Body[k]
			args := make([]*term.Term, len(b.Args))
			for i, x := range b.Args {
				args[i] = ren[x]
			}
			nc.Body = append(nc.Body, Atom{Pred: r.preds[b.Pred], Args: args})
		}
	}
	if c.Head != nil {
		h := r.atom(c.Head, nil)
		nc.Head = &h
	}
	nc.Constraint = st.Simplify(conj(st, parts))
	csrc := make([]varSource, len(c.Vars))
	for i := range csrc {
		csrc[i] = fromIndex(i)
	}
	remap := canonical(nc)
	remapSources(csrc, remap)
	for _, sg := range segs {
		remapSources(sg.src, remap)
	}
	r.changed = true
	r.new.Clauses = append(r.new.Clauses, nc)
	r.origins[nc] = &origin{back: func(n *Node, kids []*Node) (*Node, error) {
		children := make([]*Node, len(c.Body))
		for j, sg := range segs {
			if sg.src == nil {
				children[j] = kids[sg.start]
				continue
			}
			vals, err := sourceValues(st, n, nil, d, sg.src)
			if err != nil {
				return nil, err
			}
			children[j] = &Node{Clause: d, Values: vals, Children: append([]*Node(nil), kids[sg.start:sg.start+sg.count]...)}
		}
		vals, err := sourceValues(st, n, nil, c, csrc)
		if err != nil {
			return nil, err
		}
		return &Node{Clause: c, Values: vals, Children: children}, nil
	}}
}
