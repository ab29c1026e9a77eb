package sat

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// xorCons says: the XOR of vars is parity.
type xorCons struct {
	vars   []Var
	parity bool
}

// xorMode says how xorTheory works.
type xorMode int

const (
	xorEager xorMode = iota // propagate and report conflicts
	xorLazy                 // only final check, with lemmas
	xorSplit                // final check, introducing new variables
)

// xorTheory is a small real theory for testing the hook: XOR constraints
// over theory variables. It keeps its own view of the assignment from
// Assign and Backtrack and checks it against the solver's.
type xorTheory struct {
	t       tb
	s       *Solver
	mode    xorMode
	xors    []xorCons
	val     []LBool // own view, by variable
	trail   []Lit
	levels  []int
	implier []int // by variable: xor that implied it, -1 if none
	confLit Lit   // literal reported false through Imply
	confXor int   // and the xor that implies it
}

func newXorTheory(t tb, s *Solver, mode xorMode, xors []xorCons) *xorTheory {
	th := &xorTheory{t: t, s: s, mode: mode}
	for _, x := range xors {
		th.xors = append(th.xors, xorCons{slices.Clone(x.vars), x.parity})
		for _, v := range x.vars {
			s.SetTheoryVar(v)
		}
	}
	th.grow()
	s.SetTheory(th)
	return th
}

func (th *xorTheory) grow() {
	for len(th.val) <= th.s.NumVars() {
		th.val = append(th.val, Undef)
		th.implier = append(th.implier, -1)
	}
}

func (th *xorTheory) Assign(m Lit) {
	th.grow()
	v := m.Var()
	if th.val[v] != Undef {
		th.t.Fatalf("Assign(%v): already assigned", m)
	}
	if th.s.ValueNow(m) != True {
		th.t.Fatalf("Assign(%v): not true in the solver", m)
	}
	th.val[v] = True
	if m.IsNeg() {
		th.val[v] = False
	}
	th.trail = append(th.trail, m)
	th.levels = append(th.levels, th.s.DecisionLevel())
	if th.s.Level(v) > th.s.DecisionLevel() {
		th.t.Fatalf("Assign(%v): level %d above the decision level %d", m, th.s.Level(v), th.s.DecisionLevel())
	}
}

func (th *xorTheory) Backtrack(lvl int) {
	for len(th.trail) > 0 && th.levels[len(th.levels)-1] > lvl {
		m := th.trail[len(th.trail)-1]
		th.val[m.Var()] = Undef
		th.implier[m.Var()] = -1
		th.trail = th.trail[:len(th.trail)-1]
		th.levels = th.levels[:len(th.levels)-1]
	}
}

// litOf returns the true literal of the assigned variable v.
func (th *xorTheory) litOf(v Var) Lit { return v.Lit(th.val[v] == False) }

// status returns the xor's unassigned variable count, the last one, and
// the parity of the assigned ones.
func (th *xorTheory) status(x xorCons) (free int, last Var, parity bool) {
	for _, v := range x.vars {
		switch th.val[v] {
		case Undef:
			free++
			last = v
		case True:
			parity = !parity
		}
	}
	return
}

func (th *xorTheory) checkView() {
	for v := 1; v < len(th.val); v++ {
		if !th.s.theoryVar[v] {
			continue
		}
		if got, want := th.val[v], th.s.ValueNow(Var(v).Pos()); got != want {
			th.t.Fatalf("theory view of %d is %v, solver has %v", v, got, want)
		}
	}
}

func (th *xorTheory) Propagate(dst []Lit) []Lit {
	th.checkView()
	if th.mode != xorEager {
		return dst
	}
	for i, x := range th.xors {
		free, last, par := th.status(x)
		switch {
		case free == 0 && par != x.parity:
			for _, v := range x.vars {
				dst = append(dst, th.litOf(v).Not())
			}
			return dst
		case free == 1:
			m := last.Lit(par == x.parity) // last must fix the parity
			switch th.s.ValueNow(m) {
			case Undef:
				th.implier[last] = i
				if !th.s.Imply(m) {
					th.t.Fatalf("Imply(%v) failed on an unassigned literal", m)
				}
			case False:
				// Assigned by the solver but not told yet: a conflict,
				// reported through Imply and explained at once.
				th.confLit, th.confXor = m, i
				if th.s.Imply(m) {
					th.t.Fatalf("Imply(%v) succeeded on a false literal", m)
				}
				return dst
			}
		}
	}
	return dst
}

