package euf

import "fmt"

type diseq struct {
	a, b Node
	r    Reason
}

// mergeRec is what unmerge needs to undo one union of r1 into r2.
type mergeRec struct {
	r1, r2    Node // r1 was absorbed into r2
	a         Node // the proof edge a -> pp[a] was added (a was in r1's class)
	oldRoot   Node // proof root of r1's class before the union
	nParents  uint32
	nWatches  uint32
	nDiseqs   uint32
	oldValue  Node // value[r2] before
	oldShared Node // sharedOf[r2] before
}

// Merge asserts a = b because of r and closes under congruence. It reports
// false if the graph is (or already was) inconsistent; see Conflict. Merge
// on an inconsistent graph does nothing. a and b must have the same sort.
func (g *Graph) Merge(a, b Node, r Reason) bool {
	if g.inconsistent {
		return false
	}
	g.checkSorts("Merge", a, b)
	g.pending = append(g.pending, pendingMerge{a: a, b: b, j: just{r: r}})
	g.propagate()
	return !g.inconsistent
}

// AssertDiseq asserts a != b because of r. It reports false if the graph
// is (or already was) inconsistent: here, when a and b are already equal.
// a and b must have the same sort.
func (g *Graph) AssertDiseq(a, b Node, r Reason) bool {
	if g.inconsistent {
		return false
	}
	g.checkSorts("AssertDiseq", a, b)
	ra, rb := g.root[a], g.root[b]
	if ra == rb {
		g.setConflict(a, b, r, true)
		return false
	}
	// Classes already disequal have their watches decided (false)
	// already: no scan.
	_, before := g.disequal(ra, rb)
	d := uint32(len(g.diseqs))
	g.diseqs = append(g.diseqs, diseq{a: a, b: b, r: r})
	g.trail = append(g.trail, undo{kind: undoDiseq})
	g.diseqsOf[ra] = append(g.diseqsOf[ra], d)
	g.diseqsOf[rb] = append(g.diseqsOf[rb], d)
	if !before {
		g.falsifyWatches(ra, rb, g.watchesOf[ra], g.watchesOf[rb], d)
	}
	return true
}

func (g *Graph) checkSorts(op string, a, b Node) {
	if sa, sb := g.terms[a].Sort(), g.terms[b].Sort(); sa != sb {
		panic(fmt.Sprintf("euf: %s of %v (sort %v) and %v (sort %v)", op, g.terms[a], sa, g.terms[b], sb))
	}
}

// Inconsistent reports whether a conflict has been found (and not popped).
func (g *Graph) Inconsistent() bool { return g.inconsistent }

func (g *Graph) setConflict(a, b Node, r Reason, hasR bool) {
	g.inconsistent = true
	g.conflict = conflictRec{a: a, b: b, r: r, hasR: hasR}
	g.trail = append(g.trail, undo{kind: undoConflict})
	g.stats.Conflicts++
}

// propagate performs the pending merges until none is left or a conflict
// is found.
func (g *Graph) propagate() {
	for i := 0; i < len(g.pending) && !g.inconsistent; i++ {
		m := g.pending[i]
		g.union(m.a, m.b, m.j)
	}
	g.pending = g.pending[:0]
}

