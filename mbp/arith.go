package mbp

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The arithmetic stage. Literals that mention projected Int or Real
// variables become constraints over linear forms (cons); LW eliminates the
// Real variables, then Cooper the Int ones; what is left goes back to the
// cube as literals.

// A kind is the relation of a constraint to zero.
type kind uint8

const (
	le  kind = iota // l <= 0
	lt              // l < 0
	eq              // l = 0
	dvd             // d | l
)

// A cons is an arithmetic constraint over a linear form. Int constraints
// (real false) have Int variables and integer coefficients and constant.
type cons struct {
	k    kind
	l    term.Linear
	d    num.Int // dvd: the modulus, >= 2
	real bool
}

// A csys is a set of constraints with occurrence lists of the projected
// variables.
type csys struct {
	cs    []cons
	alive []bool
	occ   map[*term.Term][]int
}

// projectArith eliminates the Int and Real variables.
func (r *run) projectArith() {
	// Reads over stores that mention a variable are resolved, which may
	// free the variable from array terms (ELIMWRRD).
	for i := 0; i < len(r.vars); i++ {
		if v := r.vars[i]; r.live(v) && !v.Sort().IsArray() {
			r.elimWrites(v, false)
		}
	}
	// A variable in a position neither method handles (under an array,
	// function or non-linear term, in is_int, ...) is eliminated by an
	// equality x = t of the cube if there is one, else by its model value.
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(r.vars); i++ {
			x := r.vars[i]
			if r.live(x) && x.Sort().IsArith() && !r.linearIn(x) {
				r.resolveArith(x)
				changed = true
			}
		}
	}
	r.checkCube("arithmetic purification")
	sys := &csys{occ: map[*term.Term][]int{}}
	for _, x := range r.vars {
		if r.live(x) && x.Sort().IsArith() {
			for _, l := range r.take(x) {
				r.addCons(sys, r.constraint(l))
			}
		}
	}
	for _, real := range []bool{true, false} {
		for i := 0; i < len(r.vars); i++ {
			x := r.vars[i]
			if !r.live(x) || !x.Sort().IsArith() || x.Sort().IsReal() != real {
				continue
			}
			ids := r.occurrences(sys, x)
			r.gone.Set(x, true)
			if real {
				r.lw(sys, x, ids)
			} else {
				r.cooper(sys, x, ids)
			}
			r.checkCons(sys, x)
		}
	}
	for i, c := range sys.cs {
		if sys.alive[i] {
			r.add(r.consTerm(c))
		}
	}
}

// arithAtom splits a literal into an arithmetic comparison or equality
// and its polarity; ok is false for other literals.
func arithAtom(l *term.Term) (atom *term.Term, pos, ok bool) {
	pos = true
	if l.Op() == term.OpNot {
		l, pos = l.Arg(0), false
	}
	switch l.Op() {
	case term.OpLe, term.OpLt, term.OpGe, term.OpGt:
		return l, pos, true
	case term.OpEq:
		return l, pos, l.NumArgs() == 2 && l.Arg(0).Sort().IsArith()
	}
	return nil, false, false
}

// diff is the form of a - b for the arithmetic atom (op a b).
func (r *run) diff(atom *term.Term) term.Linear {
	if l, ok := r.diffs[atom]; ok {
		return l
	}
	la, _ := r.st.Linearize(atom.Arg(0))
	var l term.Linear
	if b := atom.Arg(1); b.IsNum() {
		l = addConst(la, b.Num().Neg())
	} else {
		lb, _ := r.st.Linearize(b)
		l = combine(ratOne, la, ratMinusOne, lb)
	}
	r.diffs[atom] = l
	return l
}

// linearIn reports whether x occurs in the cube only as a variable of the
// linear forms of arithmetic literals.
func (r *run) linearIn(x *term.Term) bool {
	for _, k := range r.with(x) {
		atom, _, ok := arithAtom(r.cube.lits[k])
		if !ok || !r.isolated(r.diff(atom), x) {
			return false
		}
	}
	return true
}

