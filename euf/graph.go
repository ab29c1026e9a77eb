package euf

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Node is a handle on a term internalized in a Graph. Nodes are numbered
// densely from 0 in creation order and stay valid for the life of the
// Graph, across Push and Pop.
type Node uint32

// NoNode names no node.
const NoNode Node = ^Node(0)

// Reason is an opaque input justification chosen by the caller (typically a
// SAT literal). Explanations are sets of Reasons.
type Reason uint32

// just labels a proof-forest edge: either an input Reason or a congruence
// between the edge's two endpoints.
type just struct {
	r    Reason
	cong bool
}

// Graph is an e-graph: congruence closure with explanations, disequalities,
// watched equalities and backtracking. It is not safe for concurrent use.
type Graph struct {
	st *term.Store

	erased []Node // scratch of union: the parents it erased from the table

	// Per node, indexed by Node.
	terms    []*term.Term
	label    []uint64 // operator and symbol: the fixed part of a signature
	argStart []uint32 // args of n are argNodes[argStart[n]:argStart[n+1]]
	argNodes []Node
	isShared []bool // SetShared was called (permanent)

	root []Node   // union-find, kept eager: root[n] is n's representative
	next []Node   // circular list of the class
	size []uint32 // class size, valid at roots
	pp   []Node   // proof forest parent (NoNode at a proof root)
	pj   []just   // label of the edge n -> pp[n]

	// Per root; entries at non-roots are frozen until their merge is undone.
	parents   [][]Node   // nodes with an argument in the class (with repeats)
	watchesOf [][]uint32 // watches with an endpoint in the class
	diseqsOf  [][]uint32 // disequalities with an endpoint in the class
	value     []Node     // the interpreted value leaf in the class, or NoNode
	sharedOf  []Node     // a shared node in the class, or NoNode

	nodeOf nodeTable // by term ID; NoNode if not internalized
	table  table     // signature table

	watches   []watch
	diseqs    []diseq
	sharedLog []Node // SetShared calls in order, replayed by Pop

	pending []pendingMerge
	trail   []undo
	merges  []mergeRec
	scopes  []scope

	props    []Propagation
	propHead int

	inconsistent bool
	conflict     conflictRec

	trueNode, falseNode Node

	// Scratch.
	addStack  []*term.Term
	todo      []pair
	edgeMark  []uint32 // edge n -> pp[n] explained (and xpar[n] live): == epoch
	xpar      []Node   // union-find over explained edges (see highest)
	lcaMark   []uint32 // stamped with lcaEpoch (one side) or lcaEpoch+1
	seenMark  []uint32 // classes met by one updateWatches: == seenEpoch
	seenEpoch uint32
	epoch     uint32
	lcaEpoch  uint32

	stats Stats
}

type pair struct{ a, b Node }

type pendingMerge struct {
	a, b Node
	j    just
}

type conflictRec struct {
	a, b Node // a = b is derived and contradicts
	r    Reason
	hasR bool // the disequality's reason, if any (values need none)
}

// Stats are cumulative counters; Pop does not rewind them.
type Stats struct {
	Merges       int // unions performed (input and congruence)
	Congruences  int // unions caused by congruence
	Conflicts    int
	Propagations int // watched equalities decided, shared equalities found
	Explanations int // explanation requests (Explain, Conflict, ...)
}

// New returns an empty graph for terms of st. The terms true and false are
// internalized first (see True and False).
func New(st *term.Store) *Graph {
	g := &Graph{st: st, argStart: []uint32{0}}
	g.trueNode = g.Add(st.True())
	g.falseNode = g.Add(st.False())
	return g
}

// True is the node of the term true.
func (g *Graph) True() Node { return g.trueNode }

// False is the node of the term false.
func (g *Graph) False() Node { return g.falseNode }