// union merges the classes of a and b, justified by j, and queues the
// congruences it creates.
func (g *Graph) union(a, b Node, j just) {
	ra, rb := g.root[a], g.root[b]
	if ra == rb {
		return
	}
	if g.size[ra] > g.size[rb] {
		a, b, ra, rb = b, a, rb, ra
	}
	r1, r2 := ra, rb // r1, the smaller class, is absorbed
	g.stats.Merges++
	if j.cong {
		g.stats.Congruences++
	}

	// The signatures of r1's parents are about to change. Only the
	// table's entries are erased and reinserted below: a parent that is
	// not an entry has the signature of an entry it is congruent to (merged
	// with it, or the merge is pending), which is a parent of r1 as well,
	// and it stays so (z3 reinserts only congruence roots too).
	erased := g.erased[:0]
	for _, p := range g.parents[r1] {
		if g.table.erase(g, p) {
			g.trail = append(g.trail, undo{kind: undoTableErase, n: p})
			erased = append(erased, p)
		}
	}

	// Proof forest: make a the root of its tree, then hang it under b.
	old := g.makeRoot(a)
	g.pp[a], g.pj[a] = b, j

	g.merges = append(g.merges, mergeRec{
		r1: r1, r2: r2, a: a, oldRoot: old,
		nParents:  uint32(len(g.parents[r2])),
		nWatches:  uint32(len(g.watchesOf[r2])),
		nDiseqs:   uint32(len(g.diseqsOf[r2])),
		oldValue:  g.value[r2],
		oldShared: g.sharedOf[r2],
	})
	g.trail = append(g.trail, undo{kind: undoMerge})

	for m := r1; ; {
		g.root[m] = r2
		if m = g.next[m]; m == r1 {
			break
		}
	}
	g.next[r1], g.next[r2] = g.next[r2], g.next[r1]
	g.size[r2] += g.size[r1]
	nWatches, nDiseqs := len(g.watchesOf[r2]), len(g.diseqsOf[r2])
	g.parents[r2] = append(g.parents[r2], g.parents[r1]...)
	g.watchesOf[r2] = append(g.watchesOf[r2], g.watchesOf[r1]...)
	g.diseqsOf[r2] = append(g.diseqsOf[r2], g.diseqsOf[r1]...)

	v1, v2 := g.value[r1], g.value[r2]
	if v2 == NoNode {
		g.value[r2] = v1
	}
	if s1, s2 := g.sharedOf[r1], g.sharedOf[r2]; s2 == NoNode {
		g.sharedOf[r2] = s1
	} else if s1 != NoNode {
		g.propagateShared(s1, s2)
	}

	for _, p := range erased {
		g.insertOrCongruent(p)
	}
	g.erased = erased

	// Conflicts.
	if v1 != NoNode && v2 != NoNode && v1 != v2 {
		g.setConflict(v1, v2, 0, false)
		return
	}
	for _, d := range g.diseqsOf[r1] {
		if q := g.diseqs[d]; g.root[q.a] == g.root[q.b] {
			g.setConflict(q.a, q.b, q.r, true)
			return
		}
	}

	g.updateWatches(r1, r2, v1, v2, nWatches, nDiseqs)
}

// unmerge undoes the last union.
func (g *Graph) unmerge() {
	rec := g.merges[len(g.merges)-1]
	g.merges = g.merges[:len(g.merges)-1]
	r1, r2 := rec.r1, rec.r2
	g.parents[r2] = g.parents[r2][:rec.nParents]
	g.watchesOf[r2] = g.watchesOf[r2][:rec.nWatches]
	g.diseqsOf[r2] = g.diseqsOf[r2][:rec.nDiseqs]
	g.value[r2] = rec.oldValue
	g.sharedOf[r2] = rec.oldShared
	g.next[r1], g.next[r2] = g.next[r2], g.next[r1]
	for m := r1; ; {
		g.root[m] = r1
		if m = g.next[m]; m == r1 {
			break
		}
	}
	g.size[r2] -= g.size[r1]
	g.pp[rec.a], g.pj[rec.a] = NoNode, just{}
	g.makeRoot(rec.oldRoot)
}

// makeRoot reverses the proof-forest path from x to its root, making x the
// root, and returns the old root. Edge labels stay with their edges.
func (g *Graph) makeRoot(x Node) Node {
	prev, prevJ := NoNode, just{}
	for cur := x; cur != NoNode; {
		nxt, j := g.pp[cur], g.pj[cur]
		g.pp[cur], g.pj[cur] = prev, prevJ
		prev, prevJ = cur, j
		cur = nxt
	}
	return prev
}
