package term

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Bit-vectors: the sort (_ BitVec w), literals (OpBVNum, value in
// [0, 2^w) held exactly as a num.Rat), and the QF_BV operators of
// SMT-LIB 2.6 with z3's bv2nat and int2bv. Indexed operators carry their
// indices in the term's number: extract as hi·2^32 + lo, the others their
// one index, so (_ extract 3 0) and (_ extract 4 1) are different terms.
// Evaluation works on math/big and follows SMT-LIB's total semantics of
// division: (bvudiv x 0) is all ones, (bvurem x 0) is x, and the signed
// operators are defined from the unsigned ones as the standard does.

// maxBVWidth bounds the widths the store accepts (a bound of sanity: a
// width is a size in memory when blasted).
const maxBVWidth = 1 << 24

func bvWidthOfName(name string) int {
	w, err := strconv.Atoi(name)
	if err != nil {
		panic("term: bad bit-vector sort name " + name)
	}
	return w
}

// BitVecSort returns (_ BitVec w), w >= 1.
func (st *Store) BitVecSort(w int) *Sort {
	if w < 1 || w > maxBVWidth {
		panic(fmt.Sprintf("term: bit-vector width %d", w))
	}
	return st.internSort(KindBitVec, strconv.Itoa(w), nil)
}

// IsBitVec reports whether s is a bit-vector sort.
func (s *Sort) IsBitVec() bool { return s.kind == KindBitVec }

// Width is the width of a bit-vector sort (0 for other sorts).
func (s *Sort) Width() int { return s.width }

// IsBV reports whether op is a bit-vector operator (including bv2nat and
// int2bv).
func (op Op) IsBV() bool { return op >= OpBVNum && op <= OpBV2Nat }

// IsBVIndexed reports whether op is an indexed bit-vector operator.
func (op Op) IsBVIndexed() bool { return op >= OpExtract && op <= OpInt2BV }

// carriesNum reports whether terms of op keep a number (Term.rat).
func (op Op) carriesNum() bool {
	return op == OpNum || op == OpValue || op >= OpBVNum && op <= OpInt2BV
}

// IsBVCompare reports whether op is one of the bit-vector comparisons.
func (op Op) IsBVCompare() bool { return op >= OpBVUlt && op <= OpBVSge }

// IsBVPredicate reports whether op is a bit-vector comparison or an
// overflow predicate: the Boolean bit-vector operators.
func (op Op) IsBVPredicate() bool { return op >= OpBVUlt && op <= OpBVSdivo }

// Indices are the indices of an indexed bit-vector operator: (hi, lo) for
// extract, (k, 0) for the others.
func (t *Term) Indices() (int, int) {
	v := t.Num().Num().Int64()
	if t.op == OpExtract {
		return int(v >> 32), int(v & (1<<32 - 1))
	}
	return int(v), 0
}

// BVValue is the value of a bit-vector literal as a new big.Int.
func (t *Term) BVValue() *big.Int { return t.Num().Num().Big() }

// BVNum returns the literal of width w whose value is v mod 2^w.
func (st *Store) BVNum(v *big.Int, w int) *Term {
	s := st.BitVecSort(w)
	return st.intern(OpBVNum, s, nil, nil, num.IntFromBig(bvNorm(new(big.Int).Set(v), w)).Rat())
}

// BVInt returns the literal of width w whose value is v mod 2^w.
func (st *Store) BVInt(v int64, w int) *Term { return st.BVNum(big.NewInt(v), w) }

// BuildIndexed builds an indexed bit-vector operator: (_ extract i j) a,
// and (_ op i) a for zero_extend, sign_extend, rotate_left, rotate_right,
// repeat and int2bv (j ignored).
func (st *Store) BuildIndexed(op Op, i, j int, args ...*Term) (*Term, error) {
	if !op.IsBVIndexed() {
		return nil, fmt.Errorf("term: %v is not an indexed operator", op)
	}
	for _, a := range args {
		if a == nil {
			return nil, fmt.Errorf("%v: nil argument", op)
		}
	}
	return st.buildBV(op, i, j, args)
}

func (st *Store) checkBV(op Op, args []*Term, min, max int) (int, error) {
	if len(args) < min || (max >= 0 && len(args) > max) {
		if min == max {
			return 0, arityError(op, min, len(args))
		}
		return 0, fmt.Errorf("%v: expected at least %d arguments, got %d", op, min, len(args))
	}
	w := 0
	for i, a := range args {
		if !a.sort.IsBitVec() {
			return 0, fmt.Errorf("%v: argument %d has sort %v, expected a bit-vector", op, i+1, a.sort)
		}
		if i == 0 {
			w = a.sort.width
		} else if a.sort.width != w && op != OpConcat {
			return 0, fmt.Errorf("%v: argument %d has sort %v, expected %v", op, i+1, a.sort, args[0].sort)
		}
	}
	return w, nil
}

// buildBV checks and interns a bit-vector term; i, j are the indices of
// an indexed operator.
func (st *Store) buildBV(op Op, i, j int, args []*Term) (*Term, error) {
	var idx num.Rat
	var s *Sort
	switch op {
	case OpBVNum:
		return nil, fmt.Errorf("term: build bit-vector literals with BVNum")
	case OpConcat:
		if _, err := st.checkBV(op, args, 2, -1); err != nil {
			return nil, err
		}
		w := 0
		for _, a := range args {
			w += a.sort.width
		}
		if w > maxBVWidth {
			return nil, fmt.Errorf("concat: width %d too large", w)
		}
		s = st.BitVecSort(w)
	case OpExtract:
		w, err := st.checkBV(op, args, 1, 1)
		if err != nil {
			return nil, err
		}
		if j < 0 || i < j || i >= w {
			return nil, fmt.Errorf("(_ extract %d %d): indices out of range for %v", i, j, args[0].sort)
		}
		s = st.BitVecSort(i - j + 1)
		idx = num.NewInt(int64(i)<<32 | int64(j)).Rat()
	case OpZeroExtend, OpSignExtend, OpRotateLeft, OpRotateRight, OpRepeat:
		w, err := st.checkBV(op, args, 1, 1)
		if err != nil {
			return nil, err
		}
		if i < 0 || (op == OpRepeat && i < 1) {
			return nil, fmt.Errorf("(_ %v %d): bad index", op, i)
		}
		nw := w
		switch op {
		case OpZeroExtend, OpSignExtend:
			nw = w + i
		case OpRepeat:
			nw = w * i
		}
		if nw > maxBVWidth || i > maxBVWidth {
			return nil, fmt.Errorf("(_ %v %d): width too large", op, i)
		}
		s = st.BitVecSort(nw)
		idx = num.NewInt(int64(i)).Rat()
	case OpInt2BV:
		if len(args) != 1 {
			return nil, arityError(op, 1, len(args))
		}
		if !args[0].sort.IsInt() {
			return nil, fmt.Errorf("int2bv: argument has sort %v, expected Int", args[0].sort)
		}
		if i < 1 || i > maxBVWidth {
			return nil, fmt.Errorf("(_ int2bv %d): bad width", i)
		}
		s = st.BitVecSort(i)
		idx = num.NewInt(int64(i)).Rat()
	case OpBV2Nat:
		if _, err := st.checkBV(op, args, 1, 1); err != nil {
			return nil, err
		}
		s = IntSort
	case OpBVNot, OpBVNeg:
		if _, err := st.checkBV(op, args, 1, 1); err != nil {
			return nil, err
		}
		s = args[0].sort
	case OpBVNego:
		if _, err := st.checkBV(op, args, 1, 1); err != nil {
			return nil, err
		}
		s = BoolSort
	case OpBVRedor, OpBVRedand:
		if _, err := st.checkBV(op, args, 1, 1); err != nil {
			return nil, err
		}
		s = st.BitVecSort(1)
	case OpBVAnd, OpBVOr, OpBVXor, OpBVAdd, OpBVMul:
		if _, err := st.checkBV(op, args, 2, -1); err != nil {
			return nil, err
		}
		s = args[0].sort
	case OpBVNand, OpBVNor, OpBVXnor, OpBVSub, OpBVUdiv, OpBVUrem, OpBVSdiv, OpBVSrem, OpBVSmod,
		OpBVShl, OpBVLshr, OpBVAshr:
		if _, err := st.checkBV(op, args, 2, 2); err != nil {
			return nil, err
		}
		s = args[0].sort
	case OpBVComp:
		if _, err := st.checkBV(op, args, 2, 2); err != nil {
			return nil, err
		}
		s = st.BitVecSort(1)
	case OpBVUlt, OpBVUle, OpBVUgt, OpBVUge, OpBVSlt, OpBVSle, OpBVSgt, OpBVSge,
		OpBVUaddo, OpBVSaddo, OpBVUmulo, OpBVSmulo, OpBVUsubo, OpBVSsubo, OpBVSdivo:
		if _, err := st.checkBV(op, args, 2, 2); err != nil {
			return nil, err
		}
		s = BoolSort
	default:
		return nil, fmt.Errorf("term: Build cannot construct %v", op)
	}
	return st.intern(op, s, args, nil, idx), nil
}

// ---- Evaluation ----

func bvMask(w int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return m.Sub(m, big.NewInt(1))
}

// bvNorm reduces v mod 2^w in place.
func bvNorm(v *big.Int, w int) *big.Int {
	if v.Sign() >= 0 && v.BitLen() <= w {
		return v
	}
	return v.And(v, bvMask(w)) // two's complement And: works for negative v
}

// bvSigned is the two's complement reading of an unsigned v of width w.
func bvSigned(v *big.Int, w int) *big.Int {
	if v.Bit(w-1) == 0 {
		return v
	}
	r := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return r.Sub(v, r)
}

// BVApply computes op on the values xs (unsigned, each of its argument's
// width ws[k]) for a result of width w (0 for Bool and Int results); i, j
// are the indices of an indexed operator. Comparisons return 0 or 1. It
// is the reference semantics: the evaluator, the rewriter's folding and
// the tests use it.
func BVApply(op Op, i, j int, xs []*big.Int, ws []int, w int) *big.Int {
	r := new(big.Int)
	switch op {
	case OpConcat:
		for k, x := range xs {
			r.Lsh(r, uint(ws[k]))
			r.Or(r, x)
		}
		return r
	case OpExtract:
		r.Rsh(xs[0], uint(j))
		return bvNorm(r, i-j+1)
	case OpZeroExtend:
		return r.Set(xs[0])
	case OpSignExtend:
		return bvNorm(r.Set(bvSigned(xs[0], ws[0])), w)
	case OpRotateLeft, OpRotateRight:
		n := ws[0]
		k := i % n
		if op == OpRotateRight {
			k = (n - k) % n
		}
		r.Lsh(xs[0], uint(k))
		r.Or(r, new(big.Int).Rsh(xs[0], uint(n-k)))
		return bvNorm(r, n)
	case OpRepeat:
		for k := 0; k < i; k++ {
			r.Lsh(r, uint(ws[0]))
			r.Or(r, xs[0])
		}
		return r
	case OpInt2BV:
		return bvNorm(r.Set(xs[0]), w)
	case OpBV2Nat:
		return r.Set(xs[0])
	case OpBVNot:
		return r.Xor(xs[0], bvMask(w))
	case OpBVNeg:
		return bvNorm(r.Neg(xs[0]), w)
	case OpBVAnd, OpBVOr, OpBVXor, OpBVAdd, OpBVMul:
		r.Set(xs[0])
		for _, x := range xs[1:] {
			switch op {
			case OpBVAnd:
				r.And(r, x)
			case OpBVOr:
				r.Or(r, x)
			case OpBVXor:
				r.Xor(r, x)
			case OpBVAdd:
				r.Add(r, x)
			case OpBVMul:
				r.Mul(r, x)
			}
			bvNorm(r, w)
		}
		return r
	case OpBVNand:
		return r.Xor(r.And(xs[0], xs[1]), bvMask(w))
	case OpBVNor:
		return r.Xor(r.Or(xs[0], xs[1]), bvMask(w))
	case OpBVXnor:
		return r.Xor(r.Xor(xs[0], xs[1]), bvMask(w))
	case OpBVSub:
		return bvNorm(r.Sub(xs[0], xs[1]), w)
	case OpBVUdiv:
		if xs[1].Sign() == 0 {
			return bvMask(w)
		}
		return r.Quo(xs[0], xs[1])
	case OpBVUrem:
		if xs[1].Sign() == 0 {
			return r.Set(xs[0])
		}
		return r.Rem(xs[0], xs[1])
	case OpBVSdiv, OpBVSrem, OpBVSmod:
		return bvSignedDiv(op, xs[0], xs[1], w)
	case OpBVShl:
		if xs[1].Cmp(big.NewInt(int64(w))) >= 0 {
			return r
		}
		return bvNorm(r.Lsh(xs[0], uint(xs[1].Int64())), w)
	case OpBVLshr:
		if xs[1].Cmp(big.NewInt(int64(w))) >= 0 {
			return r
		}
		return r.Rsh(xs[0], uint(xs[1].Int64()))
	case OpBVAshr:
		s := bvSigned(xs[0], w)
		k := uint(w)
		if xs[1].Cmp(big.NewInt(int64(w))) < 0 {
			k = uint(xs[1].Int64())
		}
		return bvNorm(r.Rsh(s, k), w) // Rsh of a negative big.Int rounds down: arithmetic
	case OpBVComp:
		if xs[0].Cmp(xs[1]) == 0 {
			r.SetInt64(1)
		}
		return r
	case OpBVUlt, OpBVUle, OpBVUgt, OpBVUge:
		return boolInt(cmpHolds(op-OpBVUlt, xs[0].Cmp(xs[1])))
	case OpBVSlt, OpBVSle, OpBVSgt, OpBVSge:
		return boolInt(cmpHolds(op-OpBVSlt, bvSigned(xs[0], ws[0]).Cmp(bvSigned(xs[1], ws[1]))))
	case OpBVRedor:
		return boolInt(xs[0].Sign() != 0)
	case OpBVRedand:
		return boolInt(xs[0].Cmp(bvMask(ws[0])) == 0)
	case OpBVNego, OpBVUaddo, OpBVSaddo, OpBVUmulo, OpBVSmulo, OpBVUsubo, OpBVSsubo, OpBVSdivo:
		return boolInt(bvOverflows(op, xs, ws[0]))
	}
	panic("term: BVApply of " + op.String())
}

// bvOverflows is SMT-LIB 2.7's overflow predicates: whether the exact
// result, unsigned or signed, lies outside the range of width w.
func bvOverflows(op Op, xs []*big.Int, w int) bool {
	umax := bvMask(w)                                                    // 2^w - 1
	smin := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1))) // -2^(w-1)
	smax := new(big.Int).Sub(new(big.Int).Neg(smin), big.NewInt(1))      // 2^(w-1) - 1
	outS := func(v *big.Int) bool { return v.Cmp(smin) < 0 || v.Cmp(smax) > 0 }
	switch op {
	case OpBVNego:
		return outS(new(big.Int).Neg(bvSigned(xs[0], w)))
	case OpBVUaddo:
		return new(big.Int).Add(xs[0], xs[1]).Cmp(umax) > 0
	case OpBVUmulo:
		return new(big.Int).Mul(xs[0], xs[1]).Cmp(umax) > 0
	case OpBVUsubo:
		return xs[0].Cmp(xs[1]) < 0
	}
	a, b := bvSigned(xs[0], w), bvSigned(xs[1], w)
	switch op {
	case OpBVSaddo:
		return outS(new(big.Int).Add(a, b))
	case OpBVSmulo:
		return outS(new(big.Int).Mul(a, b))
	case OpBVSsubo:
		return outS(new(big.Int).Sub(a, b))
	}
	// bvsdivo: only smin / -1 leaves the range
	return b.Sign() != 0 && outS(new(big.Int).Quo(a, b))
}

