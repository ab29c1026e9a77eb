package itp

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// maxEUFTerms bounds the terms of a lemma that eufInterpolant closes
// (the congruence step compares applications pairwise).
const maxEUFTerms = 600

// maxEUFSteps bounds the steps of the explanation eufInterpolant builds
// (sub-explanations are not shared, so they can repeat).
const maxEUFSteps = 20000

// eufInterpolant computes an interpolant of two conjunctions of literals
// whose conjunction is unsatisfiable in EUF, by congruence closure with a
// proof forest and colored paths (after Fuchs, Goel, Grundy, Krstić and
// Tinelli, "Ground interpolation for the theory of equality"):
//
//  1. the equalities of as and bs (a Boolean atom p as p = true, ¬p as
//     p = false) are closed under congruence, every union recording its
//     reason; a disequality of as or bs (or true ≠ false) whose sides
//     meet is the conflict, explained by the path between them;
//  2. a path step is a literal (of A or B) or a congruence
//     f(x̄) = f(ȳ) with the paths of its arguments; a congruence between an
//     A-local and a B-local application (f shared) is split at
//     f(s̄), s_j the first shared term on the path of argument j, so every
//     step has a color and two steps of different colors meet at a shared
//     term;
//  3. a maximal A-segment from p to q (both shared) gives the fact
//     premises → p = q, where the premises are the equalities of the
//     B-segments inside its congruences' arguments (at any depth through
//     A-segments); the A-segments inside B-congruences give facts of
//     their own. When the disequality is A's, its path's A-segments and
//     B-segments (as equalities) together are the premises of false.
//
// The interpolant is the conjunction of the facts: A implies each (its
// segments derive the conclusion from the premises), and B with them
// derives its premises and the conflict. Literals outside EUF are
// ignored (a subset of an unsatisfiable conjunction is enough when the
// closure finds a conflict); ok false means no conflict, or a step the
// method does not cover, and the caller tries the candidates.
func eufInterpolant(st *term.Store, as, bs []*term.Term, color func(*term.Term) class) (*term.Term, bool) {
	g := &egraph{st: st, idx: map[*term.Term]int{}, color: color}
	g.add(st.True())
	g.add(st.False())
	g.diseqs = append(g.diseqs, litEdge{st.True(), st.False(), bLocal}) // valid: either side
	for k, lits := range [2][]*term.Term{as, bs} {
		side := aLocal
		if k == 1 {
			side = bLocal
		}
		for _, l := range lits {
			if !g.literal(l, side) {
				return nil, false
			}
		}
	}
	if len(g.terms) > maxEUFTerms {
		return nil, false
	}
	g.close()
	for _, d := range g.diseqs {
		x, y := g.idx[d.x], g.idx[d.y]
		if g.find(x) != g.find(y) {
			continue
		}
		p, ok := g.explain(x, y)
		if !ok {
			return nil, false
		}
		if p, ok = g.colorize(p); !ok {
			return nil, false
		}
		return g.interpolant(p, d.side), true
	}
	return nil, false
}

// litEdge is an equality or disequality literal x = y of side aLocal or
// bLocal (shared literals are B's).
type litEdge struct {
	x, y *term.Term
	side class
}

// egraph is a congruence closure over the terms of a lemma's literals,
// with a proof forest (every union records the edge and its reason).
type egraph struct {
	st     *term.Store
	color  func(*term.Term) class
	terms  []*term.Term
	idx    map[*term.Term]int // lookups only
	uf     []int              // union-find parent
	pf     []int              // proof forest parent, -1 at a root
	why    []int              // reason of the edge to pf: an index into eqs, or -1 for congruence
	eqs    []litEdge
	diseqs []litEdge
	apps   []int // the terms with arguments, in order of addition
	mark   []int // explain's scratch: a stamp per term
	stamp  int
	steps  int
}