func (th *xorTheory) Explain(dst []Lit, m Lit) []Lit {
	i := th.implier[m.Var()]
	if m == th.confLit {
		i = th.confXor
		th.confLit = LitNull
	}
	dst = append(dst, m)
	for _, v := range th.xors[i].vars {
		if v != m.Var() {
			dst = append(dst, v.Lit(th.s.ValueNow(v.Pos()) == True))
		}
	}
	return dst
}

func (th *xorTheory) FinalCheck(dst []Lit) []Lit {
	th.checkView()
	for i, x := range th.xors {
		_, _, par := th.status(x)
		if par == x.parity {
			continue
		}
		switch {
		case th.mode == xorSplit && len(x.vars) >= 3:
			// t <-> x0 xor x1, a new atom; the xor becomes t, x2, ...
			t := th.s.NewVar()
			a, b := x.vars[0], x.vars[1]
			th.s.AddClause(t.Neg(), a.Pos(), b.Pos())
			th.s.AddClause(t.Neg(), a.Neg(), b.Neg())
			th.s.AddClause(t.Pos(), a.Neg(), b.Pos())
			th.s.AddClause(t.Pos(), a.Pos(), b.Neg())
			th.s.SetTheoryVar(t)
			th.grow()
			th.xors[i].vars = append([]Var{t}, x.vars[2:]...)
		case th.mode == xorEager:
			for _, v := range x.vars {
				dst = append(dst, th.litOf(v).Not())
			}
			return dst
		default:
			lemma := make([]Lit, 0, len(x.vars))
			for _, v := range x.vars {
				lemma = append(lemma, th.litOf(v).Not())
			}
			th.s.AddLemma(lemma...)
		}
	}
	return dst
}

// bruteXor reports whether clauses, xors and units over variables 1..n
// have a common model.
func bruteXor(n int, cs [][]Lit, xors []xorCons, units []Lit) bool {
	holds := func(a uint32, m Lit) bool { return (a>>(m.Var()-1)&1 == 1) != m.IsNeg() }
next:
	for a := uint32(0); a < 1<<n; a++ {
		for _, m := range units {
			if !holds(a, m) {
				continue next
			}
		}
		for _, c := range cs {
			if !slices.ContainsFunc(c, func(m Lit) bool { return holds(a, m) }) {
				continue next
			}
		}
		for _, x := range xors {
			p := false
			for _, v := range x.vars {
				p = p != holds(a, v.Pos())
			}
			if p != x.parity {
				continue next
			}
		}
		return true
	}
	return false
}

// genXorProblem draws a variable count, up to 2n clauses over them and
// XOR constraints (genXors).
func genXorProblem(rt *rapid.T) (n int, cs [][]Lit, xors []xorCons) {
	n = rapid.IntRange(3, 12).Draw(rt, "n")
	cs = genCNF(rt, n)
	if len(cs) > 2*n {
		cs = cs[:2*n]
	}
	return n, cs, genXors(rt, n)
}

func genXors(t *rapid.T, n int) []xorCons {
	xs := make([]xorCons, rapid.IntRange(1, 4).Draw(t, "nx"))
	for i := range xs {
		k := rapid.IntRange(2, min(5, n)).Draw(t, "k")
		perm := rapid.Permutation(func() []Var {
			vs := make([]Var, n)
			for j := range vs {
				vs[j] = Var(j + 1)
			}
			return vs
		}()).Draw(t, "perm")
		xs[i] = xorCons{perm[:k], rapid.Bool().Draw(t, "parity")}
	}
	return xs
}

