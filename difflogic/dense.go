package difflogic

import "math"

// The dense mode: on a small graph with many atoms per node (the
// job-shop files: tens of nodes, thousands of atoms), the solver also
// keeps the all-pairs shortest distances of the active edges, as z3's
// dense_diff_logic does, and Propagate reports every atom they imply:
// adding u → v of weight w improves exactly the pairs (a, b) with
// d(a,u) + w + d(v,b) < d(a,b), and only the atoms over those pairs can
// become implied. Complete propagation leaves the SAT search few
// decisions to make (the bounded searches of propagate.go miss most
// implied atoms there, and each missed one costs a decision).
//
// The matrix lags behind the edges: Propagate applies edges[applied:],
// and Pop undoes the cells changed by the retracted edges. The
// explanation of an atom it implies is lazy (Explain): a shortest path
// over the edges that were applied when it was implied.

// infDist marks a pair with no path.
const infDist = math.MaxInt64 / 4

// Dense mode bounds (DenseWorth): at most denseMaxNodes nodes (the
// matrix has their square of cells, and an edge may change all of them)
// and at least denseAtomsPerNode atoms per node. z3 asks for fewer than
// 1000 nodes and 9 atoms per node; measured on the qf_idl folder, 4
// atoms per node gains too (lpsat-goal-9, 223 nodes and 1735 atoms:
// 0.26 s dense, 0.41 s sparse), and no graph there goes past 223 nodes.
const (
	denseMaxNodes     = 512
	denseAtomsPerNode = 4
)

type dense struct {
	n, stride int
	dist      []int64 // by cell a*stride+b: the shortest path a ⇝ b, or infDist
	pairAt    []int32 // by cell: 1 + the index in pairs of the atoms over {a, b}, or 0
	pairs     [][]int32
	trail     []cellUndo
	mark      []int32 // by applied edge: len(trail) before it
	applied   int     // edges[:applied] are in the matrix

	rows, cols []Node // scratch of apply
	rowD, colD []int64
}

type cellUndo struct {
	a, b Node
	d    int64
}

// DenseWorth reports whether a graph of n nodes and m atoms is worth
// the dense mode: small, with many atoms per node.
func DenseWorth(n, m int) bool { return n <= denseMaxNodes && m >= denseAtomsPerNode*n }

// SetDense turns the dense mode on (see dense.go): from the next
// Propagate on, every atom the active edges imply is reported, with a
// lazy explanation (Implied.Path, Explain). It must be called with no
// scope open; it does nothing when the mode is on already, and the mode
// turns off by itself once the nodes exceed denseMaxNodes.
func (s *Solver) SetDense() {
	if s.dn != nil || len(s.lims) > 0 || len(s.pot) > denseMaxNodes {
		return
	}
	s.dn = &dense{}
	s.dn.resize(len(s.pot))
	for i := range s.atoms {
		s.dn.addAtom(s, i)
	}
	for e := range s.edges[:s.head] {
		s.dn.apply(s, int32(e), nil, nil)
	}
}

// Dense reports whether the dense mode is on.
func (s *Solver) Dense() bool { return s.dn != nil }

// resize makes room for n nodes: new rows and columns hold no paths.
func (d *dense) resize(n int) {
	if n > d.stride {
		stride := max(2*d.stride, n, 16)
		dist := make([]int64, stride*stride)
		for i := range dist {
			dist[i] = infDist
		}
		for a := range d.n {
			copy(dist[a*stride:a*stride+d.n], d.dist[a*d.stride:a*d.stride+d.n])
		}
		d.dist, d.stride = dist, stride
		d.pairAt = make([]int32, stride*stride)
		d.pairs = nil // the caller lists the atoms again
		d.n = n
		for a := range n {
			d.dist[a*stride+a] = 0
		}
		return
	}
	for a := d.n; a < n; a++ {
		d.dist[a*d.stride+a] = 0
	}
	d.n = n
}

// addAtom lists atom i under its pair.
func (d *dense) addAtom(s *Solver, i int) {
	at := s.atoms[i]
	c := int(at.x)*d.stride + int(at.y)
	if d.pairAt[c] == 0 {
		d.pairs = append(d.pairs, nil)
		d.pairAt[c] = int32(len(d.pairs))
		d.pairAt[int(at.y)*d.stride+int(at.x)] = int32(len(d.pairs))
	}
	p := d.pairAt[c] - 1
	d.pairs[p] = append(d.pairs[p], int32(i))
}

// grow follows NewNode.
func (s *Solver) denseGrow() {
	if len(s.pot) > denseMaxNodes {
		s.dn = nil
		return
	}
	d := s.dn
	stride := d.stride
	d.resize(len(s.pot))
	if d.stride != stride { // the pairs were dropped: list them again
		for i := range s.atoms {
			d.addAtom(s, i)
		}
	}
}

