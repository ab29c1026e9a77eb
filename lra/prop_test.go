package lra

import (
	"context"
	"fmt"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"pgregory.net/rapid"
)

// Random small LRA problems: conjunctions of (strict) bounds on random
// linear combinations, decided by the solver and by Fourier–Motzkin.

func genRat(t *rapid.T, name string, lo, hi int64) rapidRat {
	n := rapid.Int64Range(lo, hi).Draw(t, name)
	d := int64(1)
	if rapid.IntRange(0, 3).Draw(t, name+"Frac") == 0 {
		d = rapid.Int64Range(2, 3).Draw(t, name+"Den")
	}
	return rapidRat{n, d}
}

type rapidRat struct{ n, d int64 }

func genCons(t *rapid.T, n int, name string) cons { return genConsSized(t, n, 4, name) }

func genConsSized(t *rapid.T, n, maxTerms int, name string) cons {
	l := make(lin, n)
	terms := rapid.IntRange(1, min(maxTerms, n)).Draw(t, name+"Terms")
	for i := 0; i < terms; i++ {
		x := rapid.IntRange(0, n-1).Draw(t, name+"Var")
		c := genRat(t, name+"Coeff", -3, 3)
		l[x] = l[x].Add(rat(c.n, c.d))
	}
	o := op(rapid.IntRange(0, 4).Draw(t, name+"Op"))
	c := genRat(t, name+"Rhs", -6, 6)
	return cons{l, o, rat(c.n, c.d)}
}

type problem struct {
	n  int
	cs []cons
}

// genProblem draws problems small enough for Fourier–Motzkin.
func genProblem(t *rapid.T) problem { return genProblemSized(t, 5, 10, 4) }

func genProblemSized(t *rapid.T, maxN, maxM, maxTerms int) problem {
	n := rapid.IntRange(1, maxN).Draw(t, "vars")
	m := rapid.IntRange(1, maxM).Draw(t, "constraints")
	p := problem{n: n}
	for i := 0; i < m; i++ {
		p.cs = append(p.cs, genConsSized(t, n, maxTerms, fmt.Sprintf("c%d", i)))
	}
	return p
}

// checkInvariants checks the tableau links, that every row value is the
// row's sum, and that nonbasic variables are within their bounds; through
// the exported API, that every slack's value is its definition's and
// every basic variable's value its row's, rows over nonbasic variables
// only (quasi rows included: see activate).
func checkInvariants(t *rapid.T, s *Solver, sat bool) {
	s.checkTableau()
	for v := range s.value {
		if (s.rowOf[v] < 0 || sat) && s.violated(Var(v)) {
			t.Fatalf("x%d = %v outside its bounds (basic %v)", v, s.value[v], s.rowOf[v] >= 0)
		}
	}
	for v := range s.NumVars() {
		x := Var(v)
		if s.IsSlack(x) {
			var sum DeltaRat
			cs, vs := s.Definition(x)
			for i, y := range vs {
				sum = sum.AddScaled(cs[i], s.Assignment(y))
			}
			if !sum.Equal(s.Assignment(x)) {
				t.Fatalf("slack x%d = %v, its definition %v", x, s.Assignment(x), sum)
			}
		}
		if s.IsBasic(x) {
			var sum DeltaRat
			cs, vs := s.Row(x, nil, nil)
			for i, y := range vs {
				if s.IsBasic(y) || cs[i].IsZero() {
					t.Fatalf("row of x%d has entry %v·x%d (basic %v)", x, cs[i], y, s.IsBasic(y))
				}
				sum = sum.AddScaled(cs[i], s.Assignment(y))
			}
			if !sum.Equal(s.Assignment(x)) {
				t.Fatalf("basic x%d = %v, its row %v", x, s.Assignment(x), sum)
			}
		}
	}
}

// solveFresh asserts cs into a new solver and checks the answer fully
// (against Fourier–Motzkin too); it returns the answer.
func solveFresh(t *rapid.T, p problem, cs []cons, normalize bool, blandAfter int) Result {
	return solveChecked(t, p, cs, normalize, blandAfter, true)
}

