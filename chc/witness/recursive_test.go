package witness

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// A list-length system: len(l, n) holds when n is l's length (appended
// lists add their lengths); the query says no length is negative and that
// appending keeps the sum.
const lenSys = `(set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun len (Lst Int) Bool)
(declare-fun app (Lst Lst Lst) Bool)
(assert (forall ((n Int)) (=> (= n 0) (len nil n))))
(assert (forall ((l Lst) (h Int) (n Int)) (=> (len l n) (len (cons h l) (+ n 1)))))
(assert (forall ((y Lst)) (app nil y y)))
(assert (forall ((h Int) (x Lst) (y Lst) (z Lst)) (=> (app x y z) (app (cons h x) y (cons h z)))))
(assert (forall ((l Lst) (n Int)) (=> (and (len l n) (< n 0)) false)))
(assert (forall ((x Lst) (y Lst) (z Lst) (a Int) (b Int) (c Int))
  (=> (and (app x y z) (len x a) (len y b) (len z c) (distinct c (+ a b))) false)))
`

// defineSize defines a function on lst's sort: nilCase on nil, step plus
// itself on the tail on cons (step 1 and nilCase 0: the length); self
// makes the cons case apply it to the list itself instead, a definition
// that is not well-founded.
func defineSize(t *testing.T, st *term.Store, lst *term.Sort, name string, nilCase, step int64, self bool) *term.Func {
	t.Helper()
	f := st.Func(name, []*term.Sort{lst}, term.IntSort)
	ctors := lst.Datatype().Constructors()
	h, tl := st.Const(name+"_h", term.IntSort), st.Const(name+"_t", lst)
	arg := tl
	if self {
		arg = st.Cons(ctors[1], h, tl)
	}
	d := &term.RecDef{
		Param:  st.Const(name+"_x", lst),
		Fields: [][]*term.Term{nil, {h, tl}},
		Cases:  []*term.Term{st.Int(nilCase), st.Add(st.Int(step), st.Apply(f, arg))},
	}
	require.NoError(t, st.DefineRec(f, d))
	return f
}

func TestRecursiveModels(t *testing.T) {
	for _, tc := range []struct {
		name          string
		nilCase, step int64
		self          bool
		ok            bool
		msg           string
	}{
		{name: "length", nilCase: 0, step: 1, ok: true},
		{name: "twice the length", nilCase: 0, step: 2, msg: "does not hold"},
		{name: "length plus one", nilCase: 1, step: 1, msg: "does not hold"},
		{name: "negative steps", nilCase: 0, step: -1, msg: "does not hold"},
		{name: "not well-founded", nilCase: 0, step: 1, self: true, msg: "not a field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := term.NewStore()
			s, _, err := chc.Read("len.smt2", strings.NewReader(lenSys), st)
			require.NoError(t, err)
			lenP, appP := s.Preds[0], s.Preds[1]
			lst := lenP.Params[0].Sort()
			size := defineSize(t, st, lst, "size", tc.nilCase, tc.step, tc.self)
			sz := func(x *term.Term) *term.Term { return st.Apply(size, x) }
			m := chc.Model{
				lenP: st.Eq(lenP.Params[1], sz(lenP.Params[0])),
				appP: st.Eq(sz(appP.Params[2]), st.Add(sz(appP.Params[0]), sz(appP.Params[1]))),
			}
			err = CheckModel(context.Background(), s, m)
			if tc.ok {
				require.NoError(t, err)
				var b bytes.Buffer
				require.NoError(t, chc.WriteModel(&b, s, m))
				require.Contains(t, b.String(), "(define-fun-rec size ((size_x Lst)) Int\n    (ite (is-nil size_x) 0 (+ 1 (size (tl size_x)))))")
				return
			}
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.msg)
		})
	}
}

// The range fact matters: without the induction that proves a length is
// at least 0, the query "no length is negative" would not follow from the
// model len(l, n) := n = size(l) (the clauses say nothing of size's
// values); a definition whose values can be negative fails it.
func TestRecursiveRangeFacts(t *testing.T) {
	st := term.NewStore()
	s, _, err := chc.Read("len.smt2", strings.NewReader(lenSys), st)
	require.NoError(t, err)
	size := defineSize(t, st, s.Preds[0].Params[0].Sort(), "size", 0, 1, false)
	info, err := recursiveFuncs(context.Background(), s, chc.Model{s.Preds[0]: st.Ge(st.Apply(size, s.Preds[0].Params[0]), st.Int(0))})
	require.NoError(t, err)
	require.NotNil(t, info.lower["size Lst"])
	require.Equal(t, "0", info.lower["size Lst"].String())
	st2 := term.NewStore()
	s2, _, err := chc.Read("len.smt2", strings.NewReader(lenSys), st2)
	require.NoError(t, err)
	neg := defineSize(t, st2, s2.Preds[0].Params[0].Sort(), "size", 0, -1, false)
	info, err = recursiveFuncs(context.Background(), s2, chc.Model{s2.Preds[0]: st2.Ge(st2.Apply(neg, s2.Preds[0].Params[0]), st2.Int(0))})
	require.NoError(t, err)
	require.Len(t, info.lower, 0)
}

// Evaluation unfolds a definition on a value: the length of a three-element
// list is 3.
func TestRecursiveEval(t *testing.T) {
	st := term.NewStore()
	s, _, err := chc.Read("len.smt2", strings.NewReader(lenSys), st)
	require.NoError(t, err)
	lst := s.Preds[0].Params[0].Sort()
	size := defineSize(t, st, lst, "size", 0, 1, false)
	ctors := lst.Datatype().Constructors()
	l := st.Cons(ctors[0])
	for i := range 3 {
		l = st.Cons(ctors[1], st.Int(int64(i)), l)
	}
	v, err := term.NewModel(st).Eval(st.Apply(size, l))
	require.NoError(t, err)
	require.Equal(t, "3", term.Sprint(v))
}
