package term_test

import (
	"strings"
	"testing"

	. "github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// listTree declares (List: nil | cons(head Int, tail List)) and the
// mutually recursive (Tree: leaf | node(val Int, kids Forest)),
// (Forest: fnil | fcons(first Tree, rest Forest)), and the record
// Pair(fst Bool, snd List).
func listTree(t *testing.T, st *Store) (list, tree, forest, pair *Sort) {
	t.Helper()
	ls, err := st.DeclareDatatypes([]string{"List"})
	require.NoError(t, err)
	require.NoError(t, st.DefineDatatypes(ls, [][]CtorSpec{{
		{Name: "nil"},
		{Name: "cons", Fields: []FieldSpec{{"head", IntSort}, {"tail", ls[0]}}},
	}}))
	tf, err := st.DeclareDatatypes([]string{"Tree", "Forest"})
	require.NoError(t, err)
	require.NoError(t, st.DefineDatatypes(tf, [][]CtorSpec{
		{{Name: "leaf"}, {Name: "node", Fields: []FieldSpec{{"val", IntSort}, {"kids", tf[1]}}}},
		{{Name: "fnil"}, {Name: "fcons", Fields: []FieldSpec{{"first", tf[0]}, {"rest", tf[1]}}}},
	}))
	ps, err := st.DeclareDatatypes([]string{"Pair"})
	require.NoError(t, err)
	require.NoError(t, st.DefineDatatypes(ps, [][]CtorSpec{{
		{Name: "pair", Fields: []FieldSpec{{"fst", BoolSort}, {"snd", ls[0]}}},
	}}))
	return ls[0], tf[0], tf[1], ps[0]
}

func TestDatatypeDeclare(t *testing.T) {
	st := NewStore()
	list, tree, forest, pair := listTree(t, st)
	require.True(t, list.IsDatatype())
	cs := list.Datatype().Constructors()
	require.Len(t, cs, 2)
	require.True(t, cs[1].IsConstructor())
	require.Equal(t, []string{"head", "tail"}, []string{cs[1].Selectors()[0].Name(), cs[1].Selectors()[1].Name()})
	require.True(t, cs[1].Selectors()[1].IsSelector())
	require.Equal(t, cs[1], cs[1].Selectors()[1].Constructor())
	require.True(t, cs[0].Tester().IsTester())
	require.False(t, list.Datatype().IsFinite())
	require.False(t, tree.Datatype().IsFinite())
	require.False(t, pair.Datatype().IsFinite())
	require.Equal(t, "nil", st.DefaultValue(list).String())
	require.Equal(t, "leaf", st.DefaultValue(tree).String())
	require.Equal(t, "fnil", st.DefaultValue(forest).String())
	require.Equal(t, "(pair false nil)", st.DefaultValue(pair).String())

	var b strings.Builder
	require.NoError(t, FprintDatatypes(&b, st.DatatypeGroups()[1]))
	require.Equal(t, "(declare-datatypes ((Tree 0) (Forest 0)) (((leaf) (node (val Int) (kids Forest))) ((fnil) (fcons (first Tree) (rest Forest)))))", b.String())

	// errors: twice, no constructors, no finite value, duplicate names
	_, err := st.DeclareDatatypes([]string{"List"})
	require.ErrorContains(t, err, "declared twice")
	s, err := st.DeclareDatatypes([]string{"Inf"})
	require.NoError(t, err)
	require.ErrorContains(t, st.DefineDatatypes(s, [][]CtorSpec{{{Name: "c", Fields: []FieldSpec{{"d", s[0]}}}}}), "no finite values")
	s, err = st.DeclareDatatypes([]string{"E"})
	require.NoError(t, err)
	require.ErrorContains(t, st.DefineDatatypes(s, [][]CtorSpec{{}}), "no constructors")
	s, err = st.DeclareDatatypes([]string{"D"})
	require.NoError(t, err)
	require.ErrorContains(t, st.DefineDatatypes(s, [][]CtorSpec{{{Name: "a"}, {Name: "a"}}}), "twice")

	// an array of itself (once a panic): the default is the constructor
	// without one
	s, err = st.DeclareDatatypes([]string{"T"})
	require.NoError(t, err)
	require.NoError(t, st.DefineDatatypes(s, [][]CtorSpec{{
		{Name: "tmap", Fields: []FieldSpec{{"m", st.ArraySort(IntSort, s[0])}}}, {Name: "tnil"}}}))
	require.Equal(t, "tnil", st.DefaultValue(s[0]).String())
	require.Equal(t, "((as const (Array Int T)) tnil)", st.DefaultValue(st.ArraySort(IntSort, s[0])).String())

	// a finite datatype
	s, err = st.DeclareDatatypes([]string{"Color", "Opt"})
	require.NoError(t, err)
	require.NoError(t, st.DefineDatatypes(s, [][]CtorSpec{
		{{Name: "red"}, {Name: "green"}},
		{{Name: "none"}, {Name: "some", Fields: []FieldSpec{{"c", s[0]}, {"b", BoolSort}}}},
	}))
	require.True(t, s[0].Datatype().IsFinite())
	require.True(t, s[1].Datatype().IsFinite())
}

func TestDatatypeEvalSimplify(t *testing.T) {
	st := NewStore()
	list, _, _, _ := listTree(t, st)
	nilF, consF := list.Datatype().Constructors()[0], list.Datatype().Constructors()[1]
	head, tail := consF.Selectors()[0], consF.Selectors()[1]
	x := st.Const("x", list)
	y := st.Const("y", list)
	n := st.Const("n", IntSort)
	nl := st.Cons(nilF)
	cx := st.Cons(consF, n, x)
	require.Equal(t, "(cons n x)", cx.String())
	isNil := st.Apply(nilF.Tester(), x)
	require.Equal(t, "(is-nil x)", isNil.String())
	require.Equal(t, "(head (cons n x))", st.Apply(head, cx).String())

	m := NewModel(st)
	m.Set(x, st.Cons(consF, st.Int(1), nl))
	m.Set(n, st.Int(5))
	require.Equal(t, "(cons 5 (cons 1 nil))", evalStr(t, m, cx))
	require.Equal(t, "false", evalStr(t, m, isNil))
	require.Equal(t, "1", evalStr(t, m, st.Apply(head, x)))
	require.Equal(t, "nil", evalStr(t, m, st.Apply(tail, x)))
	// a selector of the wrong constructor: the model's interpretation of
	// the selector, else the default
	require.Equal(t, "0", evalStr(t, m, st.Apply(head, nl)))
	m.SetFunc(head, &FuncInterp{Entries: []FuncEntry{{Args: []*Term{nl}, Value: st.Int(7)}}})
	require.Equal(t, "7", evalStr(t, m, st.Apply(head, nl)))
	require.Equal(t, "false", evalStr(t, m, st.Eq(x, nl)))
	require.Equal(t, "true", evalStr(t, m, st.Eq(st.Apply(tail, x), nl)))

	for _, c := range []struct {
		in   *Term
		want string
	}{
		{st.Apply(head, cx), "n"},
		{st.Apply(tail, cx), "x"},
		{st.Apply(head, x), "(head x)"},
		{st.Apply(consF.Tester(), cx), "true"},
		{st.Apply(nilF.Tester(), cx), "false"},
		{st.Eq(nl, cx), "false"},
		{st.Eq(x, cx), "false"},
		{st.Eq(x, st.Cons(consF, n, st.Cons(consF, n, x))), "false"},
		{st.Eq(cx, st.Cons(consF, st.Int(3), y)), "(and (= n 3) (= x y))"},
	} {
		require.Equal(t, c.want, st.Simplify(c.in).String(), "%v", c.in)
	}
}

func TestDatatypeCloneCopy(t *testing.T) {
	st := NewStore()
	list, _, forest, _ := listTree(t, st)
	consF := list.Datatype().Constructors()[1]
	x := st.Const("x", list)
	f := st.Const("f", forest)
	u := st.And(st.Apply(consF.Tester(), x), st.Eq(st.Apply(consF.Selectors()[0], x), st.Int(2)),
		st.Apply(forest.Datatype().Constructors()[0].Tester(), f))
	c := st.Clone()
	cu := c.Term(u.ID())
	require.Equal(t, u.String(), cu.String())
	cl := cu.Arg(0).Arg(0).Sort()
	require.True(t, cl.IsDatatype())
	require.Equal(t, "cons", cl.Datatype().Constructors()[1].Name())
	require.Equal(t, "nil", c.DefaultValue(cl).String())
	require.Len(t, c.DatatypeGroups(), 3)
	m := NewModel(c)
	m.Set(c.Const("x", cl), c.Cons(cl.Datatype().Constructors()[1], c.Int(2), c.DefaultValue(cl)))
	ok, err := m.EvalBool(cu)
	require.NoError(t, err)
	require.True(t, ok)

	to := NewStore()
	cp := NewCopier(st, to)
	tu := cp.Term(u)
	require.Equal(t, u.String(), tu.String())
	require.Len(t, to.DatatypeGroups(), 2) // List, and Tree with Forest
	require.Same(t, cp.Sort(list), tu.Arg(0).Arg(0).Sort())
}

// listInstances declares the instances (List Int) and (List (List Int))
// of the template List as one group, the way a reader makes them.
func listInstances(t *testing.T, st *Store, tmpl *Template) (li, lli *Sort) {
	t.Helper()
	sorts, err := st.DeclareDatatypeInstances(2, func(i int, prev []*Sort) Instance {
		if i == 0 {
			return Instance{Name: "List", Params: []*Sort{IntSort}, Template: tmpl}
		}
		return Instance{Name: "List", Params: []*Sort{prev[0]}, Template: tmpl}
	})
	require.NoError(t, err)
	spec := func(elem, self *Sort) []CtorSpec {
		return []CtorSpec{{Name: "nil"}, {Name: "cons", Fields: []FieldSpec{{"head", elem}, {"tail", self}}}}
	}
	require.NoError(t, st.DefineDatatypes(sorts, [][]CtorSpec{spec(IntSort, sorts[0]), spec(sorts[0], sorts[1])}))
	return sorts[0], sorts[1]
}

// TestDatatypeInstances checks instances of a parametric datatype: sorts
// print as (List Int), constructors qualified, the template once with its
// first group; a second declaration of an instance is an error; clones
// and copies keep the instances.
func TestDatatypeInstances(t *testing.T) {
	st := NewStore()
	tmpl := &Template{Text: "(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))"}
	li, lli := listInstances(t, st, tmpl)
	require.Equal(t, "(List Int)", li.String())
	require.Equal(t, "(List (List Int))", lli.String())
	require.Equal(t, "List", lli.Name())
	require.Equal(t, []*Sort{li}, lli.Params())
	require.Same(t, tmpl, lli.Datatype().Template())
	require.Same(t, li, st.LookupInstance("List", []*Sort{IntSort}))
	require.Nil(t, st.LookupInstance("List", []*Sort{BoolSort}))
	_, err := st.DeclareDatatypeInstances(1, func(int, []*Sort) Instance {
		return Instance{Name: "List", Params: []*Sort{IntSort}, Template: tmpl}
	})
	require.ErrorContains(t, err, "datatype (List Int) declared twice")

	consI, consLI := li.Datatype().Constructors()[1], lli.Datatype().Constructors()[1]
	require.Equal(t, consI.Name(), consLI.Name())
	v := st.Cons(consLI, st.Cons(consI, st.Int(1), st.DefaultValue(li)), st.DefaultValue(lli))
	require.Equal(t, "((as cons (List (List Int))) ((as cons (List Int)) 1 (as nil (List Int))) (as nil (List (List Int))))", v.String())

	// A later group of the same template prints nothing.
	bs, err := st.DeclareDatatypeInstances(1, func(int, []*Sort) Instance {
		return Instance{Name: "List", Params: []*Sort{BoolSort}, Template: tmpl}
	})
	require.NoError(t, err)
	require.NoError(t, st.DefineDatatypes(bs, [][]CtorSpec{{{Name: "nil"}, {Name: "cons", Fields: []FieldSpec{{"head", BoolSort}, {"tail", bs[0]}}}}}))
	var b strings.Builder
	for _, g := range st.DatatypeGroups() {
		require.NoError(t, FprintDatatypes(&b, g))
		b.WriteByte('\n')
	}
	require.Equal(t, tmpl.Text+"\n\n", b.String())

	x := st.Const("x", lli)
	require.Equal(t, "(is-cons x)", st.Apply(consLI.Tester(), x).String())
	u := st.Eq(x, v)
	c := st.Clone()
	require.Equal(t, u.String(), c.Term(u.ID()).String())
	require.Same(t, tmpl, c.Term(u.ID()).Arg(0).Sort().Datatype().Template())
	to := NewStore()
	cp := NewCopier(st, to)
	tu := cp.Term(u)
	require.Equal(t, u.String(), tu.String())
	require.Same(t, cp.Sort(lli), to.LookupInstance("List", []*Sort{cp.Sort(li)}))
	var cb strings.Builder
	for _, g := range to.DatatypeGroups() {
		require.NoError(t, FprintDatatypes(&cb, g))
	}
	require.Equal(t, tmpl.Text, cb.String())
}
