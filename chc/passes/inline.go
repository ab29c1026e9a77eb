package passes

import (
	"container/heap"
	"context"
	"fmt"
	"github.com/seed-f9c3434d/gospacer/chc"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Inline is the pass that eliminates non-recursive predicates by
// inlining: a predicate P whose defining clauses D = B1 ∧ … ∧ Bk ∧ φ ⇒ P(x̄)
// (those with head P) do not have P in their body is replaced where it
// occurs in a body by a defining clause's body and constraint; the
// defining clauses and P leave the system. P qualifies with one defining
// clause (every occurrence is inlined; with several occurrences only when
// D is small), or with several defining clauses and a single occurrence
// (the using clause becomes one clause per defining clause). The pass
// repeats, the predicate of smallest index first, while some predicate
// qualifies.
//
// The model of P is the disjunction over its defining clauses of
// ∃ȳ. B1 ∧ … ∧ Bk ∧ φ, ȳ the clause's variables other than x̄, which must
// be quantifier-free: P is eliminated only when each φ defines every such
// variable that occurs by equalities as a term over x̄ (solveDefs), and
// then the projection is the body and constraint with the definitions
// substituted (Golem #99 and #101 shipped wrong answers by ignoring such
// auxiliary variables). The same definitions keep the merged clauses
// small: a variable of D that is no argument of a body atom leaves the
// merged clause (its definition is substituted), an argument of a body
// atom becomes a fresh variable per occurrence, equal to its definition.
//
// A derivation node of a merged clause splits into the node of the using
// clause and one node of the defining clause per inlined occurrence, with
// their values (an eliminated variable takes the value of its
// definition).
//
// The pass is near-linear in the size of the system: it keeps, per
// predicate, its defining and using clauses and its number of
// occurrences, and re-examines only the predicates whose clauses an
// inlining changed (a heap of candidates, smallest index first, which is
// the order of a scan from the first predicate after each inlining).
type Inline struct{}

// Name is "inline".
func (Inline) Name() string { return "inline" }

// inlineMaxSize bounds the size of D's constraint times the number of
// occurrences of P beyond the first, and the summed sizes of the
// constraints of several defining clauses: the model of P grows with
// them, and so does the check of every clause that mentions P.
const inlineMaxSize = 400

// inlineMaxDef bounds the size of a single defining clause's constraint:
// the model of P is about as large, and the check instantiates it in
// every clause of the input that mentions P (thousands of facts merged
// into one, say), so an engine's invariant serves better.
const inlineMaxDef = 1000

// Apply runs the pass on s.
func (Inline) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if err := poll.Poll(); err != nil {
		return nil, nil, err
	}
	if err := chc.CheckNormal(poll, s); err != nil {
		return nil, nil, err
	}
	in, err := newInliner(poll, s)
	if err != nil {
		return nil, nil, err
	}
	for {
		p, ds := in.pick(poll)
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		if p == nil {
			break
		}
		if err := in.inline(poll, p, ds); err != nil {
			return nil, nil, err
		}
	}
	if len(in.removal) == 0 {
		return s, Identity{}, nil
	}
	return in.result(poll)
}

// An inliner is the state of the Inline pass: the clauses of the input and
// the merged ones, by index, with their order in the output as a linked
// list, and per predicate (by ID) its clauses and occurrences.
type inliner struct {
	s    *chc.System
	st   *term.Store
	cls  []*chc.Clause
	info []clauseInfo
	head int // first clause of the output order (-1: none)

	defs    [][]int // pred → clauses with it as head (dead ones until pruned)
	using   [][]int // pred → clauses with it in the body (dead ones and repeats until pruned)
	uses    []int   // pred → occurrences in the bodies of live clauses
	gone    []bool  // pred → inlined
	queued  []bool  // pred → in cands
	cands   predHeap
	removal []removal // the inlined predicates, in order
}

// clauseInfo is what the inliner knows of a clause.
type clauseInfo struct {
	dead       bool
	next, prev int         // output order
	proj       *projection // memo of project
	size       int         // term.Size of the constraint, -1 until needed
	merge      *merge      // how a merged clause came about; nil for an input clause
}

