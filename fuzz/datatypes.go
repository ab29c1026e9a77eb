package fuzz

import (
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// Lists generates random formulas over a list datatype
// (IntList: nil | cons(head Int, tail IntList); z3 reserves List), three list constants x, y, z
// and two Int constants i, j; Satisfiable searches models among small
// values, an independent check of unsat answers.
type Lists struct {
	st         *term.Store
	List       *term.Sort
	Nil, Cons  *term.Func
	Head, Tail *term.Func
	Xs, Is     []*term.Term
}

// NewLists declares the datatype and the constants in st.
func NewLists(st *term.Store) *Lists {
	ls, err := st.DeclareDatatypes([]string{"IntList"})
	if err != nil {
		panic(err)
	}
	if err := st.DefineDatatypes(ls, [][]term.CtorSpec{{{Name: "nil"}, {Name: "cons", Fields: []term.FieldSpec{{Name: "head", Sort: term.IntSort}, {Name: "tail", Sort: ls[0]}}}}}); err != nil {
		panic(err)
	}
	g := &Lists{st: st, List: ls[0]}
	cs := ls[0].Datatype().Constructors()
	g.Nil, g.Cons = cs[0], cs[1]
	g.Head, g.Tail = g.Cons.Selectors()[0], g.Cons.Selectors()[1]
	for _, name := range []string{"x", "y", "z"} {
		g.Xs = append(g.Xs, st.Const(name, ls[0]))
	}
	g.Is = []*term.Term{st.Const("i", term.IntSort), st.Const("j", term.IntSort)}
	return g
}

func (g *Lists) listTerm(t *rapid.T, depth int) *term.Term {
	st := g.st
	k := rapid.IntRange(0, 5).Draw(t, "lk")
	if depth <= 0 {
		k = k % 2
	}
	switch k {
	case 0:
		return g.Xs[rapid.IntRange(0, len(g.Xs)-1).Draw(t, "x")]
	case 1, 2:
		if k == 1 {
			return st.Cons(g.Nil)
		}
		return g.Xs[rapid.IntRange(0, len(g.Xs)-1).Draw(t, "x")]
	case 3:
		return st.Cons(g.Cons, g.intTerm(t, depth-1), g.listTerm(t, depth-1))
	case 4:
		return st.Apply(g.Tail, g.listTerm(t, depth-1))
	}
	return st.Ite(g.atom(t, depth-1), g.listTerm(t, depth-1), g.listTerm(t, depth-1))
}

func (g *Lists) intTerm(t *rapid.T, depth int) *term.Term {
	st := g.st
	k := rapid.IntRange(0, 3).Draw(t, "ik")
	if depth <= 0 {
		k = k % 2
	}
	switch k {
	case 0:
		return g.Is[rapid.IntRange(0, len(g.Is)-1).Draw(t, "i")]
	case 1:
		return st.Int(int64(rapid.IntRange(-1, 2).Draw(t, "c")))
	case 2:
		return st.Apply(g.Head, g.listTerm(t, depth-1))
	}
	return st.Add(g.intTerm(t, depth-1), g.intTerm(t, depth-1))
}

func (g *Lists) atom(t *rapid.T, depth int) *term.Term {
	st := g.st
	var a *term.Term
	switch rapid.IntRange(0, 4).Draw(t, "ak") {
	case 0:
		a = st.Eq(g.listTerm(t, depth), g.listTerm(t, depth))
	case 1:
		a = st.Apply(g.Nil.Tester(), g.listTerm(t, depth))
	case 2:
		a = st.Apply(g.Cons.Tester(), g.listTerm(t, depth))
	case 3:
		a = st.Le(g.intTerm(t, depth), g.intTerm(t, depth))
	default:
		a = st.Eq(g.intTerm(t, depth), g.intTerm(t, depth))
	}
	if rapid.Bool().Draw(t, "neg") {
		a = st.Not(a)
	}
	return a
}

// Formula draws a conjunction of up to five literals and disjunctions.
func (g *Lists) Formula(t *rapid.T) *term.Term {
	n := rapid.IntRange(1, 5).Draw(t, "n")
	var cs []*term.Term
	for range n {
		a := g.atom(t, 2)
		if rapid.IntRange(0, 3).Draw(t, "or") == 0 {
			a = g.st.Or(a, g.atom(t, 2))
		}
		cs = append(cs, a)
	}
	return g.st.And(cs...)
}

// SmallLists are the lists of length at most 2 over heads -1..1.
func (g *Lists) SmallLists() []*term.Term {
	st := g.st
	ls := []*term.Term{st.Cons(g.Nil)}
	for _, l := range ls[:1] {
		for h := -1; h <= 1; h++ {
			ls = append(ls, st.Cons(g.Cons, st.Int(int64(h)), l))
		}
	}
	for _, l := range ls[1:4] {
		for h := -1; h <= 1; h++ {
			ls = append(ls, st.Cons(g.Cons, st.Int(int64(h)), l))
		}
	}
	return ls
}

// Satisfiable searches a model of f among small values (with the
// default interpretation of selectors of the wrong constructor).
func (g *Lists) Satisfiable(f *term.Term) (*term.Model, bool) {
	ls := g.SmallLists()
	m := term.NewModel(g.st)
	for _, a := range ls {
		for _, b := range ls {
			for _, c := range ls {
				for i := -2; i <= 2; i++ {
					for j := -2; j <= 2; j++ {
						m.Set(g.Xs[0], a)
						m.Set(g.Xs[1], b)
						m.Set(g.Xs[2], c)
						m.Set(g.Is[0], g.st.Int(int64(i)))
						m.Set(g.Is[1], g.st.Int(int64(j)))
						if ok, err := m.EvalBool(f); err == nil && ok {
							return m, true
						}
					}
				}
			}
		}
	}
	return nil, false
}

// Consts are x, y, z, i and j.
func (g *Lists) Consts() []*term.Term { return append(append([]*term.Term(nil), g.Xs...), g.Is...) }

// Int is the numeral v.
func (g *Lists) Int(v int) *term.Term { return g.st.Int(int64(v)) }
