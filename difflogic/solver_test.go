package difflogic

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// oracle edges: to − from ≤ w
type oedge struct {
	from, to Node
	w        int64
}

// feasible decides a set of difference constraints over n nodes by
// Bellman–Ford from a virtual source, independently of the solver.
func feasible(n int, es []oedge) bool {
	d := make([]int64, n)
	for range n + 1 {
		changed := false
		for _, e := range es {
			if d[e.from]+e.w < d[e.to] {
				d[e.to] = d[e.from] + e.w
				changed = true
			}
		}
		if !changed {
			return true
		}
	}
	return false
}

// shortest is the length of a shortest path a ⇝ b of es (no negative
// cycle), or infDist, by Bellman–Ford.
func shortest(n int, es []oedge, a, b Node) int64 {
	d := make([]int64, n)
	for i := range d {
		d[i] = infDist
	}
	d[a] = 0
	for range n {
		for _, e := range es {
			if d[e.from] < infDist && d[e.from]+e.w < d[e.to] {
				d[e.to] = d[e.from] + e.w
			}
		}
	}
	return d[b]
}

// TestSolverAgainstBellmanFord asserts random atoms under random scopes
// and checks every answer: a success leaves potentials satisfying every
// active edge, a conflict names edges (active ones and the new one) that
// are infeasible together, and each implied atom follows from its edge.
// The dense mode turns on at a random step (nodes may follow), and its
// matrix must hold the shortest distances.
func TestSolverAgainstBellmanFord(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 6).Draw(t, "nodes")
		s := New()
		for range n {
			s.NewNode()
		}
		na := rapid.IntRange(1, 12).Draw(t, "atoms")
		for range na {
			x := Node(rapid.IntRange(0, n-1).Draw(t, "x"))
			y := Node(rapid.IntRange(0, n-1).Draw(t, "y"))
			if x == y {
				y = (x + 1) % Node(n)
			}
			if x == y {
				return
			}
			s.AddAtom(x, y, rapid.Int64Range(-4, 4).Draw(t, "c"))
		}
		var active []oedge
		var activeR []Reason // the reasons of active
		var byReason []oedge // by reason: the edge asserted with it
		var lims []int
		for step := range rapid.IntRange(1, 40).Draw(t, "steps") {
			if s.dn == nil && len(lims) == 0 && rapid.IntRange(0, 3).Draw(t, "dense") == 0 {
				s.Propagate(nil, func(int) bool { return false })
				s.SetDense()
			}
			if s.dn != nil && rapid.IntRange(0, 9).Draw(t, "grow") == 0 {
				s.NewNode()
				n++
			}
			switch rapid.IntRange(0, 5).Draw(t, "op") {
			case 0:
				s.Push()
				lims = append(lims, len(active))
			case 1:
				if len(lims) == 0 {
					continue
				}
				k := rapid.IntRange(1, len(lims)).Draw(t, "pop")
				s.Pop(k)
				active = active[:lims[len(lims)-k]]
				activeR = activeR[:len(active)]
				lims = lims[:len(lims)-k]
			default:
				i := rapid.IntRange(0, na-1).Draw(t, "atom")
				val := rapid.Bool().Draw(t, "value")
				a := s.atoms[i]
				e := oedge{a.y, a.x, a.c}
				if !val {
					e = oedge{a.x, a.y, -a.c - 1}
				}
				r := Reason(len(byReason))
				byReason = append(byReason, e)
				ok := s.AssertAtom(i, val, r)
				want := feasible(n, append(active[:len(active):len(active)], e))
				require.Equal(t, want, ok, "step %d", step)
				if !ok {
					var cyc []oedge
					for _, r := range s.Conflict() {
						cyc = append(cyc, byReason[r])
					}
					require.False(t, feasible(n, cyc), "conflict %v is feasible", cyc)
					var sum int64
					for _, c := range cyc {
						sum += c.w
					}
					require.Negative(t, sum, "the conflict is a negative cycle")
					continue
				}
				active = append(active, e)
				activeR = append(activeR, r)
			}
			for _, e := range active {
				require.LessOrEqual(t, s.Value(e.to)-s.Value(e.from), e.w, "potentials violate %v", e)
			}
			for _, im := range s.Propagate(nil, func(int) bool { return false }) {
				a := s.atoms[im.Atom]
				implied := oedge{a.y, a.x, a.c}
				if !im.Value {
					implied = oedge{a.x, a.y, -a.c - 1}
				}
				expl := im.Expl
				if im.Path.Limit > 0 {
					require.Nil(t, expl)
					expl = s.Explain(nil, im.Path)
				}
				// the explanation is a path from implied.from to
				// implied.to no longer than implied.w, of asserted edges
				at, sum := implied.from, int64(0)
				for _, r := range expl {
					e := byReason[r]
					require.Contains(t, activeR, r, "explanation %v uses a retracted edge", im.Expl)
					require.Equal(t, at, e.from, "explanation %v of %v is not a path", im.Expl, implied)
					at, sum = e.to, sum+e.w
				}
				require.Equal(t, implied.to, at, "explanation %v of %v ends elsewhere", im.Expl, implied)
				require.LessOrEqual(t, sum, implied.w, "explanation %v does not imply %v", im.Expl, implied)
			}
			if s.dn != nil {
				// the matrix holds the shortest distances of the active edges
				for a := range n {
					for b := range n {
						require.Equal(t, shortest(n, active, Node(a), Node(b)),
							s.dn.dist[a*s.dn.stride+b], "distance %d ⇝ %d", a, b)
					}
				}
			}
		}
	})
}

