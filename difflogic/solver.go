package difflogic

// Node is a vertex of the constraint graph: a variable, or the caller's
// zero node.
type Node int32

// Reason is the caller's name of an asserted edge (a SAT literal), handed
// back in conflicts and explanations.
type Reason uint32

type edge struct {
	from, to Node
	w        int64
	reason   Reason
}

// atom is x − y ≤ c: the edge y → x of weight c when true, x → y of
// weight −c−1 when false.
type atom struct {
	x, y Node
	c    int64
}

// Solver decides a growing and shrinking set of difference constraints.
// The zero value is not usable; call New.
type Solver struct {
	pot   []int64
	out   [][]int32 // by node: indices of the active edges leaving it
	in    [][]int32 // by node: indices of the active edges entering it
	edges []edge    // the active edges, in assertion order
	lims  []int32   // len(edges) at each Push

	atoms   []atom
	atomsAt [][]int32 // by node: the atoms with an endpoint there
	head    int       // edges[head:] are not yet propagated

	// scratch of the relaxation
	gamma    []int64
	pred     []int32 // by node: the edge that last lowered it
	mark     []uint32
	epoch    uint32
	heap     nodeHeap
	changed  []Node
	old      []int64
	conflict []Reason

	fwd, bwd search // scratch of Propagate
	expl     []Reason

	dn *dense // the dense mode's matrix, or nil (dense.go)

	stats Stats
}

// Stats are the solver's counters.
type Stats struct {
	Edges       uint64 // edges asserted
	Relaxations uint64 // potentials lowered
	Conflicts   uint64
	Implied     uint64 // atoms reported by Propagate
}

// New returns a solver without nodes.
func New() *Solver { return &Solver{} }

// Stats returns the counters so far.
func (s *Solver) Stats() Stats { return s.stats }

// NewNode adds a node with potential 0.
func (s *Solver) NewNode() Node {
	n := Node(len(s.pot))
	s.pot = append(s.pot, 0)
	s.out = append(s.out, nil)
	s.in = append(s.in, nil)
	s.atomsAt = append(s.atomsAt, nil)
	s.gamma = append(s.gamma, 0)
	s.pred = append(s.pred, -1)
	s.mark = append(s.mark, 0)
	s.heap.grow()
	s.fwd.grow()
	s.bwd.grow()
	if s.dn != nil {
		s.denseGrow()
	}
	return n
}

// NumNodes is the number of nodes.
func (s *Solver) NumNodes() int { return len(s.pot) }

// Fits reports whether c is a constant the solver accepts: small enough
// that no sum along a path of up to 2^24 edges, and no drift of the
// potentials over a long search, comes near the int64 range.
func Fits(c int64) bool { return c > -maxConst && c < maxConst }

const maxConst = 1 << 30

// AddAtom registers the atom x − y ≤ c for Propagate and returns its
// index. c must satisfy Fits.
func (s *Solver) AddAtom(x, y Node, c int64) int {
	if !Fits(c) {
		panic("difflogic: atom constant out of range")
	}
	i := len(s.atoms)
	s.atoms = append(s.atoms, atom{x, y, c})
	s.atomsAt[x] = append(s.atomsAt[x], int32(i))
	if y != x {
		s.atomsAt[y] = append(s.atomsAt[y], int32(i))
	}
	if s.dn != nil {
		s.dn.addAtom(s, i)
	}
	return i
}

// NumAtoms is the number of atoms.
func (s *Solver) NumAtoms() int { return len(s.atoms) }

// Atom returns the atom i: x − y ≤ c.
func (s *Solver) Atom(i int) (x, y Node, c int64) {
	a := s.atoms[i]
	return a.x, a.y, a.c
}

// AssertAtom asserts atom i (value true) or its negation, with reason r.
// It reports false on a conflict (see Conflict); the constraint is then
// not added.
func (s *Solver) AssertAtom(i int, value bool, r Reason) bool {
	a := s.atoms[i]
	if value {
		return s.AddEdge(a.y, a.x, a.c, r)
	}
	return s.AddEdge(a.x, a.y, -a.c-1, r)
}

// Holds reports whether atom i is true under the potentials.
func (s *Solver) Holds(i int) bool {
	a := s.atoms[i]
	return s.pot[a.x]-s.pot[a.y] <= a.c
}

