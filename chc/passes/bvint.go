package passes

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// BitVecToInt is the pass that reads bit-vectors as integers (Eldarica's
// reading, Princess's modular arithmetic): every clause variable and
// predicate argument of sort (_ BitVec w) becomes an Int in the range
// [L, L+2^w), L = 0 (unsigned) or L = -2^(w-1) (signed: chosen for the
// whole system when it compares with signed operators more often than with
// unsigned ones). A bit-vector term becomes an integer term congruent to
// its value modulo 2^w; it is brought into a range [L, L+2^w) only where
// an operator needs its exact value (a comparison, an equality, a
// division, a predicate argument), by nothing when interval reasoning
// shows it is there already (the ranges of the variables, narrowed by the
// comparisons with constants that are conjuncts of an enclosing and), by
// one or two ite when it can be off by one period (bvadd, bvsub, bvneg),
// by a mod otherwise (bvmul by a constant). Translated:
//
//	bvadd bvsub bvneg bvnot, bvmul with all but one argument constant,
//	bvshl bvlshr bvashr by a constant, bvudiv bvurem by a constant,
//	bvand with a constant 2^k-1, extract (low bits: the same term;
//	others: div), concat (a·2^k + b), zero_extend, sign_extend, ite,
//	bvcomp, bvredor, bvredand, bv2nat, int2bv, =, distinct, the
//	unsigned and signed comparisons.
//
// Any other bit-vector operator (bvand, bvor, bvxor with no mask,
// non-linear bvmul, shifts by a variable, signed division, rotations),
// a bit-vector inside an array, a datatype or an uninterpreted function,
// makes the pass refuse the system: it is returned as it is, the
// bit-level path stays (TranslateBitVec says why).
//
// Soundness: the translation is exact, not an over-approximation. For
// every clause, an assignment of the integer variables within their
// ranges satisfies the new constraint iff the assignment of the
// bit-vectors with the same values (modulo 2^w) satisfies the old one,
// and the range constraints are conjuncts of every new clause; so the two
// systems are equisatisfiable and their witnesses map one to one. Models:
// the formula of P is the new predicate's with bv2nat(x) (signed: its
// two's complement reading) for each bit-vector parameter x. Derivations:
// the same clauses in the same order, each integer value v of a
// bit-vector variable the literal v mod 2^w. Both are checked on the
// input like every other witness.
type BitVecToInt struct{}

// Name is "bv-to-int".
func (BitVecToInt) Name() string { return "bv-to-int" }

// Apply runs the pass on s; a system it refuses, or one without
// bit-vectors, comes back as it is with the Identity translator.
func (BitVecToInt) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	out, tr, err := TranslateBitVec(ctx, s)
	var refused *BitVecRefusal
	if errors.As(err, &refused) {
		return s, Identity{}, nil
	}
	return out, tr, err
}

// A BitVecRefusal is TranslateBitVec's error on a system it does not
// translate: Reason says what it met.
type BitVecRefusal struct{ Reason string }

func (e *BitVecRefusal) Error() string { return "bit-vectors as integers: " + e.Reason }

func refuse(format string, args ...any) error {
	return &BitVecRefusal{Reason: fmt.Sprintf(format, args...)}
}

// TranslateBitVec is BitVecToInt's translation: the system over integers
// and the translator back (s itself and Identity when no variable is a
// bit-vector), or a *BitVecRefusal when s has an operator the translation
// does not know (see BitVecToInt), or the reason a limit of the run gives.
func TranslateBitVec(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if err := poll.Poll(); err != nil {
		return nil, nil, err
	}
	if err := checkNormal(ctx, poll, s); err != nil {
		return nil, nil, err
	}
	b := &bvInt{st: s.St, vars: map[*term.Term]*term.Term{}, widths: map[*term.Term]int{}, bounds: map[*term.Term]bvRange{}, memo: map[bvMemoKey]bvTerm{}}
	any := false
	for _, p := range s.Preds {
		for _, x := range p.Params {
			if err := b.checkSort(x.Sort()); err != nil {
				return nil, nil, err
			}
			any = any || x.Sort().IsBitVec()
		}
	}
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		for _, x := range c.Vars {
			if err := b.checkSort(x.Sort()); err != nil {
				return nil, nil, err
			}
			any = any || x.Sort().IsBitVec()
		}
		b.countSigns(c.Constraint)
	}
	if !any {
		// nothing to read as integers: the system as it is (bit-vector
		// terms without variables, which the engines evaluate, may stay)
		return s, Identity{}, nil
	}
	b.signed = b.nSigned > b.nUnsigned

	out := &chc.System{St: s.St, FixedpointFormat: s.FixedpointFormat, Skipped: s.Skipped}
	tr := &bvIntTranslator{b: b, old: s, new: out, preds: make([]*chc.Pred, len(s.Preds))}
	for i, p := range s.Preds {
		np := p
		if p.ID != i {
			np = &chc.Pred{ID: i, Func: p.Func, Params: p.Params}
		}
		if hasBV(p.Params) {
			dom := make([]*term.Sort, len(p.Params))
			params := make([]*term.Term, len(p.Params))
			for k, x := range p.Params {
				params[k] = b.intVar(x)
				dom[k] = params[k].Sort()
			}
			np = &chc.Pred{ID: i, Func: s.St.Func(p.Name(), dom, term.BoolSort), Params: params}
		}
		out.Preds = append(out.Preds, np)
		tr.preds[i] = np
	}
	newPred := func(p *chc.Pred) (*chc.Pred, error) {
		if p.ID < 0 || p.ID >= len(s.Preds) || s.Preds[p.ID] != p {
			return nil, fmt.Errorf("chc: bv-to-int: an atom of a predicate not in the system: %s", p.Name())
		}
		return tr.preds[p.ID], nil
	}
	atom := func(a *chc.Atom) (chc.Atom, error) {
		np, err := newPred(a.Pred)
		if err != nil {
			return chc.Atom{}, err
		}
		args := make([]*term.Term, len(a.Args))
		for k, x := range a.Args {
			args[k] = b.intVar(x)
		}
		return chc.Atom{Pred: np, Args: args}, nil
	}
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		nc := &chc.Clause{Origin: c.Origin, Vars: make([]*term.Term, len(c.Vars))}
		var ranges []*term.Term
		for k, x := range c.Vars {
			nc.Vars[k] = b.intVar(x)
			if x.Sort().IsBitVec() {
				lo, hi := b.varRange(x.Sort().Width())
				ranges = append(ranges, s.St.Le(b.num(lo), nc.Vars[k]), s.St.Le(nc.Vars[k], b.num(hi)))
			}
		}
		if c.Head != nil {
			h, err := atom(c.Head)
			if err != nil {
				return nil, nil, err
			}
			nc.Head = &h
		}
		for k := range c.Body {
			a, err := atom(&c.Body[k])
			if err != nil {
				return nil, nil, err
			}
			nc.Body = append(nc.Body, a)
		}
		b.steps = 0
		cons, err := b.boolean(c.Constraint)
		if err != nil {
			return nil, nil, err
		}
		nc.Constraint = s.St.And(append(ranges, cons)...)
		out.Clauses = append(out.Clauses, nc)
	}
	return out, tr, nil
}

