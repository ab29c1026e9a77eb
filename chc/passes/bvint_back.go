package passes

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The witnesses of BitVecToInt back: models as comparisons of bit-vectors,
// derivations with the integer values as literals.

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
	if r == nil && f.NumArgs() == 2 && f.Arg(0).Sort().IsInt() && (f.Op() == term.OpEq || f.Op() == term.OpLe ||
		f.Op() == term.OpLt || f.Op() == term.OpGe || f.Op() == term.OpGt) {
		r = bm.liftIte(f)
	}
	if r == nil {
		r = st.Substitute(f, bm.from, bm.to)
	}
	bm.memo[f] = r
	return r
}

// maxLifted bounds the ite terms liftIte splits one comparison on (the
// formula doubles with each).
const maxLifted = 4

// liftIte reads a comparison whose sides hold an Int ite, as engines that
// keep the translation's wrap-around ite in their invariants produce:
// (ite c a b) ⋈ t is (c ∧ a ⋈ t) ∨ (¬c ∧ b ⋈ t), each case read again;
// nil when f holds no ite, or more than maxLifted.
func (bm *bvModel) liftIte(f *term.Term) *term.Term {
	var ites []*term.Term
	for u := range term.PostOrder(f) {
		if u.Op() == term.OpIte && u.Sort().IsInt() && !slices.Contains(ites, u) {
			ites = append(ites, u)
		}
	}
	if len(ites) == 0 || len(ites) > maxLifted {
		return nil
	}
	st := bm.st
	// the innermost ite first (PostOrder): its branches hold no ite
	u := ites[0]
	c := bm.formula(u.Arg(0))
	a := bm.formula(st.Substitute(f, []*term.Term{u}, []*term.Term{u.Arg(1)}))
	b := bm.formula(st.Substitute(f, []*term.Term{u}, []*term.Term{u.Arg(2)}))
	return st.Or(st.And(c, a), st.And(st.Not(c), b))
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
	return mapDerivation(poll, root, func(n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
		i, ok := index[n.Clause]
		if !ok {
			return nil, fmt.Errorf("chc: derivation node of a clause not in the translated system")
		}
		old := t.old.Clauses[i]
		if len(n.Values) != len(old.Vars) || len(kids) != len(old.Body) {
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
		return &chc.Node{Clause: old, Values: vals, Children: kids}, nil
	})
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