// isolated reports whether x occurs in l only as one of its variables.
func (r *run) isolated(l term.Linear, x *term.Term) bool {
	for _, v := range l.Vars {
		if v != x && r.occurs(x, v) {
			return false
		}
	}
	return true
}

// resolveArith eliminates x, which a projection method cannot take, by
// an equality of the cube in which x occurs linearly with coefficient ±1
// (any coefficient for a Real x), else by its model value (FMCAD'15,
// Section IV-C.1).
func (r *run) resolveArith(x *term.Term) {
	for _, k := range r.with(x) {
		atom, pos, ok := arithAtom(r.cube.lits[k])
		if !ok || !pos || atom.Op() != term.OpEq {
			continue
		}
		l := r.diff(atom)
		c := l.Coeff(x)
		if c.IsZero() || !r.isolated(l, x) || x.Sort().IsInt() && !c.Abs().IsOne() {
			continue
		}
		// c*x + rest = 0: x = -rest/c
		e := scale(c.Inv().Neg(), substLin(l, x, term.Linear{}))
		if x.Sort().IsInt() && !allInt(e) {
			continue
		}
		r.substitute([]*term.Term{x}, []*term.Term{r.st.FromLinear(e, x.Sort())})
		return
	}
	r.byValue(x)
}

// constraint converts an arithmetic literal of the cube. A disequality
// becomes the strict inequality the model satisfies; an Int l < 0 becomes
// l + 1 <= 0.
func (r *run) constraint(lit *term.Term) cons {
	atom, pos, ok := arithAtom(lit)
	if !ok {
		panic(fmt.Sprintf("mbp: %v is not an arithmetic literal", lit))
	}
	l := r.diff(atom)
	neg := scale(ratMinusOne, l)
	c := cons{real: atom.Arg(0).Sort().IsReal()}
	switch op := atom.Op(); {
	case op == term.OpEq && pos:
		c.k, c.l = eq, l
	case op == term.OpEq:
		c.k, c.l = lt, l
		if r.linValue(l).Sign() > 0 {
			c.l = neg
		}
	case op == term.OpLe && pos, op == term.OpGt && !pos:
		c.k, c.l = le, l
	case op == term.OpLe, op == term.OpGt:
		c.k, c.l = lt, neg
	case op == term.OpLt && pos, op == term.OpGe && !pos:
		c.k, c.l = lt, l
	default: // (< a b) negated, (>= a b)
		c.k, c.l = le, neg
	}
	if !c.real && c.k == lt {
		c.k, c.l = le, addConst(c.l, ratOne)
	}
	return c
}

// addCons adds c after normalizing it; constraints without projected
// variables are added too (they go back to the cube at the end).
func (r *run) addCons(sys *csys, c cons) {
	c, trivial := r.normalize(c)
	if trivial {
		return
	}
	i := len(sys.cs)
	sys.cs = append(sys.cs, c)
	sys.alive = append(sys.alive, true)
	for _, v := range c.l.Vars {
		if r.live(v) {
			sys.occ[v] = append(sys.occ[v], i)
		}
	}
}

// occurrences removes the constraints in which x occurs and returns
// them, in order.
func (r *run) occurrences(sys *csys, x *term.Term) []cons {
	var out []cons
	for _, i := range sys.occ[x] {
		if sys.alive[i] {
			sys.alive[i] = false
			out = append(out, sys.cs[i])
		}
	}
	sys.occ[x] = nil
	return out
}