// hasBV reports whether one of xs has a bit-vector sort.
func hasBV(xs []*term.Term) bool {
	for _, x := range xs {
		if x.Sort().IsBitVec() {
			return true
		}
	}
	return false
}

// bvInt is the state of one translation.
type bvInt struct {
	st                 *term.Store
	signed             bool
	nSigned, nUnsigned int
	vars               map[*term.Term]*term.Term // bit-vector constant → its Int constant
	widths             map[*term.Term]int        // Int constant → the width of its bit-vector
	bounds             map[*term.Term]bvRange    // Int constant → its range under the enclosing conjuncts
	undo               []bvUndo
	scope, nScopes     int
	memo               map[bvMemoKey]bvTerm
	steps              int
}

// A bvRange is an interval of integers; nil ends are unbounded.
type bvRange struct{ lo, hi *big.Int }

type bvUndo struct {
	x   *term.Term
	r   bvRange
	had bool
}

type bvMemoKey struct {
	t     *term.Term
	scope int
	want  int // 0: raw, 1: unsigned, 2: signed, 3: Boolean or Int
}

// A bvTerm is an integer term congruent modulo 2^w to the value of a
// bit-vector term, with an interval that contains its values (nil ends:
// unknown).
type bvTerm struct {
	t      *term.Term
	lo, hi *big.Int
}

// checkSort refuses a sort that holds bit-vectors inside another sort.
func (b *bvInt) checkSort(s *term.Sort) error {
	if s.IsBitVec() || len(s.Params()) == 0 {
		return nil
	}
	var inside func(s *term.Sort) bool
	inside = func(s *term.Sort) bool {
		if s.IsBitVec() {
			return true
		}
		for _, p := range s.Params() {
			if inside(p) {
				return true
			}
		}
		return false
	}
	if inside(s) {
		return refuse("a bit-vector inside the sort %v", s)
	}
	return nil
}

// countSigns counts the signed and unsigned comparisons of f.
func (b *bvInt) countSigns(f *term.Term) {
	for u := range term.PostOrder(f) {
		switch u.Op() {
		case term.OpBVSlt, term.OpBVSle, term.OpBVSgt, term.OpBVSge:
			b.nSigned++
		case term.OpBVUlt, term.OpBVUle, term.OpBVUgt, term.OpBVUge:
			b.nUnsigned++
		}
	}
}

// intVar is the Int constant of the bit-vector constant x (x itself for
// other sorts).
func (b *bvInt) intVar(x *term.Term) *term.Term {
	if !x.Sort().IsBitVec() {
		return x
	}
	if y, ok := b.vars[x]; ok {
		return y
	}
	y := b.st.Fresh(x.Name(), term.IntSort)
	b.vars[x] = y
	b.widths[y] = x.Sort().Width()
	return y
}

func pow2(k int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(k)) }

// base is the lowest value of the range of width w that signed chooses.
func base(w int, signed bool) *big.Int {
	if signed {
		return new(big.Int).Neg(pow2(w - 1))
	}
	return new(big.Int)
}

// varRange is the range of a variable of width w.
func (b *bvInt) varRange(w int) (*big.Int, *big.Int) {
	lo := base(w, b.signed)
	hi := new(big.Int).Add(lo, pow2(w))
	return lo, hi.Sub(hi, big.NewInt(1))
}

func (b *bvInt) num(v *big.Int) *term.Term { return b.st.IntNum(num.IntFromBig(v)) }

// numValue is the value of an Int numeral.
func numValue(t *term.Term) (*big.Int, bool) {
	if t.Op() != term.OpNum || !t.Sort().IsInt() {
		return nil, false
	}
	return t.Num().Num().Big(), true
}

const (
	wantRaw = iota
	wantUnsigned
	wantSigned
	wantOther
)