func boolInt(b bool) *big.Int {
	if b {
		return big.NewInt(1)
	}
	return new(big.Int)
}

// cmpHolds: k is 0 lt, 1 le, 2 gt, 3 ge.
func cmpHolds(k Op, c int) bool {
	switch k {
	case 0:
		return c < 0
	case 1:
		return c <= 0
	case 2:
		return c > 0
	}
	return c >= 0
}

// bvSignedDiv is bvsdiv, bvsrem and bvsmod as SMT-LIB defines them from
// bvudiv and bvurem on the absolute values.
func bvSignedDiv(op Op, s, t *big.Int, w int) *big.Int {
	msbS, msbT := s.Bit(w-1) == 1, t.Bit(w-1) == 1
	abs := func(x *big.Int, neg bool) *big.Int {
		if neg {
			return bvNorm(new(big.Int).Neg(x), w)
		}
		return x
	}
	neg := func(x *big.Int) *big.Int { return bvNorm(new(big.Int).Neg(x), w) }
	as, at := abs(s, msbS), abs(t, msbT)
	switch op {
	case OpBVSdiv:
		q := BVApply(OpBVUdiv, 0, 0, []*big.Int{as, at}, nil, w)
		if msbS != msbT {
			return neg(q)
		}
		return q
	case OpBVSrem:
		r := BVApply(OpBVUrem, 0, 0, []*big.Int{as, at}, nil, w)
		if msbS {
			return neg(r)
		}
		return r
	}
	// bvsmod
	u := BVApply(OpBVUrem, 0, 0, []*big.Int{as, at}, nil, w)
	switch {
	case u.Sign() == 0:
		return u
	case !msbS && !msbT:
		return u
	case msbS && !msbT:
		return bvNorm(new(big.Int).Add(neg(u), t), w)
	case !msbS && msbT:
		return bvNorm(new(big.Int).Add(u, t), w)
	}
	return neg(u)
}