// add registers t and its subterms (post-order) and returns t's index.
func (g *egraph) add(t *term.Term) int {
	if i, ok := g.idx[t]; ok {
		return i
	}
	for _, a := range t.Args() {
		g.add(a)
	}
	i := len(g.terms)
	g.idx[t] = i
	g.terms = append(g.terms, t)
	g.uf = append(g.uf, i)
	g.pf = append(g.pf, -1)
	g.why = append(g.why, -1)
	g.mark = append(g.mark, 0)
	if t.NumArgs() > 0 {
		g.apps = append(g.apps, i)
	}
	return i
}

// literal records literal l of side: an equality, a disequality or a
// Boolean atom over terms; other literals (arithmetic inequalities, say)
// are left out. It reports false for a literal that cannot be read.
func (g *egraph) literal(l *term.Term, side class) bool {
	neg := false
	if l.Op() == term.OpNot {
		neg, l = true, l.Arg(0)
	}
	switch {
	case l.Op() == term.OpEq && l.NumArgs() == 2:
		g.add(l.Arg(0))
		g.add(l.Arg(1))
		e := litEdge{l.Arg(0), l.Arg(1), side}
		if neg {
			g.diseqs = append(g.diseqs, e)
		} else {
			g.eqs = append(g.eqs, e)
		}
	case l.Op() == term.OpEq:
		if neg {
			return true // a disjunction of disequalities: left out
		}
		for _, x := range l.Args()[1:] {
			g.add(l.Arg(0))
			g.add(x)
			g.eqs = append(g.eqs, litEdge{l.Arg(0), x, side})
		}
	case l.Op() == term.OpDistinct && l.NumArgs() == 2:
		if neg {
			return true
		}
		g.add(l.Arg(0))
		g.add(l.Arg(1))
		g.diseqs = append(g.diseqs, litEdge{l.Arg(0), l.Arg(1), side})
	case boolLeaf(l):
		g.add(l)
		v := g.st.True()
		if neg {
			v = g.st.False()
		}
		g.eqs = append(g.eqs, litEdge{l, v, side})
	}
	return true
}

func (g *egraph) find(i int) int {
	for g.uf[i] != i {
		g.uf[i] = g.uf[g.uf[i]]
		i = g.uf[i]
	}
	return i
}

// union merges the classes of x and y, adding the proof-forest edge
// x → y with reason why.
func (g *egraph) union(x, y, why int) bool {
	rx, ry := g.find(x), g.find(y)
	if rx == ry {
		return false
	}
	// Reroot x's proof tree at x, then hang it below y.
	prev, prevWhy := -1, -1
	for u := x; u != -1; {
		next, nextWhy := g.pf[u], g.why[u]
		g.pf[u], g.why[u] = prev, prevWhy
		prev, prevWhy = u, nextWhy
		u = next
	}
	g.pf[x], g.why[x] = y, why
	g.uf[rx] = ry
	return true
}

// close merges the literal equalities and then congruent applications
// until nothing changes.
func (g *egraph) close() {
	for k, e := range g.eqs {
		g.union(g.idx[e.x], g.idx[e.y], k)
	}
	for changed := true; changed; {
		changed = false
		for n, i := range g.apps {
			for _, j := range g.apps[n+1:] {
				if g.find(i) != g.find(j) && g.congruent(i, j) {
					g.union(i, j, -1)
					changed = true
				}
			}
		}
	}
}

// congruent reports whether terms i and j apply one function to
// arguments of equal classes.
func (g *egraph) congruent(i, j int) bool {
	s, t := g.terms[i], g.terms[j]
	if s.Op() != t.Op() || s.NumArgs() != t.NumArgs() || s.Sort() != t.Sort() {
		return false
	}
	switch s.Op() {
	case term.OpApply:
		if s.Func() != t.Func() {
			return false
		}
	case term.OpSelect, term.OpStore:
	default:
		return false
	}
	for k := range s.NumArgs() {
		if g.find(g.idx[s.Arg(k)]) != g.find(g.idx[t.Arg(k)]) {
			return false
		}
	}
	return true
}

// step is one equality of an explanation, x = y: a literal of side
// (aLocal or bLocal), or a congruence whose argument k is explained by
// args[k]. After colorize, side is the step's color.
type step struct {
	x, y *term.Term
	side class
	cong bool
	args [][]step
}