// Add internalizes t and its subterms and returns t's node. Adding a term
// twice gives the same node. New applications join the congruence closure
// at once: Add may merge classes (never to a conflict). Nodes are
// permanent: Pop keeps them and re-attaches them under the restored
// equalities.
func (g *Graph) Add(t *term.Term) Node {
	if n, ok := g.Node(t); ok {
		return n
	}
	if id := t.ID(); int(id) >= g.st.NumTerms() || g.st.Term(id) != t {
		panic(fmt.Sprintf("euf: term %v is not from this graph's store", t))
	}
	stack := append(g.addStack[:0], t)
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		if _, ok := g.Node(u); ok {
			stack = stack[:len(stack)-1]
			continue
		}
		ready := true
		args := u.Args()
		for i := len(args) - 1; i >= 0; i-- {
			if _, ok := g.Node(args[i]); !ok {
				stack = append(stack, args[i])
				ready = false
			}
		}
		if ready {
			stack = stack[:len(stack)-1]
			g.attach(g.newNode(u))
		}
	}
	g.addStack = stack[:0]
	g.propagate()
	return g.nodeOf.get(t.ID())
}

// newNode allocates the per-node data of u, whose arguments have nodes.
func (g *Graph) newNode(u *term.Term) Node {
	n := Node(len(g.terms))
	if n == NoNode {
		panic("euf: too many nodes")
	}
	lab := uint64(u.Op())
	if f := u.Func(); f != nil {
		lab |= uint64(f.ID()+1) << 8
	}
	g.terms = append(g.terms, u)
	g.label = append(g.label, lab)
	for _, a := range u.Args() {
		g.argNodes = append(g.argNodes, g.nodeOf.get(a.ID()))
	}
	g.argStart = append(g.argStart, uint32(len(g.argNodes)))
	g.isShared = append(g.isShared, false)
	g.root = append(g.root, n)
	g.next = append(g.next, n)
	g.size = append(g.size, 1)
	g.pp = append(g.pp, NoNode)
	g.pj = append(g.pj, just{})
	g.parents = append(g.parents, nil)
	g.watchesOf = append(g.watchesOf, nil)
	g.diseqsOf = append(g.diseqsOf, nil)
	v := NoNode
	if isValueOp(u.Op()) {
		v = n
	}
	g.value = append(g.value, v)
	g.sharedOf = append(g.sharedOf, NoNode)
	g.edgeMark = append(g.edgeMark, 0)
	g.xpar = append(g.xpar, n)
	g.lcaMark = append(g.lcaMark, 0)
	g.seenMark = append(g.seenMark, 0)
	g.nodeOf.set(u.ID(), n)
	return n
}

// A nodeTable maps term IDs to nodes in pages of nodePage entries, made
// when a term of theirs is added: a graph holds a few terms of a store
// of many (a clause's solver in a system's store), and a table as long
// as the store, filled with NoNode for each solver, cost more than
// internalizing its terms (lia-arrays' witness checks).
type nodeTable struct{ pages [][]Node }

const (
	nodePageBits = 8
	nodePage     = 1 << nodePageBits
)

// get is the node of term ID id, NoNode when it has none.
func (t *nodeTable) get(id uint32) Node {
	p := int(id >> nodePageBits)
	if p >= len(t.pages) || t.pages[p] == nil {
		return NoNode
	}
	return t.pages[p][id&(nodePage-1)]
}

// set makes n the node of term ID id.
func (t *nodeTable) set(id uint32, n Node) {
	p := int(id >> nodePageBits)
	if p >= len(t.pages) {
		t.pages = append(t.pages, make([][]Node, p+1-len(t.pages))...)
	}
	if t.pages[p] == nil {
		page := make([]Node, nodePage)
		for i := range page {
			page[i] = NoNode
		}
		t.pages[p] = page
	}
	t.pages[p][id&(nodePage-1)] = n
}

// isValueOp reports whether terms with operator op are interpreted
// constants: two different such terms denote different values.
func isValueOp(op term.Op) bool {
	switch op {
	case term.OpTrue, term.OpFalse, term.OpNum, term.OpValue:
		return true
	}
	return false
}

// attach enters an application into the parent lists of its arguments'
// classes and into the signature table. Leaves have nothing to attach.
func (g *Graph) attach(n Node) {
	args := g.args(n)
	if len(args) == 0 {
		return
	}
	g.trail = append(g.trail, undo{kind: undoAttach, n: n})
	for _, a := range args {
		r := g.root[a]
		g.parents[r] = append(g.parents[r], n)
	}
	g.insertOrCongruent(n)
}

// detach undoes attach: n is the last parent appended to each list.
func (g *Graph) detach(n Node) {
	args := g.args(n)
	for i := len(args) - 1; i >= 0; i-- {
		r := g.root[args[i]]
		ps := g.parents[r]
		if debug && ps[len(ps)-1] != n {
			panic("euf: detach out of order")
		}
		g.parents[r] = ps[:len(ps)-1]
	}
}

