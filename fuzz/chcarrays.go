package fuzz

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// CHCSystemArrays draws small normalised CHC systems over arrays, for
// property tests of engines (brute force cannot decide them): 1–2
// predicates whose arguments are one or two (Array Int Int) and zero to
// two Int; 2–5 clauses (the first a fact, the last a query), whose
// constraints relate head and body arrays by stores at Int variables or
// equality, and compare reads and Int variables with small constants.
func CHCSystemArrays(st *term.Store) *rapid.Generator[*chc.System] {
	return rapid.Custom(func(t *rapid.T) *chc.System {
		g := &arrGen{t: t, st: st, arr: st.ArraySort(term.IntSort, term.IntSort)}
		return g.system()
	})
}

type arrGen struct {
	t   *rapid.T
	st  *term.Store
	arr *term.Sort
	s   *chc.System
}

func (g *arrGen) draw(label string, lo, hi int) int {
	return rapid.IntRange(lo, hi).Draw(g.t, label)
}

func (g *arrGen) system() *chc.System {
	g.s = &chc.System{St: g.st}
	for i := range g.draw("preds", 1, 2) {
		var dom []*term.Sort
		for range g.draw("arrays", 1, 2) {
			dom = append(dom, g.arr)
		}
		for range g.draw("ints", 0, 2) {
			dom = append(dom, term.IntSort)
		}
		g.s.NewPred(g.st.Func(fmt.Sprintf("A%d", i), dom, term.BoolSort))
	}
	for i, kind := range clauseKinds(g.t, 2, 5) {
		g.s.Clauses = append(g.s.Clauses, g.clause(kind, i))
	}
	return g.s
}

func (g *arrGen) clause(kind, i int) *chc.Clause {
	st := g.st
	c := &chc.Clause{Origin: fmt.Sprintf("generated clause %d", i)}
	atom := func() chc.Atom {
		p := g.s.Preds[g.draw("pred", 0, len(g.s.Preds)-1)]
		a := chc.Atom{Pred: p}
		for _, x := range p.Params {
			v := st.Fresh("v", x.Sort())
			a.Args = append(a.Args, v)
			c.Vars = append(c.Vars, v)
		}
		return a
	}
	if kind != 3 {
		h := atom()
		c.Head = &h
	}
	nbody := kind
	if kind == 3 {
		nbody = g.draw("query body", 1, 2)
	}
	for range nbody {
		c.Body = append(c.Body, atom())
	}
	var arrays, ints []*term.Term
	for _, v := range c.Vars {
		if v.Sort() == g.arr {
			arrays = append(arrays, v)
		} else {
			ints = append(ints, v)
		}
	}
	if len(ints) == 0 || g.draw("local index", 0, 2) == 0 {
		z := st.Fresh("k", term.IntSort)
		c.Vars = append(c.Vars, z)
		ints = append(ints, z)
	}
	small := func() *term.Term { return st.Int(int64(g.draw("constant", -1, 3))) }
	pick := func(ts []*term.Term, label string) *term.Term { return ts[g.draw(label, 0, len(ts)-1)] }
	index := func() *term.Term {
		if g.draw("index kind", 0, 2) == 0 {
			return small()
		}
		return pick(ints, "index")
	}
	var parts []*term.Term
	if c.Head != nil {
		// head arrays from body arrays (a transition) or from a constant
		for _, a := range c.Head.Args {
			if a.Sort() != g.arr {
				continue
			}
			var bodyArrays []*term.Term
			for _, b := range c.Body {
				for _, x := range b.Args {
					if x.Sort() == g.arr {
						bodyArrays = append(bodyArrays, x)
					}
				}
			}
			switch {
			case len(bodyArrays) == 0 || g.draw("head array", 0, 3) == 0:
				parts = append(parts, st.Eq(a, st.ConstArrayOf(g.arr, small())))
			case g.draw("store", 0, 2) > 0:
				parts = append(parts, st.Eq(a, st.Store(pick(bodyArrays, "src"), index(), g.value(ints, small))))
			default:
				parts = append(parts, st.Eq(a, pick(bodyArrays, "src")))
			}
		}
	}
	for range g.draw("literals", 0, 3) {
		var lhs *term.Term
		if len(arrays) > 0 && g.draw("read", 0, 1) == 1 {
			lhs = st.Select(pick(arrays, "array"), index())
		} else {
			lhs = pick(ints, "int")
		}
		rhs := small()
		if g.draw("rhs var", 0, 2) == 0 {
			rhs = st.Add(pick(ints, "int"), small())
		}
		switch g.draw("cmp", 0, 3) {
		case 0:
			parts = append(parts, st.Eq(lhs, rhs))
		case 1:
			parts = append(parts, st.Le(lhs, rhs))
		case 2:
			parts = append(parts, st.Not(st.Eq(lhs, rhs)))
		default:
			parts = append(parts, st.Lt(rhs, lhs))
		}
	}
	c.Constraint = mkAnd(st, parts)
	return c
}

// value is a small constant or an Int variable plus one.
func (g *arrGen) value(ints []*term.Term, small func() *term.Term) *term.Term {
	if g.draw("value kind", 0, 1) == 0 {
		return small()
	}
	return g.st.Add(ints[g.draw("value var", 0, len(ints)-1)], g.st.Int(1))
}
