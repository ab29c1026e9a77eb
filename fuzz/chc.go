package fuzz

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// CHCSystem draws small normalised CHC systems for property tests of
// preprocessing and engines: 1–3 predicates P0, P1, P2 of arity 0–3 over
// Int and sometimes Bool arguments, 2–6 clauses among facts, linear and
// nonlinear rules and queries (the first clause is a fact, the last a
// query), with constraints made of a few linear literals over small
// constants, sometimes a clause-local Int variable defined by an
// equality, sometimes (in rules) body arguments defined as head arguments
// plus a constant, the shape that inlining eliminates. Every Int variable of a clause is bounded to [lo, hi] by its
// clause's own constraint, so BruteCHC over [lo, hi] decides the system
// exactly. A clause has at most 7 variables, which keeps BruteCHC fast
// for a domain of 3 values.
func CHCSystem(st *term.Store, lo, hi int) *rapid.Generator[*chc.System] {
	return rapid.Custom(func(t *rapid.T) *chc.System {
		g := &chcGen{t: t, st: st, lo: int64(lo), hi: int64(hi), bounded: true}
		return g.system()
	})
}

// CHCSystemUnbounded draws systems of the shapes of CHCSystem, with
// constants in [-1, 3] (halves of them for Real), without the bounds on
// the variables and with some Real arguments: for engines and bounded
// model checking, since brute force cannot decide them.
func CHCSystemUnbounded(st *term.Store) *rapid.Generator[*chc.System] {
	return rapid.Custom(func(t *rapid.T) *chc.System {
		g := &chcGen{t: t, st: st, lo: 0, hi: 2, reals: true}
		return g.system()
	})
}

// CHCSystemLinear draws systems of the shapes of CHCSystem (bounded to
// [lo, hi] when bounded, else as CHCSystemUnbounded) that are transition
// systems: every clause has at most one body atom, every query exactly
// one. For engines that need chc.System.TransitionSystem.
func CHCSystemLinear(st *term.Store, lo, hi int, bounded bool) *rapid.Generator[*chc.System] {
	return rapid.Custom(func(t *rapid.T) *chc.System {
		g := &chcGen{t: t, st: st, lo: int64(lo), hi: int64(hi), bounded: bounded, reals: !bounded, linear: true}
		return g.system()
	})
}

type chcGen struct {
	t       *rapid.T
	st      *term.Store
	lo, hi  int64
	bounded bool
	reals   bool // some arguments are Real
	linear  bool // at most one body atom, exactly one in a query
	s       *chc.System
}

const chcMaxVars = 7

func (g *chcGen) draw(label string, lo, hi int) int {
	return rapid.IntRange(lo, hi).Draw(g.t, label)
}

func (g *chcGen) system() *chc.System {
	st := g.st
	g.s = &chc.System{St: st}
	np := g.draw("preds", 1, 3)
	for i := range np {
		ar := g.draw("arity", 0, 3)
		dom := make([]*term.Sort, ar)
		for j := range dom {
			dom[j] = term.IntSort
			switch g.draw("arg sort", 0, 4) {
			case 4:
				dom[j] = term.BoolSort
			case 3:
				if g.reals {
					dom[j] = term.RealSort
				}
			}
		}
		g.s.NewPred(st.Func(fmt.Sprintf("P%d", i), dom, term.BoolSort))
	}
	for i, kind := range clauseKinds(g.t, 2, 6) {
		if g.linear && kind == 2 {
			kind = 1
		}
		g.s.Clauses = append(g.s.Clauses, g.clause(kind, i))
	}
	return g.s
}

// clauseKinds draws the kinds of lo to hi clauses: 0 a fact, 1 a linear
// rule, 2 a nonlinear rule, 3 a query; the first is a fact, the last a
// query.
func clauseKinds(t *rapid.T, lo, hi int) []int {
	kinds := make([]int, rapid.IntRange(lo, hi).Draw(t, "clauses"))
	for i := range kinds {
		kinds[i] = rapid.IntRange(0, 3).Draw(t, "clause kind")
		switch i {
		case 0:
			kinds[i] = 0
		case len(kinds) - 1:
			kinds[i] = 3
		}
	}
	return kinds
}

func (g *chcGen) pred(label string) *chc.Pred {
	return g.s.Preds[g.draw(label, 0, len(g.s.Preds)-1)]
}