// explain returns the path of steps from term x to term y (same class)
// in the proof forest.
func (g *egraph) explain(x, y int) ([]step, bool) {
	if x == y {
		return nil, true
	}
	g.stamp++
	for u := x; u != -1; u = g.pf[u] {
		g.mark[u] = g.stamp
	}
	var down []int // y up to the common ancestor
	lca := y
	for ; g.mark[lca] != g.stamp; lca = g.pf[lca] {
		down = append(down, lca)
		if g.pf[lca] == -1 {
			return nil, false
		}
	}
	var path []step
	for u := x; u != lca; u = g.pf[u] {
		s, ok := g.edge(u, g.pf[u], g.why[u])
		if !ok {
			return nil, false
		}
		path = append(path, s)
	}
	for k := len(down) - 1; k >= 0; k-- {
		u := down[k]
		s, ok := g.edge(g.pf[u], u, g.why[u])
		if !ok {
			return nil, false
		}
		path = append(path, s)
	}
	return path, true
}

// edge is the step from u to v along a proof-forest edge with reason why.
func (g *egraph) edge(u, v, why int) (step, bool) {
	g.steps++
	if g.steps > maxEUFSteps {
		return step{}, false
	}
	s := step{x: g.terms[u], y: g.terms[v]}
	if why >= 0 {
		s.side = g.eqs[why].side
		return s, true
	}
	s.cong = true
	for k := range s.x.NumArgs() {
		p, ok := g.explain(g.idx[s.x.Arg(k)], g.idx[s.y.Arg(k)])
		if !ok {
			return step{}, false
		}
		s.args = append(s.args, p)
	}
	return s, true
}

// colorize gives every congruence step of path a color (A when an end is
// A-local, B otherwise) and splits one between an A-local and a B-local
// application at a shared application in between.
func (g *egraph) colorize(path []step) ([]step, bool) {
	var out []step
	for _, s := range path {
		if !s.cong {
			out = append(out, s)
			continue
		}
		for k, p := range s.args {
			var ok bool
			if s.args[k], ok = g.colorize(p); !ok {
				return nil, false
			}
		}
		cx, cy := g.color(s.x), g.color(s.y)
		switch {
		case cx == mixed || cy == mixed:
			return nil, false
		case cx == aLocal && cy == bLocal || cx == bLocal && cy == aLocal:
			l, r, ok := g.split(s)
			if !ok {
				return nil, false
			}
			l.side, r.side = cx, cy
			for _, h := range [2]step{l, r} {
				if h.x != h.y {
					out = append(out, h)
				}
			}
			continue
		case cx == aLocal || cy == aLocal:
			s.side = aLocal
		default:
			s.side = bLocal
		}
		out = append(out, s)
	}
	return out, true
}

// split cuts congruence step s at f(s̄), s_k the first shared term on the
// path of argument k.
func (g *egraph) split(s step) (l, r step, ok bool) {
	mid := make([]*term.Term, len(s.args))
	l = step{x: s.x, cong: true, args: make([][]step, len(s.args))}
	r = step{y: s.y, cong: true, args: make([][]step, len(s.args))}
	for k, p := range s.args {
		at := -1
		if g.color(s.x.Arg(k)) == shared {
			at = 0
		}
		for n := 0; at < 0 && n < len(p); n++ {
			if g.color(p[n].y) == shared {
				at = n + 1
			}
		}
		if at < 0 {
			return l, r, false
		}
		if at == 0 {
			mid[k] = s.x.Arg(k)
		} else {
			mid[k] = p[at-1].y
		}
		l.args[k], r.args[k] = p[:at], p[at:]
	}
	m := g.st.Rebuild(s.x, mid)
	if g.color(m) != shared {
		return l, r, false
	}
	l.y, r.x = m, m
	return l, r, true
}

