package fuzz

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Linear forms and constraints of the oracles (qe.go, fm.go, cooper.go).
// They are computed here rather than with term.Linearize and
// term.Simplify, which the solver uses, so that the oracles share no
// arithmetic normalization with the paths they check.

// lin is the linear form Σ cs[i]·vs[i] + k. The atoms vs are sorted by ID
// and distinct, the coefficients nonzero. An atom is a constant or any
// other term that is not linear arithmetic; an Int atom in a form with
// Real atoms stands for its to_real.
type lin struct {
	vs []*term.Term
	cs []num.Rat
	k  num.Rat
}

var (
	ratOne      = num.NewRat(1, 1)
	ratMinusOne = num.NewRat(-1, 1)
	intOne      = num.NewInt(1)
)

func constLin(k num.Rat) lin { return lin{k: k} }

func atomLin(x *term.Term) lin { return lin{vs: []*term.Term{x}, cs: []num.Rat{ratOne}} }

// coeff is the coefficient of x in l (0 if absent).
func (l lin) coeff(x *term.Term) num.Rat {
	if i, ok := slices.BinarySearchFunc(l.vs, x, term.CompareID); ok {
		return l.cs[i]
	}
	return num.Rat{}
}

// combine returns ka·a + kb·b.
func combine(ka num.Rat, a lin, kb num.Rat, b lin) lin {
	r := lin{k: a.k.Mul(ka).Add(b.k.Mul(kb))}
	i, j := 0, 0
	push := func(v *term.Term, c num.Rat) {
		if !c.IsZero() {
			r.vs = append(r.vs, v)
			r.cs = append(r.cs, c)
		}
	}
	for i < len(a.vs) || j < len(b.vs) {
		switch {
		case j == len(b.vs) || i < len(a.vs) && a.vs[i].ID() < b.vs[j].ID():
			push(a.vs[i], a.cs[i].Mul(ka))
			i++
		case i == len(a.vs) || b.vs[j].ID() < a.vs[i].ID():
			push(b.vs[j], b.cs[j].Mul(kb))
			j++
		default:
			push(a.vs[i], a.cs[i].Mul(ka).Add(b.cs[j].Mul(kb)))
			i++
			j++
		}
	}
	return r
}

func (l lin) scale(k num.Rat) lin { return combine(k, l, num.Rat{}, lin{}) }

func (l lin) add(b lin) lin { return combine(ratOne, l, ratOne, b) }

// without is l without its x term.
func (l lin) without(x *term.Term) lin {
	c := l.coeff(x)
	if c.IsZero() {
		return l
	}
	return combine(ratOne, l, c.Neg(), atomLin(x))
}

// subst replaces x by the form by.
func (l lin) subst(x *term.Term, by lin) lin {
	c := l.coeff(x)
	if c.IsZero() {
		return l
	}
	return combine(ratOne, l.without(x), c, by)
}

// allInt reports whether every atom of l is Int-sorted.
func (l lin) allInt() bool {
	for _, v := range l.vs {
		if !v.Sort().IsInt() {
			return false
		}
	}
	return true
}

func (l lin) String() string {
	var b strings.Builder
	for i, v := range l.vs {
		fmt.Fprintf(&b, "%v·%v + ", l.cs[i], v)
	}
	b.WriteString(l.k.String())
	return b.String()
}

// ---- Constraints ----

type kind uint8

const (
	kLe  kind = iota // e <= 0
	kLt              // e < 0
	kEq              // e = 0
	kNe              // e != 0
	kDvd             // d divides e
)

var kindNames = [...]string{"<= 0", "< 0", "= 0", "!= 0", "dvd"}

// cons is a normalized constraint (see norm).
type cons struct {
	kind  kind
	e     lin
	d     num.Int // kDvd: the modulus, > 1
	isInt bool    // every atom is Int: coefficients are coprime integers
}

func (c cons) String() string {
	if c.kind == kDvd {
		return fmt.Sprintf("%v | %v", c.d, c.e)
	}
	return fmt.Sprintf("%v %s", c.e, kindNames[c.kind])
}

