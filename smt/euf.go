package smt

// # Uninterpreted functions, arrays and theory combination
//
// The euf plugin (this file) puts the terms of uninterpreted sorts,
// uninterpreted functions (OpApply), arrays and the arithmetic terms they
// share with arithmetic into one euf.Graph, and decides the atoms over
// them:
//
//	(= a b)        a, b of an uninterpreted or array sort: an euf atom
//	(p x)          a Boolean application or select: the watch p = true
//	(= s t)        arithmetic, s or t a select or application: the
//	               encoder's arithmetic literal, watched by euf as well
//
// Atoms are SAT variables the plugin owns (dispatcher.register); assign
// merges (or separates) their nodes with the literal as the euf.Reason,
// propagate drains the graph's propagations and implies the watched
// literals with sat.Solver.Imply, explained lazily from the proof forest
// (ExplainPropagation). A conflict clause is the negation of the reasons
// euf.Graph.Conflict returns. The graph's scopes follow the SAT levels.
//
// Terms enter the graph through internalize (euf_terms.go), which first
// lifts them: every ite of a non-Boolean sort becomes a fresh constant k
// with c ⇒ k = a and ¬c ⇒ k = b (arithmetic ones shared with the
// encoder's lift), and every Boolean formula used as an argument becomes a
// fresh Boolean constant defined equivalent to it. The graph then holds
// only constants, values, applications, selects, stores, constant arrays
// and linear arithmetic over those. Boolean nodes are watched against
// true, so their classes are their truth values.
//
// Arrays (array.go) are decided by package arrays, which reads the classes
// and proposes axiom instances as lemmas (read-over-write down and up,
// constant arrays, extensionality for disequal arrays); the plugin encodes
// them with the encoder and adds them for good. Unconditional instances
// (read-same, selects of constant arrays) and extensionality are added at
// the next propagation, the others at the final check.
//
// Theory combination with arithmetic (combine.go) is model based, as in
// z3. Every arithmetic node of the graph is shared: constants, selects and
// applications get simplex variables (arith.variable calls eufVar), and
// compound terms are linear forms over them. Two directions:
//
//   - euf to arithmetic: when two classes holding shared nodes merge
//     (euf.PropShared), the plugin implies the literal of x = y, the
//     encoder's arithmetic equality, so arithmetic learns it. The final
//     check re-checks that every class has one arithmetic value.
//   - arithmetic to euf: at the final check the plugin builds the model
//     the classes define (one value per class: arithmetic classes take the
//     simplex value, uninterpreted classes distinct abstract values,
//     arrays canonical values from their selects, see arrays.Values) and
//     checks congruence against it: two applications (or two selects of one
//     array class) whose arguments have equal values but whose results
//     differ need the arguments merged or made different, so the plugin
//     proposes x = y as a fresh atom, decided by the SAT solver with
//     phase true. Only argument pairs that break the model are split.
//
// Bit-vector terms in the graph (under a function of another sort or a
// constructor, or selectors of a bit-vector sort) are shared the same
// way: x = y is the blasted equality atom, watched by the graph, and a
// class's value is the value of its nodes' words (bvValue), which must
// agree within a class as arithmetic values must.
//
// When the final check adds nothing, the model it built is kept (the SAT
// solver backtracks before Check returns) and buildModel installs it:
// values of uninterpreted and array constants and tables for the
// functions. Check then evaluates every assertion under it as always.
//
// Naming: p *eufPlugin; g *euf.Graph; n, x, y euf.Node; at an eufAtom, ai
// its index; m a sat.Lit; t, u terms; vals model values by node.

