package euf

import (
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// fixture: sort U, constants a..e, f: U -> U, h: U x U -> U, p: U -> Bool.
type fixture struct {
	st            *term.Store
	g             *Graph
	u             *term.Sort
	a, b, c, d, e *term.Term
	f, h, p       *term.Func
}

func newFixture(t *testing.T) *fixture {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	x := &fixture{st: st, g: New(st), u: u}
	x.a, x.b, x.c, x.d, x.e = st.Const("a", u), st.Const("b", u), st.Const("c", u), st.Const("d", u), st.Const("e", u)
	x.f = st.Func("f", []*term.Sort{u}, u)
	x.h = st.Func("h", []*term.Sort{u, u}, u)
	x.p = st.Func("p", []*term.Sort{u}, term.BoolSort)
	t.Cleanup(func() { require.NoError(t, x.g.Check()) })
	return x
}

func (x *fixture) F(t *term.Term) *term.Term    { return x.st.Apply(x.f, t) }
func (x *fixture) H(t, u *term.Term) *term.Term { return x.st.Apply(x.h, t, u) }
func (x *fixture) P(t *term.Term) *term.Term    { return x.st.Apply(x.p, t) }
func (x *fixture) N(t *term.Term) Node          { return x.g.Add(t) }

func reasons(rs ...Reason) []Reason { return rs }

func TestTransitivity(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b, c, d := x.N(x.a), x.N(x.b), x.N(x.c), x.N(x.d)
	require.True(t, g.Merge(a, b, 1))
	require.True(t, g.Merge(c, d, 2))
	require.False(t, g.Same(a, c))
	require.True(t, g.Merge(b, c, 3))
	require.True(t, g.Same(a, d))
	require.Equal(t, reasons(1, 2, 3), g.Explain(a, d, nil))
	require.Equal(t, reasons(1, 3), g.Explain(a, c, nil))
	require.Equal(t, reasons(2), g.Explain(d, c, nil))
	require.Empty(t, g.Explain(a, a, nil))
	require.Equal(t, 4, g.ClassSize(b))
	require.Equal(t, []Node{g.Find(a)}, intersect(g.Roots(nil), g.Class(a, nil)))
}

func intersect(xs, ys []Node) []Node {
	var out []Node
	for _, x := range xs {
		for _, y := range ys {
			if x == y {
				out = append(out, x)
			}
		}
	}
	return out
}

func TestCongruence(t *testing.T) {
	x := newFixture(t)
	g := x.g
	fa, fb := x.N(x.F(x.a)), x.N(x.F(x.b))
	a, b := x.N(x.a), x.N(x.b)
	require.False(t, g.Same(fa, fb))
	require.True(t, g.Merge(a, b, 7))
	require.True(t, g.Same(fa, fb))
	require.Equal(t, reasons(7), g.Explain(fa, fb, nil))
	require.Equal(t, 1, g.Stats().Congruences)
}

func TestNestedCongruence(t *testing.T) {
	x := newFixture(t)
	g := x.g
	// f(f(f(a))) = a and f(f(f(f(f(a))))) = a imply f(a) = a.
	a := x.a
	f3 := x.F(x.F(x.F(a)))
	f5 := x.F(x.F(f3))
	na, nf3, nf5, nfa := x.N(a), x.N(f3), x.N(f5), x.N(x.F(a))
	require.True(t, g.Merge(nf3, na, 1))
	require.False(t, g.Same(nfa, na))
	require.True(t, g.Merge(nf5, na, 2))
	require.True(t, g.Same(nfa, na))
	require.Equal(t, reasons(1, 2), g.Explain(nfa, na, nil))

	// h(a, b) = h(c, d) from a = c, b = d; the explanation skips e.
	y := newFixture(t)
	g = y.g
	hab, hcd := y.N(y.H(y.a, y.b)), y.N(y.H(y.c, y.d))
	require.True(t, g.Merge(y.N(y.a), y.N(y.e), 10))
	require.True(t, g.Merge(y.N(y.e), y.N(y.c), 11))
	require.True(t, g.Merge(y.N(y.b), y.N(y.d), 12))
	require.True(t, g.Merge(y.N(y.d), y.N(y.e), 13)) // not needed
	require.True(t, g.Same(hab, hcd))
	got := g.Explain(hab, hcd, nil)
	require.Subset(t, reasons(10, 11, 12, 13), got)
	require.Contains(t, got, Reason(12))
}

func TestExplainPrefersDirectEdge(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b, c := x.N(x.a), x.N(x.b), x.N(x.c)
	g.Merge(a, b, 1)
	g.Merge(b, c, 2)
	// f(a) = f(c) is explained by the path a - b - c, not more.
	fa, fc := x.N(x.F(x.a)), x.N(x.F(x.c))
	require.Equal(t, reasons(1, 2), g.Explain(fa, fc, nil))
	// dst is appended to, and only the new part is sorted.
	require.Equal(t, reasons(9, 1, 2), g.Explain(fa, fc, reasons(9)))
}

func TestDisequalityConflict(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b, c := x.N(x.a), x.N(x.b), x.N(x.c)
	fa, fc := x.N(x.F(x.a)), x.N(x.F(x.c))
	require.True(t, g.AssertDiseq(fa, fc, 5))
	require.True(t, g.Disequal(fa, fc))
	require.Equal(t, reasons(5), g.ExplainDiseq(fc, fa, nil))
	require.True(t, g.Merge(a, b, 1))
	require.False(t, g.Merge(b, c, 2))
	require.True(t, g.Inconsistent())
	require.Equal(t, reasons(1, 2, 5), g.Conflict(nil))
	// Further assertions are ignored.
	require.False(t, g.Merge(a, fa, 3))
	require.False(t, g.AssertDiseq(a, fa, 4))
	require.False(t, g.Same(a, fa))
}

func TestDiseqOfEqualNodes(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b := x.N(x.a), x.N(x.b)
	g.Push()
	require.True(t, g.Merge(a, b, 1))
	require.False(t, g.AssertDiseq(b, a, 2))
	require.Equal(t, reasons(1, 2), g.Conflict(nil))
	g.Pop(1)
	require.False(t, g.Inconsistent())
	require.True(t, g.AssertDiseq(b, a, 2))
}

func TestInterpretedValues(t *testing.T) {
	x := newFixture(t)
	g, st := x.g, x.st
	i, j := st.Const("i", term.IntSort), st.Const("j", term.IntSort)
	ni, nj := x.N(i), x.N(j)
	one, two := x.N(st.Int(1)), x.N(st.Int(2))
	half := x.N(st.Real(num.NewRat(1, 2)))
	require.Equal(t, NoNode, g.Value(ni))
	g.Push()
	require.True(t, g.Merge(ni, one, 1))
	require.Equal(t, one, g.Value(ni))
	require.True(t, g.Merge(nj, two, 2))
	require.True(t, g.Disequal(ni, nj))
	require.Equal(t, reasons(1, 2), g.ExplainDiseq(ni, nj, nil))
	require.False(t, g.Merge(ni, nj, 3))
	require.Equal(t, reasons(1, 2, 3), g.Conflict(nil))
	g.Pop(1)

	// Abstract values of an uninterpreted sort.
	v0, v1 := x.N(st.Value(x.u, 0)), x.N(st.Value(x.u, 1))
	g.Push()
	require.True(t, g.Merge(x.N(x.a), v0, 4))
	require.True(t, g.Merge(x.N(x.a), x.N(x.b), 5))
	require.True(t, g.Merge(v0, x.N(st.Value(x.u, 0)), 6)) // same value
	require.False(t, g.Merge(x.N(x.b), v1, 7))
	require.Equal(t, reasons(4, 5, 7), g.Conflict(nil))
	g.Pop(1)

	// true and false; a predicate equal to both.
	pa, pb := x.N(x.P(x.a)), x.N(x.P(x.b))
	g.Push()
	require.True(t, g.Merge(pa, g.True(), 8))
	require.True(t, g.Merge(pb, g.False(), 9))
	require.False(t, g.Merge(x.N(x.a), x.N(x.b), 10))
	require.Equal(t, reasons(8, 9, 10), g.Conflict(nil))
	g.Pop(1)
	require.False(t, g.Inconsistent())
	require.NotEqual(t, half, one)

	// Merging different sorts is a caller bug.
	require.Panics(t, func() { g.Merge(ni, half, 11) })
}

func TestPushPopRestores(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b, c := x.N(x.a), x.N(x.b), x.N(x.c)
	fa, fb, fc := x.N(x.F(x.a)), x.N(x.F(x.b)), x.N(x.F(x.c))
	require.True(t, g.Merge(a, b, 1))
	before := snapshot(g)
	g.Push()
	require.True(t, g.Merge(b, c, 2))
	require.True(t, g.AssertDiseq(a, fa, 3))
	require.True(t, g.Same(fa, fc))
	g.Push()
	require.False(t, g.Merge(fa, a, 4))
	g.Pop(2)
	require.Equal(t, before, snapshot(g))
	require.True(t, g.Same(fa, fb))
	require.False(t, g.Same(fa, fc))
	require.False(t, g.Disequal(a, fa))
	require.Equal(t, 0, g.NumScopes())
	require.Panics(t, func() { g.Pop(1) })
}

func TestNodesSurvivePop(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b := x.N(x.a), x.N(x.b)
	g.Merge(a, b, 1)
	g.Push()
	c := x.N(x.c)
	g.Merge(a, c, 2)
	// f(b) and f(c) are added in the scope; they are congruent there.
	fb, fc := x.N(x.F(x.b)), x.N(x.F(x.c))
	require.True(t, g.Same(fb, fc))
	g.Pop(1)
	// They survive, re-attached: f(b) is congruent to an older f(a) added
	// now, f(c) is alone.
	n, ok := g.Node(x.F(x.c))
	require.True(t, ok)
	require.Equal(t, fc, n)
	require.False(t, g.Same(fb, fc))
	fa := x.N(x.F(x.a))
	require.True(t, g.Same(fa, fb))
	require.Equal(t, reasons(1), g.Explain(fa, fb, nil))
	// Congruence among nodes re-attached by Pop.
	g.Push()
	hfb := x.N(x.H(x.F(x.b), x.c))
	g.Pop(1)
	hfa := x.N(x.H(x.F(x.a), x.c))
	require.True(t, g.Same(hfa, hfb))
}

func TestWatches(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b, c, d := x.N(x.a), x.N(x.b), x.N(x.c), x.N(x.d)
	fa, fb := x.N(x.F(x.a)), x.N(x.F(x.b))
	g.WatchEq(fa, fb, 100)
	g.WatchEq(a, d, 101)
	g.WatchEq(c, d, 102)
	require.Empty(t, g.Propagations(nil))

	g.Push()
	require.True(t, g.Merge(a, b, 1))
	props := g.Propagations(nil)
	require.Len(t, props, 1)
	require.Equal(t, PropEqual, props[0].Kind)
	require.Equal(t, Reason(100), props[0].Lit)
	require.Equal(t, reasons(1), g.ExplainPropagation(props[0], nil))

	// c != b, then d = c: the watch a = d becomes false.
	require.True(t, g.AssertDiseq(c, b, 2))
	require.Empty(t, g.Propagations(nil))
	require.True(t, g.Merge(d, c, 3))
	props = g.Propagations(nil)
	require.Len(t, props, 2)
	var lits []Reason
	for _, p := range props {
		lits = append(lits, p.Lit)
		if p.Lit == 101 {
			require.Equal(t, PropDiseq, p.Kind)
			require.Equal(t, reasons(1, 2, 3), g.ExplainPropagation(p, nil))
		} else {
			require.Equal(t, PropEqual, p.Kind)
		}
	}
	require.ElementsMatch(t, reasons(101, 102), lits)
	g.Pop(1)
	require.Empty(t, g.Propagations(nil))

	// A watch registered when already decided is reported at once.
	g.Push()
	g.Merge(a, c, 4)
	g.Propagations(nil)
	g.WatchEq(c, a, 103)
	props = g.Propagations(nil)
	require.Len(t, props, 1)
	require.Equal(t, Reason(103), props[0].Lit)
	g.Pop(1)
	// ... and the registration survives the Pop, undecided.
	require.Empty(t, g.Propagations(nil))
	require.Equal(t, 4, g.NumWatches())
	g.Merge(c, a, 5)
	props = g.Propagations(nil)
	require.Len(t, props, 1)
	require.Equal(t, Reason(103), props[0].Lit)
}

func TestPredicateWatch(t *testing.T) {
	x := newFixture(t)
	g := x.g
	pa, pb := x.N(x.P(x.a)), x.N(x.P(x.b))
	g.WatchEq(pb, g.True(), 50)
	g.Merge(pa, g.False(), 1)
	require.Empty(t, g.Propagations(nil))
	g.Merge(x.N(x.a), x.N(x.b), 2)
	props := g.Propagations(nil)
	require.Len(t, props, 1)
	require.Equal(t, PropDiseq, props[0].Kind)
	require.Equal(t, reasons(1, 2), g.ExplainPropagation(props[0], nil))
}

func TestValueWatch(t *testing.T) {
	// The value arrives from the absorbed class: the watch of the larger
	// class must still be decided.
	x := newFixture(t)
	g, st := x.g, x.st
	v0, v1 := x.N(st.Value(x.u, 0)), x.N(st.Value(x.u, 1))
	a, b, c := x.N(x.a), x.N(x.b), x.N(x.c)
	g.Merge(a, b, 1)
	g.Merge(b, c, 2) // class {a, b, c} is larger than {v0}
	g.Merge(x.N(x.d), v1, 3)
	g.WatchEq(a, x.N(x.d), 60)
	require.Empty(t, g.Propagations(nil))
	g.Merge(v0, c, 4)
	props := g.Propagations(nil)
	require.Len(t, props, 1)
	require.Equal(t, PropDiseq, props[0].Kind)
	require.Equal(t, reasons(1, 2, 3, 4), g.ExplainPropagation(props[0], nil))
}

func TestPropagationQueueRewinds(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b := x.N(x.a), x.N(x.b)
	g.WatchEq(a, b, 70)
	g.Merge(a, b, 1) // queued, not read before Push
	g.Push()
	require.Len(t, g.Propagations(nil), 1)
	g.Pop(1)
	require.Len(t, g.Propagations(nil), 1) // still valid: returned again
	require.Empty(t, g.Propagations(nil))
}

func TestShared(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b, c, d := x.N(x.a), x.N(x.b), x.N(x.c), x.N(x.d)
	g.SetShared(a)
	g.SetShared(c)
	g.Merge(a, b, 1)
	require.Empty(t, g.Propagations(nil))
	g.Push()
	g.Merge(d, c, 2)
	g.Merge(b, d, 3)
	props := g.Propagations(nil)
	require.Len(t, props, 1)
	require.Equal(t, PropShared, props[0].Kind)
	require.ElementsMatch(t, []Node{a, c}, []Node{props[0].A, props[0].B})
	require.Equal(t, reasons(1, 2, 3), g.ExplainPropagation(props[0], nil))
	g.SetShared(b) // already equal to shared a
	props = g.Propagations(nil)
	require.Len(t, props, 1)
	require.Equal(t, PropShared, props[0].Kind)
	g.Pop(1)
	// The mark on b is permanent: after the Pop, b = a is reported again
	// at the restored level.
	require.True(t, g.IsShared(b))
	props = g.Propagations(nil)
	require.Len(t, props, 1)
	require.ElementsMatch(t, []Node{a, b}, []Node{props[0].A, props[0].B})
	require.Equal(t, reasons(1), g.ExplainPropagation(props[0], nil))
}

func TestParentsAndClasses(t *testing.T) {
	x := newFixture(t)
	g, st := x.g, x.st
	arr := st.ArraySort(x.u, x.u)
	m, n := st.Const("m", arr), st.Const("n", arr)
	sel := x.N(st.Select(m, x.a))
	sto := x.N(st.Store(n, x.b, x.c))
	nm, nn := x.N(m), x.N(n)
	g.Merge(nm, nn, 1)
	var sels, stores int
	for _, p := range g.Parents(nm) {
		switch g.Term(p).Op() {
		case term.OpSelect:
			sels++
		case term.OpStore:
			stores++
		}
	}
	require.Equal(t, 1, sels)
	require.Equal(t, 1, stores)
	require.ElementsMatch(t, []Node{nm, nn}, g.Class(nn, nil))
	require.Equal(t, []Node{x.N(x.b), x.N(x.c)}, g.Args(sto)[1:])
	require.Equal(t, g.Find(nm), g.Class(nn, nil)[0])
	_ = sel
}

func TestConstArraySignatureUsesSort(t *testing.T) {
	x := newFixture(t)
	g, st := x.g, x.st
	k1 := x.N(st.ConstArrayOf(st.ArraySort(x.u, x.u), x.a))
	k2 := x.N(st.ConstArrayOf(st.ArraySort(term.IntSort, x.u), x.b))
	g.Merge(x.N(x.a), x.N(x.b), 1)
	require.False(t, g.Same(k1, k2))
}

func TestMergeAllocs(t *testing.T) {
	x := newFixture(t)
	g := x.g
	const n = 64
	ns := make([]Node, n)
	fs := make([]Node, n)
	c := x.a
	for i := range ns {
		c = x.st.Fresh("k", x.u)
		ns[i] = x.N(c)
		fs[i] = x.N(x.H(x.F(c), x.a))
	}
	g.WatchEq(fs[0], fs[n-1], 1)
	var buf []Reason
	var props []Propagation
	run := func() {
		g.Push()
		for i := 1; i < n; i++ {
			g.Merge(ns[i-1], ns[i], Reason(i))
		}
		buf = g.Explain(fs[0], fs[n-1], buf[:0])
		props = g.Propagations(props[:0])
		g.Pop(1)
	}
	run()
	require.Equal(t, n-1, len(buf))
	require.Zero(t, testing.AllocsPerRun(20, run))
}

func TestDeepChain(t *testing.T) {
	x := newFixture(t)
	g := x.g
	const n = 20000
	fk := x.a
	for i := 0; i < n; i++ {
		fk = x.F(fk)
	}
	top := x.N(fk) // iterative: no recursion on the depth
	a := x.N(x.a)
	fa := x.N(x.F(x.a))
	require.Equal(t, n+3, g.NumNodes())
	g.Push()
	require.True(t, g.Merge(fa, a, 1))
	require.True(t, g.Same(top, a))
	require.Equal(t, n+1, g.ClassSize(a))
	require.Equal(t, reasons(1), g.Explain(top, a, nil))
	require.True(t, g.AssertDiseq(top, x.N(x.b), 2))
	require.False(t, g.Merge(x.N(x.b), fa, 3))
	require.Equal(t, reasons(1, 2, 3), g.Conflict(nil))
	g.Pop(1)
	require.False(t, g.Same(top, a))
}

// TestModelFromClasses builds a model the way the smt package will: one
// value per class (its interpreted value, else a fresh one), function
// tables keyed by the argument classes' values, and checks that every term
// evaluates to its class's value.
func TestModelFromClasses(t *testing.T) {
	x := newFixture(t)
	g, st := x.g, x.st
	v0 := st.Value(x.u, 0)
	terms := []*term.Term{
		x.F(x.a), x.F(x.b), x.H(x.a, x.F(x.c)), x.H(x.b, x.F(x.d)),
		x.P(x.a), x.P(x.F(x.e)), x.F(x.F(x.e)), v0,
	}
	for _, u := range terms {
		g.Add(u)
	}
	g.Merge(x.N(x.a), x.N(x.b), 1)
	g.Merge(x.N(x.c), x.N(x.F(x.a)), 2)
	g.Merge(x.N(x.F(x.c)), x.N(x.d), 3)
	g.Merge(x.N(x.e), x.N(v0), 4)
	g.Merge(x.N(x.P(x.a)), g.True(), 5)
	require.False(t, g.Inconsistent())

	val := map[Node]string{} // root -> value
	for i, r := range g.Roots(nil) {
		if v := g.Value(r); v != NoNode {
			val[r] = g.Term(v).String()
		} else {
			val[r] = "u" + string(rune('0'+i))
		}
	}
	type key struct {
		fn   *term.Func
		args string
	}
	table := map[key]string{}
	for n := 0; n < g.NumNodes(); n++ {
		u := g.Term(Node(n))
		if u.Op() != term.OpApply {
			continue
		}
		k := key{fn: u.Func()}
		for _, a := range g.Args(Node(n)) {
			k.args += val[g.Find(a)] + ","
		}
		v := val[g.Find(Node(n))]
		if old, ok := table[k]; ok {
			require.Equal(t, old, v, "function table of %v", u.Func())
		}
		table[k] = v
	}
	// Evaluate every term bottom-up with the tables and compare.
	var eval func(u *term.Term) string
	eval = func(u *term.Term) string {
		if u.Op() != term.OpApply {
			n, _ := g.Node(u)
			return val[g.Find(n)]
		}
		k := key{fn: u.Func()}
		for _, a := range u.Args() {
			k.args += eval(a) + ","
		}
		return table[k]
	}
	for n := 0; n < g.NumNodes(); n++ {
		require.Equal(t, val[g.Find(Node(n))], eval(g.Term(Node(n))), "%v", g.Term(Node(n)))
	}
}

func TestPopReattachMayReroot(t *testing.T) {
	// Two applications added in a scope become congruent to each other,
	// then after Pop to an older singleton class, which they outnumber.
	x := newFixture(t)
	g := x.g
	a, b, c := x.N(x.a), x.N(x.b), x.N(x.c)
	old := x.N(x.F(x.c))
	g.Merge(a, c, 1)
	g.Merge(b, c, 2)
	g.Push()
	fa, fb := x.N(x.F(x.a)), x.N(x.F(x.b))
	require.True(t, g.Same(fa, old))
	g.Pop(1)
	require.True(t, g.Same(fa, fb))
	require.True(t, g.Same(fa, old))
	require.Equal(t, 3, g.ClassSize(old))
	require.Equal(t, reasons(1, 2), g.Explain(fa, fb, nil))
	require.Equal(t, reasons(1), g.Explain(fa, old, nil))
}

// TestDiseqPropagationAfterConflict explains a PropDiseq after the graph
// became inconsistent: the explanation must use the pairing made when the
// propagation was queued, whose reasons all precede it, not another pairing
// that only holds since the conflicting merge.
func TestDiseqPropagationAfterConflict(t *testing.T) {
	x := newFixture(t)
	g := x.g
	a, b, c, d := g.Add(x.a), g.Add(x.b), g.Add(x.c), g.Add(x.d)
	g.WatchEq(a, b, 100)
	require.True(t, g.AssertDiseq(c, d, 1))
	require.True(t, g.Merge(a, d, 2))
	require.True(t, g.Merge(b, c, 3))
	props := g.Propagations(nil)
	require.Len(t, props, 1)
	require.Equal(t, PropDiseq, props[0].Kind)
	require.False(t, g.Merge(c, d, 4)) // conflict: c != d
	require.True(t, g.Inconsistent())
	require.Equal(t, []Reason{1, 2, 3}, g.ExplainPropagation(props[0], nil))
}
