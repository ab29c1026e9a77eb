package arrays_test

import (
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/arrays"
	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

type fixture struct {
	st         *term.Store
	g          *euf.Graph
	s          *arrays.Solver
	arr        *term.Sort
	a, b       *term.Term
	i, j, x, y *term.Term
}

func newFixture() *fixture {
	st := term.NewStore()
	arr := st.ArraySort(term.IntSort, term.IntSort)
	g := euf.New(st)
	return &fixture{
		st: st, g: g, s: arrays.New(st, g), arr: arr,
		a: st.Const("a", arr), b: st.Const("b", arr),
		i: st.Const("i", term.IntSort), j: st.Const("j", term.IntSort),
		x: st.Const("x", term.IntSort), y: st.Const("y", term.IntSort),
	}
}

func kinds(ls []arrays.Lemma) []arrays.Kind {
	var ks []arrays.Kind
	for _, l := range ls {
		ks = append(ks, l.Kind)
	}
	return ks
}

func TestStatic(t *testing.T) {
	f := newFixture()
	st := f.st
	f.g.Add(st.Store(f.a, f.i, f.x))
	k := st.ConstArrayOf(f.arr, st.Int(7))
	f.g.Add(st.Select(k, f.j))
	ls := f.s.Static(nil)
	require.Equal(t, []arrays.Kind{arrays.ReadSame, arrays.ReadConst}, kinds(ls))
	require.Equal(t, st.Select(st.Store(f.a, f.i, f.x), f.i), ls[0].Lits[0].A)
	require.Equal(t, f.x, ls[0].Lits[0].B)
	require.Equal(t, st.Int(7), ls[1].Lits[0].B)
	require.Empty(t, f.s.Static(nil), "lemmas are produced once")
}

func TestReadOverWrite(t *testing.T) {
	f := newFixture()
	st := f.st
	s := st.Store(f.a, f.i, f.x)
	sel := f.g.Add(st.Select(f.b, f.j))
	f.g.Add(s)
	// Nothing relates b to the store yet.
	require.Equal(t, []arrays.Kind{arrays.ReadSame}, kinds(f.s.Check(nil)))
	require.Empty(t, f.s.Check(nil))
	// b = store(a, i, x): downward lemma for (select b j).
	nb, _ := f.g.Node(f.b)
	ns, _ := f.g.Node(s)
	require.True(t, f.g.Merge(nb, ns, 1))
	ls := f.s.Check(nil)
	require.Equal(t, []arrays.Kind{arrays.ReadOther}, kinds(ls))
	require.Equal(t, []arrays.Lit{{A: f.i, B: f.j}, {A: st.Select(s, f.j), B: st.Select(f.a, f.j)}}, ls[0].Lits)
	require.Empty(t, f.s.Check(nil), "lemmas are produced once")
	_ = sel
	// A select on a: upward lemma through the store over a's class.
	f.g.Add(st.Select(f.a, f.y))
	ls = f.s.Check(nil)
	require.Equal(t, []arrays.Kind{arrays.ReadOther}, kinds(ls))
	require.Equal(t, st.Select(s, f.y), ls[0].Lits[1].A)
}

func TestReadOverWriteSkipsSatisfied(t *testing.T) {
	f := newFixture()
	st := f.st
	s := st.Store(f.a, f.i, f.x)
	f.g.Add(st.Select(s, f.j))
	// i = j: the lemma holds by its first literal and waits.
	ni, _ := f.g.Node(f.i)
	nj, _ := f.g.Node(f.j)
	f.g.Push()
	require.True(t, f.g.Merge(ni, nj, 1))
	require.Equal(t, []arrays.Kind{arrays.ReadSame}, kinds(f.s.Check(nil)))
	f.g.Pop(1)
	require.Equal(t, []arrays.Kind{arrays.ReadOther}, kinds(f.s.Check(nil)))
}

func TestExtensionality(t *testing.T) {
	f := newFixture()
	na, nb := f.g.Add(f.a), f.g.Add(f.b)
	ls := f.s.Extensionality(na, nb, nil)
	require.Len(t, ls, 1)
	l := ls[0]
	require.Equal(t, arrays.Extensionality, l.Kind)
	require.Equal(t, arrays.Lit{A: f.a, B: f.b}, l.Lits[0])
	require.True(t, l.Lits[1].Neg)
	k := l.Lits[1].A.Arg(1)
	require.True(t, strings.HasPrefix(k.Name(), "k!"), "fresh index %v", k)
	require.Equal(t, f.st.Select(f.b, k), l.Lits[1].B)
	require.Empty(t, f.s.Extensionality(nb, na, nil), "once per pair")
}

// values fills vals for the non-array roots of g: integer constants take
// their number, the rest a fixed table.
func values(g *euf.Graph, num map[*term.Term]int64, st *term.Store) []*term.Term {
	vals := make([]*term.Term, g.NumNodes())
	for n := euf.Node(0); int(n) < g.NumNodes(); n++ {
		t := g.Term(n)
		if t.Sort().IsArray() {
			continue
		}
		r := g.Find(n)
		switch {
		case t.IsNum():
			vals[r] = t
		case vals[r] == nil && t.Sort().IsInt():
			vals[r] = st.Int(num[t])
		case vals[r] == nil && t.Sort().IsBool():
			vals[r] = st.Bool(g.Same(n, g.True()))
		}
	}
	return vals
}

func TestValues(t *testing.T) {
	f := newFixture()
	st := f.st
	s := st.Store(f.a, f.i, f.x)
	f.g.Add(st.Select(s, f.j))
	ls := f.s.Check(nil)
	require.Len(t, ls, 2)
	// Model of the lemmas with i = 1, j = 2, x = 5, a[2] = s[2] = 3.
	for _, n := range []*term.Term{st.Select(s, f.i), st.Select(s, f.j), st.Select(f.a, f.j)} {
		f.g.Add(n)
	}
	merge := func(a, b *term.Term) {
		na, _ := f.g.Node(a)
		nb := f.g.Add(b)
		require.True(t, f.g.Merge(na, nb, 1))
	}
	merge(st.Select(s, f.i), f.x)
	merge(st.Select(s, f.j), st.Int(3))
	merge(st.Select(f.a, f.j), st.Int(3))
	vals := values(f.g, map[*term.Term]int64{f.i: 1, f.j: 2, f.x: 5}, st)
	fresh := func(*term.Sort) *term.Term { return st.Int(100) }
	rep, err := f.s.Values(vals, fresh)
	require.NoError(t, err)
	require.True(t, rep.Empty())
	na, _ := f.g.Node(f.a)
	ns, _ := f.g.Node(s)
	want, err := term.NewModel(st).Eval(st.Store(st.ConstArrayOf(f.arr, st.Int(100)), st.Int(2), st.Int(3)))
	require.NoError(t, err)
	require.Equal(t, want, vals[f.g.Find(na)])
	want, err = term.NewModel(st).Eval(st.Store(want, st.Int(1), st.Int(5)))
	require.NoError(t, err)
	require.Equal(t, want, vals[f.g.Find(ns)])

	// Two selects of a at indices of one value that read different
	// values: a split on the indices.
	f.g.Add(st.Select(f.a, f.y))
	merge(st.Select(f.a, f.y), st.Int(4))
	vals = values(f.g, map[*term.Term]int64{f.i: 1, f.j: 2, f.x: 5, f.y: 2}, st)
	rep, err = f.s.Values(vals, fresh)
	require.NoError(t, err)
	nj, _ := f.g.Node(f.j)
	ny, _ := f.g.Node(f.y)
	require.Equal(t, [][2]euf.Node{{nj, ny}}, rep.Splits)
}

func TestValuesConstDefaults(t *testing.T) {
	f := newFixture()
	st := f.st
	k0 := st.ConstArrayOf(f.arr, st.Int(0))
	k1 := st.ConstArrayOf(f.arr, st.Int(1))
	s := st.Store(k0, f.i, st.Int(1))
	ns, nk := f.g.Add(s), f.g.Add(k1)
	require.True(t, f.g.Merge(ns, nk, 1))
	vals := values(f.g, map[*term.Term]int64{f.i: 3}, st)
	rep, err := f.s.Values(vals, func(*term.Sort) *term.Term { return st.Int(9) })
	require.NoError(t, err)
	// Over Int indices a witness index separates the defaults.
	require.NotEmpty(t, rep.Lemmas)
	for _, l := range rep.Lemmas {
		require.Equal(t, arrays.DefaultWitness, l.Kind)
	}
	// Over a finite index sort no model exists that this solver can build.
	st2 := term.NewStore()
	barr := st2.ArraySort(term.BoolSort, term.IntSort)
	g := euf.New(st2)
	s2 := arrays.New(st2, g)
	p := st2.Const("p", term.BoolSort)
	b0 := st2.Store(st2.ConstArrayOf(barr, st2.Int(0)), p, st2.Int(1))
	n0, n1 := g.Add(b0), g.Add(st2.ConstArrayOf(barr, st2.Int(1)))
	require.True(t, g.Merge(n0, n1, 1))
	_, err = s2.Values(values(g, nil, st2), func(*term.Sort) *term.Term { return st2.Int(9) })
	require.ErrorContains(t, err, "finite index sort")
}

// TestLemmasValid: every lemma the solver proposes, for random array
// terms and random merges, is true in random models (it is an instance
// of an axiom, hence valid).
func TestLemmasValid(t *testing.T) {
	cfg := fuzz.Config{Theories: fuzz.Arrays | fuzz.LIA, Vars: 2, Depth: 3, MaxNum: 2}
	var lemmas int
	fuzz.Check(t, 500, func(t *rapid.T) {
		st := term.NewStore()
		arr := st.ArraySort(term.IntSort, term.IntSort)
		g := euf.New(st)
		s := arrays.New(st, g)
		var nodes []euf.Node
		for range rapid.IntRange(1, 4).Draw(t, "terms") {
			sort := rapid.SampledFrom(fuzz.Sorts(st, cfg)[1:]).Draw(t, "sort")
			nodes = append(nodes, g.Add(fuzz.TermOf(st, sort, cfg).Draw(t, "t")))
		}
		nodes = append(nodes, g.Add(st.Select(fuzz.TermOf(st, arr, cfg).Draw(t, "a"), fuzz.TermOf(st, term.IntSort, cfg).Draw(t, "i"))))
		for range rapid.IntRange(0, 3).Draw(t, "merges") {
			a := rapid.SampledFrom(nodes).Draw(t, "x")
			b := rapid.SampledFrom(nodes).Draw(t, "y")
			if g.Term(a).Sort() == g.Term(b).Sort() {
				g.Merge(a, b, 1)
			}
		}
		var ls []arrays.Lemma
		for round := 0; round < 3; round++ {
			ls = s.Check(ls)
			for _, l := range ls {
				for _, q := range l.Lits {
					g.Add(q.A)
					g.Add(q.B)
				}
			}
		}
		if len(nodes) >= 2 {
			a, b := g.Add(st.Const("a0", arr)), g.Add(st.Const("a1", arr))
			ls = s.Extensionality(a, b, ls)
		}
		lemmas += len(ls)
		for range 5 {
			m := fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg).Draw(t, "m")
			for _, l := range ls {
				if l.Kind == arrays.Extensionality {
					continue // valid only for the right witness
				}
				ok := false
				for _, q := range l.Lits {
					va, err := m.Eval(q.A)
					require.NoError(t, err)
					vb, err := m.Eval(q.B)
					require.NoError(t, err)
					ok = ok || (va == vb) != q.Neg
				}
				if !ok {
					t.Fatalf("lemma %v is false in\n%v", l, m)
				}
			}
		}
	})
	t.Logf("%d lemmas checked", lemmas)
}

