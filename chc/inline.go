package chc

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Inline is the pass that eliminates non-recursive predicates by
// inlining: a predicate P whose defining clauses D = B1 ∧ … ∧ Bk ∧ φ ⇒ P(x̄)
// (those with head P) do not have P in their body is replaced where it
// occurs in a body by a defining clause's body and constraint, renamed
// apart with fresh variables per occurrence; the defining clauses and P
// leave the system. P qualifies with one defining clause (every
// occurrence is inlined; with several occurrences only when D is small),
// or with several defining clauses and a single occurrence (the using
// clause becomes one clause per defining clause). The pass repeats while
// some predicate qualifies.
//
// The model of P is the disjunction over its defining clauses of
// ∃ȳ. B1 ∧ … ∧ Bk ∧ φ, ȳ the clause's variables other than x̄, which must
// be quantifier-free: P is eliminated only when each φ defines every such
// variable that occurs by equalities as a term over x̄ (solveDefs), and
// then the projection is the body and constraint with the definitions
// substituted (Golem #99 and #101 shipped wrong answers by ignoring such
// auxiliary variables).
//
// A derivation node of a merged clause splits into the node of the using
// clause and one node of the defining clause per inlined occurrence, with
// their values.
type Inline struct{}

// Name is "inline".
func (Inline) Name() string { return "inline" }

// inlineMaxSize bounds the size of D's constraint times the number of
// occurrences of P beyond the first.
const inlineMaxSize = 400

// Apply runs the pass on s.
func (Inline) Apply(ctx context.Context, s *System) (*System, Translator, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if err := checkNormal(s); err != nil {
		return nil, nil, err
	}
	proj := map[*Clause]*projection{}
	out, tr := eliminateEach(s, func(cur *System) (*System, Translator) {
		p, ds := pickInline(cur, proj)
		if p == nil {
			return nil, nil
		}
		return inlineOne(cur, p, ds, proj)
	})
	return out, tr, nil
}

// A projection records whether the variables of a defining clause other
// than its head arguments are defined over them (sub), so that the body
// and constraint projected on the head arguments are quantifier-free.
type projection struct {
	ok  bool
	sub map[*term.Term]*term.Term
}

// project decides whether d's variables other than its head arguments are
// defined over them, memoized in proj.
func project(st *term.Store, d *Clause, proj map[*Clause]*projection) *projection {
	if pr := proj[d]; pr != nil {
		return pr
	}
	pr := &projection{}
	proj[d] = pr
	head := map[*term.Term]bool{}
	for _, x := range d.Head.Args {
		head[x] = true
	}
	sv := solveDefs(st, d.Constraint, func(x *term.Term) bool { return !head[x] }, func(*term.Term) bool { return true }, false)
	if sv.isFalse() {
		return pr
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
	pr.ok, pr.sub = ok, sv.sub
	return pr
}

// pickInline finds the first predicate of s that Inline may eliminate and
// its defining clauses: one defining clause (and few uses or a small
// constraint), or several defining clauses and a single occurrence in a
// body. No defining clause may have the predicate in its body, each must
// project (see project), and no merged clause may have a longer body than
// both clauses it comes from: linear systems stay linear, and nonlinear
// ones do not grow wider.
func pickInline(s *System, proj map[*Clause]*projection) (*Pred, []*Clause) {
	st := s.St
	uses := map[*Pred]int{}
	defining := map[*Pred][]*Clause{}
	using := map[*Pred][]*Clause{}
	for _, c := range s.Clauses {
		if c.Head != nil {
			defining[c.Head.Pred] = append(defining[c.Head.Pred], c)
		}
		for i := range c.Body {
			p := c.Body[i].Pred
			uses[p]++
			if n := len(using[p]); n == 0 || using[p][n-1] != c {
				using[p] = append(using[p], c)
			}
		}
	}
	// longer reports whether inlining p's defining clause d makes the body
	// of a using clause longer than both the using clause's and d's.
	longer := func(p *Pred, d *Clause) bool {
		for _, c := range using[p] {
			occ := 0
			for i := range c.Body {
				if c.Body[i].Pred == p {
					occ++
				}
			}
			if n := len(c.Body) - occ + occ*len(d.Body); n > max(len(c.Body), len(d.Body)) {
				return true
			}
		}
		return false
	}
next:
	for _, p := range s.Preds {
		ds := defining[p]
		switch {
		case uses[p] == 0 || len(ds) == 0:
			continue
		case len(ds) == 1:
			if uses[p] > 1 && term.Size(ds[0].Constraint)*(uses[p]-1) > inlineMaxSize {
				continue
			}
		case uses[p] > 1:
			continue
		}
		for _, d := range ds {
			for i := range d.Body {
				if d.Body[i].Pred == p {
					continue next
				}
			}
			if longer(p, d) {
				continue next
			}
		}
		for _, d := range ds {
			if !project(st, d, proj).ok {
				continue next
			}
		}
		return p, ds
	}
	return nil, nil
}

// inlineOne eliminates p, defined by the clauses ds, which project.
func inlineOne(s *System, p *Pred, ds []*Clause, proj map[*Clause]*projection) (*System, Translator) {
	st := s.St
	r := newRebuild(s)
	r.stale = true
	for _, q := range s.Preds {
		if q != p {
			r.keepPred(q, nil)
		}
	}
	r.removePred(p, func(m Model) (*term.Term, error) {
		var ors []*term.Term
		for _, d := range ds {
			parts := []*term.Term{d.Constraint}
			for i := range d.Body {
				b := &d.Body[i]
				parts = append(parts, b.Pred.Instantiate(st, m.Lookup(st, b.Pred), b.Args))
			}
			f := st.SubstituteMap(conj(st, parts), proj[d].sub)
			ors = append(ors, st.Substitute(f, d.Head.Args, p.Params))
		}
		f := st.Simplify(st.Or(ors...))
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
	isDef := map[*Clause]bool{}
	for _, d := range ds {
		isDef[d] = true
	}
	for _, c := range s.Clauses {
		inBody := false
		for i := range c.Body {
			inBody = inBody || c.Body[i].Pred == p
		}
		switch {
		case isDef[c]:
		case !inBody:
			r.keepClause(c)
		default:
			for _, d := range ds {
				r.inlineInto(c, p, d)
			}
		}
	}
	r.changed = true
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
	nc := &Clause{Origin: c.Origin + ", " + p.Name() + " inlined", Vars: append([]*term.Term(nil), c.Vars...)}
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
