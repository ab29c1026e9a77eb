package fuzz

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// chcBVWidth is the width of the bit-vectors of CHCSystemBitVec: eight
// values, so that BruteCHC enumerates every one.
const chcBVWidth = 3

// chcListDepth is the depth of the datatype values BruteCHC enumerates
// (DatatypeValues): lists of at most two elements.
const chcListDepth = 2

// CHCSystemBitVec draws small systems over 3-bit vectors and Bool in the
// shapes of CHCSystem (1–3 predicates, facts, linear and nonlinear rules,
// queries), with literals of the bit-vector operators (arithmetic modulo
// 8, bitwise, shifts, division with SMT-LIB's division by zero, unsigned
// and signed comparisons). Bit-vectors are finite: BruteCHC decides every
// such system exactly by enumerating all eight values of each variable.
func CHCSystemBitVec(st *term.Store) *rapid.Generator[*chc.System] {
	return rapid.Custom(func(t *rapid.T) *chc.System {
		g := &theoryGen{chcGen: chcGen{t: t, st: st, lo: 0, hi: 2, bounded: true}}
		g.main = st.BitVecSort(chcBVWidth)
		g.lit = g.bvLiteral
		g.link = g.bvLink
		return g.system()
	})
}

// CHCSystemLists draws small systems over the list datatype of NewLists
// (IntList: nil | cons(head Int, tail IntList)), Int and Bool: literals
// build and take apart lists (x = cons(i, y), testers, head and tail under
// their tester), compare them, and count with Int arguments. Every Int
// variable of a clause is bounded to [lo, hi] and every list variable to
// the lists of at most two elements in [lo, hi] by its clause's own
// constraint, so BruteCHC over [lo, hi] (or a wider range) decides the
// system exactly.
func CHCSystemLists(st *term.Store, lo, hi int) *rapid.Generator[*chc.System] {
	return rapid.Custom(func(t *rapid.T) *chc.System {
		g := &theoryGen{chcGen: chcGen{t: t, st: st, lo: int64(lo), hi: int64(hi), bounded: true}}
		g.lists = NewLists(st)
		g.main = g.lists.List
		ints := make([]*term.Term, 0, hi-lo+1)
		for v := lo; v <= hi; v++ {
			ints = append(ints, st.Int(int64(v)))
		}
		g.domain = DatatypeValues(st, g.main, ints, chcListDepth)
		g.lit = g.listLiteral
		g.link = g.listLink
		return g.system()
	})
}

// DatatypeValues are the values of the datatype sort s of constructor
// depth at most depth (a nullary constructor has depth 0, a constructor
// one more than its deepest datatype field), with Int fields from ints,
// Bool fields both values and bit-vector fields of width at most 4 every
// value; other field sorts give none. BruteCHC enumerates datatype
// variables over DatatypeValues(s, ints, 2).
func DatatypeValues(st *term.Store, s *term.Sort, ints []*term.Term, depth int) []*term.Term {
	var out []*term.Term
	for _, c := range s.Datatype().Constructors() {
		fields := make([][]*term.Term, c.Arity())
		ok := true
		for i := range fields {
			fs := c.Domain()[i]
			switch {
			case fs.IsDatatype():
				if depth > 0 {
					fields[i] = DatatypeValues(st, fs, ints, depth-1)
				}
			default:
				fields[i] = sortValues(st, fs, ints)
			}
			if len(fields[i]) == 0 {
				ok = false
			}
		}
		if !ok {
			continue
		}
		args := make([]*term.Term, len(fields))
		var each func(i int)
		each = func(i int) {
			if i == len(fields) {
				out = append(out, st.Cons(c, args...))
				return
			}
			for _, v := range fields[i] {
				args[i] = v
				each(i + 1)
			}
		}
		each(0)
	}
	return out
}

// sortValues are the values BruteCHC gives a variable of a sort that is
// not a datatype: ints for Int, both Booleans, every bit-vector of width
// at most 4; nil for any other sort.
func sortValues(st *term.Store, s *term.Sort, ints []*term.Term) []*term.Term {
	switch {
	case s.IsInt():
		return ints
	case s.IsBool():
		return []*term.Term{st.False(), st.True()}
	case s.IsBitVec() && s.Width() <= 4:
		vs := make([]*term.Term, 1<<s.Width())
		for v := range vs {
			vs[v] = st.BVInt(int64(v), s.Width())
		}
		return vs
	}
	return nil
}

