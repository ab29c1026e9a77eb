package clover

import (
	"container/heap"
	"slices"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A layer is an instance of a clause in a bounded context: its variables
// renamed apart, its head arguments those of the atom it unfolds.
type layer struct {
	ci    int
	cons  *term.Term
	head  []*term.Term // nil for a query
	preds []*pred      // of the body atoms
	args  [][]*term.Term
}

// instance renames clause ci apart, with head as its head arguments
// (fresh ones when head is nil).
func (e *engine) instance(ci int, head []*term.Term) *layer {
	c := e.sys.Clauses[ci]
	var binds []chc.Binding
	if c.Head != nil && head != nil {
		binds = append(binds, chc.Binding{Args: c.Head.Args, To: head})
	}
	in := chc.Instantiate(e.st, c.Constraint, c.Vars, "", binds...)
	l := &layer{ci: ci, cons: in.Constraint}
	if c.Head != nil {
		l.head = in.Of(c.Head.Args)
	}
	for _, b := range c.Body {
		l.preds = append(l.preds, e.preds[b.Pred.ID])
		l.args = append(l.args, in.Of(b.Args))
	}
	return l
}

// A node of the derivation tree: the target atom nexts[last] of the last
// layer, in the bounded context made of layers (at most K: the clauses
// unfolded from the K-th caller down, each layer's nexts entry the atom
// unfolded into the next layer) and iface, the projection of the callers
// above the bound onto the head arguments of layers[0].
type node struct {
	id       int
	pred     *pred
	parent   *node // nil for a child of a query
	depth    int
	layers   []*layer
	nexts    []int
	iface    *term.Term
	key      string
	visits   int
	seen     int // tick when last processed, -1 before
	queued   bool
	heapIdx  int
	drop     *layer // the caller's layer projected into iface (nil: iface is the parent's)
	dropNext int
	ifaceAt  int       // tick when iface was computed
	ifaceChg int       // tick when iface last changed
	underAt  [2][]int  // per defining clause, tick of the last UU, OU query (-1 before)
	underOK  [2][]bool // and whether it succeeded
	overAt   [2]int    // tick of the last OO, UO query (-1 before)
	overOK   [2]bool   // and whether it succeeded
	bparents []*node   // nodes whose unfolding gave this bounded context too
	body     []*layer  // per defining clause of pred, its instance at the target (lazy)
	deps     []*pred   // predicates whose summaries the node's queries read
	envNeg   int       // tick of the last negated-environment candidates, -1 before
}

// target is the arguments of the target atom.
func (n *node) target() []*term.Term {
	last := len(n.layers) - 1
	return n.layers[last].args[n.nexts[last]]
}

// bodyLayer is the instance of pred's i-th defining clause at the target.
func (e *engine) bodyLayer(n *node, i int) *layer {
	if n.body == nil {
		n.body = make([]*layer, len(n.pred.heads))
	}
	if n.body[i] == nil {
		n.body[i] = e.instance(n.pred.heads[i], n.target())
	}
	return n.body[i]
}

// newNode adds a node and makes it available; drop is the layer of the
// parent's context that iface projects (nil when iface is the parent's).
func (e *engine) newNode(parent *node, layers []*layer, nexts []int, iface *term.Term, drop *layer, dropNext int, key string) *node {
	last := len(layers) - 1
	n := &node{id: len(e.nodes), parent: parent, layers: layers, nexts: nexts, iface: iface,
		drop: drop, dropNext: dropNext, ifaceAt: e.tick, ifaceChg: e.tick, overAt: [2]int{-1, -1},
		pred: layers[last].preds[nexts[last]], seen: -1, envNeg: -1, heapIdx: -1}
	if parent != nil {
		n.depth = parent.depth + 1
	} else {
		n.depth = 1
	}
	if key == "" {
		key = e.nodeKey(layers, nexts, iface)
	}
	n.key = key
	e.byKey[key] = n
	n.deps = append(n.deps, n.pred)
	n.deps = appendNew(n.deps, n.pred.callees...)
	if parent != nil {
		n.deps = appendNew(n.deps, parent.deps...) // the interface reads the callers' atoms
	}
	for _, l := range layers {
		n.deps = appendNew(n.deps, l.preds...)
	}
	for k := range n.underAt {
		n.underAt[k] = make([]int, len(n.pred.heads))
		n.underOK[k] = make([]bool, len(n.pred.heads))
		for i := range n.underAt[k] {
			n.underAt[k][i] = -1
		}
	}
	e.nodes = append(e.nodes, n)
	e.stats.maxDepth = max(e.stats.maxDepth, n.depth)
	e.log.Tracef("node %d %s depth %d parent %d", n.id, n.pred.p.Name(), n.depth, parentID(parent))
	e.avail.push(n)
	return n
}

func parentID(n *node) int {
	if n == nil {
		return -1
	}
	return n.id
}

func appendNew(dst []*pred, ps ...*pred) []*pred {
	for _, p := range ps {
		if !slices.Contains(dst, p) {
			dst = append(dst, p)
		}
	}
	return dst
}

// nodeKey identifies a bounded context: its clauses, unfolded atoms and
// interface (over the Params of layers[0]'s head).
func (e *engine) nodeKey(layers []*layer, nexts []int, iface *term.Term) string {
	var b strings.Builder
	if layers[0].head != nil {
		hp := e.preds[e.sys.Clauses[layers[0].ci].Head.Pred.ID]
		iface = e.st.Substitute(iface, layers[0].head, hp.p.Params)
	}
	b.WriteString(strconv.FormatUint(uint64(iface.ID()), 10))
	for i, l := range layers {
		b.WriteByte('|')
		b.WriteString(strconv.Itoa(l.ci))
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(nexts[i]))
	}
	return b.String()
}