func (g *chcGen) clause(kind, i int) *chc.Clause {
	st := g.st
	c := &chc.Clause{Origin: fmt.Sprintf("generated clause %d", i)}
	nvars := 0
	atom := func(p *chc.Pred) chc.Atom {
		a := chc.Atom{Pred: p}
		for _, x := range p.Params {
			v := st.Fresh("v", x.Sort())
			a.Args = append(a.Args, v)
			c.Vars = append(c.Vars, v)
		}
		nvars += p.Arity()
		return a
	}
	if kind != 3 {
		h := atom(g.pred("head"))
		c.Head = &h
	}
	nbody := kind
	if kind == 3 {
		nbody = 1
		if !g.linear {
			nbody = g.draw("query body", 0, 2)
		}
	}
	for range nbody {
		p := g.pred("body")
		if nvars+p.Arity() > chcMaxVars {
			continue
		}
		c.Body = append(c.Body, atom(p))
	}
	var ints, reals, bools []*term.Term
	for _, v := range c.Vars {
		switch {
		case v.Sort().IsInt():
			ints = append(ints, v)
		case v.Sort().IsReal():
			reals = append(reals, v)
		default:
			bools = append(bools, v)
		}
	}
	var parts []*term.Term
	if c.Head != nil && len(c.Body) > 0 && g.draw("link", 0, 1) == 1 {
		// body arguments as functions of head arguments, as in a
		// transition: the shape that inlining can eliminate
		var hints, hreals, hbools []*term.Term
		for _, x := range c.Head.Args {
			switch {
			case x.Sort().IsInt():
				hints = append(hints, x)
			case x.Sort().IsReal():
				hreals = append(hreals, x)
			default:
				hbools = append(hbools, x)
			}
		}
		for j := range c.Body {
			for _, y := range c.Body[j].Args {
				switch {
				case y.Sort().IsInt() && len(hints) > 0:
					parts = append(parts, st.Eq(y, st.Add(g.intVar(hints), g.offset(term.IntSort))))
				case y.Sort().IsReal() && len(hreals) > 0:
					parts = append(parts, st.Eq(y, st.Add(g.intVar(hreals), g.offset(term.RealSort))))
				case y.Sort().IsBool() && len(hbools) > 0:
					parts = append(parts, st.Eq(y, hbools[g.draw("bool var", 0, len(hbools)-1)]))
				}
			}
		}
	}
	if nvars < chcMaxVars && len(ints) > 0 && g.draw("local", 0, 2) == 2 {
		// a local defined by an equality
		z := st.Fresh("z", term.IntSort)
		c.Vars = append(c.Vars, z)
		parts = append(parts, st.Eq(z, st.Add(g.intVar(ints), g.offset(term.IntSort))))
		ints = append(ints, z)
	}
	for range g.draw("literals", 0, 3) {
		nums := ints
		if len(reals) > 0 && (len(ints) == 0 || g.draw("real literal", 0, 1) == 1) {
			nums = reals
		}
		parts = append(parts, g.literal(nums, bools))
	}
	for _, x := range ints {
		if g.bounded {
			parts = append(parts, st.Le(st.Int(g.lo), x), st.Le(x, st.Int(g.hi)))
		}
	}
	c.Constraint = mkAnd(st, parts)
	return c
}

func (g *chcGen) intVar(ints []*term.Term) *term.Term {
	return ints[g.draw("int var", 0, len(ints)-1)]
}

// small is a constant of sort s in [lo-1, hi+1], a half-integer for Real.
func (g *chcGen) small(s *term.Sort) *term.Term {
	c := int64(g.draw("constant", int(g.lo)-1, int(g.hi)+1))
	if s.IsReal() {
		return g.st.Real(num.NewRat(2*c+int64(g.draw("half", 0, 1)), 2))
	}
	return g.st.Int(c)
}

// offset is -1, 0 or 1 of sort s, or ±1/2 for Real.
func (g *chcGen) offset(s *term.Sort) *term.Term {
	c := int64(g.draw("offset", -1, 1))
	if s.IsReal() {
		return g.st.Real(num.NewRat(c, 1+int64(g.draw("half", 0, 1))))
	}
	return g.st.Int(c)
}

// literal draws one literal over the clause's numeric variables ints (all
// of one sort) and Boolean variables.
func (g *chcGen) literal(ints, bools []*term.Term) *term.Term {
	st := g.st
	k := g.draw("literal kind", 0, 6)
	if len(ints) == 0 {
		if len(bools) == 0 {
			return st.Bool(g.draw("bool", 0, 3) > 0)
		}
		k = 7
	}
	var srt *term.Sort
	if len(ints) > 0 {
		srt = ints[0].Sort()
	}
	switch k {
	case 0: // x = c
		return st.Eq(g.intVar(ints), g.small(srt))
	case 1: // x = y + c
		return st.Eq(g.intVar(ints), st.Add(g.intVar(ints), g.offset(srt)))
	case 2: // x <= y + c
		return st.Le(g.intVar(ints), st.Add(g.intVar(ints), g.offset(srt)))
	case 3: // x + y <= c
		return st.Le(st.Add(g.intVar(ints), g.intVar(ints)), g.small(srt))
	case 4: // x != y
		return st.Not(st.Eq(g.intVar(ints), g.intVar(ints)))
	case 5: // x >= c
		return st.Ge(g.intVar(ints), g.small(srt))
	case 6: // b = (x <= y) or x < c
		if len(bools) > 0 {
			return st.Eq(bools[g.draw("bool var", 0, len(bools)-1)], st.Le(g.intVar(ints), g.intVar(ints)))
		}
		return st.Lt(g.intVar(ints), g.small(srt))
	}
	b := bools[g.draw("bool var", 0, len(bools)-1)]
	if g.draw("negate", 0, 1) == 1 {
		return st.Not(b)
	}
	return b
}
