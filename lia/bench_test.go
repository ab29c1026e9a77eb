package lia

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// benchLP builds n integer variables in [0, 50] and m rows of k terms
// with coefficients in [-9, 9], bounded (or fixed, every third row) around
// their value at a random integer point, and solves the relaxation.
func benchLP(b *testing.B, seed uint64, n, m, k int) *Solver {
	rng := rand.New(rand.NewPCG(seed, 3))
	lp := lra.New()
	s := New(lp)
	xs := make([]lra.Var, n)
	pt := make([]int64, n)
	for i := range xs {
		pt[i] = rng.Int64N(11)
		xs[i] = lp.NewVar()
		s.SetInt(xs[i])
		lp.AssertLower(xs[i], lra.Exact(num.NewRat(0, 1)), 0)
		lp.AssertUpper(xs[i], lra.Exact(num.NewRat(50, 1)), 0)
	}
	for r := range m {
		var cs []num.Rat
		var vs []lra.Var
		val := int64(0)
		for _, x := range rng.Perm(n)[:k] {
			c := rng.Int64N(19) - 9
			if c == 0 {
				c = 1
			}
			cs, vs = append(cs, num.NewRat(c, 1)), append(vs, xs[x])
			val += c * pt[x]
		}
		sl := lp.AddRow(cs, vs)
		s.SetInt(sl)
		lo, hi := val-rng.Int64N(3), val+rng.Int64N(3)
		if r%3 == 0 {
			lo, hi = val, val
		}
		lp.AssertLower(sl, lra.Exact(num.NewRat(lo, 1)), lra.Reason(2*r+1))
		lp.AssertUpper(sl, lra.Exact(num.NewRat(hi, 1)), lra.Reason(2*r+2))
	}
	if lp.Check(context.Background()) != lra.Sat {
		b.Skip("relaxation infeasible")
	}
	return s
}

// BenchmarkCheckBranch measures Check answering a branch: the scan for
// fractional variables and the choice.
func BenchmarkCheckBranch(b *testing.B) {
	s := benchLP(b, 1, 60, 30, 3)
	s.gcdPeriod, s.gomoryPeriod = 1<<62, 1<<62
	s.dio.sig = nil
	ctx := context.Background()
	if s.Check(ctx) == Sat {
		b.Skip("integral")
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Check(ctx)
	}
}

// BenchmarkGomory measures finding and building a Gomory cut.
func BenchmarkGomory(b *testing.B) {
	s := benchLP(b, 2, 60, 30, 3)
	if !s.gomory() {
		b.Skip("no Gomory target")
	}
	b.ReportAllocs()
	for b.Loop() {
		s.gomory()
	}
}

// BenchmarkGCDTest measures the GCD test over all rows.
func BenchmarkGCDTest(b *testing.B) {
	s := benchLP(b, 3, 60, 30, 3)
	b.ReportAllocs()
	for b.Loop() {
		s.gcdTest()
	}
}

// BenchmarkDiophantine measures the triangulation of the equalities
// (every third row is one), forgetting the cached signature each time.
func BenchmarkDiophantine(b *testing.B) {
	s := benchLP(b, 4, 60, 30, 3)
	b.ReportAllocs()
	for b.Loop() {
		s.dio.sig = s.dio.sig[:0]
		s.diophTest()
	}
}