// key identifies a normalized constraint, for removing duplicates.
func (c cons) key() string {
	b := make([]byte, 0, 64)
	b = append(b, byte('0'+c.kind), ' ')
	b = append(b, c.d.String()...)
	b = append(b, ' ')
	b = append(b, c.e.k.String()...)
	for i, v := range c.e.vs {
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(v.ID()), 10)
		b = append(b, ':')
		b = append(b, c.e.cs[i].String()...)
	}
	return string(b)
}

type truth int8

const (
	tvFalse truth = iota - 1
	tvOpen
	tvTrue
)

func tv(b bool) truth {
	if b {
		return tvTrue
	}
	return tvFalse
}

// norm normalizes the constraint (kind, e, d), or decides it when it has
// no atoms:
//
//   - over Int atoms only, the coefficients become coprime integers and
//     the bound is tightened (x < 3 is x - 2 <= 0, 2x <= 5 is x - 2 <= 0,
//     2x = 5 is false); strict constraints disappear; a divisibility
//     constraint reduces its coefficients modulo d.
//   - otherwise the first coefficient is scaled to 1 in absolute value
//     (to 1 for = and !=).
func norm(k kind, e lin, d num.Int) (cons, truth) {
	if len(e.vs) == 0 {
		return cons{}, decide(k, e.k, d)
	}
	if !e.allInt() {
		if k == kDvd {
			panic("fuzz: divisibility constraint over Real atoms")
		}
		a := e.cs[0].Abs()
		if k == kEq || k == kNe {
			a = e.cs[0]
		}
		return cons{kind: k, e: e.scale(a.Inv())}, tvOpen
	}
	// integer coefficients
	s := intOne
	for _, c := range e.cs {
		s = s.Lcm(c.Den())
	}
	if k == kDvd {
		if !s.IsOne() || !e.k.IsInt() {
			panic("fuzz: divisibility constraint with fractional coefficients")
		}
		return normDvd(e, d)
	}
	e = e.scale(s.Rat())
	g := num.Int{}
	for _, c := range e.cs {
		g = g.Gcd(c.Num())
	}
	vars := lin{vs: e.vs, cs: e.cs}.scale(g.Rat().Inv())
	switch k {
	case kLe, kLt:
		// Σ a·v + k <= 0 iff Σ a·v <= floor(-k); < 0 iff <= ceil(-k) - 1
		var b num.Int
		if k == kLe {
			b = e.k.Neg().Floor()
		} else {
			b = e.k.Neg().Ceil().Sub(intOne)
		}
		b = b.Div(g) // floor, g > 0
		vars.k = b.Rat().Neg()
		return cons{kind: kLe, e: vars, isInt: true}, tvOpen
	default: // kEq, kNe
		if !e.k.IsInt() || !e.k.Num().Mod(g).IsZero() {
			return cons{}, tv(k == kNe)
		}
		vars.k = e.k.Quo(g.Rat())
		if vars.cs[0].Sign() < 0 {
			vars = vars.scale(ratMinusOne)
		}
		return cons{kind: k, e: vars, isInt: true}, tvOpen
	}
}

// normDvd normalizes d | e for an integer form e.
func normDvd(e lin, d num.Int) (cons, truth) {
	d = d.Abs()
	if d.IsZero() {
		panic("fuzz: divisibility by 0")
	}
	r := lin{k: e.k.Num().Mod(d).Rat()}
	g := d.Gcd(r.k.Num())
	for i, v := range e.vs {
		c := e.cs[i].Num().Mod(d)
		if !c.IsZero() {
			r.vs = append(r.vs, v)
			r.cs = append(r.cs, c.Rat())
			g = g.Gcd(c)
		}
	}
	if len(r.vs) == 0 {
		return cons{}, tv(r.k.IsZero())
	}
	if !g.IsOne() {
		d = d.Div(g)
		r = r.scale(g.Rat().Inv())
	}
	if d.IsOne() {
		return cons{}, tvTrue
	}
	return cons{kind: kDvd, e: r, d: d, isInt: true}, tvOpen
}

