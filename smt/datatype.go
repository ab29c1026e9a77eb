package smt

// Algebraic datatypes, on top of the congruence closure. Constructors,
// selectors and testers are function symbols of the graph; the theory
// adds what makes them datatypes:
//
//   - for every constructor term C(a1..an) in the graph, the axioms
//     sel_i(C(a)) = a_i, is-C(C(a)) and ¬is-D(C(a)) for the other
//     constructors D; with congruence they give clash (C(a) = D(b) puts
//     is-C(C(a)), true, and is-C(D(b)), false, in one class) and
//     injectivity (C(a) = C(b) gives sel_i(C(a)) = sel_i(C(b)));
//   - acyclicity at the final check: the graph of classes, with an edge
//     from a class holding C(..a..) to the class of a, has no cycle; a
//     cycle is a conflict explained by the equalities that close it;
//   - at the final check, a class without a constructor term is unfolded
//     when one of its testers is true (is-C(t) ⇒ t = C(sel_1(t), ...)),
//     and split on its constructors (is-C1(t) ∨ ... ∨ is-Cn(t)) when it
//     has a selector or a false tester or its datatype is finite; records
//     (one constructor) are unfolded at once;
//   - in the model (combine.go), a class with a constructor term has the
//     constructor over its arguments' values, a class without one (of an
//     infinite datatype, nothing asks anything of it) a fresh value (over
//     a fresh number, else the recursive constructor nested deeper than
//     any value built of the graph's constructors, so that it differs
//     from them: a collision would be split on in vain); the values of
//     distinct classes must differ, else a case split. Classes that hold
//     arrays get their values as their arrays get theirs (ValuesWith). A
//     selector applied to a value of another constructor is read from the
//     selector's table in the model, like an uninterpreted function.
//
// Everything here runs only once a datatype term is in the graph.