// Value is the potential of n; differences of potentials satisfy every
// active constraint.
func (s *Solver) Value(n Node) int64 { return s.pot[n] }

// Push opens a scope.
func (s *Solver) Push() { s.lims = append(s.lims, int32(len(s.edges))) }

// Pop retracts the edges of the n innermost scopes.
func (s *Solver) Pop(n int) {
	if n <= 0 {
		return
	}
	lim := int(s.lims[len(s.lims)-n])
	s.lims = s.lims[:len(s.lims)-n]
	for e := len(s.edges) - 1; e >= lim; e-- {
		ed := s.edges[e]
		s.out[ed.from] = s.out[ed.from][:len(s.out[ed.from])-1]
		s.in[ed.to] = s.in[ed.to][:len(s.in[ed.to])-1]
	}
	s.edges = s.edges[:lim]
	s.head = min(s.head, lim)
	if s.dn != nil {
		s.dn.pop(lim)
	}
}

// Conflict returns the reasons of the negative cycle found by the last
// AddEdge that failed. The slice is reused by the next call.
func (s *Solver) Conflict() []Reason { return s.conflict }

// AddEdge asserts to − from ≤ w with reason r. It reports false on a
// conflict (see Conflict), leaving the constraints as they were.
func (s *Solver) AddEdge(from, to Node, w int64, r Reason) bool {
	s.stats.Edges++
	e := int32(len(s.edges))
	if g := s.pot[from] + w - s.pot[to]; g < 0 {
		if !s.relax(from, to, g, e) {
			s.stats.Conflicts++
			s.conflict = append(s.conflict[:0], r)
			for n := from; n != to; {
				ed := s.edges[s.pred[n]]
				s.conflict = append(s.conflict, ed.reason)
				n = ed.from
			}
			return false
		}
	}
	s.edges = append(s.edges, edge{from, to, w, r})
	s.out[from] = append(s.out[from], e)
	s.in[to] = append(s.in[to], e)
	return true
}

// relax lowers potentials so that the new edge u → v (index e, violated
// by g < 0) holds together with the active ones: Dijkstra from v over
// the reduced costs, in the order of the largest pending decrease. It
// reports false, with the potentials restored and pred leading from u
// back to v, when it would have to lower u: a negative cycle.
func (s *Solver) relax(u, v Node, g int64, e int32) bool {
	s.epoch++
	ep := s.epoch
	s.changed, s.old = s.changed[:0], s.old[:0]
	s.heap.clear()
	s.gamma[v], s.pred[v], s.mark[v] = g, e, ep
	s.heap.push(s.gamma, v)
	low := false
	for s.heap.len() > 0 {
		n := s.heap.pop(s.gamma)
		p := s.pot[n] + s.gamma[n]
		s.changed, s.old = append(s.changed, n), append(s.old, s.pot[n])
		s.pot[n] = p
		low = low || p < -driftLimit
		s.gamma[n] = 0 // settled
		s.stats.Relaxations++
		for _, f := range s.out[n] {
			ed := &s.edges[f]
			t := ed.to
			d := p + ed.w - s.pot[t]
			if d >= 0 {
				continue
			}
			if t == u {
				s.pred[u] = f
				for i := len(s.changed) - 1; i >= 0; i-- {
					s.pot[s.changed[i]] = s.old[i]
				}
				return false
			}
			if s.mark[t] != ep {
				s.mark[t], s.gamma[t], s.pred[t] = ep, d, f
				s.heap.push(s.gamma, t)
			} else if s.heap.pos[t] >= 0 && d < s.gamma[t] {
				// (a settled node is never lowered again: the reduced
				// costs of the active edges are not negative)
				s.gamma[t], s.pred[t] = d, f
				s.heap.up(s.gamma, t)
			}
		}
	}
	if low {
		s.rebase()
	}
	return true
}

// driftLimit bounds how low potentials drift before rebase shifts them
// back. Potentials only decrease, each relaxation by less than the
// number of nodes times 2^30 (Fits), so in any run they reach it only
// after billions of relaxations; after a shift they are far inside int64
// again.
const driftLimit = 1 << 60

// rebase adds the same amount to every potential (differences, hence
// the model, are unchanged), bringing the least back to 0.
func (s *Solver) rebase() {
	lo := s.pot[0]
	for _, p := range s.pot {
		lo = min(lo, p)
	}
	for i := range s.pot {
		s.pot[i] -= lo
	}
}