// solveChecked is solveFresh, with the oracle optional: every model and
// every certificate is checked regardless.
func solveChecked(t *rapid.T, p problem, cs []cons, normalize bool, blandAfter int, oracle bool) Result {
	s := New()
	s.blandAfter = blandAfter
	e := newEncoding(s, p.n)
	want := true
	if oracle {
		want = fmSat(p.n, toFM(cs))
	}
	for i, c := range cs {
		if e.assertCons(s, i, c, normalize) {
			if want && oracle {
				t.Fatalf("assertion %d (%v) conflicts, but FM says sat", i, c)
			}
			if err := e.checkFarkas(s.Conflict(), all); err != nil {
				t.Fatalf("assert conflict: %v", err)
			}
			return Unsat
		}
	}
	res := s.Check(context.Background())
	checkInvariants(t, s, res == Sat)
	switch {
	case res == Sat && !want:
		t.Fatalf("sat, but FM says unsat")
	case res == Unsat && want && oracle:
		t.Fatalf("unsat (%v), but FM says sat", s.Conflict())
	case res == Sat:
		if err := e.checkModel(s, cs); err != nil {
			t.Fatal(err)
		}
	case res == Unsat:
		if err := e.checkFarkas(s.Conflict(), all); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("unexpected %v", res)
	}
	return res
}

func TestCheckAgainstFM(t *testing.T) {
	for _, bland := range []int{defaultBlandAfter, 0, 2} {
		t.Run(fmt.Sprintf("blandAfter=%d", bland), func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := genProblem(t)
				solveFresh(t, p, p.cs, rapid.Bool().Draw(t, "normalize"), bland)
			})
		})
	}
}

// TestLargerSelfChecked solves problems too large for the oracle (up to
// 12 variables, 25 constraints of up to 6 terms); models and certificates
// are still checked, with Bland's rule from the start and from pivot 5.
func TestLargerSelfChecked(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genProblemSized(t, 12, 25, 6)
		bland := rapid.SampledFrom([]int{defaultBlandAfter, 0, 5}).Draw(t, "blandAfter")
		solveChecked(t, p, p.cs, rapid.Bool().Draw(t, "normalize"), bland, false)
	})
}