// bvResultWidth is the width of u's sort, 0 when it is not a bit-vector.
func bvResultWidth(u *Term) int { return u.sort.width }

// evalBV computes the value of the bit-vector term u from the values vs
// of its arguments.
func (st *Store) evalBV(u *Term, vs []*Term) *Term {
	xs := make([]*big.Int, len(vs))
	ws := make([]int, len(vs))
	for k, v := range vs {
		if v.sort.IsInt() {
			xs[k] = v.Num().Num().Big()
		} else {
			xs[k] = v.BVValue()
		}
		ws[k] = v.sort.width
	}
	i, j := 0, 0
	if u.op.IsBVIndexed() {
		i, j = u.Indices()
	}
	r := BVApply(u.op, i, j, xs, ws, bvResultWidth(u))
	switch {
	case u.sort.IsBool():
		return st.Bool(r.Sign() != 0)
	case u.sort.IsInt():
		return st.IntNum(num.IntFromBig(r))
	}
	return st.BVNum(r, u.sort.width)
}

// ---- Rewriting ----

// simplifyBV rewrites the bit-vector term u with simplified arguments a:
// constant folding of every operator, the comparisons > and >= as < and
// <= swapped, and a few identities.
func (st *Store) simplifyBV(u *Term, a []*Term) *Term {
	consts := true
	for _, x := range a {
		if x.op != OpBVNum && x.op != OpNum {
			consts = false
			break
		}
	}
	if consts {
		return st.evalBV(u, a)
	}
	switch u.op {
	case OpBVUgt:
		return st.intern(OpBVUlt, BoolSort, []*Term{a[1], a[0]}, nil, num.Rat{})
	case OpBVUge:
		return st.intern(OpBVUle, BoolSort, []*Term{a[1], a[0]}, nil, num.Rat{})
	case OpBVSgt:
		return st.intern(OpBVSlt, BoolSort, []*Term{a[1], a[0]}, nil, num.Rat{})
	case OpBVSge:
		return st.intern(OpBVSle, BoolSort, []*Term{a[1], a[0]}, nil, num.Rat{})
	case OpBVUlt, OpBVSlt:
		if a[0] == a[1] {
			return st.fls
		}
	case OpBVUle, OpBVSle:
		if a[0] == a[1] {
			return st.tru
		}
	case OpExtract:
		i, j := u.Indices()
		return st.mkExtract(i, j, a[0])
	case OpBVAdd, OpBVMul, OpBVAnd, OpBVOr, OpBVXor:
		return st.mkBVNary(u.op, u.sort, a)
	case OpBVNot:
		if a[0].op == OpBVNot {
			return a[0].args[0]
		}
	case OpBVNeg:
		if a[0].op == OpBVNeg {
			return a[0].args[0]
		}
	case OpZeroExtend, OpSignExtend, OpRotateLeft, OpRotateRight:
		if i, _ := u.Indices(); i == 0 || (u.op == OpRotateLeft || u.op == OpRotateRight) && i%a[0].sort.width == 0 {
			return a[0]
		}
	case OpRepeat:
		if i, _ := u.Indices(); i == 1 {
			return a[0]
		}
	}
	return st.Rebuild(u, a)
}