// insertOrCongruent looks up p's signature: p becomes the table entry, or
// p is queued for merging with the congruent entry.
func (g *Graph) insertOrCongruent(p Node) {
	q, inserted := g.table.findOrInsert(g, p)
	if inserted {
		g.trail = append(g.trail, undo{kind: undoTableInsert, n: p})
	} else if g.root[q] != g.root[p] {
		g.pending = append(g.pending, pendingMerge{a: p, b: q, j: just{cong: true}})
	}
}

func (g *Graph) args(n Node) []Node {
	return g.argNodes[g.argStart[n]:g.argStart[n+1]]
}

// ---- Queries ----

// Node returns the node of t, if t has been added.
func (g *Graph) Node(t *term.Term) (Node, bool) {
	n := g.nodeOf.get(t.ID())
	if n == NoNode {
		return NoNode, false
	}
	return n, g.terms[n] == t
}

// Term returns the term of n.
func (g *Graph) Term(n Node) *term.Term { return g.terms[n] }

// NumNodes is one more than the largest node; every Node below it is valid.
func (g *Graph) NumNodes() int { return len(g.terms) }

// Args returns the argument nodes of n, in order (empty for leaves). The
// slice must not be modified.
func (g *Graph) Args(n Node) []Node { return g.args(n) }

// Find returns the representative (root) of n's class, in O(1).
func (g *Graph) Find(n Node) Node { return g.root[n] }

// Same reports whether a and b are in one class.
func (g *Graph) Same(a, b Node) bool { return g.root[a] == g.root[b] }

// IsRoot reports whether n represents its class.
func (g *Graph) IsRoot(n Node) bool { return g.root[n] == n }

// Next returns the node after n in its class's circular list: starting
// from any member and calling Next until returning to it visits the class
// once.
func (g *Graph) Next(n Node) Node { return g.next[n] }

// ClassSize returns the number of nodes in n's class.
func (g *Graph) ClassSize(n Node) int { return int(g.size[g.root[n]]) }

// Class appends the members of n's class to dst, starting with its root.
func (g *Graph) Class(n Node, dst []Node) []Node {
	r := g.root[n]
	for m := r; ; {
		dst = append(dst, m)
		if m = g.next[m]; m == r {
			return dst
		}
	}
}

// Parents returns the applications having an argument in n's class (the
// class's use list). A node appears once per argument position that lies
// in the class, so it may appear more than once, and congruent parents all
// appear. The slice is read-only and valid until the next mutating call.
func (g *Graph) Parents(n Node) []Node { return g.parents[g.root[n]] }

// Value returns the interpreted value leaf (true, false, a numeral or an
// abstract value) in n's class, or NoNode. A consistent class has at most
// one.
func (g *Graph) Value(n Node) Node { return g.value[g.root[n]] }

// Roots appends the class representatives to dst in increasing order: a
// deterministic enumeration of the classes.
func (g *Graph) Roots(dst []Node) []Node {
	for n, r := range g.root {
		if Node(n) == r {
			dst = append(dst, r)
		}
	}
	return dst
}

// IsShared reports whether SetShared was called on n.
func (g *Graph) IsShared(n Node) bool { return g.isShared[n] }

// Stats returns the cumulative counters.
func (g *Graph) Stats() Stats { return g.stats }

// SetShared marks n as shared with another theory. Whenever two classes
// that each contain a shared node merge, a PropShared propagation reports
// an equality between one shared node of each (so the shared nodes of a
// class are connected by reported equalities); marking a node whose class
// already has a shared node reports the equality at once. Marks are
// permanent, like nodes.
func (g *Graph) SetShared(n Node) {
	if g.isShared[n] {
		return
	}
	g.isShared[n] = true
	g.sharedLog = append(g.sharedLog, n)
	g.shareRoot(n)
}

func (g *Graph) shareRoot(n Node) {
	r := g.root[n]
	switch s := g.sharedOf[r]; {
	case s == NoNode:
		g.sharedOf[r] = n
		g.trail = append(g.trail, undo{kind: undoShared, n: r})
	case s != n:
		g.propagateShared(s, n)
	}
}