// exact is t in the range of width w that signed chooses: t itself when
// its interval lies there, else t with the periods it can be off by
// added or subtracted (at most one each way), else a mod.
func (b *bvInt) exact(t bvTerm, w int, signed bool) *term.Term {
	st := b.st
	lo := base(w, signed)
	m := pow2(w)
	hi := new(big.Int).Add(lo, m) // exclusive
	if v, ok := numValue(t.t); ok {
		r := new(big.Int).Sub(v, lo)
		r.Mod(r, m)
		return b.num(r.Add(r, lo))
	}
	if t.lo != nil && t.hi != nil {
		if t.lo.Cmp(lo) >= 0 && t.hi.Cmp(hi) < 0 {
			return t.t
		}
		loLow := new(big.Int).Sub(lo, m)
		hiHigh := new(big.Int).Add(hi, m)
		if t.lo.Cmp(loLow) >= 0 && t.hi.Cmp(hiHigh) < 0 {
			e := t.t
			if t.hi.Cmp(hi) >= 0 {
				e = st.Ite(st.Ge(t.t, b.num(hi)), st.Sub(t.t, b.num(m)), e)
			}
			if t.lo.Cmp(lo) < 0 {
				e = st.Ite(st.Lt(t.t, b.num(lo)), st.Add(t.t, b.num(m)), e)
			}
			return e
		}
	}
	if lo.Sign() == 0 {
		return st.Mod(t.t, b.num(m))
	}
	return st.Add(st.Mod(st.Sub(t.t, b.num(lo)), b.num(m)), b.num(lo))
}

// exactTerm is exact as a bvTerm, with the range as its interval.
func (b *bvInt) exactTerm(t bvTerm, w int, signed bool) bvTerm {
	e := b.exact(t, w, signed)
	lo := base(w, signed)
	hi := new(big.Int).Add(lo, pow2(w))
	return b.interval(e, lo, hi.Sub(hi, big.NewInt(1)))
}

// interval is t with the interval [lo, hi], or t's own value when it is a
// numeral.
func (b *bvInt) interval(t *term.Term, lo, hi *big.Int) bvTerm {
	if v, ok := numValue(t); ok {
		return bvTerm{t, v, v}
	}
	return bvTerm{t, lo, hi}
}

// operand is the exact value of the bit-vector term u, unsigned or signed.
func (b *bvInt) operand(u *term.Term, signed bool) (*term.Term, error) {
	want := wantUnsigned
	if signed {
		want = wantSigned
	}
	k := bvMemoKey{u, b.scope, want}
	if r, ok := b.memo[k]; ok {
		return r.t, nil
	}
	t, err := b.bv(u)
	if err != nil {
		return nil, err
	}
	e := b.exact(t, u.Sort().Width(), signed)
	b.memo[k] = bvTerm{t: e}
	return e, nil
}

func (b *bvInt) operandTerm(u *term.Term, signed bool) (bvTerm, error) {
	t, err := b.bv(u)
	if err != nil {
		return bvTerm{}, err
	}
	return b.exactTerm(t, u.Sort().Width(), signed), nil
}

// constValue is the value of a bit-vector literal.
func constValue(u *term.Term) (*big.Int, bool) {
	if u.Op() != term.OpBVNum {
		return nil, false
	}
	return u.BVValue(), true
}

func addRange(a, b *big.Int) *big.Int {
	if a == nil || b == nil {
		return nil
	}
	return new(big.Int).Add(a, b)
}

// scaled is [lo·c, hi·c] in order.
func scaled(t bvTerm, c *big.Int) (*big.Int, *big.Int) {
	if t.lo == nil || t.hi == nil {
		return nil, nil
	}
	lo, hi := new(big.Int).Mul(t.lo, c), new(big.Int).Mul(t.hi, c)
	if c.Sign() < 0 {
		lo, hi = hi, lo
	}
	return lo, hi
}

func union(a, c bvTerm) (*big.Int, *big.Int) {
	if a.lo == nil || a.hi == nil || c.lo == nil || c.hi == nil {
		return nil, nil
	}
	lo, hi := a.lo, a.hi
	if c.lo.Cmp(lo) < 0 {
		lo = c.lo
	}
	if c.hi.Cmp(hi) > 0 {
		hi = c.hi
	}
	return lo, hi
}

// step counts the work of a clause, refusing a constraint too large to
// translate in a pass (the memo keeps a DAG linear within a scope).
func (b *bvInt) step() error {
	b.steps++
	if b.steps > 1<<20 {
		return refuse("a constraint too large")
	}
	return nil
}

// bv translates the bit-vector term u into an integer term congruent to
// its value modulo 2^width.
func (b *bvInt) bv(u *term.Term) (bvTerm, error) {
	k := bvMemoKey{u, b.scope, wantRaw}
	if r, ok := b.memo[k]; ok {
		return r, nil
	}
	if err := b.step(); err != nil {
		return bvTerm{}, err
	}
	r, err := b.bvUncached(u)
	if err != nil {
		return bvTerm{}, err
	}
	b.memo[k] = r
	return r, nil
}