// TestTheoryXor checks the theory hook with XOR constraints in three
// modes (propagating, lemmas at final check, new atoms at final check)
// against brute force, including under assumptions, and checks proofs
// whose theory leaves must be valid XOR consequences.
func TestTheoryXor(t *testing.T) {
	for _, mode := range []xorMode{xorEager, xorLazy, xorSplit} {
		t.Run([]string{"eager", "lazy", "split"}[mode], func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				n, cs, xors := genXorProblem(rt)
				s := New(Options{Proof: mode != xorSplit})
				for s.NumVars() < n {
					s.NewVar() // the theory's new atoms come after 1..n
				}
				for _, c := range cs {
					s.AddClause(c...)
				}
				th := newXorTheory(t, s, mode, xors)
				for round := 0; round < 3; round++ {
					if xorRound(rt, s, n, cs, xors) {
						continue
					}
					if p := s.Proof(); p != nil {
						checkProof(rt, p, p.Final(), func(id ClauseID) {
							if p.Kind(id) == KindInput {
								return
							}
							require.Equal(rt, KindLemma, p.Kind(id))
							// A lemma must follow from the xors: its
							// negation is inconsistent with them.
							var neg []Lit
							for _, m := range p.Clause(id) {
								neg = append(neg, m.Not())
							}
							require.False(rt, bruteXor(n, nil, xors, neg), "lemma %v is not valid", p.Clause(id))
						})
					}
					if !s.Okay() {
						break
					}
				}
				_ = th
			})
		})
	}
}

// TestTheoryWithEliminate checks that theory variables survive
// elimination and that the theory still decides.
func TestTheoryWithEliminate(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(3, 12).Draw(rt, "n")
		cs := genCNF(rt, n)
		xors := genXors(rt, n)
		s := New(Options{})
		for _, c := range cs {
			s.AddClause(c...)
		}
		newXorTheory(t, s, xorEager, xors)
		s.Eliminate()
		got := solve(s)
		if want := bruteXor(n, cs, xors, nil); want != (got == Sat) {
			rt.Fatalf("Solve = %v, brute force sat = %v", got, want)
		}
		if got == Sat {
			checkModel(rt, s, cs, nil)
		}
	})
}

// implyAtFinal enforces a ⇒ b only in its final check, through Imply (not
// through a conflict clause), explained by (b ∨ ¬a).
type implyAtFinal struct {
	s    *Solver
	a, b Lit
}

func (th *implyAtFinal) Assign(Lit)                     {}
func (th *implyAtFinal) Propagate(dst []Lit) []Lit      { return dst }
func (th *implyAtFinal) Backtrack(int)                  {}
func (th *implyAtFinal) Explain(dst []Lit, m Lit) []Lit { return append(dst, th.b, th.a.Not()) }
func (th *implyAtFinal) FinalCheck(dst []Lit) []Lit {
	if th.s.ValueNow(th.a) == True {
		th.s.Imply(th.b)
	}
	return dst
}

// An Imply of a false literal during the final check is a conflict: the
// solver must not answer Sat.
func TestTheoryImplyConflictAtFinalCheck(t *testing.T) {
	s := New(Options{})
	a, b := s.NewVar().Pos(), s.NewVar().Pos()
	th := &implyAtFinal{s: s, a: a, b: b}
	s.SetTheory(th)
	s.AddClause(b.Not())
	require.Equal(t, Unsat, s.Solve(context.Background(), []Lit{a}))
	require.Equal(t, Sat, s.Solve(context.Background(), nil))
	require.False(t, s.Value(a))
}

// phaseTheory suggests a fixed value for each of its variables and does
// nothing else.
type phaseTheory struct {
	want  map[Var]bool
	asked int
}

func (th *phaseTheory) Assign(Lit)                     {}
func (th *phaseTheory) Propagate(dst []Lit) []Lit      { return dst }
func (th *phaseTheory) Backtrack(int)                  {}
func (th *phaseTheory) Explain(dst []Lit, m Lit) []Lit { return dst }
func (th *phaseTheory) FinalCheck(dst []Lit) []Lit     { return dst }
func (th *phaseTheory) Phase(v Var) (value, ok bool) {
	th.asked++
	value, ok = th.want[v]
	return value, ok
}

