package term

import (
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
)

// A Linear is the linear form Coeffs[0]*Vars[0] + ... + Const. Vars are
// sorted by ID and distinct, Coeffs are nonzero. A variable is any term
// whose operator is not linear arithmetic: a constant, select,
// application, ite, div, mod, abs, to_int, a product of two or more
// non-constant factors, or a division by a non-constant. In a Real form an
// Int-sorted variable x stands for (to_real x).
type Linear struct {
	Vars   []*Term
	Coeffs []num.Rat
	Const  num.Rat
}

// IsConst reports whether l has no variables.
func (l Linear) IsConst() bool { return len(l.Vars) == 0 }

// Coeff returns the coefficient of x in l (0 if x does not occur).
func (l Linear) Coeff(x *Term) num.Rat {
	if i, ok := slices.BinarySearchFunc(l.Vars, x, CompareID); ok {
		return l.Coeffs[i]
	}
	return num.Rat{}
}

// Linearize returns the linear form of the arithmetic term t over its
// maximal non-linear-arithmetic subterms (see Linear), which it does not
// look into or simplify. Products are expanded when at most one factor is
// non-constant; a product of several non-constant factors becomes one
// variable, the product of those factors sorted by ID. ok is false when t
// is not of sort Int or Real, or when a variable is a non-linear product or
// a division by a non-numeral or by zero (the form is still returned in
// that case); div, mod, abs and to_int terms are variables with ok true.
// Linearize is linear in the DAG size of t times the size of the forms;
// the store keeps the forms it computed (up to linMemoSize of them), so
// that a term met again, or a term sharing subterms with one met before,
// costs what is new in it. The slices of the form returned are shared
// with that memo: read them, do not write into them.
func (st *Store) Linearize(t *Term) (Linear, bool) {
	if !t.sort.IsArith() {
		return Linear{}, false
	}
	if st.linMemo == nil {
		st.linMemo = new(TermMap[*Linear])
	}
	if st.linMemo.Len() > linMemoSize {
		st.linMemo.Clear()
	}
	lz := linearizer{st: st, memo: st.linMemo}
	l := *lz.lin(t)
	l.Vars, l.Coeffs = slices.Clip(l.Vars), slices.Clip(l.Coeffs)
	for _, v := range l.Vars {
		if v.op == OpMul || v.op == OpDiv {
			return l, false
		}
	}
	return l, true
}

// FromLinear builds the term of sort s (Int or Real) for l, in the shape
// Simplify produces:
//
//	(+ m1 ... mk c)   mi = x or (* a x), vars by increasing ID, c omitted if 0
//
// a single monomial or a numeral stands alone. In a Real term an Int
// variable x appears as (to_real x). l need not be normalized (sorted,
// merged, without zero coefficients): FromLinear normalizes a copy. For
// s = Int, the coefficients and constant must be integers and the
// variables Int.
func (st *Store) FromLinear(l Linear, s *Sort) *Term {
	if len(l.Vars) != len(l.Coeffs) {
		panic("term: FromLinear with mismatched Vars and Coeffs")
	}
	if !isNormal(l) {
		var acc []linItem
		for i, v := range l.Vars {
			acc = append(acc, linItem{v, l.Coeffs[i]})
		}
		l = normalize(acc, l.Const)
	}
	return st.fromLinear(l, s)
}

func isNormal(l Linear) bool {
	for i, v := range l.Vars {
		if l.Coeffs[i].IsZero() || i > 0 && l.Vars[i-1].id >= v.id {
			return false
		}
	}
	return true
}