// theoryGen draws systems whose predicates take arguments of one theory
// sort (main) besides Int and Bool: lit draws a literal over a clause's
// variables of main, link relates a body argument of main to a head
// argument of main.
type theoryGen struct {
	chcGen
	main   *term.Sort
	lists  *Lists
	domain []*term.Term // the values of main a clause bounds its variables to (lists)
	lit    func(xs, ints []*term.Term) *term.Term
	link   func(body, head *term.Term, ints []*term.Term) *term.Term
}

// chcTheoryMaxVars bounds the variables of a clause: at most 13^5 list
// assignments before BruteCHC prunes.
const chcTheoryMaxVars = 5

func (g *theoryGen) system() *chc.System {
	st := g.st
	g.s = &chc.System{St: st}
	np := g.draw("preds", 1, 3)
	for i := range np {
		ar := g.draw("arity", 0, 3)
		dom := make([]*term.Sort, ar)
		for j := range dom {
			switch g.draw("arg sort", 0, 5) {
			case 4:
				dom[j] = term.BoolSort
			case 5:
				dom[j] = term.IntSort
			default:
				dom[j] = g.main
			}
		}
		g.s.NewPred(st.Func(fmt.Sprintf("P%d", i), dom, term.BoolSort))
	}
	for i, kind := range clauseKinds(g.t, 2, 6) {
		g.s.Clauses = append(g.s.Clauses, g.clause(kind, i))
	}
	return g.s
}

func (g *theoryGen) clause(kind, i int) *chc.Clause {
	st := g.st
	c := &chc.Clause{Origin: fmt.Sprintf("generated clause %d", i)}
	atom := func(p *chc.Pred) chc.Atom {
		a := chc.Atom{Pred: p}
		for _, x := range p.Params {
			v := st.Fresh("v", x.Sort())
			a.Args = append(a.Args, v)
			c.Vars = append(c.Vars, v)
		}
		return a
	}
	if kind != 3 {
		h := atom(g.pred("head"))
		c.Head = &h
	}
	nbody := kind
	if kind == 3 {
		nbody = g.draw("query body", 0, 2)
	}
	for range nbody {
		p := g.pred("body")
		if len(c.Vars)+p.Arity() > chcTheoryMaxVars {
			continue
		}
		c.Body = append(c.Body, atom(p))
	}
	split := func(ts []*term.Term) (xs, ints, bools []*term.Term) {
		for _, v := range ts {
			switch {
			case v.Sort() == g.main:
				xs = append(xs, v)
			case v.Sort().IsInt():
				ints = append(ints, v)
			default:
				bools = append(bools, v)
			}
		}
		return
	}
	var parts []*term.Term
	if c.Head != nil && len(c.Body) > 0 && g.draw("link", 0, 1) == 1 {
		hxs, hints, _ := split(c.Head.Args)
		_, ints, _ := split(c.Vars)
		for j := range c.Body {
			for _, y := range c.Body[j].Args {
				switch {
				case y.Sort() == g.main && len(hxs) > 0:
					parts = append(parts, g.link(y, hxs[g.draw("head var", 0, len(hxs)-1)], ints))
				case y.Sort().IsInt() && len(hints) > 0:
					parts = append(parts, st.Eq(y, st.Add(g.intVar(hints), g.offset(term.IntSort))))
				}
			}
		}
	}
	if len(c.Vars) < chcTheoryMaxVars && g.draw("local", 0, 2) == 2 {
		// a clause-local variable of the theory sort
		c.Vars = append(c.Vars, st.Fresh("z", g.main))
	}
	xs, ints, bools := split(c.Vars)
	for range g.draw("literals", 0, 3) {
		if len(xs) > 0 && (len(ints) == 0 || g.draw("theory literal", 0, 2) > 0) {
			parts = append(parts, g.lit(xs, ints))
		} else {
			parts = append(parts, g.literal(ints, bools))
		}
	}
	for _, x := range ints {
		parts = append(parts, st.Le(st.Int(g.lo), x), st.Le(x, st.Int(g.hi)))
	}
	if g.domain != nil {
		for _, x := range xs {
			in := make([]*term.Term, len(g.domain))
			for k, v := range g.domain {
				in[k] = st.Eq(x, v)
			}
			parts = append(parts, st.Or(in...))
		}
	}
	c.Constraint = mkAnd(st, parts)
	return c
}

func (g *theoryGen) pick(xs []*term.Term, label string) *term.Term {
	return xs[g.draw(label, 0, len(xs)-1)]
}

// bvOperand is a variable of xs or a constant.
func (g *theoryGen) bvOperand(xs []*term.Term) *term.Term {
	if g.draw("bv constant", 0, 2) == 0 {
		return g.st.BVInt(int64(g.draw("bv value", 0, 1<<chcBVWidth-1)), chcBVWidth)
	}
	return g.pick(xs, "bv var")
}

