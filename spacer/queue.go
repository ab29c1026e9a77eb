package spacer

import (
	"container/heap"

	"github.com/seed-f9c3434d/gospacer/term"
)

// A pob is a proof obligation <pred, cube, level>: can pred reach cube by
// a derivation of height at most level?
type pob struct {
	id     int
	pred   *pred
	cube   []*term.Term // over pred's params
	level  int
	depth  int
	parent *pob
	closed bool
	// may: a may-obligation (guide.go), whose reaching is no
	// counterexample; gas: the child depth it has left
	may bool
	gas int
}

func (e *engine) newPob(p *pred, cube []*term.Term, level, depth int, parent *pob) *pob {
	e.nextPob++
	e.stats.pobs++
	pb := &pob{id: e.nextPob, pred: p, cube: cube, level: level, depth: depth, parent: parent}
	if e.opts.Trace != nil {
		e.log.Tracef("pob #%d %s level %d depth %d: %s\n", pb.id, p.name, level, depth, term.Sprint(e.st.And(cube...)))
	}
	return pb
}

// pobQueue orders pobs by level, then depth, then creation.
type pobQueue struct{ h pobHeap }

func (q *pobQueue) push(pb *pob) { heap.Push(&q.h, pb) }
func (q *pobQueue) pop() *pob    { return heap.Pop(&q.h).(*pob) }
func (q *pobQueue) len() int     { return len(q.h) }
func (q *pobQueue) clear()       { q.h = q.h[:0] }

type pobHeap []*pob

func (h pobHeap) Len() int { return len(h) }
func (h pobHeap) Less(i, j int) bool {
	a, b := h[i], h[j]
	if a.level != b.level {
		return a.level < b.level
	}
	if a.depth != b.depth {
		return a.depth < b.depth
	}
	return a.id < b.id
}
func (h pobHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *pobHeap) Push(x any)   { *h = append(*h, x.(*pob)) }
func (h *pobHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
