package difflogic

// Implied is an atom whose value follows from the active edges.
type Implied struct {
	Atom  int
	Value bool
	// Reason is the edge that implies it: as tight as the atom, or as
	// its negation.
	Reason Reason
}

// Propagate appends to dst the atoms implied by the edges asserted since
// the last call (after Pop: since the scope's start), each by one edge
// with the same endpoints: u → v of weight w implies x − y ≤ c for the
// atom over (x, y) = (v, u) when w ≤ c, and its negation for the atom
// over (u, v) when w ≤ −c−1. Atoms already implied or asserted may be
// reported again; the caller skips them.
func (s *Solver) Propagate(dst []Implied) []Implied {
	for ; s.head < len(s.edges); s.head++ {
		ed := &s.edges[s.head]
		u, v := ed.from, ed.to
		list := s.atomsAt[u]
		if len(s.atomsAt[v]) < len(list) {
			list = s.atomsAt[v]
		}
		for _, i := range list {
			a := &s.atoms[i]
			switch {
			case a.y == u && a.x == v && ed.w <= a.c:
				dst = append(dst, Implied{int(i), true, ed.reason})
			case a.x == u && a.y == v && ed.w <= -a.c-1:
				dst = append(dst, Implied{int(i), false, ed.reason})
			default:
				continue
			}
			s.stats.Implied++
		}
	}
	return dst
}
