package euf

import (
	"math/rand/v2"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
)

// benchGraph builds n constants x_i with f(x_i) and h(f(x_i), x_{i+1}),
// a watch per neighbouring pair of f-terms, and a merge order: the chain
// x_i = x_{i+1} shuffled by a fixed seed.
func benchGraph(n int) (*Graph, []Node, []Node, []int) {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	f := st.Func("f", []*term.Sort{u}, u)
	h := st.Func("h", []*term.Sort{u, u}, u)
	g := New(st)
	xs := make([]*term.Term, n)
	for i := range xs {
		xs[i] = st.Fresh("x", u)
	}
	ns, fs := make([]Node, n), make([]Node, n)
	for i := range xs {
		ns[i] = g.Add(xs[i])
		fs[i] = g.Add(st.Apply(f, xs[i]))
		g.Add(st.Apply(h, st.Apply(f, xs[i]), xs[(i+1)%n]))
	}
	for i := 1; i < n; i++ {
		g.WatchEq(fs[i-1], fs[i], Reason(i))
	}
	order := rand.New(rand.NewPCG(1, 2)).Perm(n - 1)
	return g, ns, fs, order
}

// BenchmarkMerge measures Push, n-1 merges (each with its congruences and
// watch propagations) and Pop on a graph of 4n nodes.
func BenchmarkMerge(b *testing.B) {
	const n = 1000
	g, ns, _, order := benchGraph(n)
	var props []Propagation
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g.Push()
		for _, i := range order {
			g.Merge(ns[i], ns[i+1], Reason(i))
		}
		props = g.Propagations(props[:0])
		g.Pop(1)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(n-1)), "ns/merge")
}

// BenchmarkExplain explains f(x_0) = f(x_{n-1}) after the whole chain has
// been merged: n-1 input reasons through a congruence edge.
func BenchmarkExplain(b *testing.B) {
	const n = 1000
	g, ns, fs, order := benchGraph(n)
	for _, i := range order {
		g.Merge(ns[i], ns[i+1], Reason(i))
	}
	var rs []Reason
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		rs = g.Explain(fs[0], fs[n-1], rs[:0])
	}
	if len(rs) != n-1 {
		b.Fatalf("explanation has %d reasons, want %d", len(rs), n-1)
	}
}

// BenchmarkMergeDiseq is the quasigroup pattern (qg families of QF_UF):
// k constants e_j pairwise disequal, n terms f(x_i) each watched against
// every e_j, and per operation a Push, the merge of every f(x_i) into one
// of the e_j (each merge falsifies the watches of f(x_i) against the
// others, through the disequalities the e_j class brings) and a Pop.
func BenchmarkMergeDiseq(b *testing.B) {
	const n, k = 200, 8
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	f := st.Func("f", []*term.Sort{u}, u)
	g := New(st)
	es := make([]Node, k)
	for j := range es {
		es[j] = g.Add(st.Fresh("e", u))
	}
	r := Reason(1)
	for i := range es {
		for j := i + 1; j < k; j++ {
			g.AssertDiseq(es[i], es[j], r)
			r++
		}
	}
	fs := make([]Node, n)
	for i := range fs {
		fs[i] = g.Add(st.Apply(f, st.Fresh("x", u)))
		for j := range es {
			g.WatchEq(fs[i], es[j], r)
			r++
		}
	}
	// Terms of one row are pairwise disequal too (a Latin square's rows).
	for i := range fs {
		for j := i + 1; j < n && j < i+k; j++ {
			g.AssertDiseq(fs[i], fs[j], r)
			r++
		}
	}
	var props []Propagation
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g.Push()
		for i := range fs {
			if !g.Merge(fs[i], es[i%k], r) {
				b.Fatal("conflict")
			}
		}
		props = g.Propagations(props[:0])
		g.Pop(1)
	}
	if len(props) != n*k {
		b.Fatalf("%d propagations, want %d (every watch decided)", len(props), n*k)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/merge")
}