// stale reports whether a summary the node reads changed since it was
// last processed.
func (n *node) stale() bool {
	if n.seen < 0 {
		return true
	}
	for _, p := range n.deps {
		if p.changed > n.seen {
			return true
		}
	}
	return false
}

// env is the node's bounded environment approximated by O (under false)
// or U (under true): the interface, every layer's constraint and every
// atom other than the unfolded ones and the target.
func (e *engine) env(n *node, under bool) *term.Term {
	parts := []*term.Term{n.iface}
	for li, l := range n.layers {
		parts = append(parts, l.cons)
		for j, p := range l.preds {
			if j == n.nexts[li] {
				continue
			}
			if under {
				parts = append(parts, e.underAt(p, l.args[j]))
			} else {
				parts = append(parts, e.overAt(p, l.args[j]))
			}
		}
	}
	return e.st.And(parts...)
}

// envTick is the last tick at which the node's environment approximated
// by O (under false) or U (under true) changed.
func (n *node) envTick(under bool) int {
	t := n.ifaceChg
	for li, l := range n.layers {
		for j, p := range l.preds {
			if j == n.nexts[li] {
				continue
			}
			if under {
				t = max(t, p.underTick)
			} else {
				t = max(t, p.overTick)
			}
		}
	}
	return t
}

// envUnderEmpty reports whether some atom of the environment has an empty
// under-approximation (the environment under U is then false).
func (n *node) envUnderEmpty() bool {
	for li, l := range n.layers {
		for j, p := range l.preds {
			if j != n.nexts[li] && len(p.under) == 0 {
				return true
			}
		}
	}
	return false
}

// addNodes is ADDNODES: a child per atom of each defining clause of the
// node's predicate, unless a node with the same bounded context exists,
// which is made available again when what it reads changed.
func (e *engine) addNodes(n *node) error {
	for i := range n.pred.heads {
		L := e.bodyLayer(n, i)
		for j := range L.preds {
			layers := append(slices.Clone(n.layers), L)
			nexts := append(slices.Clone(n.nexts), j)
			iface := n.iface
			var drop *layer
			dropNext := 0
			if len(layers) > e.opts.K {
				f, err := e.iface(iface, layers[0], nexts[0])
				if err != nil {
					return err
				}
				drop, dropNext = layers[0], nexts[0]
				iface, layers, nexts = f, layers[1:], nexts[1:]
			}
			key := e.nodeKey(layers, nexts, iface)
			if old, ok := e.byKey[key]; ok {
				if old != n && !slices.Contains(old.bparents, n) {
					old.bparents = append(old.bparents, n)
				}
				if old.stale() {
					e.avail.push(old)
				}
				continue
			}
			e.newNode(n, layers, nexts, iface, drop, dropNext, key)
		}
	}
	return nil
}