func (b *bvInt) bvUncached(u *term.Term) (bvTerm, error) {
	st := b.st
	w := u.Sort().Width()
	arg := func(i int) (bvTerm, error) { return b.bv(u.Arg(i)) }
	switch u.Op() {
	case term.OpConst:
		x := b.intVar(u)
		if r, ok := b.bounds[x]; ok {
			return bvTerm{x, r.lo, r.hi}, nil
		}
		lo, hi := b.varRange(w)
		return bvTerm{x, lo, hi}, nil
	case term.OpBVNum:
		v := u.BVValue()
		return bvTerm{b.num(v), v, v}, nil
	case term.OpBVAdd, term.OpBVSub:
		var ts []*term.Term
		var lo, hi *big.Int
		for i := range u.NumArgs() {
			a, err := arg(i)
			if err != nil {
				return bvTerm{}, err
			}
			ts = append(ts, a.t)
			switch {
			case i == 0:
				lo, hi = a.lo, a.hi
			case u.Op() == term.OpBVAdd:
				lo, hi = addRange(lo, a.lo), addRange(hi, a.hi)
			default:
				lo, hi = subRange(lo, a.hi), subRange(hi, a.lo)
			}
		}
		if u.Op() == term.OpBVAdd {
			return b.interval(st.Add(ts...), lo, hi), nil
		}
		return b.interval(st.Sub(ts...), lo, hi), nil
	case term.OpBVNeg:
		a, err := arg(0)
		if err != nil {
			return bvTerm{}, err
		}
		lo, hi := scaled(a, big.NewInt(-1))
		return b.interval(st.Neg(a.t), lo, hi), nil
	case term.OpBVNot: // -1 - a
		a, err := arg(0)
		if err != nil {
			return bvTerm{}, err
		}
		lo, hi := scaled(a, big.NewInt(-1))
		m1 := big.NewInt(-1)
		return b.interval(st.Sub(b.num(m1), a.t), addRange(lo, m1), addRange(hi, m1)), nil
	case term.OpBVMul:
		c := big.NewInt(1)
		var rest []*term.Term
		for _, a := range u.Args() {
			if v, ok := constValue(a); ok {
				c.Mul(c, v)
				continue
			}
			rest = append(rest, a)
		}
		if len(rest) > 1 {
			return bvTerm{}, refuse("a non-linear bvmul")
		}
		c.Mod(c, pow2(w))
		if neg := new(big.Int).Sub(c, pow2(w)); neg.CmpAbs(c) < 0 {
			c = neg // the smaller factor: bvmul by #xff...f is a negation
		}
		if len(rest) == 0 {
			return bvTerm{b.num(c), c, c}, nil
		}
		a, err := b.bv(rest[0])
		if err != nil {
			return bvTerm{}, err
		}
		lo, hi := scaled(a, c)
		return b.interval(st.Mul(b.num(c), a.t), lo, hi), nil
	case term.OpBVShl, term.OpBVLshr, term.OpBVAshr:
		k, ok := constValue(u.Arg(1))
		if !ok {
			return bvTerm{}, refuse("a shift by a variable")
		}
		n := w
		if k.IsInt64() && k.Int64() < int64(w) {
			n = int(k.Int64())
		}
		switch u.Op() {
		case term.OpBVShl:
			if n == w {
				return bvTerm{b.num(new(big.Int)), new(big.Int), new(big.Int)}, nil
			}
			a, err := arg(0)
			if err != nil {
				return bvTerm{}, err
			}
			lo, hi := scaled(a, pow2(n))
			return b.interval(st.Mul(b.num(pow2(n)), a.t), lo, hi), nil
		case term.OpBVLshr:
			if n == w {
				return bvTerm{b.num(new(big.Int)), new(big.Int), new(big.Int)}, nil
			}
			a, err := b.operandTerm(u.Arg(0), false)
			if err != nil {
				return bvTerm{}, err
			}
			return b.div(a, pow2(n)), nil
		default:
			if n >= w {
				n = w - 1
			}
			a, err := b.operandTerm(u.Arg(0), true)
			if err != nil {
				return bvTerm{}, err
			}
			return b.div(a, pow2(n)), nil
		}
	case term.OpBVUdiv, term.OpBVUrem:
		c, ok := constValue(u.Arg(1))
		if !ok {
			return bvTerm{}, refuse("a division by a variable")
		}
		if c.Sign() == 0 {
			if u.Op() == term.OpBVUdiv { // all ones
				m := new(big.Int).Sub(pow2(w), big.NewInt(1))
				return bvTerm{b.num(m), m, m}, nil
			}
			return arg(0)
		}
		a, err := b.operandTerm(u.Arg(0), false)
		if err != nil {
			return bvTerm{}, err
		}
		if u.Op() == term.OpBVUdiv {
			return b.div(a, c), nil
		}
		return b.mod(a, c), nil
	case term.OpBVAnd:
		if u.NumArgs() == 2 {
			for i := range 2 {
				c, ok := constValue(u.Arg(i))
				if !ok {
					continue
				}
				if p := new(big.Int).Add(c, big.NewInt(1)); p.BitLen() > 0 && new(big.Int).And(p, c).Sign() == 0 {
					// c = 2^k - 1: the low k bits
					a, err := arg(1 - i)
					if err != nil {
						return bvTerm{}, err
					}
					if c.Sign() == 0 {
						return bvTerm{b.num(c), c, c}, nil
					}
					return b.mod(a, p), nil
				}
			}
		}
		return bvTerm{}, refuse("%v without a low-bits mask", u.Op())
	case term.OpExtract:
		_, j := u.Indices()
		if j == 0 {
			return arg(0) // congruent modulo 2^(i+1), a divisor of 2^width
		}
		a, err := b.operandTerm(u.Arg(0), false)
		if err != nil {
			return bvTerm{}, err
		}
		return b.div(a, pow2(j)), nil
	case term.OpConcat:
		var acc bvTerm
		for i := range u.NumArgs() {
			if i == 0 {
				a, err := arg(0)
				if err != nil {
					return bvTerm{}, err
				}
				acc = a
				continue
			}
			a, err := b.operandTerm(u.Arg(i), false)
			if err != nil {
				return bvTerm{}, err
			}
			m := pow2(u.Arg(i).Sort().Width())
			lo, hi := scaled(acc, m)
			acc = b.interval(st.Add(st.Mul(b.num(m), acc.t), a.t), addRange(lo, a.lo), addRange(hi, a.hi))
		}
		return acc, nil
	case term.OpZeroExtend:
		return b.operandTerm(u.Arg(0), false)
	case term.OpSignExtend:
		return b.operandTerm(u.Arg(0), true)
	case term.OpIte:
		c, err := b.boolean(u.Arg(0))
		if err != nil {
			return bvTerm{}, err
		}
		x, err := arg(1)
		if err != nil {
			return bvTerm{}, err
		}
		y, err := arg(2)
		if err != nil {
			return bvTerm{}, err
		}
		lo, hi := union(x, y)
		return b.interval(st.Ite(c, x.t, y.t), lo, hi), nil
	case term.OpBVComp:
		eq, err := b.equal(u.Args())
		if err != nil {
			return bvTerm{}, err
		}
		return b.bit(eq), nil
	case term.OpBVRedor, term.OpBVRedand:
		a, err := b.operand(u.Arg(0), false)
		if err != nil {
			return bvTerm{}, err
		}
		v := new(big.Int)
		if u.Op() == term.OpBVRedand {
			v.Sub(pow2(u.Arg(0).Sort().Width()), big.NewInt(1))
		}
		eq := st.Eq(a, b.num(v))
		if u.Op() == term.OpBVRedor {
			eq = st.Not(eq)
		}
		return b.bit(eq), nil
	case term.OpInt2BV:
		a, err := b.other(u.Arg(0))
		if err != nil {
			return bvTerm{}, err
		}
		return b.interval(a, nil, nil), nil
	}
	return bvTerm{}, refuse("the operator %v", u.Op())
}