// interpolant builds the conjunction of the facts of the conflict path
// (see eufInterpolant) whose disequality is of side dside.
func (g *egraph) interpolant(path []step, dside class) *term.Term {
	st := g.st
	var facts []*term.Term
	if dside == aLocal {
		var prem []*term.Term
		for _, seg := range segments(path) {
			if seg[0].side == aLocal {
				prem = g.premises(seg, prem, &facts)
			} else {
				prem = append(prem, g.eq(seg[0].x, seg[len(seg)-1].y))
				g.facts(seg, &facts)
			}
		}
		facts = append(facts, g.fact(prem, st.False()))
	} else {
		for _, seg := range segments(path) {
			if seg[0].side == aLocal {
				prem := g.premises(seg, nil, &facts)
				facts = append(facts, g.fact(prem, g.eq(seg[0].x, seg[len(seg)-1].y)))
			} else {
				g.facts(seg, &facts)
			}
		}
	}
	return junction(st, false, facts)
}

// premises adds to prem the equalities A-segment seg rests on: those of
// the B-segments in its congruences' argument paths (whose own facts go
// to facts), and the premises of the A-segments there.
func (g *egraph) premises(seg []step, prem []*term.Term, facts *[]*term.Term) []*term.Term {
	for _, s := range seg {
		for _, p := range s.args {
			for _, sub := range segments(p) {
				if sub[0].side == aLocal {
					prem = g.premises(sub, prem, facts)
				} else {
					prem = append(prem, g.eq(sub[0].x, sub[len(sub)-1].y))
					g.facts(sub, facts)
				}
			}
		}
	}
	return prem
}

// facts adds the facts B-segment seg needs: one per A-segment in its
// congruences' argument paths, recursively.
func (g *egraph) facts(seg []step, facts *[]*term.Term) {
	for _, s := range seg {
		for _, p := range s.args {
			for _, sub := range segments(p) {
				if sub[0].side == aLocal {
					prem := g.premises(sub, nil, facts)
					*facts = append(*facts, g.fact(prem, g.eq(sub[0].x, sub[len(sub)-1].y)))
				} else {
					g.facts(sub, facts)
				}
			}
		}
	}
}

// fact is prem → concl.
func (g *egraph) fact(prem []*term.Term, concl *term.Term) *term.Term {
	ds := []*term.Term{}
	for _, p := range prem {
		switch {
		case p.IsTrue():
		case p.IsFalse():
			return g.st.True()
		default:
			ds = append(ds, g.st.Not(p))
		}
	}
	if concl.IsTrue() {
		return concl
	}
	if !concl.IsFalse() {
		ds = append(ds, concl)
	}
	return orOf(g.st, ds)
}

// eq is x = y, folded for identical terms and Boolean constants.
func (g *egraph) eq(x, y *term.Term) *term.Term {
	st := g.st
	switch {
	case x == y:
		return st.True()
	case y.IsTrue():
		return x
	case y.IsFalse():
		return st.Not(x)
	case x.IsTrue():
		return y
	case x.IsFalse():
		return st.Not(y)
	}
	return st.Eq(x, y)
}

// segments cuts a colored path into its maximal runs of one color.
func segments(path []step) [][]step {
	var out [][]step
	for i := 0; i < len(path); {
		j := i + 1
		for j < len(path) && path[j].side == path[i].side {
			j++
		}
		out = append(out, path[i:j])
		i = j
	}
	return out
}

// verifyLemma reports whether I is an interpolant of the literal
// conjunctions as and bs: as ∧ ¬I and I ∧ bs unsatisfiable (two small
// smt checks; the vocabulary holds by construction).
func verifyLemma(ctx context.Context, st *term.Store, as, bs []*term.Term, I *term.Term) (bool, error) {
	for k := range 2 {
		s := smt.New(st, smt.Options{})
		fs := append([]*term.Term(nil), bs...)
		fs = append(fs, I)
		if k == 0 {
			fs = append(append(fs[:0:0], as...), st.Not(I))
		}
		for _, f := range fs {
			if err := s.Assert(f); err != nil {
				return false, err
			}
		}
		r, err := s.Check(ctx)
		if err != nil {
			return false, err
		}
		if r != smt.Unsat {
			return false, nil
		}
	}
	return true, nil
}