func (st *Store) fromLinear(l Linear, s *Sort) *Term {
	if s.IsInt() {
		if !l.Const.IsInt() {
			panic(fmt.Sprintf("term: FromLinear: Int form with constant %v", l.Const))
		}
	} else if !s.IsReal() {
		panic("term: FromLinear of sort " + s.String())
	}
	n := len(l.Vars)
	if n == 0 {
		return st.Num(l.Const, s)
	}
	ts := make([]*Term, 0, n+1)
	for i, x := range l.Vars {
		c := l.Coeffs[i]
		switch {
		case x.sort == s:
		case x.sort.IsInt() && s.IsReal():
			x = st.intern(OpToReal, RealSort, []*Term{x}, nil, num.Rat{})
		default:
			panic(fmt.Sprintf("term: FromLinear: variable %v of sort %v in a form of sort %v", x, x.sort, s))
		}
		if !c.IsOne() {
			if s.IsInt() && !c.IsInt() {
				panic(fmt.Sprintf("term: FromLinear: Int form with coefficient %v", c))
			}
			x = st.intern(OpMul, s, []*Term{st.Num(c, s), x}, nil, num.Rat{})
		}
		ts = append(ts, x)
	}
	if !l.Const.IsZero() {
		ts = append(ts, st.Num(l.Const, s))
	}
	if len(ts) == 1 {
		return ts[0]
	}
	return st.intern(OpAdd, s, ts, nil, num.Rat{})
}

// ---- Linearizer ----

type linItem struct {
	v *Term
	c num.Rat
}

// normalize sorts acc by variable, merges and drops zero coefficients.
func normalize(acc []linItem, k num.Rat) Linear {
	slices.SortFunc(acc, func(a, b linItem) int { return CompareID(a.v, b.v) })
	l := Linear{Const: k}
	for i := 0; i < len(acc); {
		v, c := acc[i].v, acc[i].c
		j := i + 1
		for ; j < len(acc) && acc[j].v == v; j++ {
			c = c.Add(acc[j].c)
		}
		if !c.IsZero() {
			l.Vars = append(l.Vars, v)
			l.Coeffs = append(l.Coeffs, c)
		}
		i = j
	}
	return l
}

func isLinOp(op Op) bool {
	switch op {
	case OpNum, OpAdd, OpSub, OpNeg, OpMul, OpDiv, OpToReal:
		return true
	}
	return false
}

var ratOne = num.NewRat(1, 1)

// A linearizer computes linear forms with a memo shared by its calls.
type linearizer struct {
	st   *Store
	memo *TermMap[*Linear]
	acc  []linItem // scratch
}

// linMemoSize bounds the forms a store keeps for Linearize; past it the
// memo starts over.
const linMemoSize = 1 << 16

func newLinearizer(st *Store) *linearizer {
	return &linearizer{st: st, memo: linTables.get()}
}

// release returns the memo to its pool; lz is unusable after.
func (lz *linearizer) release() {
	linTables.put(lz.memo)
	lz.memo = nil
}

func (lz *linearizer) lin(t *Term) *Linear {
	if l := lz.memo.Get(t); l != nil {
		return l
	}
	if !isLinOp(t.op) {
		l := &Linear{Vars: []*Term{t}, Coeffs: []num.Rat{ratOne}}
		lz.memo.Set(t, l)
		return l
	}
	_ = walkPost(t,
		func(u *Term) bool { return !isLinOp(u.op) || lz.memo.Has(u) },
		nil,
		func(u *Term) error {
			l := lz.node(u.op, u.sort, u.args, u)
			lz.memo.Set(u, &l)
			return nil
		})
	return lz.memo.Get(t)
}

// node computes the form of op over args, whose forms lz.lin gives. u is
// the term itself if it exists (for numerals), else nil.
func (lz *linearizer) node(op Op, s *Sort, args []*Term, u *Term) Linear {
	switch op {
	case OpNum:
		return Linear{Const: u.Num()}
	case OpToReal:
		return *lz.lin(args[0])
	case OpAdd, OpSub, OpNeg:
		for _, a := range args {
			// the forms first: computing one uses the scratch acc
			lz.lin(a)
		}
		acc := lz.acc[:0]
		var k num.Rat
		for i, a := range args {
			l := lz.lin(a)
			neg := op == OpNeg || op == OpSub && i > 0
			for j, v := range l.Vars {
				c := l.Coeffs[j]
				if neg {
					c = c.Neg()
				}
				acc = append(acc, linItem{v, c})
			}
			if neg {
				k = k.Sub(l.Const)
			} else {
				k = k.Add(l.Const)
			}
		}
		lz.acc = acc
		return normalize(acc, k)
	case OpMul:
		return lz.product(s, args)
	case OpDiv:
		lb := lz.lin(args[1])
		if lb.IsConst() && !lb.Const.IsZero() {
			return scale(*lz.lin(args[0]), lb.Const.Inv())
		}
		return lz.monomial(lz.st.Mk(OpDiv, args[0], args[1]))
	}
	panic("term: linearizer: bad op " + op.String())
}