import (
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// maxUnfolds bounds the unfoldings and splits of one solver: past it the
// answer is unknown.
const maxUnfolds = 100000

type unfoldKey struct {
	t *term.Term
	c *term.Func
}

// adtState is the datatype theory's part of the euf plugin.
type adtState struct {
	due      []*term.Term        // constructor terms whose axioms are not added yet
	done     map[*term.Term]bool // terms unfolded or split
	unfolded map[unfoldKey]bool
	unfolds  int
}

func (p *eufPlugin) adt() *adtState {
	if p.dt == nil {
		p.dt = &adtState{done: map[*term.Term]bool{}, unfolded: map[unfoldKey]bool{}}
	}
	return p.dt
}

// noteADT is register's hook for a new node of term u.
func (p *eufPlugin) noteADT(u *term.Term) {
	if u.Op() == term.OpCons {
		d := p.adt()
		d.due = append(d.due, u)
	} else if u.Sort().IsDatatype() {
		p.adt()
	}
}

// adtClause adds the clause of the Boolean terms lits, reporting whether
// it did (false after an error, kept in p.err).
func (p *eufPlugin) adtClause(lits ...*term.Term) bool {
	c := make([]sat.Lit, 0, len(lits))
	for _, t := range lits {
		neg := false
		if t.Op() == term.OpNot {
			t, neg = t.Arg(0), true
		}
		m, err := p.s.enc.lit(t, polBoth)
		if err != nil {
			p.err = err
			return false
		}
		if neg {
			m = m.Not()
		}
		c = append(c, m)
	}
	p.s.sat.AddClause(c...)
	p.stats.Lemmas++
	return true
}

// adtCheck is the datatype part of the final check: it adds axioms,
// unfoldings and splits (added reports that it did) or appends a conflict
// clause to dst.
func (p *eufPlugin) adtCheck(dst []sat.Lit) ([]sat.Lit, bool) {
	d, st, g := p.dt, p.s.st, p.g
	added := false
	// Axioms of the constructor terms.
	for len(d.due) > 0 && p.err == nil {
		c := d.due[0]
		d.due = d.due[1:]
		f := c.Func()
		for i, sel := range f.Selectors() {
			p.adtClause(st.Eq(st.Apply(sel, c), c.Arg(i)))
		}
		for _, other := range f.Datatype().Constructors() {
			t := st.Apply(other.Tester(), c)
			if other == f {
				p.adtClause(t)
			} else {
				p.adtClause(st.Not(t))
			}
		}
		added = true
	}
	if added || p.err != nil {
		return dst, added
	}

	// Per class: a constructor node, a true tester, a selector or a false
	// tester on it.
	nn := g.NumNodes()
	cons := make([]euf.Node, nn)
	trueTest := make([]euf.Node, nn)
	asked := make([]bool, nn)
	for i := range cons {
		cons[i], trueTest[i] = euf.NoNode, euf.NoNode
	}
	for n := euf.Node(0); int(n) < nn; n++ {
		t := g.Term(n)
		switch t.Op() {
		case term.OpCons:
			if r := g.Find(n); cons[r] == euf.NoNode {
				cons[r] = n
			}
		case term.OpTest:
			r := g.Find(g.Args(n)[0])
			if g.Same(n, g.True()) {
				if trueTest[r] == euf.NoNode {
					trueTest[r] = n
				}
			} else {
				asked[r] = true
			}
		case term.OpSel:
			asked[g.Find(g.Args(n)[0])] = true
		}
	}

	// Acyclicity.
	if dst, ok := p.adtCycle(dst, cons); !ok {
		return dst, false
	}

	// Unfold and split.
	for n := euf.Node(0); int(n) < nn; n++ {
		r := g.Find(n)
		if r != n || cons[r] != euf.NoNode {
			continue
		}
		t := g.Term(r)
		s := t.Sort()
		if !s.IsDatatype() {
			continue
		}
		dt := s.Datatype()
		ctors := dt.Constructors()
		switch {
		case trueTest[r] != euf.NoNode:
			tn := trueTest[r]
			x := g.Term(g.Args(tn)[0])
			c := g.Term(tn).Func().Constructor()
			if d.unfolded[unfoldKey{x, c}] {
				continue
			}
			d.unfolded[unfoldKey{x, c}] = true
			p.adtClause(st.Not(g.Term(tn)), st.Eq(x, p.unfolding(c, x)))
		case !asked[r] && !adtFinite(dt, nil):
			continue
		case d.done[t]:
			continue
		case len(ctors) == 1:
			d.done[t] = true
			p.adtClause(st.Eq(t, p.unfolding(ctors[0], t)))
		default:
			d.done[t] = true
			lits := make([]*term.Term, len(ctors))
			for i, c := range ctors {
				lits[i] = st.Apply(c.Tester(), t)
			}
			p.adtClause(lits...)
		}
		added = true
		if d.unfolds++; d.unfolds > maxUnfolds {
			p.err = fmt.Errorf("datatypes: more than %d unfoldings", maxUnfolds)
			return dst, false
		}
		if p.err != nil {
			return dst, false
		}
	}
	return dst, added
}

// unfolding is C(sel_1(x), ..., sel_n(x)).
func (p *eufPlugin) unfolding(c *term.Func, x *term.Term) *term.Term {
	st := p.s.st
	args := make([]*term.Term, c.Arity())
	for i, sel := range c.Selectors() {
		args[i] = st.Apply(sel, x)
	}
	return st.Cons(c, args...)
}

// adtCycle looks for a cycle in the graph of classes (an edge from the
// class of a constructor node to the class of each datatype argument);
// it appends the conflict of the first one to dst, and reports ok when
// there is none.
func (p *eufPlugin) adtCycle(dst []sat.Lit, cons []euf.Node) ([]sat.Lit, bool) {
	g := p.g
	nn := g.NumNodes()
	// The constructor nodes of each class, in node order.
	var byClass map[euf.Node][]euf.Node
	for n := euf.Node(0); int(n) < nn; n++ {
		if g.Term(n).Op() == term.OpCons {
			if byClass == nil {
				byClass = map[euf.Node][]euf.Node{}
			}
			r := g.Find(n)
			byClass[r] = append(byClass[r], n)
		}
	}
	if byClass == nil {
		return dst, true
	}
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, nn)
	// The path: for each grey class, the constructor node and argument
	// taken out of it.
	type step struct{ class, cons, arg euf.Node }
	var path []step
	var visit func(r euf.Node) (cycleAt int)
	visit = func(r euf.Node) int {
		color[r] = grey
		for _, c := range byClass[r] {
			for _, a := range g.Args(c) {
				if !g.Term(a).Sort().IsDatatype() {
					continue
				}
				ra := g.Find(a)
				path = append(path, step{r, c, a})
				switch color[ra] {
				case grey:
					for i, s := range path {
						if s.class == ra {
							return i
						}
					}
				case white:
					if i := visit(ra); i >= 0 {
						return i
					}
				}
				path = path[:len(path)-1]
			}
		}
		color[r] = black
		return -1
	}
	roots := make([]euf.Node, 0, len(byClass))
	for r := range byClass {
		roots = append(roots, r)
	}
	slices.Sort(roots)
	for _, r := range roots {
		if color[r] != white {
			continue
		}
		i := visit(r)
		if i < 0 {
			continue
		}
		// path[i:] is the cycle: the argument of each step is equal to
		// the constructor node of the next (of the first for the last).
		cyc := path[i:]
		p.reasons = p.reasons[:0]
		for k, s := range cyc {
			next := cyc[(k+1)%len(cyc)].cons
			p.reasons = g.Explain(s.arg, next, p.reasons)
		}
		if len(p.reasons) == 0 {
			// A constructor term that contains itself: impossible for a
			// hash-consed term.
			p.err = fmt.Errorf("datatypes: a cycle without reasons")
			return dst, true
		}
		for _, q := range p.reasons {
			dst = append(dst, sat.Lit(q).Not())
		}
		return dst, false
	}
	return dst, true
}