func subRange(a, c *big.Int) *big.Int {
	if a == nil || c == nil {
		return nil
	}
	return new(big.Int).Sub(a, c)
}

// bit is the 1-bit vector of the formula f.
func (b *bvInt) bit(f *term.Term) bvTerm {
	return bvTerm{b.st.Ite(f, b.st.Int(1), b.st.Int(0)), big.NewInt(0), big.NewInt(1)}
}

// div is a div c, c > 0 (Euclidean: floor for a positive divisor).
func (b *bvInt) div(a bvTerm, c *big.Int) bvTerm {
	var lo, hi *big.Int
	if a.lo != nil && a.hi != nil {
		lo, hi = floorDiv(a.lo, c), floorDiv(a.hi, c)
	}
	if c.Cmp(big.NewInt(1)) == 0 {
		return a
	}
	return b.interval(b.st.IntDiv(a.t, b.num(c)), lo, hi)
}

// mod is a mod c, c > 0.
func (b *bvInt) mod(a bvTerm, c *big.Int) bvTerm {
	if a.lo != nil && a.hi != nil && a.lo.Sign() >= 0 && a.hi.Cmp(c) < 0 {
		return a
	}
	return b.interval(b.st.Mod(a.t, b.num(c)), new(big.Int), new(big.Int).Sub(c, big.NewInt(1)))
}

func floorDiv(a, c *big.Int) *big.Int {
	q, m := new(big.Int).DivMod(a, c, new(big.Int)) // Euclidean; c > 0: floor
	_ = m
	return q
}

// equal is the formula that the bit-vector terms us are equal.
func (b *bvInt) equal(us []*term.Term) (*term.Term, error) {
	ts, err := b.operands(us)
	if err != nil {
		return nil, err
	}
	return b.st.Mk(term.OpEq, ts...), nil
}

// operands are the exact values of us in the system's reading.
func (b *bvInt) operands(us []*term.Term) ([]*term.Term, error) {
	ts := make([]*term.Term, len(us))
	for i, a := range us {
		t, err := b.operand(a, b.signed)
		if err != nil {
			return nil, err
		}
		ts[i] = t
	}
	return ts, nil
}

// boolean translates a formula (or, through other, an Int or Real term).
func (b *bvInt) boolean(u *term.Term) (*term.Term, error) {
	return b.other(u)
}

// other translates a term whose sort is not a bit-vector.
func (b *bvInt) other(u *term.Term) (*term.Term, error) {
	k := bvMemoKey{u, b.scope, wantOther}
	if r, ok := b.memo[k]; ok {
		return r.t, nil
	}
	if err := b.step(); err != nil {
		return nil, err
	}
	r, err := b.otherUncached(u)
	if err != nil {
		return nil, err
	}
	b.memo[k] = bvTerm{t: r}
	return r, nil
}

func (b *bvInt) otherUncached(u *term.Term) (*term.Term, error) {
	st := b.st
	switch u.Op() {
	case term.OpEq, term.OpDistinct:
		if u.Arg(0).Sort().IsBitVec() {
			ts, err := b.operands(u.Args())
			if err != nil {
				return nil, err
			}
			return st.Mk(u.Op(), ts...), nil
		}
	case term.OpBVUlt, term.OpBVUle, term.OpBVUgt, term.OpBVUge, term.OpBVSlt, term.OpBVSle, term.OpBVSgt, term.OpBVSge:
		signed := u.Op() >= term.OpBVSlt
		x, err := b.operand(u.Arg(0), signed)
		if err != nil {
			return nil, err
		}
		y, err := b.operand(u.Arg(1), signed)
		if err != nil {
			return nil, err
		}
		switch u.Op() {
		case term.OpBVUlt, term.OpBVSlt:
			return st.Lt(x, y), nil
		case term.OpBVUle, term.OpBVSle:
			return st.Le(x, y), nil
		case term.OpBVUgt, term.OpBVSgt:
			return st.Gt(x, y), nil
		default:
			return st.Ge(x, y), nil
		}
	case term.OpBV2Nat:
		return b.operand(u.Arg(0), false)
	case term.OpAnd:
		return b.and(u)
	case term.OpConst, term.OpNum, term.OpTrue, term.OpFalse:
		return u, nil
	case term.OpNot, term.OpOr, term.OpImplies, term.OpXor, term.OpIte,
		term.OpAdd, term.OpSub, term.OpNeg, term.OpMul, term.OpDiv, term.OpIntDiv, term.OpMod, term.OpAbs,
		term.OpLe, term.OpLt, term.OpGe, term.OpGt, term.OpToReal, term.OpToInt, term.OpIsInt:
	default:
		if containsBV(u) {
			return nil, refuse("a bit-vector under %v", u.Op())
		}
		return u, nil
	}
	args := make([]*term.Term, u.NumArgs())
	same := true
	for i, a := range u.Args() {
		t, err := b.other(a)
		if err != nil {
			return nil, err
		}
		args[i] = t
		same = same && t == a
	}
	if same {
		return u, nil
	}
	return st.Rebuild(u, args), nil
}

