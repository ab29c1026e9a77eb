package euf

// PropKind says what a Propagation reports.
type PropKind uint8

const (
	// PropEqual: the watched equality A = B became true.
	PropEqual PropKind = iota + 1
	// PropDiseq: the watched equality A = B became false: A's and B's
	// classes are asserted disequal or hold distinct values.
	PropDiseq
	// PropShared: the shared nodes A and B became equal.
	PropShared
)

func (k PropKind) String() string {
	switch k {
	case PropEqual:
		return "equal"
	case PropDiseq:
		return "diseq"
	case PropShared:
		return "shared"
	}
	return "<bad PropKind>"
}

// A Propagation is a fact derived by the graph for its caller. Explain it
// with ExplainPropagation while the graph still entails it (before popping
// the scope in which it was derived).
type Propagation struct {
	Kind PropKind
	Lit  Reason // the watched literal (PropEqual, PropDiseq); 0 for PropShared
	A, B Node

	watch uint32 // the watch (PropEqual, PropDiseq), else noWatch
	why   uint32 // PropDiseq: the disequality, or whyValues
	// swap (PropDiseq): A is in the class of the disequality's second
	// side. Recorded when the propagation is made: once the graph is
	// inconsistent both pairings may look valid, and only this one has an
	// explanation that precedes the propagated literal.
	swap bool
}

const (
	noWatch   = ^uint32(0)
	whyValues = ^uint32(0) // distinct interpreted values, no disequality
)

type watchState uint8

const (
	watchUnknown watchState = iota
	watchTrue
	watchFalse
)

type watch struct {
	a, b  Node
	lit   Reason
	state watchState
	why   uint32 // watchFalse: the disequality, or whyValues
}

// WatchEq registers the equality atom a = b under the literal lit. The
// graph reports a PropEqual propagation when a and b become equal and a
// PropDiseq propagation when their classes become disequal (an asserted
// disequality between them or distinct interpreted values), each once per
// time it becomes so; a watch already decided when registered is reported
// at once. For a Boolean predicate p, WatchEq(p, g.True(), lit) reports p
// true or false when p's class meets true or false. Watches are permanent,
// like nodes.
func (g *Graph) WatchEq(a, b Node, lit Reason) {
	g.checkSorts("WatchEq", a, b)
	w := uint32(len(g.watches))
	g.watches = append(g.watches, watch{a: a, b: b, lit: lit})
	g.attachWatch(w)
}

// NumWatches is the number of watches registered.
func (g *Graph) NumWatches() int { return len(g.watches) }

func (g *Graph) attachWatch(w uint32) {
	x := &g.watches[w]
	ra, rb := g.root[x.a], g.root[x.b]
	g.trail = append(g.trail, undo{kind: undoWatch, n: Node(w)})
	g.watchesOf[ra] = append(g.watchesOf[ra], w)
	g.watchesOf[rb] = append(g.watchesOf[rb], w)
	if ra == rb {
		g.setWatch(w, watchTrue, 0)
	} else if d, ok := g.disequal(ra, rb); ok {
		g.setWatch(w, watchFalse, d)
	}
}

func (g *Graph) detachWatch(w uint32) {
	x := &g.watches[w]
	ra, rb := g.root[x.a], g.root[x.b]
	g.watchesOf[rb] = g.watchesOf[rb][:len(g.watchesOf[rb])-1]
	g.watchesOf[ra] = g.watchesOf[ra][:len(g.watchesOf[ra])-1]
}

func (g *Graph) setWatch(w uint32, s watchState, why uint32) {
	x := &g.watches[w]
	x.state, x.why = s, why
	g.trail = append(g.trail, undo{kind: undoWatchState, n: Node(w)})
	k := PropEqual
	if s == watchFalse {
		k = PropDiseq
	}
	swap := k == PropDiseq && why != whyValues && g.root[g.diseqs[why].a] != g.root[x.a]
	g.props = append(g.props, Propagation{Kind: k, Lit: x.lit, A: x.a, B: x.b, watch: w, why: why, swap: swap})
	g.stats.Propagations++
}

func (g *Graph) propagateShared(a, b Node) {
	g.props = append(g.props, Propagation{Kind: PropShared, A: a, B: b, watch: noWatch})
	g.stats.Propagations++
}