func (lz *linearizer) monomial(x *Term) Linear {
	l := Linear{Vars: []*Term{x}, Coeffs: []num.Rat{ratOne}}
	if !lz.memo.Has(x) {
		lz.memo.Set(x, &l)
	}
	return l
}

// product linearizes a product: constant factors multiply the coefficient;
// with one other factor the product is linear, with more it is a variable.
func (lz *linearizer) product(s *Sort, args []*Term) Linear {
	k := ratOne
	var fs []*Term
	for _, a := range args {
		fs = lz.factor(a, &k, fs)
	}
	switch {
	case k.IsZero():
		return Linear{}
	case len(fs) == 0:
		return Linear{Const: k}
	case len(fs) == 1:
		return scale(*lz.lin(fs[0]), k)
	}
	allInt := true
	for _, f := range fs {
		allInt = allInt && f.sort.IsInt()
	}
	if s.IsReal() && !allInt {
		// Int sums among the factors of a mixed product become Real sums;
		// Int variables are coerced by (to_real x). A product of Int
		// factors only stays an Int product, (to_real P) in a Real form.
		for i, f := range fs {
			if f.sort.IsInt() && isLinOp(f.op) {
				fs[i] = lz.st.fromLinear(*lz.lin(f), RealSort)
			}
		}
	}
	SortByID(fs)
	p := lz.st.Mk(OpMul, fs...)
	lz.monomial(p)
	return Linear{Vars: []*Term{p}, Coeffs: []num.Rat{k}}
}

// factor appends the non-constant factors of a to fs and multiplies k by
// its constant factor. Single monomials are split (c*x gives c and x), and
// a non-linear product variable contributes its own factors.
func (lz *linearizer) factor(a *Term, k *num.Rat, fs []*Term) []*Term {
	l := lz.lin(a)
	switch {
	case l.IsConst():
		*k = k.Mul(l.Const)
	case len(l.Vars) == 1 && l.Const.IsZero():
		*k = k.Mul(l.Coeffs[0])
		if x := l.Vars[0]; x.op == OpMul {
			for _, b := range x.args {
				fs = lz.factor(b, k, fs)
			}
		} else {
			fs = append(fs, x)
		}
	default:
		fs = append(fs, a)
	}
	return fs
}

func scale(l Linear, k num.Rat) Linear {
	if k.IsOne() {
		return l
	}
	r := Linear{Const: l.Const.Mul(k)}
	if k.IsZero() {
		return r
	}
	r.Vars = l.Vars
	r.Coeffs = make([]num.Rat, len(l.Coeffs))
	for i, c := range l.Coeffs {
		r.Coeffs[i] = c.Mul(k)
	}
	return r
}

// ---- Canonical arithmetic atoms ----
//
// Comparisons normalize to atoms whose left side L = FromLinear of the
// variable part and whose right side is a numeral c:
//
//	Int:  (<= L c)             coefficients coprime integers, first > 0
//	Real: (<= L c), (>= L c)   first coefficient 1
//	both: (= L c)              Int: coprime, first > 0; Real: first 1
//
// and every comparison becomes such an atom or its negation, so x <= 3 and
// x > 3 share an atom. A Real comparison whose variables are all Int
// becomes an Int one (scaled to integer coefficients).