// iface projects the layer l (with the interface above it and its atoms
// other than the unfolded one over-approximated) onto the arguments of
// the unfolded atom: the interface of the context that drops l. An
// inexact projection gives true.
func (e *engine) iface(above *term.Term, l *layer, next int) (*term.Term, error) {
	parts := []*term.Term{above, l.cons}
	for j, p := range l.preds {
		if j != next {
			parts = append(parts, e.overAt(p, l.args[j]))
		}
	}
	f, exact, err := e.project(e.st.And(parts...), l.args[next], ifaceRounds)
	if err != nil || !exact || term.Size(f) > maxIfaceSize {
		return e.st.True(), err
	}
	return f, nil
}

// refreshIface computes the node's interface again, with the current
// over-approximations, when one its projection read changed (the paper
// computes it from the parent's, at each query).
func (e *engine) refreshIface(n *node) error {
	if n.parent == nil || n.ifaceAt == e.tick {
		return nil
	}
	if err := e.refreshIface(n.parent); err != nil {
		return err
	}
	old := n.iface
	if n.drop == nil {
		n.iface = n.parent.iface
	} else {
		changed := n.parent.ifaceChg > n.ifaceAt
		for _, p := range n.drop.preds {
			changed = changed || p.overTick > n.ifaceAt
		}
		if changed {
			f, err := e.iface(n.parent.iface, n.drop, n.dropNext)
			if err != nil {
				return err
			}
			n.iface = f
		}
	}
	n.ifaceAt = e.tick
	if n.iface != old {
		n.ifaceChg = e.tick
		e.stats.ifaceUpdates++
		if e.byKey[n.key] == n {
			delete(e.byKey, n.key)
		}
		n.key = e.nodeKey(n.layers, n.nexts, n.iface)
		if _, ok := e.byKey[n.key]; !ok {
			e.byKey[n.key] = n
		}
	}
	return nil
}

// ifaceRounds and maxIfaceSize bound the projections that make
// interfaces.
const (
	ifaceRounds  = 8
	maxIfaceSize = 300
)

// restart makes every stale node available when none is: the run
// continues as long as some query may give something new.
func (e *engine) restart() *node {
	for _, n := range e.nodes {
		if n.stale() {
			e.avail.push(n)
		}
	}
	return e.avail.pop()
}

// availQueue is the set A of available nodes, by priority (appendix
// B.1): lower depth + visits first, then predicates nearer the queries,
// then the later atom of a clause, then older nodes.
type availQueue struct{ h nodeHeap }

func (q *availQueue) push(n *node) {
	if n.queued {
		return
	}
	n.queued = true
	heap.Push(&q.h, n)
}

func (q *availQueue) pop() *node {
	if len(q.h) == 0 {
		return nil
	}
	n := heap.Pop(&q.h).(*node)
	n.queued = false
	return n
}

func (q *availQueue) len() int { return len(q.h) }

type nodeHeap []*node

func (h nodeHeap) Len() int { return len(h) }
func (h nodeHeap) Less(i, j int) bool {
	a, b := h[i], h[j]
	if sa, sb := a.depth+a.visits, b.depth+b.visits; sa != sb {
		return sa < sb
	}
	if a.pred.cgDepth != b.pred.cgDepth {
		return a.pred.cgDepth < b.pred.cgDepth
	}
	if ia, ib := a.nexts[len(a.nexts)-1], b.nexts[len(b.nexts)-1]; ia != ib {
		return ia > ib
	}
	return a.id < b.id
}
func (h nodeHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].heapIdx, h[j].heapIdx = i, j
}
func (h *nodeHeap) Push(x any) {
	n := x.(*node)
	n.heapIdx = len(*h)
	*h = append(*h, n)
}
func (h *nodeHeap) Pop() any {
	old := *h
	n := old[len(old)-1]
	*h = old[:len(old)-1]
	n.heapIdx = -1
	return n
}
