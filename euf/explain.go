package euf

import (
	"fmt"
	"slices"
)

// Explain appends to dst the input reasons that entail a = b, each once,
// in increasing order. a and b must be in one class. The reasons are those
// on the proof-forest path between a and b, with congruence edges
// explained recursively by their arguments (Nieuwenhuis and Oliveras).
func (g *Graph) Explain(a, b Node, dst []Reason) []Reason {
	if g.root[a] != g.root[b] {
		panic(fmt.Sprintf("euf: Explain of %v and %v, which are not equal", g.terms[a], g.terms[b]))
	}
	start := len(dst)
	g.beginExplain()
	dst = g.explainEq(a, b, dst)
	return sortReasons(dst, start)
}

// ExplainDiseq appends to dst the input reasons that entail a != b, each
// once, in increasing order: the explanations of a and b equal to the
// endpoints of a disequality between their classes and its reason, or of
// a and b equal to distinct values. Disequal(a, b) must hold.
func (g *Graph) ExplainDiseq(a, b Node, dst []Reason) []Reason {
	ra, rb := g.root[a], g.root[b]
	why, ok := uint32(0), false
	if ra != rb {
		why, ok = g.disequal(ra, rb)
	}
	if !ok {
		panic(fmt.Sprintf("euf: ExplainDiseq of %v and %v, which are not disequal", g.terms[a], g.terms[b]))
	}
	start := len(dst)
	g.beginExplain()
	swap := why != whyValues && g.root[g.diseqs[why].a] != ra
	dst = g.explainDiseq(a, b, why, swap, dst)
	return sortReasons(dst, start)
}

// ExplainPropagation appends to dst the input reasons that entail p, each
// once, in increasing order.
func (g *Graph) ExplainPropagation(p Propagation, dst []Reason) []Reason {
	start := len(dst)
	g.beginExplain()
	switch p.Kind {
	case PropEqual, PropShared:
		if g.root[p.A] != g.root[p.B] {
			panic("euf: ExplainPropagation of a propagation that no longer holds")
		}
		dst = g.explainEq(p.A, p.B, dst)
	case PropDiseq:
		dst = g.explainDiseq(p.A, p.B, p.why, p.swap, dst)
	default:
		panic("euf: ExplainPropagation of a zero Propagation")
	}
	return sortReasons(dst, start)
}

// Conflict appends to dst the input reasons of the conflict, each once, in
// increasing order: the explanation of the derived equality plus the
// reason of the disequality it violates (none when two distinct values
// became equal). The graph must be inconsistent.
func (g *Graph) Conflict(dst []Reason) []Reason {
	if !g.inconsistent {
		panic("euf: Conflict on a consistent graph")
	}
	c := g.conflict
	start := len(dst)
	g.beginExplain()
	dst = g.explainEq(c.a, c.b, dst)
	if c.hasR {
		dst = append(dst, c.r)
	}
	return sortReasons(dst, start)
}

func (g *Graph) explainDiseq(a, b Node, why uint32, swap bool, dst []Reason) []Reason {
	stale := "euf: explanation of a disequality that no longer holds"
	if why == whyValues {
		va, vb := g.value[g.root[a]], g.value[g.root[b]]
		if va == NoNode || vb == NoNode || va == vb {
			panic(stale)
		}
		dst = g.explainEq(a, va, dst)
		return g.explainEq(b, vb, dst)
	}
	if int(why) >= len(g.diseqs) {
		panic(stale)
	}
	q := g.diseqs[why]
	x, y := q.a, q.b
	if swap {
		x, y = y, x
	}
	if g.root[x] != g.root[a] || g.root[y] != g.root[b] {
		panic(stale)
	}
	dst = g.explainEq(a, x, dst)
	dst = g.explainEq(b, y, dst)
	return append(dst, q.r)
}

// beginExplain starts a new explanation. Within one explanation, an edge
// is explained at most once: explained edges are contracted by a second
// union-find (xpar, live where edgeMark == epoch) whose class tops are the
// "highest nodes" of Nieuwenhuis and Oliveras, so walks jump over them.
func (g *Graph) beginExplain() {
	g.stats.Explanations++
	g.epoch++
	if g.epoch == 0 {
		clear(g.edgeMark)
		g.epoch = 1
	}
}

// highest returns the top of x's class of explained edges: the first
// ancestor of x (or x) whose edge to its parent is not yet explained.
func (g *Graph) highest(x Node) Node {
	r := x
	for g.edgeMark[r] == g.epoch {
		r = g.xpar[r]
	}
	for g.edgeMark[x] == g.epoch && g.xpar[x] != r { // path compression
		nx := g.xpar[x]
		g.xpar[x] = r
		x = nx
	}
	return r
}

// up is the next highest node above the highest node x, or NoNode.
func (g *Graph) up(x Node) Node {
	if p := g.pp[x]; p != NoNode {
		return g.highest(p)
	}
	return NoNode
}

// explainEq appends the reasons of a = b, unsorted, skipping edges already
// explained in this explanation.
func (g *Graph) explainEq(a, b Node, dst []Reason) []Reason {
	g.todo = append(g.todo[:0], pair{a, b})
	for len(g.todo) > 0 {
		p := g.todo[len(g.todo)-1]
		g.todo = g.todo[:len(g.todo)-1]
		if p.a == p.b {
			continue
		}
		c := g.commonAncestor(p.a, p.b)
		dst = g.explainPath(p.a, c, dst)
		dst = g.explainPath(p.b, c, dst)
	}
	return dst
}

// explainPath explains the unexplained edges from x up to c, a highest
// node above it, queueing the argument pairs of congruence edges on
// g.todo.
func (g *Graph) explainPath(x, c Node, dst []Reason) []Reason {
	for x = g.highest(x); x != c; x = g.highest(g.xpar[x]) {
		g.edgeMark[x], g.xpar[x] = g.epoch, g.pp[x]
		j := g.pj[x]
		if !j.cong {
			dst = append(dst, j.r)
			continue
		}
		as, bs := g.args(x), g.args(g.pp[x])
		for i, u := range as {
			if v := bs[i]; u != v {
				g.todo = append(g.todo, pair{u, v})
			}
		}
	}
	return dst
}

// commonAncestor returns the highest node of the nearest common ancestor
// of x and y in the proof forest (they must be in one tree). It climbs from
// both sides in lockstep over highest nodes, so its cost is proportional
// to the unexplained path between x and y, not to their depth. Returning
// the top of the ancestor's class of explained edges instead of the
// ancestor itself only adds explained edges to both paths.
func (g *Graph) commonAncestor(x, y Node) Node {
	g.lcaEpoch += 2
	if g.lcaEpoch < 2 {
		clear(g.lcaMark)
		g.lcaEpoch = 2
	}
	mx, my := g.lcaEpoch, g.lcaEpoch+1
	x, y = g.highest(x), g.highest(y)
	for x != NoNode || y != NoNode {
		if x != NoNode {
			if g.lcaMark[x] == my {
				return x
			}
			g.lcaMark[x] = mx
			x = g.up(x)
		}
		if y != NoNode {
			if g.lcaMark[y] == mx {
				return y
			}
			g.lcaMark[y] = my
			y = g.up(y)
		}
	}
	panic("euf: broken proof forest")
}

// sortReasons sorts dst[start:] and removes repeats.
func sortReasons(dst []Reason, start int) []Reason {
	s := dst[start:]
	slices.Sort(s)
	return dst[:start+len(slices.Compact(s))]
}
