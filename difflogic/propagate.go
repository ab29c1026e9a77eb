package difflogic

// Implied is an atom whose value follows from the active edges.
type Implied struct {
	Atom  int
	Value bool
	// Expl are the reasons of the edges of a path at least as tight as
	// the atom (or as its negation), in path order. The slice is valid
	// until the next Propagate.
	Expl []Reason
	// Path, in the dense mode (Path.Limit > 0, Expl nil), names the
	// explanation for Explain.
	Path   Path
	lo, hi int32
}

// searchLimit bounds the nodes each search of Propagate settles.
// (measured on the job-shop files of the qf_idl folder: 4 beats 1, 8
// and 12; the searches' cost grows with it, the propagations found with
// it too).
const searchLimit = 4

// search is a Dijkstra search bounded to searchLimit settled nodes over
// the reduced costs w + pot[from] − pot[to] (never negative), forward
// along out-edges or backward along in-edges. Its frontier holds only as
// many nodes as may still be settled, sorted by distance: a node pushed
// out of it is forgotten, and found again if a later node reaches it.
type search struct {
	dist    []int64 // reduced distance from (to) the source
	pred    []int32 // the edge that reached the node
	mark    []uint32
	done    []uint32
	epoch   uint32
	front   []Node
	settled []Node
}

func (q *search) grow() {
	q.dist = append(q.dist, 0)
	q.pred = append(q.pred, -1)
	q.mark = append(q.mark, 0)
	q.done = append(q.done, 0)
}

// isSettled reports whether n was settled by the last run.
func (q *search) isSettled(n Node) bool { return q.done[n] == q.epoch }

func (q *search) run(s *Solver, src Node, forward bool) {
	q.epoch++
	ep := q.epoch
	q.settled = q.settled[:0]
	q.mark[src], q.dist[src], q.pred[src] = ep, 0, -1
	q.front = append(q.front[:0], src)
	for len(q.front) > 0 {
		n := q.front[0]
		q.front = q.front[:copy(q.front, q.front[1:])]
		q.done[n] = ep
		q.settled = append(q.settled, n)
		room := searchLimit - len(q.settled)
		if room == 0 {
			break // the edges of the last node would reach nothing settled
		}
		for len(q.front) > room {
			q.mark[q.front[len(q.front)-1]] = 0
			q.front = q.front[:len(q.front)-1]
		}
		list := s.in[n]
		if forward {
			list = s.out[n]
		}
		for _, e := range list {
			ed := &s.edges[e]
			t := ed.from
			if forward {
				t = ed.to
			}
			if q.done[t] == ep {
				continue
			}
			d := q.dist[n] + ed.w + s.pot[ed.from] - s.pot[ed.to]
			i := len(q.front) // where t is in the frontier
			if q.mark[t] == ep {
				if d >= q.dist[t] {
					continue
				}
				for i = 0; q.front[i] != t; i++ {
				}
			} else {
				if len(q.front) == room {
					if d >= q.dist[q.front[room-1]] {
						continue
					}
					q.mark[q.front[room-1]] = 0
					i = room - 1
				} else {
					q.front = append(q.front, t)
				}
				q.mark[t] = ep
			}
			q.dist[t], q.pred[t] = d, e
			for ; i > 0 && q.dist[q.front[i-1]] > d; i-- {
				q.front[i] = q.front[i-1]
			}
			q.front[i] = t
		}
	}
	for _, n := range q.front {
		q.mark[n] = 0
	}
}

// Propagate appends to dst the atoms implied by the edges asserted since
// the last call (after Pop: since the scope's start) and not known to the
// caller (known reports the atoms it has a value for). For a new edge
// u → v of weight w, a bounded search finds short paths s ⇝ u backwards
// and v ⇝ t forwards; the path s ⇝ u → v ⇝ t of length L implies the
// atom t − s ≤ c when L ≤ c, and the negation of the atom s − t ≤ c when
// L ≤ −c−1 (in the spirit of Cotton and Maler's propagation, without
// their pruning). The searches are bounded, so not every implied atom is
// found; the ones found over the same pair as the edge always are.
func (s *Solver) Propagate(dst []Implied, known func(atom int) bool) []Implied {
	if s.dn != nil {
		for e := s.dn.applied; e < len(s.edges); e++ {
			dst = s.dn.apply(s, int32(e), dst, known)
		}
		s.head = len(s.edges)
		return dst
	}
	s.expl = s.expl[:0]
	start := len(dst)
	for ; s.head < len(s.edges); s.head++ {
		ed := s.edges[s.head]
		u, v := ed.from, ed.to
		s.fwd.run(s, v, true)
		s.bwd.run(s, u, false)
		// Scan the atoms at the side with fewer of them; the other
		// endpoint must be settled on the other side.
		nb, nf := 0, 0
		for _, x := range s.bwd.settled {
			nb += len(s.atomsAt[x])
		}
		for _, y := range s.fwd.settled {
			nf += len(s.atomsAt[y])
		}
		side, other := &s.bwd, &s.fwd
		if nf < nb {
			side, other = &s.fwd, &s.bwd
		}
		for _, z := range side.settled {
			for _, i := range s.atomsAt[z] {
				a := &s.atoms[i]
				o := a.x
				if o == z {
					o = a.y
				}
				if !other.isSettled(o) {
					continue
				}
				x, y := z, o // x ⇝ u → v ⇝ y
				if side == &s.fwd {
					x, y = o, z
				}
				// the atom y − x ≤ c holds, or x − y ≤ c fails: y − x ≤ −c−1
				value, bound := a.x == y, a.c
				if !value {
					bound = -a.c - 1
				}
				l := s.bwd.dist[x] - s.pot[x] + s.pot[u] + ed.w + s.fwd.dist[y] - s.pot[v] + s.pot[y]
				if l > bound || known(int(i)) {
					continue
				}
				lo := int32(len(s.expl))
				for n := x; n != u; { // x ⇝ u
					e := &s.edges[s.bwd.pred[n]]
					s.expl = append(s.expl, e.reason)
					n = e.to
				}
				s.expl = append(s.expl, ed.reason)
				mid := len(s.expl)
				for n := y; n != v; { // v ⇝ y, collected backwards
					e := &s.edges[s.fwd.pred[n]]
					s.expl = append(s.expl, e.reason)
					n = e.from
				}
				reverse(s.expl[mid:])
				dst = append(dst, Implied{Atom: int(i), Value: value, lo: lo, hi: int32(len(s.expl))})
				s.stats.Implied++
			}
		}
	}
	for k := start; k < len(dst); k++ {
		dst[k].Expl = s.expl[dst[k].lo:dst[k].hi:dst[k].hi]
	}
	return dst
}

func reverse(rs []Reason) {
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
}