// TestValuesWithWaits: an array class whose element has no value yet
// waits for the caller's more, which values it (as a datatype value over
// an array would be, once that array has its value); without more, or
// when more values nothing, Values fails instead of building a model.
func TestValuesWithWaits(t *testing.T) {
	build := func() (*fixture, []*term.Term, euf.Node, euf.Node) {
		f := newFixture()
		st := f.st
		// a[i] = x: x has no value at first.
		sel := st.Select(f.a, f.i)
		ns, nx := f.g.Add(sel), f.g.Add(f.x)
		require.True(t, f.g.Merge(ns, nx, 1))
		vals := values(f.g, map[*term.Term]int64{f.i: 1}, st)
		vals[f.g.Find(nx)] = nil
		na, _ := f.g.Node(f.a)
		return f, vals, nx, na
	}
	fresh := func(st *term.Store) func(*term.Sort) *term.Term {
		return func(*term.Sort) *term.Term { return st.Int(100) }
	}

	f, vals, _, _ := build()
	_, err := f.s.Values(vals, fresh(f.st))
	require.ErrorContains(t, err, "no value for the index or element")

	f, vals, _, _ = build()
	_, err = f.s.ValuesWith(vals, fresh(f.st), func() bool { return false })
	require.ErrorContains(t, err, "no value for the index or element")

	f, vals, nx, na := build()
	calls := 0
	rep, err := f.s.ValuesWith(vals, fresh(f.st), func() bool {
		calls++
		if vals[f.g.Find(nx)] != nil {
			return false
		}
		vals[f.g.Find(nx)] = f.st.Int(5)
		return true
	})
	require.NoError(t, err)
	require.True(t, rep.Empty())
	require.Equal(t, 1, calls)
	st := f.st
	want, err := term.NewModel(st).Eval(st.Store(st.ConstArrayOf(f.arr, st.Int(100)), st.Int(1), st.Int(5)))
	require.NoError(t, err)
	require.Equal(t, want, vals[f.g.Find(na)])
}
