package arrays

import (
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Kind names the axiom a Lemma instantiates.
type Kind uint8

const (
	// ReadSame: (select (store a i v) i) = v.
	ReadSame Kind = iota + 1
	// ReadOther: i = j ∨ (select (store a i v) j) = (select a j).
	ReadOther
	// ReadConst: (select ((as const S) v) j) = v.
	ReadConst
	// Extensionality: a = b ∨ (select a k) ≠ (select b k), k fresh.
	Extensionality
	// DefaultWitness: k ≠ i for the store indices i between two constant
	// arrays with different values, and (select (const v) k) = v, k fresh
	// (only over infinite index sorts).
	DefaultWitness

	numKinds
)

func (k Kind) String() string {
	switch k {
	case ReadSame:
		return "read-same"
	case ReadOther:
		return "read-other"
	case ReadConst:
		return "read-const"
	case Extensionality:
		return "extensionality"
	case DefaultWitness:
		return "default-witness"
	}
	return "<bad Kind>"
}

// A Lit is the equality A = B, or the disequality A ≠ B when Neg.
type Lit struct {
	A, B *term.Term
	Neg  bool
}

func (l Lit) String() string {
	op := "="
	if l.Neg {
		op = "!="
	}
	return fmt.Sprintf("%v %s %v", l.A, op, l.B)
}

// A Lemma is a clause of Lits, valid in the theory of arrays: an instance
// of the axiom Kind. The caller encodes it (equalities over new terms
// included) and adds it for good.
type Lemma struct {
	Kind Kind
	Lits []Lit
}

func (l Lemma) String() string { return fmt.Sprintf("%v %v", l.Kind, l.Lits) }

// Stats count the lemmas produced, by kind.
type Stats struct {
	Lemmas [numKinds]int
	Checks int // Check calls
	Models int // Values calls
}

// Solver instantiates the array axioms over the terms of an e-graph. It
// owns no equalities: the graph's caller asserts everything, the Solver
// reads classes and proposes lemmas. It is not safe for concurrent use.
type Solver struct {
	st *term.Store
	g  *euf.Graph

	scanned int               // nodes [0, scanned) are classified
	selects []euf.Node        // (select a j)
	stores  []euf.Node        // (store a i v)
	consts  []euf.Node        // ((as const S) v)
	arrays  []euf.Node        // every node of array sort
	static  []euf.Node        // stores and selects-of-consts whose unconditional lemma is due
	done    [numKinds]pairSet // instances produced, by kind: key.pair
	ext     map[key]struct{}
	witness map[key]*witness

	stats Stats

	// Scratch.
	bySel   []uint64   // see sortSelects
	sel     []euf.Node // selects sorted by root of their array (sortSelects)
	keys    []uint64   // sortSelects' scratch
	roots   []euf.Node // sortSelects' scratch: the roots of the arrays selected
	count   []int32    // sortSelects' scratch, by node, zero between calls
	members []euf.Node
	mark    []uint32
	epoch   uint32
}

// key identifies an instantiated lemma: a kind and two nodes.
type key struct {
	kind Kind
	a, b euf.Node
}

// pair packs the key's nodes into the done set's key.
func (k key) pair() uint64 { return uint64(k.a)<<32 | uint64(k.b) }

// isDone reports whether the instance k was produced.
func (s *Solver) isDone(k key) bool {
	return s.done[k.kind].has(k.pair())
}

// witness is the fresh index that separates the defaults of two constant
// arrays, and the stores it was declared different from.
type witness struct {
	k        *term.Term
	excluded map[euf.Node]struct{}
}

// New returns a solver for the array terms of g, whose terms come from st.
func New(st *term.Store, g *euf.Graph) *Solver {
	s := &Solver{
		st:      st,
		g:       g,
		ext:     map[key]struct{}{},
		witness: map[key]*witness{},
	}
	return s
}

// Stats returns the counters.
func (s *Solver) Stats() Stats { return s.stats }

// scan classifies the nodes added to the graph since the last call.
func (s *Solver) scan() {
	for n := euf.Node(s.scanned); int(n) < s.g.NumNodes(); n++ {
		t := s.g.Term(n)
		switch t.Op() {
		case term.OpSelect:
			s.selects = append(s.selects, n)
			if t.Arg(0).Op() == term.OpConstArray {
				s.static = append(s.static, n)
			}
		case term.OpStore:
			s.stores = append(s.stores, n)
			s.static = append(s.static, n)
		case term.OpConstArray:
			s.consts = append(s.consts, n)
		}
		if t.Sort().IsArray() {
			s.arrays = append(s.arrays, n)
		}
	}
	s.scanned = s.g.NumNodes()
	for len(s.mark) < s.scanned {
		s.mark = append(s.mark, 0)
	}
}

// Static appends the unconditional lemmas of the terms added since the last
// call: (select (store a i v) i) = v for every store and (select (const v)
// j) = v for every select of a constant array term. They do not depend on
// any equality, so the caller may add them as soon as the terms exist.
func (s *Solver) Static(dst []Lemma) []Lemma {
	s.scan()
	for _, n := range s.static {
		t := s.g.Term(n)
		switch t.Op() {
		case term.OpStore:
			dst = s.emit(dst, key{ReadSame, n, n}, Lit{A: s.st.Select(t, t.Arg(1)), B: t.Arg(2)})
		case term.OpSelect:
			k := t.Arg(0)
			dst = s.emit(dst, key{ReadConst, s.node(k), s.node(t.Arg(1))}, Lit{A: t, B: k.Arg(0)})
		}
	}
	s.static = s.static[:0]
	return dst
}

func (s *Solver) node(t *term.Term) euf.Node {
	n, ok := s.g.Node(t)
	if !ok {
		panic(fmt.Sprintf("arrays: term %v is not in the graph", t))
	}
	return n
}

// emit appends the lemma of the given key unless it was produced before.
func (s *Solver) emit(dst []Lemma, k key, lits ...Lit) []Lemma {
	if s.isDone(k) {
		return dst
	}
	s.done[k.kind].add(k.pair())
	s.stats.Lemmas[k.kind]++
	return append(dst, Lemma{Kind: k.kind, Lits: lits})
}

// satisfied reports whether the terms a and b are both in the graph and
// equal there: an equality lemma literal that already holds.
func (s *Solver) satisfied(a, b *term.Term) bool {
	na, ok := s.g.Node(a)
	if !ok {
		return false
	}
	nb, ok := s.g.Node(b)
	return ok && s.g.Same(na, nb)
}

// Check appends the read-over-write and constant-array lemmas that the
// current classes of the graph make relevant and that were not produced
// before: for every select (select a j) and every store s = (store b i v)
// with s in a's class (downward) or b in a's class (upward), the lemma
// i = j ∨ (select s j) = (select b j); for every constant array (const v)
// in a's class, (select (const v) j) = v. Lemmas that the graph already
// satisfies (i and j equal, or both selects present and equal) are left
// for later. When Check appends nothing, every select agrees with the
// stores and constant arrays of its class and of the classes below and
// above it.
func (s *Solver) Check(dst []Lemma) []Lemma {
	s.stats.Checks++
	dst = s.Static(dst)
	s.sortSelects()
	// Downward instances first; the upward ones only when the classes
	// need no downward one (z3's delayed upward axioms): each upward
	// instance puts a select on the store above, which climbs every
	// store chain over the class — quadratic on long chains, and rarely
	// what a conflict needs.
	n := len(dst)
	for _, upward := range [2]bool{false, true} {
		for lo := 0; lo < len(s.sel); {
			r := euf.Node(s.bySel[lo] >> 32)
			hi := lo + 1
			for hi < len(s.sel) && euf.Node(s.bySel[hi]>>32) == r {
				hi++
			}
			dst = s.checkClass(r, s.sel[lo:hi], upward, dst)
			lo = hi
		}
		if len(dst) > n {
			break
		}
	}
	return dst
}

// sortSelects groups the selects by the root of their array argument:
// s.sel holds them in order of root and then node, and s.bySel[i] is
// root<<32 | s.sel[i]. A counting sort: s.selects is in node order.
func (s *Solver) sortSelects() {
	g := s.g
	for len(s.count) < s.scanned {
		s.count = append(s.count, 0)
	}
	s.roots = s.roots[:0]
	s.bySel = s.bySel[:0]
	for _, p := range s.selects {
		r := g.Find(g.Args(p)[0])
		if s.count[r] == 0 {
			s.roots = append(s.roots, r)
		}
		s.count[r]++
		s.bySel = append(s.bySel, uint64(r)<<32|uint64(p))
	}
	slices.Sort(s.roots)
	at := int32(0)
	for _, r := range s.roots { // count -> the start of r's range
		n := s.count[r]
		s.count[r] = at
		at += n
	}
	s.sel = slices.Grow(s.sel[:0], len(s.bySel))[:len(s.bySel)]
	s.keys = slices.Grow(s.keys[:0], len(s.bySel))[:len(s.bySel)]
	for _, k := range s.bySel {
		r := k >> 32
		i := s.count[r]
		s.count[r]++
		s.sel[i], s.keys[i] = euf.Node(uint32(k)), k
	}
	for _, r := range s.roots {
		s.count[r] = 0
	}
	s.bySel, s.keys = s.keys, s.bySel
}

// checkClass instantiates the lemmas of the selects sel on the class r:
// with the stores and constant arrays in the class (downward), or with
// the stores over the class (upward) that are not in it.
func (s *Solver) checkClass(r euf.Node, sel []euf.Node, upward bool, dst []Lemma) []Lemma {
	g := s.g
	s.members = g.Class(r, s.members[:0])
	ws := s.members[:0]
	if !upward {
		for _, m := range s.members {
			if op := g.Term(m).Op(); op == term.OpStore || op == term.OpConstArray {
				ws = append(ws, m)
			}
		}
	} else {
		for _, p := range g.Parents(r) {
			if g.Term(p).Op() == term.OpStore && g.Find(g.Args(p)[0]) == r && g.Find(p) != r && !slices.Contains(ws, p) {
				ws = append(ws, p)
			}
		}
	}
	s.members = ws
	for _, w := range ws {
		wt := g.Term(w)
		for _, p := range sel {
			j := g.Args(p)[1]
			jt := g.Term(j)
			if wt.Op() == term.OpConstArray {
				if s.isDone(key{ReadConst, w, j}) {
					continue
				}
				a := s.st.Select(wt, jt)
				if s.satisfied(a, wt.Arg(0)) {
					continue
				}
				dst = s.emit(dst, key{ReadConst, w, j}, Lit{A: a, B: wt.Arg(0)})
				continue
			}
			if s.isDone(key{ReadOther, w, j}) {
				continue
			}
			i := g.Args(w)[1]
			if g.Same(i, j) {
				continue
			}
			a, b := s.st.Select(wt, jt), s.st.Select(wt.Arg(0), jt)
			if s.satisfied(a, b) {
				continue
			}
			dst = s.emit(dst, key{ReadOther, w, j},
				Lit{A: wt.Arg(1), B: jt},
				Lit{A: a, B: b})
		}
	}
	return dst
}

// Extensionality appends, once per pair, the lemma a = b ∨ (select a k) ≠
// (select b k) for a fresh index k, to be called when the arrays a and b
// are disequal.
func (s *Solver) Extensionality(a, b euf.Node, dst []Lemma) []Lemma {
	if b < a {
		a, b = b, a
	}
	k := key{Extensionality, a, b}
	if _, ok := s.ext[k]; ok {
		return dst
	}
	s.ext[k] = struct{}{}
	at, bt := s.g.Term(a), s.g.Term(b)
	i := s.st.Fresh("k", at.Sort().Index())
	s.stats.Lemmas[Extensionality]++
	return append(dst, Lemma{Kind: Extensionality, Lits: []Lit{
		{A: at, B: bt},
		{A: s.st.Select(at, i), B: s.st.Select(bt, i), Neg: true},
	}})
}