// Propagations appends the propagations not yet returned to dst and marks
// them returned. Pop rewinds the queue to where it was at Push, so
// propagations returned after a Push and still valid after the Pop are
// returned again. After a conflict the queue is meaningless until Pop.
func (g *Graph) Propagations(dst []Propagation) []Propagation {
	dst = append(dst, g.props[g.propHead:]...)
	g.propHead = len(g.props)
	return dst
}

// disequal reports whether the classes of roots x != y are disequal, and
// why: a disequality between them or whyValues.
func (g *Graph) disequal(x, y Node) (uint32, bool) {
	if vx, vy := g.value[x], g.value[y]; vx != NoNode && vy != NoNode && vx != vy {
		return whyValues, true
	}
	ds := g.diseqsOf[x]
	if len(g.diseqsOf[y]) < len(ds) {
		ds = g.diseqsOf[y]
	}
	for _, d := range ds {
		q := g.diseqs[d]
		if rx, ry := g.root[q.a], g.root[q.b]; rx == x && ry == y || rx == y && ry == x {
			return d, true
		}
	}
	return 0, false
}

// Disequal reports whether a != b is entailed: their classes are asserted
// disequal or hold distinct interpreted values.
func (g *Graph) Disequal(a, b Node) bool {
	ra, rb := g.root[a], g.root[b]
	if ra == rb {
		return false
	}
	_, ok := g.disequal(ra, rb)
	return ok
}

// falsifyWatches marks false the undecided watches between the classes of
// roots x and y (now disequal because of why), scanning the shorter of
// their watch lists xs, ys.
func (g *Graph) falsifyWatches(x, y Node, xs, ys []uint32, why uint32) {
	if len(ys) < len(xs) {
		xs = ys
	}
	for _, w := range xs {
		q := &g.watches[w]
		if q.state != watchUnknown {
			continue
		}
		if ra, rb := g.root[q.a], g.root[q.b]; ra == x && rb == y || ra == y && rb == x {
			g.setWatch(w, watchFalse, why)
		}
	}
}

// updateWatches decides the watches affected by the union of r1 into r2.
// v1, v2 are the classes' values before it and nWatches the old length of
// r2's watch list (nDiseqs of its disequality list). A watch decided by the union has an endpoint in each
// old class (now true), or an endpoint in one old class and the other in a
// class c disequal to the other old class.
func (g *Graph) updateWatches(r1, r2, v1, v2 Node, nWatches, nDiseqs int) {
	// Watches with an endpoint in r1: true, or false by a disequality or
	// value that r2 brings.
	for _, w := range g.watchesOf[r1] {
		q := &g.watches[w]
		if q.state != watchUnknown {
			continue
		}
		ra, rb := g.root[q.a], g.root[q.b]
		if ra == rb {
			g.setWatch(w, watchTrue, 0)
			continue
		}
		c := ra
		if c == r2 {
			c = rb
		}
		if d, ok := g.disequal(r2, c); ok {
			g.setWatch(w, watchFalse, d)
		}
	}
	// Watches with an endpoint in old r2, false by a disequality r1 brings.
	// Each class c once: r1's disequalities often lead to few classes
	// (a class of values disequal to each other), and one scan decides
	// every watch between old r2 and c.
	old2 := g.watchesOf[r2][:nWatches]
	if len(g.diseqsOf[r1]) > 0 && len(old2) > 0 {
		g.seenEpoch++
		if g.seenEpoch == 0 {
			clear(g.seenMark)
			g.seenEpoch = 1
		}
		// Classes old r2 was disequal to have their watches with it
		// decided already.
		for _, d := range g.diseqsOf[r2][:nDiseqs] {
			q := g.diseqs[d]
			c := g.root[q.a]
			if c == r2 {
				c = g.root[q.b]
			}
			g.seenMark[c] = g.seenEpoch
		}
		for _, d := range g.diseqsOf[r1] {
			q := g.diseqs[d]
			c := g.root[q.a]
			if c == r2 {
				c = g.root[q.b]
			}
			if g.seenMark[c] == g.seenEpoch {
				continue
			}
			g.seenMark[c] = g.seenEpoch
			g.falsifyWatches(r2, c, old2, g.watchesOf[c], d)
		}
	}
	// ... or by a value r1 brings.
	if v1 != NoNode && v2 == NoNode {
		for _, w := range old2 {
			q := &g.watches[w]
			if q.state != watchUnknown {
				continue
			}
			c := g.root[q.a]
			if c == r2 {
				c = g.root[q.b]
			}
			if vc := g.value[c]; vc != NoNode && vc != v1 {
				g.setWatch(w, watchFalse, whyValues)
			}
		}
	}
}
