package sat

import (
	"testing"
)

// BenchmarkPropagate measures unit propagation in steady state: each op
// makes up to 64 decisions on a random formula with 20000 variables
// (3.5n ternary and 0.5n binary clauses, so implications chain), propagating
// after each, then backtracks to level 0. It must not allocate once the
// watch lists have reached their working sizes.
func BenchmarkPropagate(b *testing.B) {
	const n = 20000
	s := New(Options{})
	for _, c := range randomCNF(1, n, 7*n/2, 3) {
		s.AddClause(c...)
	}
	for _, c := range randomCNF(4, n, n/2, 2) {
		s.AddClause(c...)
	}
	decisions := make([]Lit, 0, 4096)
	for _, c := range randomCNF(2, n, 4096, 1) {
		decisions = append(decisions, c[0])
	}
	next := 0
	probe := func() {
		for k := 0; k < 64; k++ {
			m := decisions[next%len(decisions)]
			next++
			if s.vals[m] != 0 {
				continue
			}
			s.newDecisionLevel()
			s.enqueue(m, crefUndef)
			if s.propagate() != crefUndef {
				break
			}
		}
		s.cancelUntil(0)
	}
	for i := 0; i < 2*len(decisions); i++ {
		probe() // warm up the watch lists
	}
	p0 := s.stats.Propagations
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		probe()
	}
	b.StopTimer()
	b.ReportMetric(float64(s.stats.Propagations-p0)/float64(b.N), "props/op")
}

// TestPropagateNoAlloc checks the zero-allocation claim of the hot loop.
func TestPropagateNoAlloc(t *testing.T) {
	const n = 2000
	s := New(Options{})
	for _, c := range randomCNF(1, n, 4*n, 3) {
		s.AddClause(c...)
	}
	lits := randomCNF(3, n, 256, 1)
	probe := func() {
		for _, c := range lits {
			if s.vals[c[0]] != 0 {
				continue
			}
			s.newDecisionLevel()
			s.enqueue(c[0], crefUndef)
			if s.propagate() != crefUndef {
				break
			}
		}
		s.cancelUntil(0)
	}
	for i := 0; i < 50; i++ {
		probe()
	}
	if a := testing.AllocsPerRun(20, probe); a != 0 {
		t.Fatalf("propagation allocates %v times per run", a)
	}
}

// BenchmarkSolve measures whole solves of a small unsatisfiable formula.
func BenchmarkSolve(b *testing.B) {
	cs := randomCNF(5, 100, 450, 3)
	for i := 0; i < b.N; i++ {
		s := New(Options{})
		for _, c := range cs {
			s.AddClause(c...)
		}
		solve(s)
	}
}
