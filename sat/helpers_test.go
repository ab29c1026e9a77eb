package sat

import (
	"context"

	"pgregory.net/rapid"
)

// bruteSat reports whether clauses (over variables 1..n, n <= 24) plus the
// unit clauses units have a model, by bit-parallel enumeration.
func bruteSat(n int, clauses [][]Lit, units []Lit) bool {
	pattern := [6]uint64{
		0xAAAAAAAAAAAAAAAA, 0xCCCCCCCCCCCCCCCC, 0xF0F0F0F0F0F0F0F0,
		0xFF00FF00FF00FF00, 0xFFFF0000FFFF0000, 0xFFFFFFFF00000000,
	}
	valid := ^uint64(0)
	if n < 6 {
		valid = 1<<(1<<n) - 1
	}
	blocks := 1
	if n > 6 {
		blocks = 1 << (n - 6)
	}
	word := func(m Lit, b int) uint64 {
		i := int(m.Var()) - 1
		var w uint64
		if i < 6 {
			w = pattern[i]
		} else if b>>(i-6)&1 == 1 {
			w = ^uint64(0)
		}
		if m.IsNeg() {
			w = ^w
		}
		return w
	}
	for b := 0; b < blocks; b++ {
		acc := valid
		for _, m := range units {
			acc &= word(m, b)
		}
		for _, c := range clauses {
			var w uint64
			for _, m := range c {
				w |= word(m, b)
			}
			acc &= w
			if acc == 0 {
				break
			}
		}
		if acc != 0 {
			return true
		}
	}
	return false
}

// checkModel fails t unless the solver's model satisfies every clause and
// every assumption.
func checkModel(t tb, s *Solver, clauses [][]Lit, assumptions []Lit) {
	t.Helper()
	for i, c := range clauses {
		ok := false
		for _, m := range c {
			if s.Value(m) {
				ok = true
				break
			}
		}
		if !ok {
			t.Fatalf("model falsifies clause %d: %v", i, c)
		}
	}
	for _, a := range assumptions {
		if !s.Value(a) {
			t.Fatalf("model falsifies assumption %v", a)
		}
	}
}

// genLit draws a literal over variables 1..n.
func genLit(t *rapid.T, n int, label string) Lit {
	v := rapid.IntRange(1, n).Draw(t, label+"v")
	return Var(v).Lit(rapid.Bool().Draw(t, label+"s"))
}

// genCNF draws a random formula over variables 1..n.
func genCNF(t *rapid.T, n int) [][]Lit {
	m := rapid.IntRange(0, 6*n).Draw(t, "m")
	k := rapid.IntRange(2, 4).Draw(t, "k")
	cs := make([][]Lit, m)
	for i := range cs {
		size := rapid.IntRange(1, k).Draw(t, "size")
		c := make([]Lit, size)
		for j := range c {
			c[j] = genLit(t, n, "l")
		}
		cs[i] = c
	}
	return cs
}

func solve(s *Solver, assumptions ...Lit) Result {
	return s.Solve(context.Background(), assumptions)
}

// randomCNF returns a random k-CNF with m clauses over n variables from a
// simple deterministic generator.
func randomCNF(seed uint64, n, m, k int) [][]Lit {
	x := seed*2862933555777941757 + 3037000493
	next := func() uint64 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return x
	}
	cs := make([][]Lit, m)
	for i := range cs {
		c := make([]Lit, 0, k)
		for len(c) < k {
			v := Var(next()%uint64(n) + 1)
			dup := false
			for _, q := range c {
				if q.Var() == v {
					dup = true
				}
			}
			if !dup {
				c = append(c, v.Lit(next()&1 == 1))
			}
		}
		cs[i] = c
	}
	return cs
}

// tb is what the checkers need of *testing.T and *rapid.T.
type tb interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	FailNow()
}

// checkSolve solves s under as and checks the answer against brute force
// over cs (Unknown fails too; the message starts with where), then the
// model or the failed assumptions.
func checkSolve(t tb, s *Solver, n int, cs [][]Lit, as []Lit, where string) {
	t.Helper()
	got := solve(s, as...)
	want := bruteSat(n, cs, as)
	if (got == Sat) != want || got == Unknown {
		t.Fatalf("%sSolve = %v, brute force sat = %v", where, got, want)
	}
	if got == Sat {
		checkModel(t, s, cs, as)
	} else {
		checkFailed(t, s, n, cs, as)
	}
}