// decide evaluates a constraint without atoms.
func decide(k kind, c num.Rat, d num.Int) truth {
	switch k {
	case kLe:
		return tv(c.Sign() <= 0)
	case kLt:
		return tv(c.Sign() < 0)
	case kEq:
		return tv(c.IsZero())
	case kNe:
		return tv(!c.IsZero())
	}
	return tv(c.IsInt() && c.Num().Mod(d.Abs()).IsZero())
}

// ---- Terms to forms and back ----

// linOf returns the linear form of the arithmetic term t over its atoms:
// + - * / to_real and numerals are linear arithmetic; a product of two
// non-numerals and a division by a non-numeral or by zero are atoms, like
// every other term.
func linOf(t *term.Term, memo map[*term.Term]lin) lin {
	if l, ok := memo[t]; ok {
		return l
	}
	var l lin
	switch t.Op() {
	case term.OpNum:
		l = constLin(t.Num())
	case term.OpToReal:
		l = linOf(t.Arg(0), memo)
	case term.OpAdd:
		for _, a := range t.Args() {
			l = l.add(linOf(a, memo))
		}
	case term.OpSub:
		l = linOf(t.Arg(0), memo)
		for _, a := range t.Args()[1:] {
			l = combine(ratOne, l, ratMinusOne, linOf(a, memo))
		}
	case term.OpNeg:
		l = linOf(t.Arg(0), memo).scale(ratMinusOne)
	case term.OpMul:
		l = constLin(ratOne)
		for _, a := range t.Args() {
			la := linOf(a, memo)
			switch {
			case len(la.vs) == 0:
				l = l.scale(la.k)
			case len(l.vs) == 0:
				l = la.scale(l.k)
			default:
				l = atomLin(t) // non-linear
				memo[t] = l
				return l
			}
		}
	case term.OpDiv:
		if ld := linOf(t.Arg(1), memo); len(ld.vs) == 0 && !ld.k.IsZero() {
			l = linOf(t.Arg(0), memo).scale(ld.k.Inv())
		} else {
			l = atomLin(t)
		}
	default:
		l = atomLin(t)
	}
	memo[t] = l
	return l
}

// termOf builds the term Σ cs[i]·vs[i] of sort s (Int or Real), without
// the constant, and the constant as a numeral of s.
func termOf(st *term.Store, l lin, s *term.Sort) (*term.Term, *term.Term) {
	var ms []*term.Term
	for i, v := range l.vs {
		if s.IsReal() && v.Sort().IsInt() {
			v = st.ToReal(v)
		}
		if !l.cs[i].IsOne() {
			v = st.Mul(st.Num(l.cs[i], s), v)
		}
		ms = append(ms, v)
	}
	var sum *term.Term
	switch len(ms) {
	case 0:
		sum = st.Num(num.Rat{}, s)
	case 1:
		sum = ms[0]
	default:
		sum = st.Add(ms...)
	}
	return sum, st.Num(l.k.Neg(), s)
}

// formula returns the constraint as a term: (<= L c), (< L c), (= L c),
// (not (= L c)) or (= (mod L' d) 0) with L' = L - c.
func (c cons) formula(st *term.Store) *term.Term {
	s := term.RealSort
	if c.isInt {
		s = term.IntSort
	}
	lhs, rhs := termOf(st, c.e, s)
	switch c.kind {
	case kLe:
		return st.Le(lhs, rhs)
	case kLt:
		return st.Lt(lhs, rhs)
	case kEq:
		return st.Eq(lhs, rhs)
	case kNe:
		return st.Not(st.Eq(lhs, rhs))
	}
	if !c.e.k.IsZero() {
		lhs = st.Add(lhs, st.Num(c.e.k, s))
	}
	return st.Eq(st.Mod(lhs, st.IntNum(c.d)), st.Int(0))
}