var chcBVOps = []term.Op{term.OpBVAdd, term.OpBVSub, term.OpBVMul, term.OpBVAnd, term.OpBVOr, term.OpBVXor,
	term.OpBVShl, term.OpBVLshr, term.OpBVAshr, term.OpBVUdiv, term.OpBVUrem}

var chcBVCmps = []term.Op{term.OpBVUlt, term.OpBVUle, term.OpBVSlt, term.OpBVSle}

func (g *theoryGen) bvLiteral(xs, _ []*term.Term) *term.Term {
	st := g.st
	var l *term.Term
	switch g.draw("bv literal", 0, 3) {
	case 0: // x = c or x = y
		l = st.Eq(g.pick(xs, "bv var"), g.bvOperand(xs))
	case 1: // x = y op z
		op := chcBVOps[g.draw("bv op", 0, len(chcBVOps)-1)]
		l = st.Eq(g.pick(xs, "bv var"), st.Mk(op, g.bvOperand(xs), g.bvOperand(xs)))
	case 2: // x = bvnot y
		l = st.Eq(g.pick(xs, "bv var"), st.Mk(term.OpBVNot, g.bvOperand(xs)))
	default: // a comparison
		op := chcBVCmps[g.draw("bv cmp", 0, len(chcBVCmps)-1)]
		l = st.Mk(op, g.bvOperand(xs), g.bvOperand(xs))
	}
	if g.draw("negate", 0, 3) == 0 {
		l = st.Not(l)
	}
	return l
}

// bvLink: the body argument is the head argument plus or minus one, or
// shifted left, as in a loop over a machine integer.
func (g *theoryGen) bvLink(body, head *term.Term, _ []*term.Term) *term.Term {
	st := g.st
	one := st.BVInt(1, chcBVWidth)
	switch g.draw("bv link", 0, 2) {
	case 0:
		return st.Eq(body, st.Mk(term.OpBVAdd, head, one))
	case 1:
		return st.Eq(body, st.Mk(term.OpBVSub, head, one))
	}
	return st.Eq(body, st.Mk(term.OpBVShl, head, one))
}

// listElem is an Int variable of ints or a constant in [lo, hi].
func (g *theoryGen) listElem(ints []*term.Term) *term.Term {
	if len(ints) == 0 || g.draw("elem constant", 0, 1) == 0 {
		return g.st.Int(int64(g.draw("elem", int(g.lo), int(g.hi))))
	}
	return g.intVar(ints)
}

func (g *theoryGen) listLiteral(xs, ints []*term.Term) *term.Term {
	st, ls := g.st, g.lists
	x := g.pick(xs, "list var")
	var l *term.Term
	switch g.draw("list literal", 0, 5) {
	case 0: // x = nil
		l = st.Eq(x, st.Cons(ls.Nil))
	case 1: // x = cons(i, y)
		l = st.Eq(x, st.Cons(ls.Cons, g.listElem(ints), g.pick(xs, "list var")))
	case 2: // a tester
		tst := ls.Cons.Tester()
		if g.draw("tester", 0, 1) == 0 {
			tst = ls.Nil.Tester()
		}
		l = st.Apply(tst, x)
	case 3: // x = y
		l = st.Eq(x, g.pick(xs, "list var"))
	case 4: // head under its tester: is-cons x and i = head x (or i < head x)
		h := st.Apply(ls.Head, x)
		var rel *term.Term
		if len(ints) > 0 && g.draw("head eq", 0, 1) == 0 {
			rel = st.Eq(g.intVar(ints), h)
		} else {
			rel = st.Le(h, g.listElem(ints))
		}
		return st.And(st.Apply(ls.Cons.Tester(), x), rel)
	default: // tail under its tester
		return st.And(st.Apply(ls.Cons.Tester(), x), st.Eq(g.pick(xs, "list var"), st.Apply(ls.Tail, x)))
	}
	if g.draw("negate", 0, 3) == 0 {
		l = st.Not(l)
	}
	return l
}

// listLink: the body list is the head list with an element pushed, or
// the head list is the body list with an element pushed (a pop), or the
// two are equal.
func (g *theoryGen) listLink(body, head *term.Term, ints []*term.Term) *term.Term {
	st, ls := g.st, g.lists
	switch g.draw("list link", 0, 2) {
	case 0:
		return st.Eq(body, st.Cons(ls.Cons, g.listElem(ints), head))
	case 1:
		return st.Eq(head, st.Cons(ls.Cons, g.listElem(ints), body))
	}
	return st.Eq(body, head)
}