// containsBV reports whether a subterm of u is a bit-vector.
func containsBV(u *term.Term) bool {
	for v := range term.PostOrder(u) {
		if v.Sort().IsBitVec() || v.Op().IsBV() {
			return true
		}
	}
	return false
}

// and translates a conjunction: the conjuncts that compare a bit-vector
// variable with a constant narrow the variable's range for the others
// (each holds wherever the conjunction does); those conjuncts themselves
// are translated under the enclosing ranges only.
func (b *bvInt) and(u *term.Term) (*term.Term, error) {
	guards := make([]bool, u.NumArgs())
	mark := len(b.undo)
	for i, a := range u.Args() {
		guards[i] = b.guard(a)
	}
	args := make([]*term.Term, u.NumArgs())
	outer := b.scope
	inner := outer
	if len(b.undo) > mark {
		b.nScopes++
		inner = b.nScopes
	}
	for i, a := range u.Args() {
		var err error
		if guards[i] {
			// under the enclosing ranges only
			saved := b.swapOut(mark)
			b.scope = outer
			args[i], err = b.other(a)
			b.swapIn(saved)
		} else {
			b.scope = inner
			args[i], err = b.other(a)
		}
		if err != nil {
			b.restore(mark)
			b.scope = outer
			return nil, err
		}
	}
	b.restore(mark)
	b.scope = outer
	return b.st.And(args...), nil
}

// swapOut undoes the narrowings made since mark and returns them, to be
// made again by swapIn.
func (b *bvInt) swapOut(mark int) []bvUndo {
	var redo []bvUndo
	for i := len(b.undo) - 1; i >= mark; i-- {
		u := b.undo[i]
		redo = append(redo, bvUndo{u.x, b.bounds[u.x], true})
		if u.had {
			b.bounds[u.x] = u.r
		} else {
			delete(b.bounds, u.x)
		}
	}
	return redo
}

func (b *bvInt) swapIn(redo []bvUndo) {
	for i := len(redo) - 1; i >= 0; i-- {
		b.bounds[redo[i].x] = redo[i].r
	}
}

func (b *bvInt) restore(mark int) {
	for i := len(b.undo) - 1; i >= mark; i-- {
		u := b.undo[i]
		if u.had {
			b.bounds[u.x] = u.r
		} else {
			delete(b.bounds, u.x)
		}
	}
	b.undo = b.undo[:mark]
}

// guard narrows the range of a variable that the conjunct a compares with
// a constant, and reports whether it did.
func (b *bvInt) guard(a *term.Term) bool {
	op := a.Op()
	neg := false
	if op == term.OpNot && a.Arg(0).NumArgs() == 2 && a.Arg(0).Arg(0).Sort().IsBitVec() {
		a, neg = a.Arg(0), true
		op = a.Op()
	}
	if a.NumArgs() != 2 || !a.Arg(0).Sort().IsBitVec() {
		return false
	}
	x, c := a.Arg(0), a.Arg(1)
	flip := false
	if x.Op() != term.OpConst {
		x, c, flip = c, x, true
	}
	v, ok := constValue(c)
	if x.Op() != term.OpConst || !ok {
		return false
	}
	w := x.Sort().Width()
	var signed bool
	// x op v, as ≤ / ≥ with a strictness
	var le, strict bool
	switch op {
	case term.OpEq:
		if neg {
			return false
		}
		return b.narrowEq(x, v, w)
	case term.OpBVUlt, term.OpBVSlt:
		le, strict = true, true
	case term.OpBVUle, term.OpBVSle:
		le = true
	case term.OpBVUgt, term.OpBVSgt:
		strict = true
	case term.OpBVUge, term.OpBVSge:
	default:
		return false
	}
	signed = op >= term.OpBVSlt
	if flip { // v op x
		le = !le
	}
	if neg { // not (x < v) is x >= v
		le, strict = !le, !strict
	}
	if signed {
		v = bvSignedValue(v, w)
	}
	bound := new(big.Int).Set(v)
	if strict {
		if le {
			bound.Sub(bound, big.NewInt(1))
		} else {
			bound.Add(bound, big.NewInt(1))
		}
	}
	// the interval of x in the operator's reading
	var lo, hi *big.Int
	rlo, rhi := base(w, signed), new(big.Int).Sub(new(big.Int).Add(base(w, signed), pow2(w)), big.NewInt(1))
	if le {
		lo, hi = rlo, bound
	} else {
		lo, hi = bound, rhi
	}
	if lo.Cmp(hi) > 0 {
		return false // contradictory: leave it to the engines
	}
	if signed != b.signed {
		// the interval in the system's reading, when it does not straddle
		// the point where the two readings part
		if lo.Sign() < 0 && hi.Sign() >= 0 {
			return false
		}
		half := pow2(w - 1)
		if lo.Cmp(half) < 0 && hi.Cmp(half) >= 0 {
			return false
		}
		if lo.Sign() < 0 || lo.Cmp(half) >= 0 {
			m := pow2(w)
			if signed { // negative signed values are the high unsigned ones
				lo, hi = new(big.Int).Add(lo, m), new(big.Int).Add(hi, m)
			} else {
				lo, hi = new(big.Int).Sub(lo, m), new(big.Int).Sub(hi, m)
			}
		}
	}
	return b.narrow(b.intVar(x), lo, hi)
}

func (b *bvInt) narrowEq(x *term.Term, v *big.Int, w int) bool {
	if b.signed {
		v = bvSignedValue(v, w)
	}
	return b.narrow(b.intVar(x), v, v)
}

