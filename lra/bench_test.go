package lra

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
)

// benchProblem is a random satisfiable system: m rows of k terms over n
// variables with small integer coefficients, each bounded on both sides
// around its value at a random integer point (so Check must move away
// from the all-zero start), plus a few unsatisfiable variants.
type benchProblem struct {
	n      int
	rows   [][]num.Rat
	vars   [][]int
	lo, hi []num.Rat
}

func newBenchProblem(seed uint64, n, m, k int) *benchProblem {
	rng := rand.New(rand.NewPCG(seed, 7))
	p := &benchProblem{n: n}
	pt := make([]int64, n)
	for i := range pt {
		pt[i] = rng.Int64N(21) - 10
	}
	for range m {
		var cs []num.Rat
		var vs []int
		val := int64(0)
		for _, x := range rng.Perm(n)[:k] {
			c := rng.Int64N(19) - 9
			if c == 0 {
				c = 1
			}
			cs, vs = append(cs, num.NewRat(c, 1)), append(vs, x)
			val += c * pt[x]
		}
		p.rows, p.vars = append(p.rows, cs), append(p.vars, vs)
		p.lo = append(p.lo, num.NewRat(val-rng.Int64N(3), 1))
		p.hi = append(p.hi, num.NewRat(val+rng.Int64N(3), 1))
	}
	return p
}

func (p *benchProblem) build(s *Solver) []Var {
	xs := make([]Var, p.n)
	for i := range xs {
		xs[i] = s.NewVar()
	}
	var slacks []Var
	vs := make([]Var, 0, 8)
	for r, cs := range p.rows {
		vs = vs[:0]
		for _, x := range p.vars[r] {
			vs = append(vs, xs[x])
		}
		slacks = append(slacks, s.AddRow(cs, vs))
	}
	return slacks
}

func (p *benchProblem) assert(s *Solver, slacks []Var) {
	for r, sl := range slacks {
		s.AssertLower(sl, Exact(p.lo[r]), Reason(2*r))
		s.AssertUpper(sl, Exact(p.hi[r]), Reason(2*r+1))
	}
}

// rebound returns a copy of p with new bounds around another random
// point, for the same rows.
func (p *benchProblem) rebound(seed uint64) *benchProblem {
	rng := rand.New(rand.NewPCG(seed, 9))
	q := &benchProblem{n: p.n, rows: p.rows, vars: p.vars}
	pt := make([]num.Rat, p.n)
	for j := range pt {
		pt[j] = num.NewRat(rng.Int64N(21)-10, 1)
	}
	for r, cs := range p.rows {
		var val num.Rat
		for t, x := range p.vars[r] {
			val = val.Add(cs[t].Mul(pt[x]))
		}
		q.lo = append(q.lo, val.Sub(num.NewRat(rng.Int64N(3), 1)))
		q.hi = append(q.hi, val.Add(num.NewRat(rng.Int64N(3), 1)))
	}
	return q
}

func benchCheck(b *testing.B, n, m, k int) {
	p := newBenchProblem(1, n, m, k)
	b.ReportAllocs()
	pivots := 0
	for b.Loop() {
		s := New()
		p.assert(s, p.build(s))
		if s.Check(context.Background()) != Sat {
			b.Fatal("expected sat")
		}
		pivots += s.Stats().Pivots
	}
	b.ReportMetric(float64(pivots)/float64(b.N), "pivots/op")
}

// BenchmarkCheck builds a fresh sparse problem (100 variables, 80 rows of
// 3 terms, every row bounded) and checks it.
func BenchmarkCheck(b *testing.B) { benchCheck(b, 100, 80, 3) }

// BenchmarkCheckDense is a denser problem (30 variables, 30 rows of 4
// terms) whose tableau fills in and whose coefficients outgrow int64:
// it measures the math/big fallback.
func BenchmarkCheckDense(b *testing.B) { benchCheck(b, 30, 30, 4) }

// BenchmarkCheckIncremental keeps one tableau and, per operation, pushes,
// asserts the bounds of one of 8 problems over the same rows, checks and
// pops: the DPLL(T) pattern, where the pivoted tableau is reused.
func BenchmarkCheckIncremental(b *testing.B) {
	base := newBenchProblem(1, 100, 80, 3)
	s := New()
	slacks := base.build(s)
	var ps []*benchProblem
	for i := range 8 {
		ps = append(ps, base.rebound(uint64(i)))
	}
	b.ReportAllocs()
	pivots := s.Stats().Pivots
	i := 0
	for b.Loop() {
		s.Push()
		ps[i%len(ps)].assert(s, slacks)
		if s.Check(context.Background()) != Sat {
			b.Fatal("expected sat")
		}
		s.Pop(1)
		i++
	}
	b.ReportMetric(float64(s.Stats().Pivots-pivots)/float64(b.N), "pivots/op")
}