// A removal is an inlined predicate and the clauses that defined it.
type removal struct {
	p     *chc.Pred
	ds    []*chc.Clause
	projs []*projection
}

// A merge records how a merged clause came from a using clause c and a
// defining clause d of p: what became of each body atom of c, and where
// the values of c's variables come from.
type merge struct {
	c, d *chc.Clause
	segs []segment
	csrc []varSource
}

// A segment says what became of a body atom of the using clause: the new
// body atoms start..start+count, and for an inlined occurrence the sources
// of the defining clause's variables.
type segment struct {
	start, count int
	src          []varSource // nil: the atom was kept
}

func newInliner(poll *chc.Budget, s *chc.System) (*inliner, error) {
	n := len(s.Preds)
	in := &inliner{
		s: s, st: s.St, head: -1,
		defs: make([][]int, n), using: make([][]int, n), uses: make([]int, n),
		gone: make([]bool, n), queued: make([]bool, n),
	}
	prev := -1
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		i := in.add(c, nil)
		in.link(i, prev)
		prev = i
	}
	for _, p := range s.Preds {
		in.push(p)
	}
	return in, nil
}

// add registers clause c (merged when m is not nil) and returns its index.
func (in *inliner) add(c *chc.Clause, m *merge) int {
	i := len(in.cls)
	in.cls = append(in.cls, c)
	in.info = append(in.info, clauseInfo{next: -1, prev: -1, size: -1, merge: m})
	if c.Head != nil {
		p := c.Head.Pred.ID
		in.defs[p] = append(in.defs[p], i)
	}
	for j := range c.Body {
		p := c.Body[j].Pred.ID
		in.uses[p]++
		if u := in.using[p]; len(u) == 0 || u[len(u)-1] != i {
			in.using[p] = append(u, i)
		}
	}
	return i
}

// link puts clause i after clause prev in the output order (first when
// prev is -1).
func (in *inliner) link(i, prev int) {
	next := in.head
	if prev >= 0 {
		next = in.info[prev].next
		in.info[prev].next = i
	} else {
		in.head = i
	}
	in.info[i].prev, in.info[i].next = prev, next
	if next >= 0 {
		in.info[next].prev = i
	}
}

// kill removes clause i from the system.
func (in *inliner) kill(i int) {
	inf := &in.info[i]
	inf.dead = true
	c := in.cls[i]
	for j := range c.Body {
		in.uses[c.Body[j].Pred.ID]--
	}
	if inf.prev >= 0 {
		in.info[inf.prev].next = inf.next
	} else {
		in.head = inf.next
	}
	if inf.next >= 0 {
		in.info[inf.next].prev = inf.prev
	}
}

// live prunes the dead and repeated clauses of list in place and returns
// the rest.
func (in *inliner) live(list *[]int) []int {
	out := (*list)[:0]
	for _, i := range *list {
		if !in.info[i].dead && (len(out) == 0 || out[len(out)-1] != i) {
			out = append(out, i)
		}
	}
	*list = out
	return out
}

func (in *inliner) push(p *chc.Pred) {
	if !in.queued[p.ID] && !in.gone[p.ID] {
		in.queued[p.ID] = true
		heap.Push(&in.cands, p.ID)
	}
}

// pick pops candidates, smallest index first, until one qualifies (see
// qualifies), and returns it with its defining clauses; nil when none
// does. A predicate that does not qualify leaves the candidates until an
// inlining changes one of its clauses.
func (in *inliner) pick(poll *chc.Budget) (*chc.Pred, []int) {
	for in.cands.Len() > 0 {
		if poll.Step() != nil {
			return nil, nil
		}
		p := in.s.Preds[heap.Pop(&in.cands).(int)]
		in.queued[p.ID] = false
		if ds := in.qualifies(p); ds != nil {
			return p, ds
		}
	}
	return nil, nil
}