// narrow intersects the range of the Int constant y with [lo, hi].
func (b *bvInt) narrow(y *term.Term, lo, hi *big.Int) bool {
	cur, had := b.bounds[y]
	if !had {
		w := b.widths[y]
		if w == 0 {
			return false
		}
		cur.lo, cur.hi = b.varRange(w)
	}
	nlo, nhi := cur.lo, cur.hi
	if lo.Cmp(nlo) > 0 {
		nlo = lo
	}
	if hi.Cmp(nhi) < 0 {
		nhi = hi
	}
	if nlo.Cmp(nhi) > 0 || nlo.Cmp(cur.lo) == 0 && nhi.Cmp(cur.hi) == 0 {
		return false
	}
	b.undo = append(b.undo, bvUndo{y, cur, had})
	b.bounds[y] = bvRange{nlo, nhi}
	return true
}

// bvSignedValue is the two's complement reading of the unsigned v.
func bvSignedValue(v *big.Int, w int) *big.Int {
	if v.Bit(w-1) == 0 {
		return v
	}
	return new(big.Int).Sub(v, pow2(w))
}

// A bvIntTranslator maps the witnesses of the integer system back.
type bvIntTranslator struct {
	b        *bvInt
	old, new *chc.System
	preds    []*chc.Pred // by old ID
}

// Model gives each old predicate the new one's formula read over
// bit-vectors: a linear comparison of the parameters becomes a comparison
// of bit-vectors wide enough that nothing wraps around (bvModel), which
// the checkers decide by blasting; any other atom gets bv2nat(x) (signed:
// its two's complement reading) for each bit-vector parameter x.
func (t *bvIntTranslator) Model(ctx context.Context, m chc.Model) (chc.Model, error) {
	st := t.old.St
	poll := chc.NewBudget(ctx)
	out := make(chc.Model, len(t.old.Preds))
	for i, p := range t.old.Preds {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		np := t.preds[i]
		f := m.Lookup(st, np)
		if np == p {
			out[p] = f
			continue
		}
		bm := &bvModel{st: st, signed: t.b.signed, params: map[*term.Term]*term.Term{}, memo: map[*term.Term]*term.Term{}}
		args := make([]*term.Term, len(p.Params))
		for k, x := range p.Params {
			args[k] = x
			if x.Sort().IsBitVec() {
				args[k] = intReading(st, x, t.b.signed)
				bm.params[np.Params[k]] = x
			}
		}
		bm.from, bm.to = np.Params, args
		out[p] = bm.formula(f)
	}
	return out, nil
}

// A bvModel reads a formula over the integer parameters of a new
// predicate as one over the bit-vector parameters of the old one.
type bvModel struct {
	st       *term.Store
	signed   bool
	params   map[*term.Term]*term.Term // Int parameter → its bit-vector
	from, to []*term.Term              // the substitution of the fallback
	memo     map[*term.Term]*term.Term
}

func (bm *bvModel) formula(f *term.Term) *term.Term {
	if r, ok := bm.memo[f]; ok {
		return r
	}
	st := bm.st
	var r *term.Term
	switch f.Op() {
	case term.OpNot, term.OpAnd, term.OpOr, term.OpImplies, term.OpXor:
		args := make([]*term.Term, f.NumArgs())
		for i, a := range f.Args() {
			args[i] = bm.formula(a)
		}
		r = st.Rebuild(f, args)
	case term.OpIte, term.OpEq:
		if f.Arg(f.NumArgs() - 1).Sort().IsBool() {
			args := make([]*term.Term, f.NumArgs())
			for i, a := range f.Args() {
				args[i] = bm.formula(a)
			}
			r = st.Rebuild(f, args)
		} else if f.Op() == term.OpEq && f.NumArgs() == 2 {
			r = bm.compare(f)
		}
	case term.OpLe, term.OpLt, term.OpGe, term.OpGt:
		r = bm.compare(f)
	}
	if r == nil {
		r = st.Substitute(f, bm.from, bm.to)
	}
	bm.memo[f] = r
	return r
}

// compare is the comparison f of two Int terms as a comparison of
// bit-vectors, or nil when its difference is not linear over the
// parameters. Σ aᵢ·xᵢ + c ⋈ 0 becomes the same comparison of W-bit
// vectors, signed, each xᵢ extended to W bits (zero_extend in the
// unsigned reading, sign_extend in the signed one), W so large that no
// partial sum wraps around; one variable with coefficient ±1 becomes a
// comparison with a constant at its own width.
func (bm *bvModel) compare(f *term.Term) *term.Term {
	st := bm.st
	if !f.Arg(0).Sort().IsInt() {
		return nil
	}
	l, ok := st.Linearize(st.Sub(f.Arg(0), f.Arg(1)))
	if !ok || !l.Const.IsInt() {
		return nil
	}
	for i, x := range l.Vars {
		if bm.params[x] == nil || !l.Coeffs[i].IsInt() {
			return nil
		}
	}
	op := f.Op()
	c := l.Const.Num().Big()
	if len(l.Vars) == 0 {
		return st.Simplify(f)
	}
	if len(l.Vars) == 1 && l.Coeffs[0].Abs().IsOne() {
		// x + c ⋈ 0 is x ⋈ -c; -x + c ⋈ 0 is x ⋈' c
		k := new(big.Int).Neg(c)
		if l.Coeffs[0].Sign() < 0 {
			k = c
			op = mirror(op)
		}
		return bm.compareConst(bm.params[l.Vars[0]], op, k)
	}
	// the width: every partial sum below 2^(W-1) in absolute value
	bound := new(big.Int).Abs(c)
	for i, x := range l.Vars {
		w := bm.params[x].Sort().Width()
		a := new(big.Int).Abs(l.Coeffs[i].Num().Big())
		bound.Add(bound, a.Mul(a, pow2(w)))
	}
	W := bound.BitLen() + 2
	lit := func(v *big.Int) *term.Term { return st.BVNum(new(big.Int).Mod(v, pow2(W)), W) }
	// the positive terms on the left, the negative ones on the right, so
	// that no factor is a negative constant (a full multiplier when blasted)
	var left, right []*term.Term
	switch c.Sign() {
	case 1:
		left = append(left, lit(c))
	case -1:
		right = append(right, lit(new(big.Int).Neg(c)))
	}
	for i, x := range l.Vars {
		bx := bm.params[x]
		w := bx.Sort().Width()
		extOp := term.OpZeroExtend
		if bm.signed {
			extOp = term.OpSignExtend
		}
		ext, err := st.BuildIndexed(extOp, W-w, 0, bx)
		if err != nil {
			return nil
		}
		a := l.Coeffs[i].Num().Big()
		side := &left
		if a.Sign() < 0 {
			a, side = new(big.Int).Neg(a), &right
		}
		if a.Cmp(big.NewInt(1)) != 0 {
			ext = st.Mk(term.OpBVMul, lit(a), ext)
		}
		*side = append(*side, ext)
	}
	sum := func(ts []*term.Term) *term.Term {
		switch len(ts) {
		case 0:
			return lit(new(big.Int))
		case 1:
			return ts[0]
		}
		return st.Mk(term.OpBVAdd, ts...)
	}
	lhs, rhs := sum(left), sum(right)
	switch op {
	case term.OpLe:
		return st.Mk(term.OpBVSle, lhs, rhs)
	case term.OpLt:
		return st.Mk(term.OpBVSlt, lhs, rhs)
	case term.OpGe:
		return st.Mk(term.OpBVSge, lhs, rhs)
	case term.OpGt:
		return st.Mk(term.OpBVSgt, lhs, rhs)
	default:
		return st.Eq(lhs, rhs)
	}
}