// BenchmarkCheckUnsat makes a satisfiable problem infeasible with one
// bound on the sum of eight rows and checks it again, building the Farkas
// explanation. Only the second Check is timed.
func BenchmarkCheckUnsat(b *testing.B) {
	p := newBenchProblem(3, 100, 80, 3)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer() // the satisfiable part is BenchmarkCheck's
		s := New()
		sl := p.build(s)
		p.assert(s, sl)
		if s.Check(context.Background()) != Sat {
			b.Fatal("expected sat")
		}
		b.StartTimer()
		var cs []num.Rat
		var hi num.Rat
		for r := range sl[:8] {
			cs = append(cs, num.NewRat(1, 1))
			hi = hi.Add(p.hi[r])
		}
		sum := s.AddRow(cs, sl[:8])
		s.AssertLower(sum, Above(hi), 1<<20)
		if s.Check(context.Background()) != Unsat {
			b.Fatal("expected unsat")
		}
		if len(s.Conflict()) == 0 {
			b.Fatal("no conflict")
		}
	}
}

// BenchmarkPropagate is bound propagation in the DPLL(T) pattern: atoms
// registered on every variable and slack, and per operation a Push, the
// bounds of the problem's variables asserted one at a time, each followed
// by Check and Propagate (as the SAT solver's theory callback does), and
// a Pop.
func BenchmarkPropagate(b *testing.B) {
	p := newBenchProblem(5, 100, 80, 3)
	s := New()
	slacks := p.build(s)
	lit := Reason(0)
	// With every |x| <= 10 and rows of 3 terms with |c| <= 9, a slack
	// lies within ±270: the atoms at ±300 follow, some at ±100 and ±60.
	for _, sl := range slacks {
		for _, d := range []int64{60, 100, 300} {
			s.RegisterAtom(sl, Upper, Exact(num.NewRat(d, 1)), lit)
			s.RegisterAtom(sl, Lower, Exact(num.NewRat(-d, 1)), lit+1)
			lit += 2
		}
	}
	for x := range p.n {
		s.RegisterAtom(Var(x), Upper, Exact(num.NewRat(20, 1)), lit)
		s.RegisterAtom(Var(x), Lower, Exact(num.NewRat(-20, 1)), lit+1)
		lit += 2
	}
	var im []Implied
	props := 0
	b.ReportAllocs()
	for b.Loop() {
		s.Push()
		for x := range p.n {
			s.AssertUpper(Var(x), Exact(num.NewRat(10, 1)), lit)
			s.AssertLower(Var(x), Exact(num.NewRat(-10, 1)), lit+1)
			if s.Check(context.Background()) != Sat {
				b.Fatal("expected sat")
			}
			im = s.Propagate(im[:0])
			props += len(im)
		}
		s.Pop(1)
	}
	b.ReportMetric(float64(props)/float64(b.N), "implied/op")
}

// BenchmarkCheckManyRows is the shape of yices2's random QF_LRA files: few
// variables (24), many rows (240 slacks of 3 terms, coefficients up to
// ±20, so pivoted rows fill in and their coefficients grow), and per
// operation a Push, the tight bounds of one sixteenth of the rows asserted
// one at a time around a random point, each followed by Check and
// Propagate, and a Pop. Most rows have no bound at any time.
func BenchmarkCheckManyRows(b *testing.B) {
	const n, m, k, parts = 24, 240, 3, 16
	rng := rand.New(rand.NewPCG(11, 3))
	s := New()
	xs := make([]Var, n)
	for i := range xs {
		xs[i] = s.NewVar()
	}
	type rowDef struct {
		cs []num.Rat
		vs []int
	}
	var defs []rowDef
	var slacks []Var
	lit := Reason(0)
	for range m {
		var d rowDef
		var vs []Var
		for _, x := range rng.Perm(n)[:k] {
			c := rng.Int64N(41) - 20
			if c == 0 {
				c = 1
			}
			d.cs, d.vs = append(d.cs, num.NewRat(c, 1)), append(d.vs, x)
			vs = append(vs, xs[x])
		}
		defs = append(defs, d)
		sl := s.AddRow(d.cs, vs)
		slacks = append(slacks, sl)
		s.RegisterAtom(sl, Upper, Exact(num.NewRat(0, 1)), lit)
		lit++
	}
	// per part: the bounds of its rows around a random point
	type bnd struct {
		sl     Var
		lo, hi num.Rat
	}
	var bounds [parts][]bnd
	for p := range parts {
		pt := make([]num.Rat, n)
		for j := range pt {
			pt[j] = num.NewRat(rng.Int64N(2001)-1000, 1)
		}
		for r := p; r < m; r += parts {
			var val num.Rat
			for t, x := range defs[r].vs {
				val = val.Add(defs[r].cs[t].Mul(pt[x]))
			}
			w := num.NewRat(rng.Int64N(50), 1)
			bounds[p] = append(bounds[p], bnd{slacks[r], val.Sub(w), val.Add(w)})
		}
	}
	var im []Implied
	b.ReportAllocs()
	pivots := s.Stats().Pivots
	i := 0
	for b.Loop() {
		s.Push()
		for _, bd := range bounds[i%parts] {
			s.AssertLower(bd.sl, Exact(bd.lo), lit)
			s.AssertUpper(bd.sl, Exact(bd.hi), lit+1)
			if s.Check(context.Background()) != Sat {
				b.Fatal("expected sat")
			}
			im = s.Propagate(im[:0])
		}
		s.Pop(1)
		i++
	}
	b.ReportMetric(float64(s.Stats().Pivots-pivots)/float64(b.N), "pivots/op")
}