// mkExtract is (_ extract i j) of the simplified a: the whole of a, an
// extract of what a extracts from, or of the one argument of a concat
// that holds bits i..j; a literal folds.
func (st *Store) mkExtract(i, j int, a *Term) *Term {
	for {
		if j == 0 && i == a.sort.width-1 {
			return a
		}
		switch a.op {
		case OpBVNum:
			return st.BVNum(BVApply(OpExtract, i, j, []*big.Int{a.BVValue()}, []int{a.sort.width}, i-j+1), i-j+1)
		case OpExtract:
			_, j2 := a.Indices()
			i, j, a = i+j2, j+j2, a.args[0]
			continue
		case OpConcat:
			lo, found := 0, false // lo: the offset of argument k, from the least significant
			for k := len(a.args) - 1; k >= 0 && !found; k-- {
				x := a.args[k]
				if j >= lo && i < lo+x.sort.width {
					i, j, a, found = i-lo, j-lo, x, true
				}
				lo += x.sort.width
			}
			if found {
				continue
			}
		}
		return must(st.buildBV(OpExtract, i, j, []*Term{a}))
	}
}

// mkBVNary folds the literals among the arguments of bvadd, bvmul,
// bvand, bvor, bvxor into one, last, and drops it when it is the unit;
// an absorbing literal (0 for bvmul and bvand, all ones for bvor) is the
// result.
func (st *Store) mkBVNary(op Op, s *Sort, a []*Term) *Term {
	w := s.width
	var vals []*big.Int
	rest := make([]*Term, 0, len(a))
	for _, x := range a {
		if x.op == OpBVNum {
			vals = append(vals, x.BVValue())
		} else {
			rest = append(rest, x)
		}
	}
	if len(vals) == 0 {
		return must(st.buildBV(op, 0, 0, a))
	}
	c := vals[0]
	if len(vals) > 1 {
		ws := make([]int, len(vals))
		for k := range ws {
			ws[k] = w
		}
		c = BVApply(op, 0, 0, vals, ws, w)
	}
	unit := c.Sign() == 0 // bvadd, bvor, bvxor
	switch op {
	case OpBVMul:
		unit = c.Cmp(big.NewInt(1)) == 0
		if c.Sign() == 0 {
			return st.BVNum(c, w)
		}
	case OpBVAnd:
		unit = c.Cmp(bvMask(w)) == 0
		if c.Sign() == 0 {
			return st.BVNum(c, w)
		}
	case OpBVOr:
		if c.Cmp(bvMask(w)) == 0 {
			return st.BVNum(c, w)
		}
	}
	if !unit {
		rest = append(rest, st.BVNum(c, w))
	}
	switch len(rest) {
	case 0:
		return st.BVNum(c, w)
	case 1:
		return rest[0]
	}
	return must(st.buildBV(op, 0, 0, rest))
}

// ---- Printing ----

// writeBVNum prints a literal as #x when the width is a multiple of 4,
// else as #b.
func writeBVNum(w *strings.Builder, t *Term) {
	w.WriteString(BVLiteral(t.BVValue(), t.sort.width))
}

// BVLiteral is the SMT-LIB literal of the value v of width w.
func BVLiteral(v *big.Int, w int) string {
	if w%4 == 0 {
		s := v.Text(16)
		return "#x" + strings.Repeat("0", w/4-len(s)) + s
	}
	s := v.Text(2)
	return "#b" + strings.Repeat("0", w-len(s)) + s
}

func writeIndexed(w *strings.Builder, t *Term) {
	i, j := t.Indices()
	w.WriteString("(_ ")
	w.WriteString(t.op.String())
	w.WriteByte(' ')
	w.WriteString(strconv.Itoa(i))
	if t.op == OpExtract {
		w.WriteByte(' ')
		w.WriteString(strconv.Itoa(j))
	}
	w.WriteByte(')')
}