// intForm reports whether all variables of l are Int, and scales l to
// integer coefficients (the constant may stay fractional).
func intForm(l Linear) (Linear, bool) {
	d := num.NewInt(1)
	for i, v := range l.Vars {
		if !v.sort.IsInt() {
			return l, false
		}
		d = d.Lcm(l.Coeffs[i].Den())
	}
	return scale(l, d.Rat()), true
}

func gcdCoeffs(l Linear) num.Int {
	g := num.Int{}
	for _, c := range l.Coeffs {
		g = g.Gcd(c.Num())
	}
	return g
}

// mkIneq returns the canonical literal for l <= 0, or l < 0 if strict.
func (st *Store) mkIneq(l Linear, strict bool) *Term {
	if l.IsConst() {
		if strict {
			return st.Bool(l.Const.Sign() < 0)
		}
		return st.Bool(l.Const.Sign() <= 0)
	}
	if il, ok := intForm(l); ok {
		// L + k <= 0 iff L <= floor(-k); L + k < 0 iff L <= ceil(-k) - 1.
		b := il.Const.Neg()
		var c num.Int
		if strict {
			c = b.Ceil().Sub(num.NewInt(1))
		} else {
			c = b.Floor()
		}
		g := gcdCoeffs(il)
		lhs := scale(Linear{Vars: il.Vars, Coeffs: il.Coeffs}, g.Rat().Inv())
		c = floorDiv(c, g)
		if lhs.Coeffs[0].Sign() > 0 {
			return st.atom(OpLe, lhs, c.Rat(), IntSort)
		}
		// -M <= c iff M >= -c iff not (M <= -c - 1)
		return st.mkNotAtom(st.atom(OpLe, scale(lhs, num.NewRat(-1, 1)), c.Neg().Sub(num.NewInt(1)).Rat(), IntSort))
	}
	a := l.Coeffs[0]
	lhs := scale(Linear{Vars: l.Vars, Coeffs: l.Coeffs}, a.Abs().Inv())
	b := l.Const.Neg().Quo(a.Abs())
	if a.Sign() > 0 {
		if strict { // L < b iff not (L >= b)
			return st.mkNotAtom(st.atom(OpGe, lhs, b, RealSort))
		}
		return st.atom(OpLe, lhs, b, RealSort)
	}
	m := scale(lhs, num.NewRat(-1, 1))
	if strict { // -M < b iff M > -b iff not (M <= -b)
		return st.mkNotAtom(st.atom(OpLe, m, b.Neg(), RealSort))
	}
	return st.atom(OpGe, m, b.Neg(), RealSort)
}

// mkArithEq returns the canonical literal for l = 0.
func (st *Store) mkArithEq(l Linear) *Term {
	if l.IsConst() {
		return st.Bool(l.Const.IsZero())
	}
	if il, ok := intForm(l); ok {
		c := il.Const.Neg()
		if !c.IsInt() {
			return st.fls
		}
		g := gcdCoeffs(il)
		if !c.Num().Mod(g).IsZero() {
			return st.fls
		}
		k := g.Rat().Inv()
		if il.Coeffs[0].Sign() < 0 {
			k = k.Neg()
		}
		return st.atom(OpEq, scale(Linear{Vars: il.Vars, Coeffs: il.Coeffs}, k), c.Mul(k), IntSort)
	}
	k := l.Coeffs[0].Inv()
	return st.atom(OpEq, scale(Linear{Vars: l.Vars, Coeffs: l.Coeffs}, k), l.Const.Neg().Mul(k), RealSort)
}

func (st *Store) atom(op Op, lhs Linear, c num.Rat, s *Sort) *Term {
	return st.intern(op, BoolSort, []*Term{st.fromLinear(lhs, s), st.Num(c, s)}, nil, num.Rat{})
}

func (st *Store) mkNotAtom(a *Term) *Term {
	return st.intern(OpNot, BoolSort, []*Term{a}, nil, num.Rat{})
}

// floorDiv is floor(a / b) for b > 0.
func floorDiv(a, b num.Int) num.Int {
	return a.Div(b) // Euclidean division by b > 0 is the floor
}