// TestPushPopAgainstScratch interleaves Push, Pop, assertions and Check
// on one solver and compares each answer with a fresh solve of the
// assertions in scope.
func TestPushPopAgainstScratch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genProblem(t)
		normalize := rapid.Bool().Draw(t, "normalize")
		s := New()
		e := newEncoding(s, p.n)
		type frame struct {
			active   []int
			conflict bool
		}
		stack := []frame{{}}
		steps := rapid.IntRange(1, 25).Draw(t, "steps")
		for step := 0; step < steps; step++ {
			top := &stack[len(stack)-1]
			switch rapid.IntRange(0, 3).Draw(t, "op") {
			case 0:
				s.Push()
				stack = append(stack, frame{active: append([]int(nil), top.active...), conflict: top.conflict})
			case 1:
				if len(stack) > 1 {
					k := rapid.IntRange(1, len(stack)-1).Draw(t, "popN")
					s.Pop(k)
					stack = stack[:len(stack)-k]
				}
			case 2:
				if top.conflict {
					continue // a DPLL(T) caller backtracks after a conflict
				}
				i := rapid.IntRange(0, len(p.cs)-1).Draw(t, "assert")
				top.active = append(top.active, i)
				if e.assertCons(s, i, p.cs[i], normalize) {
					top.conflict = true
					if err := e.checkFarkas(s.Conflict(), activeIn(top.active)); err != nil {
						t.Fatalf("assert conflict: %v", err)
					}
				}
			case 3:
				var cs []cons
				for _, i := range top.active {
					cs = append(cs, p.cs[i])
				}
				want := solveFresh(t, p, cs, normalize, defaultBlandAfter)
				res := s.Check(context.Background())
				checkInvariants(t, s, res == Sat)
				if res != want {
					t.Fatalf("incremental %v, from scratch %v", res, want)
				}
				if res == Sat {
					if err := e.checkModel(s, cs); err != nil {
						t.Fatal(err)
					}
				} else if err := e.checkFarkas(s.Conflict(), activeIn(top.active)); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

func activeIn(active []int) func(Reason) bool {
	return func(r Reason) bool {
		for _, i := range active {
			if int(r)/2 == i {
				return true
			}
		}
		return false
	}
}

// TestPropagateSound registers random atoms, asserts constraints level by
// level, and checks every implied atom: its Farkas explanation derives the
// reported bound, and Fourier–Motzkin confirms the implication.
func TestPropagateSound(t *testing.T) {
	total := 0
	rapid.Check(t, func(t *rapid.T) {
		p := genProblem(t)
		normalize := rapid.Bool().Draw(t, "normalize")
		s := New()
		e := newEncoding(s, p.n)
		type atomCons struct {
			v Var
			c cons // the atom as a constraint on e.defs[v]
		}
		atoms := map[Reason]atomCons{}
		na := rapid.IntRange(1, 6).Draw(t, "atoms")
		for i := 0; i < na; i++ {
			c := genCons(t, p.n, fmt.Sprintf("atom%d", i))
			if c.op == opEQ || c.lhs.isZero() {
				continue
			}
			v, f := e.term(s, c.lhs, normalize)
			rhs := c.rhs.Quo(f)
			o := c.op
			if f.Sign() < 0 {
				o = [...]op{opGE, opGT, opLE, opLT, opEQ}[o]
			}
			var k BoundKind
			var b DeltaRat
			switch o {
			case opLE:
				k, b = Upper, Exact(rhs)
			case opLT:
				k, b = Upper, Below(rhs)
			case opGE:
				k, b = Lower, Exact(rhs)
			case opGT:
				k, b = Lower, Above(rhs)
			}
			lit := Reason(1000 + i)
			s.RegisterAtom(v, k, b, lit)
			atoms[lit] = atomCons{v, cons{e.defs[v], o, rhs}}
		}
		var active []int
		for i, c := range p.cs {
			if rapid.Bool().Draw(t, "push") {
				s.Push()
			}
			active = append(active, i)
			if e.assertCons(s, i, c, normalize) {
				return
			}
			for _, im := range s.Propagate(nil) {
				total++
				if err := e.impliedErr(im, activeIn(active)); err != nil {
					t.Fatal(err)
				}
				a, ok := atoms[im.Lit]
				if !ok || a.v != im.Var {
					t.Fatalf("unknown atom %v", im)
				}
				// active ∧ ¬(implied literal) must be unsat.
				neg := a.c
				if im.Value {
					neg.op = [...]op{opGT, opGE, opLT, opLE, opEQ}[neg.op]
				}
				cs := []cons{neg}
				for _, j := range active {
					cs = append(cs, p.cs[j])
				}
				if fmSat(p.n, toFM(cs)) {
					t.Fatalf("implied %v = %v is not implied by %v", a.c, im.Value, cs[1:])
				}
			}
			if rapid.Bool().Draw(t, "check") {
				if res := s.Check(context.Background()); res == Unsat {
					return
				}
			}
		}
	})
	t.Logf("%d implied atoms checked", total)
}

// TestGeneratedProblems solves the benchmark generator's larger
// satisfiable problems, then makes each unsatisfiable with a bound on the
// sum of some rows; models and certificates are checked against the
// generator's own data, under each pivoting setting.
func TestGeneratedProblems(t *testing.T) {
	for _, bland := range []int{defaultBlandAfter, 0, 10} {
		for seed := uint64(1); seed <= 6; seed++ {
			p := newBenchProblem(seed, 40, 30, 3)
			s := New()
			s.blandAfter = bland
			slacks := p.build(s)
			e := &encoding{n: p.n, defs: map[Var]lin{}, asserts: map[Reason]asserted{}}
			for i := 0; i < p.n; i++ {
				l := make(lin, p.n)
				l[i] = rat(1, 1)
				e.defs[Var(i)] = l
			}
			var cs []cons
			for r, sl := range slacks {
				l := make(lin, p.n)
				for j, x := range p.vars[r] {
					l[x] = l[x].Add(p.rows[r][j])
				}
				e.defs[sl] = l
				e.asserts[Reason(2*r)] = asserted{sl, Lower, Exact(p.lo[r])}
				e.asserts[Reason(2*r+1)] = asserted{sl, Upper, Exact(p.hi[r])}
				cs = append(cs, cons{l, opGE, p.lo[r]}, cons{l, opLE, p.hi[r]})
			}
			e.x = make([]Var, p.n)
			for i := range e.x {
				e.x[i] = Var(i)
			}
			p.assert(s, slacks)
			if res := s.Check(context.Background()); res != Sat {
				t.Fatalf("seed %d: %v", seed, res)
			}
			if err := e.checkModel(s, cs); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			s.Push()
			k := 4 + int(seed)
			ones := make([]num.Rat, k)
			sum := make(lin, p.n)
			var hi num.Rat
			for r := range k {
				ones[r] = rat(1, 1)
				sum.add(e.defs[slacks[r]], rat(1, 1))
				hi = hi.Add(p.hi[r])
			}
			v := s.AddRow(ones, slacks[:k])
			e.defs[v] = sum
			e.asserts[1<<20] = asserted{v, Lower, Above(hi)}
			if s.AssertLower(v, Above(hi), 1<<20) {
				t.Fatalf("seed %d: unexpected assertion conflict", seed)
			}
			if res := s.Check(context.Background()); res != Unsat {
				t.Fatalf("seed %d: sum above its bound is %v", seed, res)
			}
			if err := e.checkFarkas(s.Conflict(), all); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			s.Pop(1)
			if res := s.Check(context.Background()); res != Sat {
				t.Fatalf("seed %d after Pop: %v", seed, res)
			}
			if err := e.checkModel(s, cs); err != nil {
				t.Fatalf("seed %d after Pop: %v", seed, err)
			}
		}
	}
}

// TestQuasiRows: slacks made up front (AddRow for every constraint and
// some extra combinations, most of them never bounded), then rounds of
// Push, assertions of a random subset, Check and Pop on one solver. Rows
// of unbounded slacks are left out of pivots (quasi) and rebuilt when a
// bound comes; every answer is compared with a fresh solve, and the
// values and rows read through the API (checkInvariants) must agree with
// the definitions, quasi rows included.
func TestQuasiRows(t *testing.T) {
	quasiSeen := 0
	rapid.Check(t, func(t *rapid.T) {
		p := genProblemSized(t, 5, 12, 4)
		s := New()
		e := newEncoding(s, p.n)
		for _, c := range p.cs {
			if !c.lhs.isZero() {
				e.term(s, c.lhs, false)
			}
		}
		for range rapid.IntRange(0, 6).Draw(t, "extra") {
			e.term(s, genConsSized(t, p.n, 4, "extra").lhs, false)
		}
		rounds := rapid.IntRange(1, 6).Draw(t, "rounds")
		for range rounds {
			s.Push()
			var active []int
			conflict := false
			for i := range p.cs {
				if !rapid.Bool().Draw(t, "pick") {
					continue
				}
				active = append(active, i)
				if e.assertCons(s, i, p.cs[i], false) {
					conflict = true
					break
				}
			}
			if !conflict {
				var cs []cons
				for _, i := range active {
					cs = append(cs, p.cs[i])
				}
				want := solveFresh(t, p, cs, false, defaultBlandAfter)
				res := s.Check(context.Background())
				checkInvariants(t, s, res == Sat)
				if res != want {
					t.Fatalf("incremental %v, from scratch %v", res, want)
				}
				if res == Sat {
					if err := e.checkModel(s, cs); err != nil {
						t.Fatal(err)
					}
				} else if err := e.checkFarkas(s.Conflict(), activeIn(active)); err != nil {
					t.Fatal(err)
				}
			}
			for _, q := range s.quasi {
				if q {
					quasiSeen++
				}
			}
			s.Pop(1)
			checkInvariants(t, s, false)
		}
	})
	if quasiSeen == 0 {
		t.Fatal("no quasi row seen: the test does not exercise them")
	}
}