// qualifies returns the defining clauses of p when Inline may eliminate
// p: one defining clause (and few uses or a small constraint), or several
// defining clauses and a single occurrence in a body. No defining clause
// may have p in its body, each must project (see project), and no merged
// clause may have a longer body than both clauses it comes from: linear
// systems stay linear, and nonlinear ones do not grow wider.
func (in *inliner) qualifies(p *chc.Pred) []int {
	if in.gone[p.ID] {
		return nil
	}
	uses := in.uses[p.ID]
	if uses == 0 || (uses > 1 && len(in.defs[p.ID]) > 1 && len(in.live(&in.defs[p.ID])) > 1) {
		return nil
	}
	ds := in.live(&in.defs[p.ID])
	switch {
	case len(ds) == 0:
		return nil
	case len(ds) == 1:
		if size := in.size(ds[0]); size > inlineMaxDef || (uses > 1 && size*(uses-1) > inlineMaxSize) {
			return nil
		}
	case uses > 1:
		return nil
	default:
		// the model of p is the disjunction of the defining clauses
		total := 0
		for _, di := range ds {
			total += in.size(di)
		}
		if total > inlineMaxSize {
			return nil
		}
	}
	for _, di := range ds {
		d := in.cls[di]
		for i := range d.Body {
			if d.Body[i].Pred == p {
				return nil
			}
		}
		if in.longer(p, d) {
			return nil
		}
	}
	for _, di := range ds {
		if !in.project(di).ok {
			return nil
		}
	}
	return ds
}

