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