// pop undoes the cells of the edges from index lim on.
func (d *dense) pop(lim int) {
	if d.applied <= lim {
		return
	}
	t := int(d.mark[lim])
	for k := len(d.trail) - 1; k >= t; k-- {
		u := d.trail[k]
		d.dist[int(u.a)*d.stride+int(u.b)] = u.d
	}
	d.trail = d.trail[:t]
	d.mark = d.mark[:lim]
	d.applied = lim
}

// apply adds edge e to the matrix. With known non-nil it appends to dst
// the atoms that the improved pairs imply and known does not report.
func (d *dense) apply(s *Solver, e int32, dst []Implied, known func(int) bool) []Implied {
	d.mark = append(d.mark, int32(len(d.trail)))
	d.applied++
	ed := &s.edges[e]
	u, v, w := int(ed.from), int(ed.to), ed.w
	st := d.stride
	dist := d.dist
	if dist[u*st+v] <= w {
		return dst
	}
	d.rows, d.rowD = d.rows[:0], d.rowD[:0]
	d.cols, d.colD = d.cols[:0], d.colD[:0]
	for a := range d.n {
		da := dist[a*st+u]
		if da < infDist && da+w < dist[a*st+v] {
			d.rows, d.rowD = append(d.rows, Node(a)), append(d.rowD, da+w)
		}
	}
	urow := dist[u*st : u*st+d.n]
	vrow := dist[v*st : v*st+d.n]
	for b, db := range vrow {
		if db < infDist && w+db < urow[b] {
			d.cols, d.colD = append(d.cols, Node(b)), append(d.colD, db)
		}
	}
	for k, a := range d.rows {
		da := d.rowD[k]
		row := dist[int(a)*st : int(a)*st+d.n]
		for j, b := range d.cols {
			nd := da + d.colD[j]
			if nd >= row[b] {
				continue
			}
			d.trail = append(d.trail, cellUndo{a, b, row[b]})
			row[b] = nd
			if known == nil {
				continue
			}
			p := d.pairAt[int(a)*st+int(b)]
			if p == 0 {
				continue
			}
			for _, i := range d.pairs[p-1] {
				at := &s.atoms[i]
				var value bool
				switch {
				case at.y == a && at.x == b && nd <= at.c: // b − a ≤ nd ≤ c
					value = true
				case at.x == a && at.y == b && nd <= -at.c-1: // b − a ≤ nd: a − b ≥ −nd > c
					value = false
				default:
					continue
				}
				if known(int(i)) {
					continue
				}
				dst = append(dst, Implied{Atom: int(i), Value: value, Path: Path{a, b, e + 1}})
				s.stats.Implied++
			}
		}
	}
	return dst
}

// Path names the explanation of an atom the dense mode implied: a
// shortest path From ⇝ To over the edges of index below Limit.
type Path struct {
	From, To Node
	Limit    int32
}

// Explain appends to dst the reasons of a shortest path p.From ⇝ p.To
// over the edges of index below p.Limit, in path order: the explanation
// of an Implied without Expl. The edges must still be active (the atom
// still assigned), as they are while the caller's assignment stands.
func (s *Solver) Explain(dst []Reason, p Path) []Reason {
	s.epoch++
	ep := s.epoch
	s.heap.clear()
	s.gamma[p.From], s.pred[p.From], s.mark[p.From] = 0, -1, ep
	s.heap.push(s.gamma, p.From)
	for s.heap.len() > 0 {
		n := s.heap.pop(s.gamma)
		if n == p.To {
			break
		}
		dn := s.gamma[n] + s.pot[n]
		for _, f := range s.out[n] {
			if f >= p.Limit {
				continue
			}
			ed := &s.edges[f]
			t := ed.to
			nd := dn + ed.w - s.pot[t] // reduced: never below gamma[n]
			if s.mark[t] != ep {
				s.mark[t], s.gamma[t], s.pred[t] = ep, nd, f
				s.heap.push(s.gamma, t)
			} else if s.heap.pos[t] >= 0 && nd < s.gamma[t] {
				s.gamma[t], s.pred[t] = nd, f
				s.heap.up(s.gamma, t)
			}
		}
	}
	s.heap.clear()
	if s.mark[p.To] != ep {
		panic("difflogic: Explain without a path")
	}
	start := len(dst)
	for n := p.To; n != p.From; {
		ed := &s.edges[s.pred[n]]
		dst = append(dst, ed.reason)
		n = ed.from
	}
	reverse(dst[start:])
	return dst
}