// adtValues gives the classes of datatype sort their values: the
// constructor over the values of its arguments, or a fresh value. A
// class whose constructor has an argument without a value yet (an array,
// before arrays.Values) is left for a later call. Where two classes get
// one value, it reports the pairs of nodes to split on: the arguments of
// their constructor nodes that are in different classes (or the two
// classes, when one has no constructor node).
func (p *eufPlugin) adtValues(vals []*term.Term, fr *freshValues) (clash [][2]euf.Node) {
	g, st := p.g, p.s.st
	nn := g.NumNodes()
	cons := make(map[euf.Node]euf.Node)
	for n := euf.Node(0); int(n) < nn; n++ {
		if g.Term(n).Op() == term.OpCons {
			if _, ok := cons[g.Find(n)]; !ok {
				cons[g.Find(n)] = n
			}
		}
	}
	// Deep fresh values (of datatypes where no constructor reaches a
	// number) are the recursive constructor nested: a value built from
	// constructor classes nests at most as many constructors over its
	// leaves as the height of its class in the (acyclic) graph of
	// classes, so fresh values more than the greatest height apart in
	// depth differ from every such value and from each other, also once
	// nested in one.
	height := make(map[euf.Node]int, len(cons))
	var heightOf func(r euf.Node, depth int) int
	heightOf = func(r euf.Node, depth int) int {
		c, ok := cons[r]
		if !ok || depth > nn {
			return 0
		}
		if h, ok := height[r]; ok {
			return h
		}
		h := 1
		for _, a := range g.Args(c) {
			if g.Term(a).Sort().IsDatatype() {
				h = max(h, 1+heightOf(g.Find(a), depth+1))
			}
		}
		height[r] = h
		return h
	}
	maxHeight := 0
	for n := euf.Node(0); int(n) < nn; n++ {
		if g.Find(n) == n {
			maxHeight = max(maxHeight, heightOf(n, 0))
		}
	}
	if step := maxHeight + 2; fr.deepStep < step {
		fr.deepStep = step
	}
	var value func(r euf.Node, depth int) *term.Term
	value = func(r euf.Node, depth int) *term.Term {
		if vals[r] != nil || depth > nn {
			return vals[r]
		}
		c, ok := cons[r]
		if !ok {
			if g.Term(r).Sort().IsDatatype() {
				vals[r] = fr.value(g.Term(r).Sort())
			}
			return vals[r]
		}
		args := make([]*term.Term, 0, len(g.Args(c)))
		for _, a := range g.Args(c) {
			v := value(g.Find(a), depth+1)
			if v == nil {
				return nil
			}
			args = append(args, v)
		}
		vals[r] = st.Cons(g.Term(c).Func(), args...)
		return vals[r]
	}
	seen := map[*term.Term]euf.Node{}
	for n := euf.Node(0); int(n) < nn; n++ {
		if g.Find(n) != n || !g.Term(n).Sort().IsDatatype() {
			continue
		}
		v := value(n, 0)
		if v == nil {
			continue
		}
		if q, ok := seen[v]; ok {
			cq, okq := cons[q]
			cn, okn := cons[n]
			if !okq || !okn {
				clash = append(clash, [2]euf.Node{q, n})
				continue
			}
			for i, a := range g.Args(cq) {
				if b := g.Args(cn)[i]; !g.Same(a, b) {
					clash = append(clash, [2]euf.Node{a, b})
				}
			}
		} else {
			seen[v] = n
		}
	}
	return clash
}

