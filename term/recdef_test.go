package term

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// lengthDef declares a list sort and its length as a RecDef.
func lengthDef(t *testing.T, st *Store) (*Sort, *Func) {
	t.Helper()
	sorts, err := st.DeclareDatatypes([]string{"L"})
	require.NoError(t, err)
	l := sorts[0]
	require.NoError(t, st.DefineDatatypes(sorts, [][]CtorSpec{{{Name: "nil"}, {Name: "cons", Fields: []FieldSpec{{Name: "hd", Sort: IntSort}, {Name: "tl", Sort: l}}}}}))
	f := st.Func("len", []*Sort{l}, IntSort)
	h, tl := st.Const("h", IntSort), st.Const("t", l)
	require.NoError(t, st.DefineRec(f, &RecDef{
		Param:  st.Const("x", l),
		Fields: [][]*Term{nil, {h, tl}},
		Cases:  []*Term{st.Int(0), st.Add(st.Int(1), st.Apply(f, tl))},
	}))
	return l, f
}

func list(st *Store, l *Sort, n int) *Term {
	ctors := l.Datatype().Constructors()
	x := st.Cons(ctors[0])
	for i := range n {
		x = st.Cons(ctors[1], st.Int(int64(i)), x)
	}
	return x
}

// A definition evaluates, prints as a body over testers and selectors,
// and travels with its symbol through Clone and a Copier; a second
// definition, or one of the wrong shape, is refused.
func TestRecDef(t *testing.T) {
	st := NewStore()
	l, f := lengthDef(t, st)
	v, err := NewModel(st).Eval(st.Apply(f, list(st, l, 4)))
	require.NoError(t, err)
	require.Equal(t, "4", Sprint(v))
	require.Equal(t, "(ite (is-nil x) 0 (+ 1 (len (tl x))))", Sprint(st.Body(f.Rec())))
	require.Error(t, st.DefineRec(f, f.Rec()))
	g := st.Func("g", []*Sort{IntSort}, IntSort)
	require.Error(t, st.DefineRec(g, f.Rec()))
	require.Equal(t, []*Func{f}, RecFuncs(st.Apply(f, st.Const("y", l))))

	for _, other := range []func() (*Store, *Term){
		func() (*Store, *Term) {
			c := st.Clone()
			return c, c.terms[st.Apply(f, list(st, l, 2)).ID()]
		},
		func() (*Store, *Term) {
			c := NewStore()
			return c, NewCopier(st, c).Term(st.Apply(f, list(st, l, 2)))
		},
	} {
		c, app := other()
		require.NotNil(t, app.Func().Rec())
		v, err := NewModel(c).Eval(app)
		require.NoError(t, err)
		require.Equal(t, "2", Sprint(v))
	}
}