// longer reports whether inlining p's defining clause d makes the body of
// a using clause longer than both the using clause's and d's.
func (in *inliner) longer(p *chc.Pred, d *chc.Clause) bool {
	if len(d.Body) <= 1 {
		return false // occurrences are replaced one for one at most
	}
	for _, ci := range in.live(&in.using[p.ID]) {
		c := in.cls[ci]
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

func (in *inliner) size(i int) int {
	if in.info[i].size < 0 {
		in.info[i].size = term.Size(in.cls[i].Constraint)
	}
	return in.info[i].size
}

// A projection records whether the variables of a defining clause other
// than its head arguments are defined over them (sub), so that the body
// and constraint projected on the head arguments are quantifier-free;
// values and rest are the constraint with the definitions substituted,
// which with them is equivalent to the clause's constraint: values are
// its conjuncts x = v for a head argument x and a value v (a clause of
// straight-line code gives every head argument one), rest the others.
type projection struct {
	ok     bool
	sub    map[*term.Term]*term.Term
	values []def                     // few, mostly: a list
	vmap   map[*term.Term]*term.Term // values past smallSet of them
	rest   *term.Term
}

// value is the value pr.values gives x, or nil.
func (pr *projection) value(x *term.Term) *term.Term {
	if pr.vmap != nil {
		return pr.vmap[x]
	}
	for _, d := range pr.values {
		if d.x == x {
			return d.t
		}
	}
	return nil
}

// addValue records the value v of x.
func (pr *projection) addValue(x, v *term.Term) {
	pr.values = append(pr.values, def{x, v})
	switch {
	case pr.vmap != nil:
		pr.vmap[x] = v
	case len(pr.values) > smallSet:
		pr.vmap = make(map[*term.Term]*term.Term, 2*len(pr.values))
		for _, d := range pr.values {
			pr.vmap[d.x] = d.t
		}
	}
}

// setRest sets pr.values and pr.rest from the constraint f of a clause
// with head arguments head.
func (pr *projection) setRest(st *term.Store, f *term.Term, head map[*term.Term]bool) {
	var rest []*term.Term
	for _, a := range term.Conjuncts(nil, f) {
		if a.Op() == term.OpEq && a.NumArgs() == 2 {
			x, v := a.Arg(0), a.Arg(1)
			if v.Op() == term.OpConst {
				x, v = v, x
			}
			if head[x] && v.IsValue() && pr.value(x) == nil {
				pr.addValue(x, v)
				continue
			}
		}
		rest = append(rest, a)
	}
	pr.rest = chc.Conj(st, rest)
}

// project decides whether the variables of clause i other than its head
// arguments are defined over them, memoized.
func (in *inliner) project(i int) *projection {
	if pr := in.info[i].proj; pr != nil {
		return pr
	}
	pr := &projection{}
	in.info[i].proj = pr
	st, d := in.st, in.cls[i]
	head := make(map[*term.Term]bool, len(d.Head.Args))
	for _, x := range d.Head.Args {
		head[x] = true
	}
	if len(d.Vars) == len(d.Head.Args) {
		// no variable but the head arguments
		pr.ok = true
		pr.setRest(st, d.Constraint, head)
		return pr
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
	for j := range d.Body {
		for _, x := range d.Body[j].Args {
			need(x)
		}
	}
	pr.ok, pr.sub = ok, sv.sub
	pr.setRest(st, chc.Conj(st, sv.rest), head)
	return pr
}

// inline eliminates p, defined by the clauses ds, which project: every
// live clause that uses p becomes one merged clause per defining clause,
// in its place.
func (in *inliner) inline(poll *chc.Budget, p *chc.Pred, ds []int) error {
	defining := make([]*chc.Clause, len(ds))
	projs := make([]*projection, len(ds))
	for k, di := range ds {
		defining[k], projs[k] = in.cls[di], in.project(di)
	}
	us := append([]int(nil), in.live(&in.using[p.ID])...)
	for _, di := range ds {
		in.kill(di)
	}
	in.gone[p.ID] = true
	in.removal = append(in.removal, removal{p, defining, projs})
	touched := func(c *chc.Clause) {
		if c.Head != nil {
			in.push(c.Head.Pred)
		}
		for j := range c.Body {
			in.push(c.Body[j].Pred)
		}
	}
	for _, d := range defining {
		touched(d)
	}
	for _, ui := range us {
		c := in.cls[ui]
		at := in.info[ui].prev
		for k := range ds {
			if err := poll.Step(); err != nil {
				return err
			}
			nc, m := in.merge(c, p, defining[k], projs[k])
			if nc == nil {
				continue
			}
			i := in.add(nc, m)
			in.link(i, at)
			at = i
		}
		in.kill(ui)
		touched(c)
	}
	return nil
}

// merge is c with every occurrence of p in its body replaced by d's body
// and constraint, renamed apart per occurrence: d's head arguments become
// the occurrence's arguments, the arguments of d's body atoms fresh
// variables equal to their definitions (pr), and d's other variables
// their definitions. It is nil when the merged constraint is false.
func (in *inliner) merge(c *chc.Clause, p *chc.Pred, d *chc.Clause, pr *projection) (*chc.Clause, *merge) {
	st := in.st
	index := make(map[*term.Term]int, len(c.Vars))
	for i, x := range c.Vars {
		index[x] = i
	}
	bodyArg := map[*term.Term]bool{}
	for k := range d.Body {
		for _, x := range d.Body[k].Args {
			bodyArg[x] = true
		}
	}
	nc := &chc.Clause{Origin: c.Origin + ", " + p.Name() + " inlined", Vars: append([]*term.Term(nil), c.Vars...)}
	parts := []*term.Term{c.Constraint}
	// the occurrences' arguments that d's constraint gives a value: they
	// leave the clause, replaced by their values
	elim := map[*term.Term]*term.Term{}
	segs := make([]segment, len(c.Body))
	for j := range c.Body {
		a := &c.Body[j]
		if a.Pred != p {
			segs[j] = segment{start: len(nc.Body), count: 1}
			nc.Body = append(nc.Body, *a)
			continue
		}
		// onto renames d's head arguments to the occurrence's arguments.
		onto := make(map[*term.Term]*term.Term, len(d.Head.Args))
		for i, x := range d.Head.Args {
			onto[x] = a.Args[i]
			if v := pr.value(x); v != nil {
				elim[a.Args[i]] = v
			}
		}
		src := make([]varSource, len(d.Vars))
		fresh := map[*term.Term]*term.Term{}
		for i, v := range d.Vars {
			switch y, isHead := onto[v]; {
			case isHead:
				src[i] = fromIndex(index[y])
			case bodyArg[v]:
				f := st.Fresh(v.Name(), v.Sort())
				fresh[v] = f
				src[i] = fromIndex(len(nc.Vars))
				nc.Vars = append(nc.Vars, f)
				parts = append(parts, st.Eq(f, st.SubstituteMap(pr.sub[v], onto)))
			case pr.sub[v] != nil:
				src[i] = fromDefault
				src[i].def = st.SubstituteMap(pr.sub[v], onto)
			default:
				src[i] = fromDefault // occurs nowhere: any value
			}
		}
		if !pr.rest.IsTrue() {
			parts = append(parts, st.SubstituteMap(pr.rest, onto))
		}
		segs[j] = segment{start: len(nc.Body), count: len(d.Body), src: src}
		for k := range d.Body {
			b := &d.Body[k]
			args := make([]*term.Term, len(b.Args))
			for i, x := range b.Args {
				args[i] = fresh[x]
			}
			nc.Body = append(nc.Body, chc.Atom{Pred: b.Pred, Args: args})
		}
	}
	if c.Head != nil {
		h := *c.Head
		nc.Head = &h
	}
	csrc := make([]varSource, len(c.Vars))
	for i := range csrc {
		csrc[i] = fromIndex(i)
	}
	// The arguments of the inlined occurrences are local variables now:
	// those with a value leave at once; eliminate those the constraint
	// defines, as EliminateLocals would, so that merged clauses stay
	// small and project has nothing to solve on them.
	cons := st.SimplifyMap(chc.Conj(st, parts), elim)
	if args := argVars(nc); hasLocal(cons, args) {
		sv := solveDefs(st, cons, func(x *term.Term) bool { return !args.has(x) }, func(*term.Term) bool { return true }, false)
		if sv.isFalse() {
			return nil, nil
		}
		cons = sv.simplified
		if len(sv.defs) > 0 {
			cons = st.Simplify(chc.Conj(st, sv.rest))
			for x, t := range sv.sub {
				elim[x] = t
			}
		}
	}
	if cons.IsFalse() {
		return nil, nil
	}
	nc.Constraint = cons
	if len(elim) > 0 {
		// values of the eliminated variables: their definitions
		defined := func(src []varSource) {
			for i := range src {
				switch sr := &src[i]; {
				case sr.index >= 0 && elim[nc.Vars[sr.index]] != nil:
					t := elim[nc.Vars[sr.index]]
					*sr = fromDefault
					sr.def = t
				case sr.def != nil:
					sr.def = st.SubstituteMap(sr.def, elim)
				}
			}
		}
		defined(csrc)
		for _, sg := range segs {
			defined(sg.src)
		}
	}
	remap := canonical(nc)
	remapSources(csrc, remap)
	for _, sg := range segs {
		remapSources(sg.src, remap)
	}
	return nc, &merge{c: c, d: d, segs: segs, csrc: csrc}
}

// result is the system of the live clauses in order, its predicates
// renumbered, and the translator back to s.
func (in *inliner) result(poll *chc.Budget) (*chc.System, Translator, error) {
	st := in.st
	r := newRebuild(in.s)
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
	for i := in.head; i >= 0; i = in.info[i].next {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		c := in.cls[i]
		r.keepClause(c)
		if in.info[i].merge == nil {
			continue
		}
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
		if sg.src == nil {
			children[j] = n.Children[sg.start]
			continue
		}
		vals, err := sourceValues(st, n, nil, m.d, sg.src)
		if err != nil {
			return nil, err
		}
		kids := append([]*chc.Node(nil), n.Children[sg.start:sg.start+sg.count]...)
		if children[j], err = unmerge(poll, st, merges, &chc.Node{Clause: m.d, Values: vals, Children: kids}); err != nil {
			return nil, err
		}
	}
	vals, err := sourceValues(st, n, nil, m.c, m.csrc)
	if err != nil {
		return nil, err
	}
	return unmerge(poll, st, merges, &chc.Node{Clause: m.c, Values: vals, Children: children})
}

// predHeap is a min-heap of predicate IDs.
type predHeap []int

func (h predHeap) Len() int           { return len(h) }
func (h predHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h predHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *predHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *predHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
