package smt

import (
	"math/big"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Bit-vectors by eager bit-blasting: every bit-vector term becomes a word
// of SAT literals (bitblast.go), every Boolean atom over bit-vectors (=,
// the comparisons, predicates over bit-vectors) a literal of the circuit.
// Division and remainder get fresh words q, r constrained by
// n = q·d + r ∧ r < d (computed in twice the width, so without overflow)
// when d ≠ 0 and by SMT-LIB's values when d = 0. Uninterpreted functions
// whose domain and range are bit-vectors and Booleans are Ackermannised:
// each application gets a fresh word and, for every earlier application
// of the same function, the clause "equal arguments → equal results".
// Everything is a permanent definition, so scopes and assumptions work as
// for the other atoms. The blaster exists only once a bit-vector term
// reaches the solver: the other theories pay nothing.
//
// bv2nat and int2bv join arithmetic through terms: (bv2nat x) is lifted
// (cnf.go lift) as Σ 2^i·(ite (= ((_ extract i i) x) #b1) 1 0), whose
// ites become fresh integer constants as every arithmetic ite does;
// ((_ int2bv w) n) is a fresh bit-vector constant k with the definition
// (= (bv2nat k) (mod n 2^w)), asserted for good.
//
// Not handled (an UnsupportedError, so Unknown): bit-vectors inside
// arrays, functions mixing bit-vectors with arithmetic or uninterpreted
// sorts.
type bvBlaster struct {
	s      *Solver
	c      circuit
	words  map[uint32][]sat.Lit // by term ID
	consts []*term.Term         // bit-vector constants, for the model
	apps   map[*term.Func][]*term.Term
	funcs  []*term.Func               // in order of first application
	divs   map[[2]uint32][2][]sat.Lit // (n, d) -> (q, r) of the unsigned division
}

// bv2natSum is (bv2nat x) as the sum of its bits' values.
func bv2natSum(st *term.Store, x *term.Term) *term.Term {
	w := x.Sort().Width()
	one := st.BVInt(1, 1)
	parts := make([]*term.Term, w)
	for i := range parts {
		bit, err := st.BuildIndexed(term.OpExtract, i, i, x)
		if err != nil {
			panic(err)
		}
		p := new(big.Int).Lsh(big.NewInt(1), uint(i))
		parts[i] = st.Ite(st.Eq(bit, one), st.IntNum(num.IntFromBig(p)), st.Int(0))
	}
	if w == 1 {
		return parts[0]
	}
	return st.Add(parts...)
}

// int2bv returns the word of ((_ int2bv w) n): a fresh constant defined
// by (= (bv2nat k) (mod n 2^w)).
func (b *bvBlaster) int2bv(t *term.Term) ([]sat.Lit, error) {
	st := b.s.st
	w := t.Sort().Width()
	k := st.Fresh("int2bv", t.Sort())
	kw, err := b.node(k)
	if err != nil {
		return nil, err
	}
	mod := st.IntNum(num.IntFromBig(new(big.Int).Lsh(big.NewInt(1), uint(w))))
	def := st.Eq(st.Mk(term.OpBV2Nat, k), st.Mod(t.Arg(0), mod))
	m, err := b.s.enc.lit(def, polPos)
	if err != nil {
		return nil, err
	}
	b.s.define(m)
	return kw, nil
}

// bv returns the blaster, made on first use.
func (s *Solver) bv() *bvBlaster {
	if s.bvb == nil {
		s.bvb = &bvBlaster{
			s:     s,
			c:     circuit{s: s, tru: s.enc.tru, gates: map[gateKey]sat.Lit{}},
			words: map[uint32][]sat.Lit{},
			apps:  map[*term.Func][]*term.Term{},
			divs:  map[[2]uint32][2][]sat.Lit{},
		}
	}
	return s.bvb
}

// isBVAtom reports whether the Boolean term t is an atom the blaster
// owns: an equality or comparison of bit-vectors, or an application of a
// function with a bit-vector argument.
func isBVAtom(t *term.Term) bool {
	switch op := t.Op(); {
	case op.IsBVCompare():
		return true
	case op == term.OpEq || op == term.OpDistinct:
		return t.Arg(0).Sort().IsBitVec()
	case op == term.OpApply:
		for _, a := range t.Args() {
			if a.Sort().IsBitVec() {
				return true
			}
		}
	}
	return false
}

// atom encodes the bit-vector atom t.
func (b *bvBlaster) atom(t *term.Term) (sat.Lit, error) {
	c := &b.c
	switch t.Op() {
	case term.OpEq:
		r := c.tru
		for i := 1; i < t.NumArgs(); i++ {
			x, err := b.word(t.Arg(i - 1))
			if err != nil {
				return sat.LitNull, err
			}
			y, err := b.word(t.Arg(i))
			if err != nil {
				return sat.LitNull, err
			}
			r = c.and(r, c.eq(x, y))
		}
		return r, nil
	case term.OpDistinct:
		ws := make([][]sat.Lit, t.NumArgs())
		for i, a := range t.Args() {
			w, err := b.word(a)
			if err != nil {
				return sat.LitNull, err
			}
			ws[i] = w
		}
		r := c.tru
		for i := range ws {
			for j := i + 1; j < len(ws); j++ {
				r = c.and(r, c.eq(ws[i], ws[j]).Not())
			}
		}
		return r, nil
	case term.OpApply:
		w, err := b.app(t)
		if err != nil {
			return sat.LitNull, err
		}
		return w[0], nil
	}
	x, err := b.word(t.Arg(0))
	if err != nil {
		return sat.LitNull, err
	}
	y, err := b.word(t.Arg(1))
	if err != nil {
		return sat.LitNull, err
	}
	switch t.Op() {
	case term.OpBVUlt:
		return c.ult(x, y), nil
	case term.OpBVUle:
		return c.ult(y, x).Not(), nil
	case term.OpBVUgt:
		return c.ult(y, x), nil
	case term.OpBVUge:
		return c.ult(x, y).Not(), nil
	case term.OpBVSlt:
		return c.slt(x, y), nil
	case term.OpBVSle:
		return c.slt(y, x).Not(), nil
	case term.OpBVSgt:
		return c.slt(y, x), nil
	case term.OpBVSge:
		return c.slt(x, y).Not(), nil
	}
	return sat.LitNull, &UnsupportedError{t, "bit-vector atom " + t.Op().String()}
}

// word returns the literals of the bit-vector term t (of a Boolean t, its
// one literal, for the arguments of Ackermannised functions).
func (b *bvBlaster) word(t *term.Term) ([]sat.Lit, error) {
	if w, ok := b.words[t.ID()]; ok {
		return w, nil
	}
	if t.Sort().IsBool() {
		m, err := b.s.enc.lit(t, polBoth)
		if err != nil {
			return nil, err
		}
		return []sat.Lit{m}, nil
	}
	if !t.Sort().IsBitVec() {
		return nil, &UnsupportedError{t, "a term of sort " + t.Sort().String() + " inside a bit-vector term"}
	}
	// The arguments first, without recursion on the deep side: words
	// are memoized, so a post-order walk does each node once.
	for u := range term.PostOrder(t) {
		if _, ok := b.words[u.ID()]; ok || u == t || !u.Sort().IsBitVec() {
			continue
		}
		if _, err := b.node(u); err != nil {
			return nil, err
		}
	}
	return b.node(t)
}

// arg is the word of an argument already blasted (or Boolean).
func (b *bvBlaster) arg(t *term.Term, i int) ([]sat.Lit, error) { return b.word(t.Arg(i)) }

func (b *bvBlaster) node(t *term.Term) ([]sat.Lit, error) {
	if w, ok := b.words[t.ID()]; ok {
		return w, nil
	}
	w, err := b.blast(t)
	if err != nil {
		return nil, err
	}
	b.words[t.ID()] = w
	return w, nil
}

func (b *bvBlaster) blast(t *term.Term) ([]sat.Lit, error) {
	c := &b.c
	width := t.Sort().Width()
	op := t.Op()
	switch op {
	case term.OpBVNum:
		v := t.BVValue()
		return c.constWord(width, func(i int) bool { return v.Bit(i) == 1 }), nil
	case term.OpConst:
		w := make([]sat.Lit, width)
		for i := range w {
			w[i] = c.fresh()
		}
		b.consts = append(b.consts, t)
		return w, nil
	case term.OpIte:
		m, err := b.s.enc.lit(t.Arg(0), polBoth)
		if err != nil {
			return nil, err
		}
		x, err := b.arg(t, 1)
		if err != nil {
			return nil, err
		}
		y, err := b.arg(t, 2)
		if err != nil {
			return nil, err
		}
		return c.muxWord(m, x, y), nil
	case term.OpApply:
		return b.app(t)
	case term.OpInt2BV:
		return b.int2bv(t)
	case term.OpBVComp:
		x, err := b.arg(t, 0)
		if err != nil {
			return nil, err
		}
		y, err := b.arg(t, 1)
		if err != nil {
			return nil, err
		}
		return []sat.Lit{c.eq(x, y)}, nil
	}
	if !op.IsBV() || op == term.OpBVNum || op == term.OpBV2Nat {
		return nil, &UnsupportedError{t, "operator " + op.String() + " of sort " + t.Sort().String()}
	}
	args := make([][]sat.Lit, t.NumArgs())
	for i := range args {
		w, err := b.arg(t, i)
		if err != nil {
			return nil, err
		}
		args[i] = w
	}
	x := args[0]
	var y []sat.Lit
	if len(args) > 1 {
		y = args[1]
	}
	switch op {
	case term.OpConcat:
		var r []sat.Lit
		for i := len(args) - 1; i >= 0; i-- {
			r = append(r, args[i]...)
		}
		return r, nil
	case term.OpExtract:
		hi, lo := t.Indices()
		return append([]sat.Lit(nil), x[lo:hi+1]...), nil
	case term.OpZeroExtend, term.OpSignExtend:
		k, _ := t.Indices()
		fill := c.fls()
		if op == term.OpSignExtend {
			fill = x[len(x)-1]
		}
		r := append([]sat.Lit(nil), x...)
		for i := 0; i < k; i++ {
			r = append(r, fill)
		}
		return r, nil
	case term.OpRotateLeft, term.OpRotateRight:
		k, _ := t.Indices()
		n := len(x)
		k %= n
		if op == term.OpRotateRight {
			k = (n - k) % n
		}
		r := make([]sat.Lit, n)
		for i := range r {
			r[(i+k)%n] = x[i]
		}
		return r, nil
	case term.OpRepeat:
		k, _ := t.Indices()
		var r []sat.Lit
		for i := 0; i < k; i++ {
			r = append(r, x...)
		}
		return r, nil
	case term.OpBVNot:
		return c.not(x), nil
	case term.OpBVNeg:
		return c.neg(x), nil
	case term.OpBVAnd, term.OpBVOr, term.OpBVXor, term.OpBVAdd, term.OpBVMul:
		r := x
		for _, a := range args[1:] {
			switch op {
			case term.OpBVAnd:
				r = c.bitwise(r, a, c.and)
			case term.OpBVOr:
				r = c.bitwise(r, a, c.or)
			case term.OpBVXor:
				r = c.bitwise(r, a, c.xor)
			case term.OpBVAdd:
				r = c.add(r, a, c.fls())
			case term.OpBVMul:
				r = c.mul(r, a)
			}
		}
		return r, nil
	case term.OpBVNand:
		return c.not(c.bitwise(x, y, c.and)), nil
	case term.OpBVNor:
		return c.not(c.bitwise(x, y, c.or)), nil
	case term.OpBVXnor:
		return c.not(c.bitwise(x, y, c.xor)), nil
	case term.OpBVSub:
		return c.sub(x, y), nil
	case term.OpBVUdiv:
		return b.udivrem(t.Arg(0), t.Arg(1), x, y)[0], nil
	case term.OpBVUrem:
		return b.udivrem(t.Arg(0), t.Arg(1), x, y)[1], nil
	case term.OpBVSdiv, term.OpBVSrem, term.OpBVSmod:
		return b.signedDiv(op, x, y), nil
	case term.OpBVShl:
		return c.shift(x, y, true, c.fls()), nil
	case term.OpBVLshr:
		return c.shift(x, y, false, c.fls()), nil
	case term.OpBVAshr:
		return c.shift(x, y, false, x[len(x)-1]), nil
	}
	return nil, &UnsupportedError{t, "operator " + op.String()}
}

// udivrem returns the words (q, r) of the unsigned division of n by d,
// shared by bvudiv and bvurem over the same terms.
func (b *bvBlaster) udivrem(nt, dt *term.Term, n, d []sat.Lit) [2][]sat.Lit {
	key := [2]uint32{nt.ID(), dt.ID()}
	if qr, ok := b.divs[key]; ok {
		return qr
	}
	qr := b.divWords(n, d)
	b.divs[key] = qr
	return qr
}

// divWords constrains fresh words q, r to the unsigned quotient and
// remainder of n by d: d = 0 → q = ~0 ∧ r = n; d ≠ 0 → n = q·d + r ∧
// r < d, the product and sum in 2w bits.
func (b *bvBlaster) divWords(n, d []sat.Lit) [2][]sat.Lit {
	c := &b.c
	w := len(n)
	if isConstWord(c, n) && isConstWord(c, d) {
		nv, dv := wordValue(c, n), wordValue(c, d)
		q := term.BVApply(term.OpBVUdiv, 0, 0, []*big.Int{nv, dv}, nil, w)
		r := term.BVApply(term.OpBVUrem, 0, 0, []*big.Int{nv, dv}, nil, w)
		return [2][]sat.Lit{
			c.constWord(w, func(i int) bool { return q.Bit(i) == 1 }),
			c.constWord(w, func(i int) bool { return r.Bit(i) == 1 }),
		}
	}
	q, r := make([]sat.Lit, w), make([]sat.Lit, w)
	for i := range q {
		q[i], r[i] = c.fresh(), c.fresh()
	}
	zero := c.eq(d, c.zeros(w))
	ext := func(a []sat.Lit) []sat.Lit { return append(append([]sat.Lit(nil), a...), c.zeros(w)...) }
	prod := c.add(c.mul(ext(q), ext(d)), ext(r), c.fls())
	exact := c.eq(prod, ext(n))
	less := c.ult(r, d)
	b.s.define(zero, exact)
	b.s.define(zero, less)
	for i := 0; i < w; i++ {
		b.s.define(zero.Not(), q[i])
		b.s.define(zero.Not(), r[i].Not(), n[i])
		b.s.define(zero.Not(), r[i], n[i].Not())
	}
	return [2][]sat.Lit{q, r}
}

func wordValue(c *circuit, a []sat.Lit) *big.Int {
	v := new(big.Int)
	for i, m := range a {
		if m == c.tru {
			v.SetBit(v, i, 1)
		}
	}
	return v
}

// signedDiv is bvsdiv, bvsrem or bvsmod from the unsigned division of the
// absolute values, as SMT-LIB defines them.
func (b *bvBlaster) signedDiv(op term.Op, s, t []sat.Lit) []sat.Lit {
	c := &b.c
	w := len(s)
	ms, mt := s[w-1], t[w-1]
	as := c.muxWord(ms, c.neg(s), s)
	at := c.muxWord(mt, c.neg(t), t)
	qr := b.divWords(as, at)
	q, u := qr[0], qr[1]
	switch op {
	case term.OpBVSdiv:
		return c.muxWord(c.xor(ms, mt), c.neg(q), q)
	case term.OpBVSrem:
		return c.muxWord(ms, c.neg(u), u)
	}
	// bvsmod
	uz := c.eq(u, c.zeros(w))
	negU := c.neg(u)
	r := c.muxWord(ms,
		c.muxWord(mt, negU, c.add(negU, t, c.fls())),
		c.muxWord(mt, c.add(u, t, c.fls()), u))
	return c.muxWord(uz, u, r)
}

// app returns the word of an application of an uninterpreted function
// over bit-vectors and Booleans, Ackermannised.
func (b *bvBlaster) app(t *term.Term) ([]sat.Lit, error) {
	if w, ok := b.words[t.ID()]; ok {
		return w, nil
	}
	f := t.Func()
	for _, s := range append(append([]*term.Sort(nil), f.Domain()...), f.Range()) {
		if !s.IsBitVec() && !s.IsBool() {
			return nil, &UnsupportedError{t, "function " + term.QuoteSymbol(f.Name()) + " mixing bit-vectors with sort " + s.String()}
		}
	}
	args := make([][]sat.Lit, t.NumArgs())
	for i, a := range t.Args() {
		w, err := b.word(a)
		if err != nil {
			return nil, err
		}
		args[i] = w
	}
	c := &b.c
	n := 1
	if f.Range().IsBitVec() {
		n = f.Range().Width()
	}
	res := make([]sat.Lit, n)
	for i := range res {
		res[i] = c.fresh()
	}
	b.words[t.ID()] = res
	if _, ok := b.apps[f]; !ok {
		b.funcs = append(b.funcs, f)
	}
	for _, u := range b.apps[f] {
		same := c.tru
		for i, a := range u.Args() {
			same = c.and(same, c.eq(b.words[a.ID()], args[i]))
		}
		for i, m := range b.words[u.ID()] {
			b.s.define(same.Not(), m.Not(), res[i])
			b.s.define(same.Not(), m, res[i].Not())
		}
	}
	b.apps[f] = append(b.apps[f], t)
	// the argument words are looked up by term: record Boolean ones
	for i, a := range t.Args() {
		if _, ok := b.words[a.ID()]; !ok {
			b.words[a.ID()] = args[i]
		}
	}
	return res, nil
}

// model gives each bit-vector constant its value and each Ackermannised
// function its table.
func (b *bvBlaster) model(m *term.Model) {
	st, sv := b.s.st, b.s.sat
	value := func(w []sat.Lit) *big.Int {
		v := new(big.Int)
		for i, l := range w {
			if sv.Value(l) {
				v.SetBit(v, i, 1)
			}
		}
		return v
	}
	valueOf := func(s *term.Sort, w []sat.Lit) *term.Term {
		if s.IsBool() {
			return st.Bool(sv.Value(w[0]))
		}
		return st.BVNum(value(w), s.Width())
	}
	for _, k := range b.consts {
		m.Set(k, valueOf(k.Sort(), b.words[k.ID()]))
	}
	for _, f := range b.funcs {
		fi := &term.FuncInterp{}
		for _, u := range b.apps[f] {
			e := term.FuncEntry{Value: valueOf(f.Range(), b.words[u.ID()])}
			for _, a := range u.Args() {
				e.Args = append(e.Args, valueOf(a.Sort(), b.words[a.ID()]))
			}
			fi.Entries = append(fi.Entries, e)
		}
		m.SetFunc(f, fi)
	}
}