// adtFresh is a value of the datatype sort s that no class has: over a
// fresh number or abstract element where a constructor reaches one, else
// a deep term (the model check catches the unlikely clash).
func (f *freshValues) adtFresh(s *term.Sort) *term.Term {
	dt := s.Datatype()
	if adtFinite(dt, nil) {
		return f.st.DefaultValue(s)
	}
	if v := f.adtFreshLeaf(s, map[*term.Sort]bool{}); v != nil {
		return v
	}
	// Deep: the recursive constructor of s nested, each time deeper by
	// more than the nesting of any other value (see adtValues).
	f.deep += max(f.deepStep, 2)
	for _, c := range dt.Constructors() {
		for i, d := range c.Domain() {
			if d != s {
				continue
			}
			// From the last deep value of s: each value nests on the one
			// before, so k values cost k steps, not k² / 2.
			if f.deepVals == nil {
				f.deepVals = map[*term.Sort]deepValue{}
			}
			last, ok := f.deepVals[s]
			if !ok {
				last = deepValue{f.st.DefaultValue(s), 0}
			}
			v := last.v
			for k := last.depth; k < f.deep; k++ {
				args := make([]*term.Term, c.Arity())
				for j, dj := range c.Domain() {
					args[j] = f.st.DefaultValue(dj)
				}
				args[i] = v
				v = f.st.Cons(c, args...)
			}
			f.deepVals[s] = deepValue{v, f.deep}
			return v
		}
	}
	return f.st.DefaultValue(s)
}

// adtFinite reports whether the datatype dt has finitely many values,
// counting bit-vector fields as finite (term.Datatype.IsFinite does
// not): its classes are unfolded or split on their constructors, so that
// their values are built from their fields' and distinct classes differ
// by a field (Bit-vectors). visiting holds the datatypes on the way.
func adtFinite(dt *term.Datatype, visiting []*term.Datatype) bool {
	if dt.IsFinite() {
		return true
	}
	if slices.Contains(visiting, dt) {
		return false
	}
	visiting = append(visiting, dt)
	for _, c := range dt.Constructors() {
		for _, d := range c.Domain() {
			switch {
			case d.IsBool(), d.IsBitVec():
			case d.IsDatatype() && adtFinite(d.Datatype(), visiting):
			default:
				return false
			}
		}
	}
	return true
}

// deepValue is a deep fresh value and its nesting depth.
type deepValue struct {
	v     *term.Term
	depth int
}

// adtFreshLeaf builds a value of s over a fresh number or abstract
// element, nil if no constructor path reaches one.
func (f *freshValues) adtFreshLeaf(s *term.Sort, visiting map[*term.Sort]bool) *term.Term {
	if visiting[s] {
		return nil
	}
	visiting[s] = true
	defer delete(visiting, s)
	for _, c := range s.Datatype().Constructors() {
		for i, d := range c.Domain() {
			var v *term.Term
			switch {
			case d.IsArith() || d.IsUninterpreted():
				v = f.value(d)
			case d.IsDatatype():
				v = f.adtFreshLeaf(d, visiting)
			case d.IsArray() && (d.Index().IsArith() || d.Index().IsUninterpreted()):
				// the default array with one entry at a fresh index
				if e := f.nonDefault(d.Elem()); e != nil {
					v, _ = term.NewModel(f.st).Eval(f.st.Store(f.st.DefaultValue(d), f.value(d.Index()), e))
				}
			}
			if v == nil {
				continue
			}
			args := make([]*term.Term, c.Arity())
			for j, dj := range c.Domain() {
				args[j] = f.st.DefaultValue(dj)
			}
			args[i] = v
			return f.st.Cons(c, args...)
		}
	}
	return nil
}

// nonDefault is a value of s other than its default, nil if none comes
// at hand.
func (f *freshValues) nonDefault(s *term.Sort) *term.Term {
	switch {
	case s.IsBool():
		return f.st.True()
	case s.IsArith():
		return f.st.Num(num.NewRat(1, 1), s)
	case s.IsDatatype():
		def := f.st.DefaultValue(s)
		for _, c := range s.Datatype().Constructors() {
			args := make([]*term.Term, c.Arity())
			for j, dj := range c.Domain() {
				args[j] = f.st.DefaultValue(dj)
			}
			if v := f.st.Cons(c, args...); v != def {
				return v
			}
		}
	}
	return nil
}

// adtSelectorEntry is the table entry a model needs for the selector node
// n: when the value of its argument is of another constructor, the
// selector's value there; ok is false otherwise.
func adtSelectorEntry(t *term.Term, arg, v *term.Term) (term.FuncEntry, bool) {
	if arg.Op() == term.OpCons && arg.Func() == t.Func().Constructor() {
		return term.FuncEntry{}, false
	}
	return term.FuncEntry{Args: []*term.Term{arg}, Value: v}, true
}