// Decisions on theory variables follow the Phaser; the others keep the
// saved phase (false at first).
func TestTheoryPhaser(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := New(Options{})
		n := rapid.IntRange(1, 30).Draw(t, "n")
		th := &phaseTheory{want: map[Var]bool{}}
		var vars []Var
		for range n {
			v := s.NewVar()
			vars = append(vars, v)
			if rapid.Bool().Draw(t, "theory") {
				s.SetTheoryVar(v)
				th.want[v] = rapid.Bool().Draw(t, "value")
			}
		}
		s.SetTheory(th)
		require.Equal(t, Sat, s.Solve(context.Background(), nil))
		for _, v := range vars {
			want, ok := th.want[v]
			require.Equal(t, ok && want, s.Value(v.Pos()), "variable %v", v)
		}
		if len(th.want) > 0 {
			require.Positive(t, th.asked)
		}
	})
}

// hintTheory records what the solver tells a theory about its work: the
// assignments the theory implied itself (Implied) and the assumption
// phase (PlacingAssumptions).
type hintTheory struct {
	*xorTheory
	implied map[Var]bool // Implied at each variable's Assign
	placing []bool       // PlacingAssumptions at each Propagate
}

func (h *hintTheory) Assign(m Lit) {
	h.implied[m.Var()] = h.s.Implied(m.Var())
	h.xorTheory.Assign(m)
}

func (h *hintTheory) Propagate(dst []Lit) []Lit {
	h.placing = append(h.placing, h.s.PlacingAssumptions())
	return h.xorTheory.Propagate(dst)
}

// TestTheoryHints: under the assumptions a, b and the constraint
// a xor b xor c, the theory implies c once both are placed; Implied is
// true for c only, and PlacingAssumptions holds until the last
// assumption is placed.
func TestTheoryHints(t *testing.T) {
	s := New(Options{})
	a, b, c := s.NewVar(), s.NewVar(), s.NewVar()
	h := &hintTheory{xorTheory: newXorTheory(t, s, xorEager, []xorCons{{[]Var{a, b, c}, true}}), implied: map[Var]bool{}}
	s.SetTheory(h)
	require.Equal(t, Sat, s.Solve(context.Background(), []Lit{a.Pos(), b.Pos()}))
	require.True(t, s.Value(c.Pos()))
	require.Equal(t, map[Var]bool{a: false, b: false, c: true}, h.implied)
	require.True(t, h.placing[0])
	require.False(t, h.placing[len(h.placing)-1])
	require.False(t, s.PlacingAssumptions())
}

// checkXors fails unless s's model satisfies every xor constraint.
func checkXors(t require.TestingT, s *Solver, xors []xorCons) {
	for _, x := range xors {
		p := false
		for _, v := range x.vars {
			p = p != s.Value(v.Pos())
		}
		require.Equal(t, x.parity, p, "xor %v violated", x.vars)
	}
}

// xorRound solves s under up to three drawn assumptions over variables
// 1..n and checks the answer against brute force over the clauses cs and
// xors: a model must satisfy both, the failed assumptions of an unsat
// answer must be unsatisfiable. It reports whether the answer was sat.
func xorRound(rt *rapid.T, s *Solver, n int, cs [][]Lit, xors []xorCons) bool {
	as := make([]Lit, rapid.IntRange(0, 3).Draw(rt, "na"))
	for i := range as {
		as[i] = genLit(rt, n, "a")
	}
	got := solve(s, as...)
	want := bruteXor(n, cs, xors, as)
	if (got == Sat) != want || got == Unknown {
		rt.Fatalf("Solve = %v, brute force sat = %v", got, want)
	}
	if got == Sat {
		checkModel(rt, s, cs, as)
		checkXors(rt, s, xors)
		return true
	}
	if failed := s.Failed(nil); bruteXor(n, cs, xors, failed) {
		rt.Fatalf("failed assumptions %v are satisfiable", failed)
	}
	return false
}