func TestFits(t *testing.T) {
	require.True(t, Fits(0))
	require.True(t, Fits(-(1<<30)+1))
	require.False(t, Fits(1<<30))
	require.False(t, Fits(-(1 << 40)))
}

// BenchmarkChain asserts a chain of n edges and closes it into a cycle
// (a conflict) or not, under one scope: the relaxation and Pop.
func BenchmarkChain(b *testing.B) {
	const n = 256
	s := New()
	for range n {
		s.NewNode()
	}
	for i := range n {
		s.AddAtom(Node((i+1)%n), Node(i), -1)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Push()
		for i := range n - 1 {
			if !s.AssertAtom(i, true, Reason(i)) {
				b.Fatal("chain conflict")
			}
		}
		if s.AssertAtom(n-1, true, Reason(n-1)) {
			b.Fatal("no cycle")
		}
		s.Pop(1)
	}
}

// BenchmarkPropagate asserts, under one scope, the atoms x_i − hub ≤ i
// and x_i − x_j ≤ 2 of a graph with a hub (as the job-shop files have)
// and propagates after each: the bounded searches and the atom scans.
func BenchmarkPropagate(b *testing.B) { benchPropagate(b, false) }

// BenchmarkPropagateDense is BenchmarkPropagate in the dense mode: the
// matrix updates, the atoms of the improved pairs, and an explanation
// of each implied atom (the job-shop files ask for many).
func BenchmarkPropagateDense(b *testing.B) { benchPropagate(b, true) }

func benchPropagate(b *testing.B, dense bool) {
	const n = 48
	s := New()
	hub := s.NewNode()
	xs := make([]Node, n)
	for i := range xs {
		xs[i] = s.NewNode()
	}
	var bounds, pairs []int
	for i, x := range xs {
		bounds = append(bounds, s.AddAtom(x, hub, int64(i)))
		for _, y := range xs[:i] {
			pairs = append(pairs, s.AddAtom(x, y, 2), s.AddAtom(y, x, 3))
		}
	}
	if dense {
		s.SetDense()
	}
	known := func(int) bool { return false }
	var dst []Implied
	var rs []Reason
	explain := func() {
		for _, im := range dst {
			if im.Path.Limit > 0 {
				rs = s.Explain(rs[:0], im.Path)
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Push()
		for k, i := range bounds {
			if !s.AssertAtom(i, true, Reason(k)) {
				b.Fatal("conflict")
			}
			dst = s.Propagate(dst[:0], known)
			explain()
		}
		for k := 0; k < len(pairs); k += 7 {
			if s.AssertAtom(pairs[k], true, Reason(k)) {
				dst = s.Propagate(dst[:0], known)
				explain()
			}
		}
		s.Pop(1)
	}
}

// TestRebase: potentials that drifted past driftLimit are shifted back
// by the next relaxation, differences kept.
func TestRebase(t *testing.T) {
	s := New()
	x, y, z := s.NewNode(), s.NewNode(), s.NewNode()
	s.pot[x], s.pot[y], s.pot[z] = -driftLimit-10, -driftLimit, -driftLimit+9
	require.True(t, s.AddEdge(x, y, 3, 0)) // y − x ≤ 3: y lowered to x+3, past the limit
	require.Equal(t, int64(0), min(s.Value(x), s.Value(y), s.Value(z)))
	require.Equal(t, int64(3), s.Value(y)-s.Value(x))
	require.Equal(t, int64(19), s.Value(z)-s.Value(x))
}

// TestDenseGrow: nodes added in the dense mode past the matrix's stride
// (16, then 32) keep the distances and the atoms' pairs: an atom over old
// nodes and one over new nodes are implied, with their paths.
func TestDenseGrow(t *testing.T) {
	s := New()
	for range 3 {
		s.NewNode()
	}
	old := s.AddAtom(2, 0, 7) // 2 − 0 ≤ 7
	s.SetDense()
	require.True(t, s.Dense())
	require.True(t, s.AddEdge(0, 1, 3, 10)) // 1 − 0 ≤ 3
	require.Empty(t, s.Propagate(nil, func(int) bool { return false }))
	var ns []Node
	for range 30 {
		ns = append(ns, s.NewNode())
	}
	last := ns[len(ns)-1]
	fresh := s.AddAtom(last, 0, -1)            // last − 0 ≤ −1: false once 0 − last ≤ 0
	require.True(t, s.AddEdge(1, 2, 4, 11))    // 2 − 1 ≤ 4: 2 − 0 ≤ 7
	require.True(t, s.AddEdge(last, 0, 0, 12)) // 0 − last ≤ 0
	got := map[int]Implied{}
	for _, im := range s.Propagate(nil, func(int) bool { return false }) {
		got[im.Atom] = im
	}
	require.Contains(t, got, old)
	require.True(t, got[old].Value)
	require.Equal(t, []Reason{10, 11}, s.Explain(nil, got[old].Path))
	require.Contains(t, got, fresh)
	require.False(t, got[fresh].Value)
	require.Equal(t, []Reason{12}, s.Explain(nil, got[fresh].Path))
	require.Equal(t, int64(7), s.dn.dist[0*s.dn.stride+2])
	require.Equal(t, int64(7), s.dn.dist[int(last)*s.dn.stride+2])
}