// mirror is the comparison with its sides swapped: a ⋈ b iff b ⋈' a.
func mirror(op term.Op) term.Op {
	switch op {
	case term.OpLe:
		return term.OpGe
	case term.OpLt:
		return term.OpGt
	case term.OpGe:
		return term.OpLe
	case term.OpGt:
		return term.OpLt
	}
	return op
}

// compareConst is x ⋈ k for the integer reading of the bit-vector x.
func (bm *bvModel) compareConst(x *term.Term, op term.Op, k *big.Int) *term.Term {
	st := bm.st
	w := x.Sort().Width()
	lo := base(w, bm.signed)
	hi := new(big.Int).Add(lo, pow2(w))
	hi.Sub(hi, big.NewInt(1))
	// outside the range the comparison is constant
	switch {
	case k.Cmp(lo) < 0:
		return st.Bool(op == term.OpGe || op == term.OpGt)
	case k.Cmp(hi) > 0:
		return st.Bool(op == term.OpLe || op == term.OpLt)
	}
	kt := st.BVNum(new(big.Int).Mod(k, pow2(w)), w)
	ops := map[term.Op][2]term.Op{
		term.OpLe: {term.OpBVUle, term.OpBVSle}, term.OpLt: {term.OpBVUlt, term.OpBVSlt},
		term.OpGe: {term.OpBVUge, term.OpBVSge}, term.OpGt: {term.OpBVUgt, term.OpBVSgt},
	}
	if op == term.OpEq {
		return st.Eq(x, kt)
	}
	i := 0
	if bm.signed {
		i = 1
	}
	return st.Mk(ops[op][i], x, kt)
}

// Derivation maps each node to the old clause of the same index, each
// integer value of a bit-vector variable to its literal modulo 2^w.
func (t *bvIntTranslator) Derivation(ctx context.Context, root *chc.Node) (*chc.Node, error) {
	st := t.old.St
	poll := chc.NewBudget(ctx)
	index := make(map[*chc.Clause]int, len(t.new.Clauses))
	for i, c := range t.new.Clauses {
		index[c] = i
	}
	memo := map[*chc.Node]*chc.Node{}
	var visit func(n *chc.Node, depth int) (*chc.Node, error)
	visit = func(n *chc.Node, depth int) (*chc.Node, error) {
		if done, ok := memo[n]; ok {
			return done, nil
		}
		if err := poll.Step(); err != nil {
			return nil, err
		}
		if n == nil || n.Clause == nil {
			return nil, fmt.Errorf("chc: derivation node without a clause")
		}
		if depth > 1<<20 {
			return nil, fmt.Errorf("chc: derivation too deep")
		}
		i, ok := index[n.Clause]
		if !ok {
			return nil, fmt.Errorf("chc: derivation node of a clause not in the translated system")
		}
		old := t.old.Clauses[i]
		if len(n.Values) != len(old.Vars) || len(n.Children) != len(old.Body) {
			return nil, fmt.Errorf("chc: derivation node does not fit its clause")
		}
		vals := make([]*term.Term, len(old.Vars))
		for k, x := range old.Vars {
			v := n.Values[k]
			if x.Sort().IsBitVec() {
				iv, ok := numValue(v)
				if !ok {
					return nil, fmt.Errorf("chc: value %v of %s is not an integer", v, x.Name())
				}
				m := pow2(x.Sort().Width())
				v = st.BVNum(new(big.Int).Mod(iv, m), x.Sort().Width())
			}
			vals[k] = v
		}
		kids := make([]*chc.Node, len(n.Children))
		for k, ch := range n.Children {
			kid, err := visit(ch, depth+1)
			if err != nil {
				return nil, err
			}
			kids[k] = kid
		}
		res := &chc.Node{Clause: old, Values: vals, Children: kids}
		memo[n] = res
		return res, nil
	}
	return visit(root, 0)
}

// intReading is bv2nat(x), or its two's complement reading when signed.
func intReading(st *term.Store, x *term.Term, signed bool) *term.Term {
	n := st.Mk(term.OpBV2Nat, x)
	if !signed {
		return n
	}
	w := x.Sort().Width()
	half := st.IntNum(num.IntFromBig(pow2(w - 1)))
	return st.Ite(st.Ge(n, half), st.Sub(n, st.IntNum(num.IntFromBig(pow2(w)))), n)
}