// normalize simplifies c: Int constraints are divided by the gcd of their
// coefficients (rounding the constant of an inequality), divisibility
// coefficients are reduced modulo d. trivial means c holds; a constraint
// without variables that fails is a broken invariant (it holds in the
// model).
func (r *run) normalize(c cons) (cons, bool) {
	if c.k == dvd {
		return r.normDvd(c)
	}
	if len(c.l.Vars) == 0 {
		s := c.l.Const.Sign()
		if c.k == le && s <= 0 || c.k == lt && s < 0 || c.k == eq && s == 0 {
			return c, true
		}
		panic(fmt.Sprintf("mbp: constraint %v %d false", c.l.Const, c.k))
	}
	if c.real {
		return c, false
	}
	g := num.Int{}
	for _, k := range c.l.Coeffs {
		g = g.Gcd(k.Num())
	}
	if g.IsOne() {
		return c, false
	}
	k := c.l.Const.Num()
	switch c.k {
	case eq:
		if !k.Mod(g).IsZero() {
			panic("mbp: Int equality without solutions")
		}
		c.l = scale(g.Rat().Inv(), c.l)
	case le: // L + k <= 0 iff L/g <= floor(-k/g)
		c.l = scale(g.Rat().Inv(), term.Linear{Vars: c.l.Vars, Coeffs: c.l.Coeffs})
		c.l.Const = k.Neg().Div(g).Neg().Rat()
	}
	return c, false
}

// normDvd reduces d | l: coefficients and constant modulo d, then divided
// by their gcd with d.
func (r *run) normDvd(c cons) (cons, bool) {
	d := c.d
	l := term.Linear{Const: c.l.Const.Num().Mod(d).Rat()}
	g := d.Gcd(l.Const.Num())
	for i, v := range c.l.Vars {
		k := c.l.Coeffs[i].Num().Mod(d)
		if !k.IsZero() {
			l.Vars = append(l.Vars, v)
			l.Coeffs = append(l.Coeffs, k.Rat())
			g = g.Gcd(k)
		}
	}
	if len(l.Vars) == 0 {
		if l.Const.IsZero() {
			return c, true
		}
		panic("mbp: divisibility constraint false")
	}
	if !g.IsOne() {
		d = d.Div(g)
		l = scale(g.Rat().Inv(), l)
	}
	if d.IsOne() {
		return c, true
	}
	c.l, c.d = l, d
	return c, false
}

// consTerm returns the literal of c. d | l prints as (= (mod t d) k) for
// l = t - k, 0 <= k < d.
func (r *run) consTerm(c cons) *term.Term {
	st := r.st
	s := term.IntSort
	if c.real {
		s = term.RealSort
	}
	if c.k == dvd {
		t := st.FromLinear(term.Linear{Vars: c.l.Vars, Coeffs: c.l.Coeffs}, term.IntSort)
		k := c.l.Const.Num().Neg().Mod(c.d)
		return st.Eq(st.Mod(t, st.IntNum(c.d)), st.IntNum(k))
	}
	t := st.FromLinear(c.l, s)
	zero := st.Num(num.Rat{}, s)
	switch c.k {
	case le:
		return st.Le(t, zero)
	case lt:
		return st.Lt(t, zero)
	}
	return st.Eq(t, zero)
}

// holdsCons reports whether c holds in the model.
func (r *run) holdsCons(c cons) bool {
	v := r.linValue(c.l)
	switch c.k {
	case le:
		return v.Sign() <= 0
	case lt:
		return v.Sign() < 0
	case eq:
		return v.IsZero()
	}
	return v.Num().Mod(c.d).IsZero()
}

// checkCons evaluates every constraint (debug).
func (r *run) checkCons(sys *csys, x *term.Term) {
	if !debug {
		return
	}
	for i, c := range sys.cs {
		if sys.alive[i] && !r.holdsCons(c) {
			panic(fmt.Sprintf("mbp: after eliminating %v, constraint %v is false in the model", x, r.consTerm(c)))
		}
		if sys.alive[i] && c.l.Coeff(x).Sign() != 0 {
			panic(fmt.Sprintf("mbp: %v left in %v", x, r.consTerm(c)))
		}
	}
}
