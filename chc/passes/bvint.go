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