import (
	"cmp"
	"slices"

	"github.com/seed-f9c3434d/gospacer/arrays"
	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// eufPlugin is the theory of equality, uninterpreted functions and arrays.
type eufPlugin struct {
	s   *Solver
	g   *euf.Graph
	arr *arrays.Solver

	atoms    []eufAtom
	atomOf   map[uint64]int32  // node pair -> atom
	atomsOf  [][]int32         // by sat.Var: the atoms of the variable
	expl     []euf.Propagation // by sat.Var: why the plugin implied it
	eager    [][]euf.Reason    // by sat.Var: the explanation of a disequality implied
	conflict bool
	active   bool // the graph holds a term besides true and false

	lifted      map[*term.Term]*term.Term // memo of lift
	registered  int                       // nodes [0, registered) are registered
	shared      []linRef                  // by node: the arithmetic meaning of arithmetic nodes
	arrayAtoms  []int32                   // atoms over arrays, for extensionality
	extDue      []int32                   // array atoms assigned false, extensionality not yet added
	lemmas      []arrays.Lemma            // lemmas to add at the next callback
	trans       []transLemma              // transitivity lemmas to add at the next propagation
	transEnds   []transEnd                // scratch of noteTransitivity
	transPath   []transEnd                // scratch of noteChainConflict
	chains      []chainLemma              // chain conflicts to restate with trans's conclusions
	transLits   []sat.Lit                 // scratch of addTransitivity
	transClause []sat.Lit
	staticAt    int   // graph size at the last addLemmas
	err         error // an error met inside a callback: the answer is unknown

	dt *adtState // Datatypes: nil until a datatype term is in the graph

	snap  eufModel // the model of the last final check that added nothing
	stats eufStats

	// Scratch.
	props   []euf.Propagation
	reasons []euf.Reason
	members []euf.Node
}

type eufStats struct {
	Atoms, Splits, Lemmas, SharedEqs, TransAtoms int
}

// eufAtom is a literal the plugin decides: lit is true iff a = b. For a
// Boolean node watched as a predicate, b is the node of true and a false
// lit merges a with false.
type eufAtom struct {
	a, b euf.Node
	lit  sat.Lit
	pred bool
}

func newEuf(s *Solver) *eufPlugin {
	g := euf.New(s.st)
	return &eufPlugin{
		s:      s,
		g:      g,
		arr:    arrays.New(s.st, g),
		atomOf: map[uint64]int32{},
		lifted: map[*term.Term]*term.Term{},
	}
}

func pairKey(a, b euf.Node) uint64 {
	if b < a {
		a, b = b, a
	}
	return uint64(a)<<32 | uint64(b)
}

func (p *eufPlugin) growVar(v sat.Var) {
	for int(v) >= len(p.atomsOf) {
		n := 2*len(p.atomsOf) + 64
		p.atomsOf = append(p.atomsOf, make([][]int32, n-len(p.atomsOf))...)
		p.expl = append(p.expl, make([]euf.Propagation, n-len(p.expl))...)
		p.eager = append(p.eager, make([][]euf.Reason, n-len(p.eager))...)
	}
}

// addAtom registers lit as the atom a = b (a predicate when pred, with b
// the node of true) and returns the literal of the atom, which is lit or,
// when lit's variable belongs to another theory, a bridge (see ownLit).
// An atom that exists keeps its literal.
func (p *eufPlugin) addAtom(a, b euf.Node, lit sat.Lit, pred bool) sat.Lit {
	if ai, ok := p.atomOf[pairKey(a, b)]; ok {
		return p.atoms[ai].lit
	}
	lit = p.ownLit(lit)
	ai := int32(len(p.atoms))
	p.atoms = append(p.atoms, eufAtom{a: a, b: b, lit: lit, pred: pred})
	p.atomOf[pairKey(a, b)] = ai
	v := lit.Var()
	p.growVar(v)
	p.atomsOf[v] = append(p.atomsOf[v], ai)
	p.stats.Atoms++
	if p.g.Term(a).Sort().IsArray() {
		p.arrayAtoms = append(p.arrayAtoms, ai)
	}
	p.g.WatchEq(a, b, euf.Reason(ai))
	if val := p.s.sat.ValueNow(lit); val != sat.Undef {
		m := lit
		if val == sat.False {
			m = lit.Not()
		}
		p.assertAtom(ai, m)
	}
	return lit
}

// ownLit returns a literal equivalent to m whose variable the plugin owns:
// m itself when its variable belongs to no theory (it is registered), or
// a fresh variable tied to m by two clauses. The constant literals stay.
func (p *eufPlugin) ownLit(m sat.Lit) sat.Lit {
	v := m.Var()
	if v == p.s.enc.tru.Var() {
		return m
	}
	d := &p.s.th
	if int(v) < len(d.owner) && d.owner[v] != 0 {
		if d.plugins[d.owner[v]-1] == plugin(p) {
			return m
		}
		k := p.s.sat.NewVar().Pos()
		p.s.define(k.Not(), m)
		p.s.define(k, m.Not())
		d.register(k.Var(), p)
		return k
	}
	d.register(v, p)
	return m
}

// newAtomVar returns the literal of a fresh variable of the plugin; with
// preferTrue it is the negative literal, so that the SAT solver's default
// phase (false) makes the atom true.
func (p *eufPlugin) newAtomVar(preferTrue bool) sat.Lit {
	v := p.s.sat.NewVar()
	p.s.th.register(v, p)
	if preferTrue {
		return v.Neg()
	}
	return v.Pos()
}

// assertAtom tells the graph that the literal m of atom ai is true.
func (p *eufPlugin) assertAtom(ai int32, m sat.Lit) {
	at := p.atoms[ai]
	r := euf.Reason(m)
	holds := m == at.lit
	var ok bool
	switch {
	case at.pred && holds:
		ok = p.g.Merge(at.a, p.g.True(), r)
	case at.pred:
		ok = p.g.Merge(at.a, p.g.False(), r)
	case holds:
		ok = p.g.Merge(at.a, at.b, r)
	default:
		ok = p.g.AssertDiseq(at.a, at.b, r)
		if p.g.Term(at.a).Sort().IsArray() {
			p.extDue = append(p.extDue, ai)
		}
	}
	if !ok {
		p.conflict = true
	}
}

// holdsInGraph reports whether the graph agrees with the value of atom at.
func (p *eufPlugin) holdsInGraph(at eufAtom, val bool) bool {
	switch {
	case at.pred && val:
		return p.g.Same(at.a, p.g.True())
	case at.pred:
		return p.g.Same(at.a, p.g.False())
	case val:
		return p.g.Same(at.a, at.b)
	}
	return p.g.Disequal(at.a, at.b)
}

// ---- plugin ----

func (p *eufPlugin) assign(m sat.Lit) {

	if int(m.Var()) >= len(p.atomsOf) {
		return
	}
	for _, ai := range p.atomsOf[m.Var()] {
		if p.conflict {
			return
		}
		p.assertAtom(ai, m)
	}
}

func (p *eufPlugin) conflictClause(dst []sat.Lit) []sat.Lit {
	p.reasons = p.g.Conflict(p.reasons[:0])
	for _, r := range p.reasons {
		dst = append(dst, sat.Lit(r).Not())
	}
	p.noteTransitivity(p.reasons)
	return dst
}

// maxTransAtoms bounds the equality atoms that transitivity lemmas add.
const maxTransAtoms = 20000

func (p *eufPlugin) isConst(n euf.Node) bool { return p.g.Term(n).Op() == term.OpConst }

// noteTransitivity looks at the equalities of uninterpreted sort in a
// conflict's explanation: where a chain a = b, b = c passes through b,
// the lemma a = b ∧ b = c ⇒ a = c with a new atom a = c lets the SAT
// solver learn about a = c directly. Without these, formulas like the
// eq_diamond family need a number of conflicts exponential in the chain's
// length (dynamic transitivity, as in Yices and z3's dack). The lemmas
// are added at the next propagation, after the backjump.
func (p *eufPlugin) noteTransitivity(reasons []euf.Reason) {
	if p.stats.TransAtoms >= maxTransAtoms || len(reasons) < 3 {
		return
	}
	// The ends of the equalities, as (node, atom) pairs sorted by node:
	// a node with exactly two is the middle of a chain a = b, b = c. A
	// slice, not a map: no allocation per conflict, and the lemmas come
	// in node order (deterministic).
	ends := p.transEnds[:0]
	for _, r := range reasons {
		m := sat.Lit(r)
		if int(m.Var()) >= len(p.atomsOf) {
			continue
		}
		for _, ai := range p.atomsOf[m.Var()] {
			at := p.atoms[ai]
			if at.pred || at.lit != m || !p.g.Term(at.a).Sort().IsUninterpreted() {
				continue
			}
			ends = append(ends, transEnd{at.a, ai}, transEnd{at.b, ai})
		}
	}
	p.transEnds = ends
	if len(ends) < 4 {
		return
	}
	slices.SortFunc(ends, func(x, y transEnd) int {
		if x.n != y.n {
			return cmp.Compare(x.n, y.n)
		}
		return cmp.Compare(x.ai, y.ai)
	})
	if p.noteChainConflict(reasons, ends) {
		return
	}
	for i := 0; i < len(ends); {
		j := i + 1
		for j < len(ends) && ends[j].n == ends[i].n {
			j++
		}
		if j-i == 2 {
			p.noteChain(ends[i].n, ends[i].ai, ends[i+1].ai)
		}
		i = j
	}
}

// noteChainConflict handles a conflict that is one chain of equalities
// between constants, v0 = v1 = ... = vk, against the disequality v0 != vk
// (the eq_diamond families): it queues the lemmas v_j = v_j+1 ∧ v_j+1 =
// v_j+2 ⇒ v_j = v_j+2 for j = 0, 2, 4, ..., and the conflict clause
// restated over their conclusions, a clause over the new atoms that the
// SAT solver can learn from without meeting every path through the
// chain. It reports whether the conflict had that shape; ends are the
// chain's atoms' ends sorted by node (noteTransitivity).
func (p *eufPlugin) noteChainConflict(reasons []euf.Reason, ends []transEnd) bool {
	k := len(ends) / 2 // edges
	if k < 4 || len(reasons) != k+1 {
		return false
	}
	// A path: two nodes of degree 1, the others of degree 2, all constants.
	start := euf.NoNode
	for i := 0; i < len(ends); {
		j := i + 1
		for j < len(ends) && ends[j].n == ends[i].n {
			j++
		}
		switch {
		case !p.isConst(ends[i].n) || j-i > 2:
			return false
		case j-i == 1 && start == euf.NoNode:
			start = ends[i].n
		}
		i = j
	}
	if start == euf.NoNode {
		return false
	}
	path := append(p.transPath[:0], transEnd{start, -1})
	for cur, prev := start, int32(-1); ; {
		i, _ := slices.BinarySearchFunc(ends, cur, func(e transEnd, n euf.Node) int { return cmp.Compare(e.n, n) })
		next := int32(-1)
		for ; i < len(ends) && ends[i].n == cur; i++ {
			if ends[i].ai != prev {
				next = ends[i].ai
			}
		}
		if next < 0 {
			break
		}
		at := p.atoms[next]
		cur, prev = at.a, next
		if cur == path[len(path)-1].n {
			cur = at.b
		}
		path = append(path, transEnd{cur, next})
		if len(path) > k+1 {
			return false // a cycle
		}
	}
	p.transPath = path
	if len(path) != k+1 {
		return false
	}
	// The reasons must be the path's edges, each the only atom of its
	// variable (so that the restated clause drops no other fact), and
	// one more: the disequality.
	diseq, ri := sat.LitNull, 0
	for j := 1; j < len(path); j++ {
		m := p.atoms[path[j].ai].lit
		if len(p.atomsOf[m.Var()]) != 1 {
			return false
		}
	}
	edges := p.transLits[:0]
	for j := 1; j < len(path); j++ {
		edges = append(edges, p.atoms[path[j].ai].lit)
	}
	slices.Sort(edges)
	p.transLits = edges
	for _, r := range reasons { // both sorted increasing
		m := sat.Lit(r)
		if ri < len(edges) && edges[ri] == m {
			ri++
			continue
		}
		if diseq != sat.LitNull {
			return false
		}
		diseq = m
	}
	if ri != len(edges) || diseq == sat.LitNull {
		return false
	}
	ch := chainLemma{diseq: diseq, start: len(p.trans)}
	for j := 0; j+2 < len(path); j += 2 {
		x, y := p.atoms[path[j+1].ai], p.atoms[path[j+2].ai]
		p.trans = append(p.trans, transLemma{x.lit, y.lit, path[j].n, path[j+2].n})
	}
	ch.end = len(p.trans)
	if len(path)%2 == 0 { // an odd number of edges: the last one stays
		ch.last = p.atoms[path[len(path)-1].ai].lit
	}
	p.chains = append(p.chains, ch)
	return true
}

// chainLemma is the conflict clause of a chain restated over the
// conclusions of the lemmas trans[start:end] (noteChainConflict): ¬diseq
// is the disequality's literal, last the edge no lemma covers (or
// LitNull).
type chainLemma struct {
	start, end int
	diseq      sat.Lit
	last       sat.Lit
}

// transEnd is an end n of the equality atom ai (noteTransitivity).
type transEnd struct {
	n  euf.Node
	ai int32
}

// noteChain queues the lemma x ∧ y ⇒ a = c for the atoms x: a = b and
// y: b = c that meet at b, when a, b and c are constants and a = c has no
// atom yet.
func (p *eufPlugin) noteChain(b euf.Node, xi, yi int32) {
	x, y := p.atoms[xi], p.atoms[yi]
	a, c := x.a, y.a
	if a == b {
		a = x.b
	}
	if c == b {
		c = y.b
	}
	if a == c {
		return
	}
	if _, ok := p.atomOf[pairKey(a, c)]; ok {
		return
	}
	// Chains of constants only: over applications, congruence
	// already relates the terms, and the new atoms cost more than
	// they save (measured on the qg and SEQ families).
	if !p.isConst(a) || !p.isConst(b) || !p.isConst(c) {
		return
	}
	p.trans = append(p.trans, transLemma{x.lit, y.lit, a, c})
}

// transLemma is a ∧ b ⇒ x = y, to add.
type transLemma struct {
	ab, bc sat.Lit
	x, y   euf.Node
}

// addTransitivity adds the lemmas noteTransitivity found, and the chain
// conflicts restated over their conclusions.
func (p *eufPlugin) addTransitivity() {
	done := len(p.trans)
	lits := p.transLits[:0]
	for i, t := range p.trans {
		if p.stats.TransAtoms >= maxTransAtoms {
			done = i
			break
		}
		if _, ok := p.atomOf[pairKey(t.x, t.y)]; !ok {
			p.stats.TransAtoms++
		}
		m := p.eqLit(t.x, t.y, false)
		if m == sat.LitNull {
			done = i
			break
		}
		lits = append(lits, m)
		p.s.sat.AddLemma(t.ab.Not(), t.bc.Not(), m)
	}
	for _, ch := range p.chains {
		if ch.end > done {
			break
		}
		c := p.transClause[:0]
		for _, m := range lits[ch.start:ch.end] {
			c = append(c, m.Not())
		}
		if ch.last != sat.LitNull {
			c = append(c, ch.last.Not())
		}
		c = append(c, ch.diseq.Not())
		p.transClause = c
		p.s.sat.AddLemma(c...)
	}
	p.transLits = lits
	p.trans, p.chains = p.trans[:0], p.chains[:0]
}

func (p *eufPlugin) propagate(dst []sat.Lit) []sat.Lit {
	if p.conflict {
		return p.conflictClause(dst)
	}
	if len(p.trans) > 0 {
		p.addTransitivity()
		if p.conflict {
			return p.conflictClause(dst)
		}
	}
	if len(p.lemmas) > 0 || len(p.extDue) > 0 || p.g.NumNodes() != p.staticAt {
		p.addLemmas()
		p.staticAt = p.g.NumNodes()
		if p.conflict {
			return p.conflictClause(dst)
		}
	}
	dst, _ = p.implyAll(dst)
	return dst
}

// implyAll drains the graph's propagations into implied literals. A
// propagated literal that is false gives a conflict clause, appended to
// dst (sat.Solver.FinalCheck does not take failed implications). It
// reports whether it implied anything or found a conflict.
func (p *eufPlugin) implyAll(dst []sat.Lit) ([]sat.Lit, bool) {
	implied := false
	for {
		p.props = p.g.Propagations(p.props[:0])
		if len(p.props) == 0 {
			return dst, implied
		}
		for _, pr := range p.props {
			var m sat.Lit
			switch pr.Kind {
			case euf.PropEqual:
				m = p.atoms[pr.Lit].lit
			case euf.PropDiseq:
				m = p.atoms[pr.Lit].lit.Not()
			case euf.PropShared:
				p.stats.SharedEqs++
				m = p.eqLit(pr.A, pr.B, false)
				if m == sat.LitNull {
					continue
				}
			}
			switch p.s.sat.ValueNow(m) {
			case sat.True:
				continue
			case sat.False:
				// A conflict. Not through expl: the variable may have been
				// implied the other way, and its explanation must stay.
				return p.explainProp(dst, m, pr), true
			}
			v := m.Var()
			p.growVar(v)
			p.expl[v] = pr
			if pr.Kind == euf.PropDiseq {
				// Explained now: on an inconsistent graph (during conflict
				// analysis) euf may pair the disequality's ends the other
				// way and explain with the conflicting merge.
				p.eager[v] = p.g.ExplainPropagation(pr, p.eager[v][:0])
			}
			implied = true
			p.s.sat.Imply(m)
		}
	}
}

func (p *eufPlugin) explain(dst []sat.Lit, m sat.Lit) []sat.Lit {
	pr := p.expl[m.Var()]
	if pr.Kind != euf.PropDiseq {
		return p.explainProp(dst, m, pr)
	}
	dst = append(dst, m)
	for _, r := range p.eager[m.Var()] {
		dst = append(dst, sat.Lit(r).Not())
	}
	return dst
}

// explainProp appends the clause m ∨ ¬reasons of the propagation pr.
func (p *eufPlugin) explainProp(dst []sat.Lit, m sat.Lit, pr euf.Propagation) []sat.Lit {
	dst = append(dst, m)
	p.reasons = p.g.ExplainPropagation(pr, p.reasons[:0])
	for _, r := range p.reasons {
		dst = append(dst, sat.Lit(r).Not())
	}
	return dst
}

func (p *eufPlugin) push() { p.g.Push() }

func (p *eufPlugin) pop(n int) {

	p.g.Pop(n)
	p.conflict = p.g.Inconsistent()
}

// finalCheck brings the graph in line with the assignment, adds the array
// lemmas that became relevant, and then combines with arithmetic and
// builds the model (combine.go).
func (p *eufPlugin) finalCheck(dst []sat.Lit) []sat.Lit {
	p.snap = eufModel{}
	if !p.active {
		return dst
	}
	for round := 0; ; round++ {
		if p.conflict {
			return p.conflictClause(dst)
		}
		// Atoms whose assignment the graph lost (registered after their
		// variable was assigned, then popped).
		for ai, at := range p.atoms {
			val := p.s.sat.ValueNow(at.lit)
			if val == sat.Undef || p.holdsInGraph(at, val == sat.True) {
				continue
			}
			m := at.lit
			if val == sat.False {
				m = m.Not()
			}
			p.assertAtom(int32(ai), m)
			if p.conflict {
				return p.conflictClause(dst)
			}
		}
		if dst, changed := p.implyAll(dst); changed {
			return dst
		}
		if p.dt != nil { // Datatypes
			var added bool
			if dst, added = p.adtCheck(dst); len(dst) > 0 || added {
				if p.conflict && len(dst) == 0 {
					return p.conflictClause(dst)
				}
				return dst
			}
			if p.err != nil {
				p.s.th.incomplete = p.err.Error()
				return dst
			}
		}
		// Arrays.
		for _, ai := range p.arrayAtoms {
			if p.s.sat.ValueNow(p.atoms[ai].lit) == sat.False {
				p.lemmas = p.arr.Extensionality(p.atoms[ai].a, p.atoms[ai].b, p.lemmas)
			}
		}
		p.lemmas = p.arr.Check(p.lemmas)
		if len(p.lemmas) > 0 {
			p.addLemmas()
			if p.conflict {
				return p.conflictClause(dst)
			}
			return dst
		}
		if p.err != nil {
			p.s.th.incomplete = p.err.Error()
			return dst
		}
		if p.combine() != combineAgain {
			return dst
		}
		// The graph learned equalities the SAT solver already had:
		// combine again.
		if round > 100 {
			p.s.th.incomplete = "theory combination does not converge"
			return dst
		}
	}
}

// ---- literals of equalities ----

// eqLit returns the literal of x = y for nodes of one sort, creating the
// atom if needed: an euf atom for uninterpreted and array sorts, the
// encoder's literal for arithmetic and Boolean sorts (watched by the graph
// as well, except Boolean ones whose nodes are watched already). With
// preferTrue a new atom's SAT variable defaults to making it true. It
// returns LitNull after an error (recorded in p.err).
func (p *eufPlugin) eqLit(x, y euf.Node, preferTrue bool) sat.Lit {
	if x == y {
		return p.s.enc.tru
	}
	if ai, ok := p.atomOf[pairKey(x, y)]; ok {
		return p.atoms[ai].lit
	}
	st := p.s.st
	tx, ty := p.g.Term(x), p.g.Term(y)
	switch s := tx.Sort(); {
	case s.IsBool():
		m, err := p.s.enc.lit(st.Eq(tx, ty), polBoth)
		if err != nil {
			p.err = err
			return sat.LitNull
		}
		return m
	case s.IsArith():
		eq := st.Eq(tx, ty)
		if preferTrue {
			p.seedGate(eq)
		}
		m, err := p.s.enc.lit(eq, polBoth)
		if err != nil {
			p.err = err
			return sat.LitNull
		}
		return p.addAtom(x, y, m, false)
	case s.IsBitVec(): // Bit-vectors: the blasted equality, watched
		m, err := p.s.enc.lit(st.Eq(tx, ty), polBoth)
		if err != nil {
			p.err = err
			return sat.LitNull
		}
		return p.addAtom(x, y, m, false)
	}
	return p.addAtom(x, y, p.newAtomVar(preferTrue), false)
}

// seedGate gives the conjunction that encodes the arithmetic equality eq
// (see encoder.lit) a negative output literal before it is encoded, so
// that the SAT solver's default phase makes the equality true.
func (p *eufPlugin) seedGate(eq *term.Term) {
	st, e := p.s.st, &p.s.enc
	if e.tab.lit(eq.ID()) != sat.LitNull {
		return
	}
	a, b := eq.Arg(0), eq.Arg(1)
	and := st.And(st.Le(a, b), st.Ge(a, b))
	if e.tab.lit(and.ID()) == sat.LitNull {
		e.tab.setLit(and.ID(), p.s.sat.NewVar().Neg())
	}
}

// eqAtom is the encoder's hook for equalities (= t1 ... tn): it returns
// ok = false for the equalities the encoder handles alone (Boolean ones,
// and arithmetic ones where neither side is a select or application), and
// otherwise the literal of t, encoded in both polarities.
func (p *eufPlugin) eqAtom(t *term.Term) (m sat.Lit, ok bool, err error) {
	st, e := p.s.st, &p.s.enc
	s := t.Arg(0).Sort()
	switch {
	case s.IsBool():
		return sat.LitNull, false, nil
	case t.NumArgs() > 2:
		m, err := e.alias(t, chain(st, t.Args()), polBoth)
		return m, true, err
	case s.IsArith():
		if !isEufTerm(t.Arg(0)) && !isEufTerm(t.Arg(1)) {
			return sat.LitNull, false, nil
		}
		m, err := e.alias(t, st.And(st.Le(t.Arg(0), t.Arg(1)), st.Ge(t.Arg(0), t.Arg(1))), polBoth)
		if err != nil {
			return sat.LitNull, true, err
		}
		x, err := p.internalize(t.Arg(0))
		if err != nil {
			return sat.LitNull, true, err
		}
		y, err := p.internalize(t.Arg(1))
		if err != nil {
			return sat.LitNull, true, err
		}
		if x != y {
			p.addAtom(x, y, m, false)
		}
		return m, true, nil
	}
	x, err := p.internalize(t.Arg(0))
	if err != nil {
		return sat.LitNull, true, err
	}
	y, err := p.internalize(t.Arg(1))
	if err != nil {
		return sat.LitNull, true, err
	}
	m = p.eqLit(x, y, false)
	if m == sat.LitNull {
		return m, true, p.err
	}
	return e.set(t, m, polBoth), true, nil
}

// predicate is the encoder's hook for a Boolean application or select t:
// the literal of t = true.
func (p *eufPlugin) predicate(t *term.Term) (sat.Lit, error) {
	n, err := p.internalize(t)
	if err != nil {
		return sat.LitNull, err
	}
	if n == p.g.True() {
		return p.s.enc.tru, nil
	}
	if n == p.g.False() {
		return p.s.enc.tru.Not(), nil
	}
	if ai, ok := p.atomOf[pairKey(n, p.g.True())]; ok {
		return p.atoms[ai].lit, nil
	}
	return p.addAtom(n, p.g.True(), p.newAtomVar(false), true), nil
}

// isEufTerm reports whether the arithmetic term t is a select or an
// application: a term arithmetic treats as a variable and euf as a node.
func isEufTerm(t *term.Term) bool {
	return t.Op() == term.OpSelect || t.Op() == term.OpApply || t.Op() == term.OpSel // Datatypes: selectors
}
