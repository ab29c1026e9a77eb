package smt

import (
	"context"
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
// Arrays whose index and element are bit-vectors or Booleans: reads of
// an array constant are Ackermannised like applications, a read of a
// store is read-over-write, and an equality a = b is a fresh literal m
// with m ∨ a[k] ≠ b[k] for a fresh witness k and, for every index k read
// anywhere (closeArrays), m → a[k] = b[k]: extensionality over the
// finitely many indices that matter.
//
// A function's arguments of other sorts (numbers, uninterpreted sorts)
// enter Ackermann's clauses through their equality atoms, decided by
// their theories.
//
// A bit-vector term under a function of another sort or a datatype
// constructor (and a datatype selector of a bit-vector sort) is also a
// node of the euf graph, shared like arithmetic terms (euf.go): its
// equalities with other nodes are the blasted equality atoms, watched by
// the graph, and its value in theory combination is its word's.
//
// Not handled (an UnsupportedError, so Unknown): arrays mixing
// bit-vectors with other sorts.
type bvBlaster struct {
	s      *Solver
	c      circuit
	words  map[uint32][]sat.Lit // by term ID
	consts []*term.Term         // bit-vector constants, for the model
	apps   map[*term.Func][]*term.Term
	funcs  []*term.Func               // in order of first application
	divs   map[[2]uint32][2][]sat.Lit // (n, d) -> (q, r) of the unsigned division
	// arrays over bit-vectors: the selects of each array constant
	// (Ackermannised like a function of the index), in order
	reads  map[*term.Term][]*term.Term
	arrays []*term.Term
	// extensionality: the equalities of arrays over bit-vectors, the
	// indices read (by index sort), the (equality, index) pairs done
	arrEqs  []arrEq
	indices map[*term.Sort][]*term.Term
	seenIdx map[uint32]bool
	eqDone  map[[2]uint32]bool
	closing bool
	// Deferred atoms (see flush): an atom encoded by Assert is a fresh
	// literal until the next Check blasts it under that Check's context.
	pending  []pendingAtom
	flushing bool
	// poll, while a Check blasts the pending atoms, is its context (while
	// it encodes assumptions, the dispatcher's): word polls it every
	// pollGates variables, where no encoder call is under way (nest == 0).
	poll     context.Context
	nest     int
	polledAt int
}

// pendingAtom is an atom t whose blasting waits for the next Check: m
// stands for it, part is the proof tag of the assertion that made it.
type pendingAtom struct {
	t    *term.Term
	m    sat.Lit
	part uint32
	pos  bool // only m → t is needed (halfEq)
}

// pollGates is the number of SAT variables the blaster makes between
// two looks at the context: well under a millisecond of work.
const pollGates = 4096

// arrEq is an equality of arrays a = b with its literal.
type arrEq struct {
	m    sat.Lit
	a, b *term.Term
}

// isBVArray reports whether s is an array sort whose index and element
// are bit-vectors or Booleans, one at least a bit-vector: the arrays the
// blaster reads.
func isBVArray(s *term.Sort) bool {
	if !s.IsArray() {
		return false
	}
	i, e := s.Index(), s.Elem()
	return (i.IsBitVec() || i.IsBool()) && (e.IsBitVec() || e.IsBool()) && (i.IsBitVec() || e.IsBitVec())
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

// bv2natEq is (= (bv2nat a) (bv2nat b)) as an equality of bit-vectors,
// the narrower zero-extended; ok is false for other terms.
func bv2natEq(st *term.Store, t *term.Term) (*term.Term, bool) {
	if t.Op() != term.OpEq || t.NumArgs() != 2 || t.Arg(0).Op() != term.OpBV2Nat || t.Arg(1).Op() != term.OpBV2Nat {
		return nil, false
	}
	a, b := t.Arg(0).Arg(0), t.Arg(1).Arg(0)
	if a.Sort().Width() > b.Sort().Width() {
		a, b = b, a
	}
	if d := b.Sort().Width() - a.Sort().Width(); d > 0 {
		var err error
		if a, err = st.BuildIndexed(term.OpZeroExtend, d, 0, a); err != nil {
			panic(err)
		}
	}
	return st.Eq(a, b), true
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
	m, err := b.lit(def, polPos)
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
			s:       s,
			c:       circuit{s: s, tru: s.enc.tru, gates: map[gateKey]sat.Lit{}, ands: map[string]sat.Lit{}},
			words:   map[uint32][]sat.Lit{},
			apps:    map[*term.Func][]*term.Term{},
			divs:    map[[2]uint32][2][]sat.Lit{},
			reads:   map[*term.Term][]*term.Term{},
			indices: map[*term.Sort][]*term.Term{},
			seenIdx: map[uint32]bool{},
			eqDone:  map[[2]uint32]bool{},
		}
	}
	return s.bvb
}

// isBVAtom reports whether the Boolean term t is an atom the blaster
// owns: an equality or comparison of bit-vectors, or an application of a
// function with a bit-vector argument.
func isBVAtom(t *term.Term) bool {
	switch op := t.Op(); {
	case op.IsBVPredicate():
		return true
	case op == term.OpEq || op == term.OpDistinct:
		return t.Arg(0).Sort().IsBitVec() || isBVArray(t.Arg(0).Sort())
	case op == term.OpSelect:
		return isBVArray(t.Arg(0).Sort())
	case op == term.OpApply:
		for _, a := range t.Args() {
			if a.Sort().IsBitVec() {
				return true
			}
		}
	}
	return false
}

// atom returns the literal of the bit-vector atom t. Under Assert (which
// has no context) it is a fresh literal and the blasting waits for the
// next Check (flush), which has one; elsewhere the atom is blasted now.
//
// With pol polPos (the atom occurs only positively) an equality of two
// words is encoded one way only, m → t (halfEq), and the second result
// is polPos; else the atom is an equivalence and it is polBoth.
func (b *bvBlaster) atom(t *term.Term, pol uint8) (sat.Lit, uint8, error) {
	pos := pol == polPos && b.halfEqOK(t)
	if b.s.part != 0 && !b.flushing {
		m := b.c.fresh()
		b.pending = append(b.pending, pendingAtom{t, m, b.s.part, pos})
		return m, posOrBoth(pos), nil
	}
	if pos {
		m := b.c.fresh()
		return m, polPos, b.halfEq(t, m)
	}
	m, err := b.atomNow(t)
	return m, polBoth, err
}

func posOrBoth(pos bool) uint8 {
	if pos {
		return polPos
	}
	return polBoth
}

// halfEqOK reports whether t is an equality of two bit-vector words that
// may be encoded one way (not with proofs: interpolation reads the
// atoms' definitions as equivalences).
func (b *bvBlaster) halfEqOK(t *term.Term) bool {
	return !b.s.opts.Proofs && t.Op() == term.OpEq && t.NumArgs() == 2 && t.Arg(0).Sort().IsBitVec()
}

// halfEq encodes m → t for the equality t of two words: for every bit,
// m → (x_i ↔ y_i), two clauses and no variable, where the equivalence
// takes a gate per bit and a conjunction (Plaisted–Greenbaum for an atom
// that occurs only positively, as the equalities of clause constraints
// under their selectors do). Like atomNow, it then closes the array
// equalities under the indices its words read.
func (b *bvBlaster) halfEq(t *term.Term, m sat.Lit) error {
	x, err := b.word(t.Arg(0))
	if err != nil {
		return err
	}
	y, err := b.word(t.Arg(1))
	if err != nil {
		return err
	}
	c := &b.c
	for i := range x {
		switch {
		case x[i] == y[i]:
		case y[i] == c.tru || y[i] == c.fls():
			b.s.define(m.Not(), c.iff(x[i], y[i]))
		case x[i] == c.tru || x[i] == c.fls():
			b.s.define(m.Not(), c.iff(y[i], x[i]))
		default:
			b.s.define(m.Not(), x[i].Not(), y[i])
			b.s.define(m.Not(), x[i], y[i].Not())
		}
	}
	if b.closing {
		return nil
	}
	return b.closeArrays() // the words may have read arrays at new indices
}

// completeEq adds t → m to an equality t encoded one way (halfEq) as m,
// when it comes to occur negatively too: t's literal as an equivalence,
// r, and the clause m ∨ ¬r.
func (b *bvBlaster) completeEq(t *term.Term, m sat.Lit) error {
	r, _, err := b.atom(t, polBoth)
	if err != nil {
		return err
	}
	b.s.define(m, r.Not())
	return nil
}

// flush blasts the pending atoms, each under the proof tag of its
// assertion, polling ctx (every pollGates gates). An error (ctx's, or an
// unsupported term) leaves the atoms not done pending: the next Check
// meets it again.
func (b *bvBlaster) flush(ctx context.Context) error {
	if len(b.pending) == 0 {
		return nil
	}
	saved := b.s.part
	b.flushing = true
	b.poll = ctx
	defer func() {
		b.s.part = saved
		b.flushing = false
		b.poll = nil
	}()
	done := 0
	defer func() { b.pending = append(b.pending[:0], b.pending[done:]...) }()
	for _, p := range b.pending {
		if err := ctx.Err(); err != nil {
			return err
		}
		b.s.part = p.part
		if p.pos {
			if err := b.halfEq(p.t, p.m); err != nil {
				return err
			}
			done++
			continue
		}
		r, err := b.atomNow(p.t)
		if err != nil {
			return err
		}
		b.s.define(p.m.Not(), r)
		b.s.define(p.m, r.Not())
		done++
	}
	return nil
}

// lit is the encoder's literal of the Boolean term t, made from inside
// the blaster: no polling meanwhile (an encoder half-way through a
// formula is not a place to stop).
func (b *bvBlaster) lit(t *term.Term, pol uint8) (sat.Lit, error) {
	b.nest++
	defer func() { b.nest-- }()
	return b.s.enc.lit(t, pol)
}

// interrupted polls the context of the Check that blasts, once every
// pollGates new variables.
func (b *bvBlaster) interrupted() error {
	ctx := b.poll
	if ctx == nil {
		ctx = b.s.th.ctx // set while Check encodes its assumptions
	}
	if ctx == nil || b.nest != 0 {
		return nil
	}
	if n := b.s.sat.NumVars(); n-b.polledAt >= pollGates {
		b.polledAt = n
		return ctx.Err()
	}
	return nil
}

// atomNow encodes the bit-vector atom t, then closes the array equalities
// under the indices read so far.
func (b *bvBlaster) atomNow(t *term.Term) (sat.Lit, error) {
	m, err := b.atom1(t)
	if err != nil || b.closing {
		return m, err
	}
	return m, b.closeArrays()
}

// closeArrays adds, for every equality a = b of arrays and every index k
// of their index sort read anywhere, the clause a = b → a[k] = b[k],
// until no pair is new (reads made here add indices of their own).
func (b *bvBlaster) closeArrays() error {
	b.closing = true
	defer func() { b.closing = false }()
	st, c := b.s.st, &b.c
	for changed := true; changed; {
		changed = false
		for ei := 0; ei < len(b.arrEqs); ei++ {
			e := b.arrEqs[ei]
			idx := b.indices[e.a.Sort().Index()]
			for k := 0; k < len(idx); k++ {
				key := [2]uint32{uint32(ei), idx[k].ID()}
				if b.eqDone[key] {
					continue
				}
				changed = true
				x, err := b.word(st.Select(e.a, idx[k]))
				if err != nil {
					return err
				}
				y, err := b.word(st.Select(e.b, idx[k]))
				if err != nil {
					return err
				}
				b.s.define(e.m.Not(), c.eq(x, y))
				b.eqDone[key] = true // after the clause: an interrupted pair is done again
				idx = b.indices[e.a.Sort().Index()]
			}
		}
	}
	return nil
}

// addIndex records a term read as an index.
func (b *bvBlaster) addIndex(i *term.Term) {
	if !b.seenIdx[i.ID()] {
		b.seenIdx[i.ID()] = true
		b.indices[i.Sort()] = append(b.indices[i.Sort()], i)
	}
}

// arrayEq encodes a = b for arrays over bit-vectors: a fresh literal;
// its negation has a witness index where the reads differ, its
// assertion the reads equal at every index (closeArrays).
func (b *bvBlaster) arrayEq(t *term.Term) (sat.Lit, error) {
	if t.NumArgs() != 2 {
		st := b.s.st
		return b.lit(chain(st, t.Args()), polBoth)
	}
	st, c := b.s.st, &b.c
	m := c.fresh()
	a, bb := t.Arg(0), t.Arg(1)
	k := st.Fresh("diff", a.Sort().Index())
	if _, err := b.word(k); err != nil {
		return sat.LitNull, err
	}
	b.addIndex(k)
	x, err := b.word(st.Select(a, k))
	if err != nil {
		return sat.LitNull, err
	}
	y, err := b.word(st.Select(bb, k))
	if err != nil {
		return sat.LitNull, err
	}
	b.s.define(m, c.eq(x, y).Not())
	b.arrEqs = append(b.arrEqs, arrEq{m, a, bb})
	return m, nil
}

func (b *bvBlaster) atom1(t *term.Term) (sat.Lit, error) {
	c := &b.c
	switch t.Op() {
	case term.OpEq:
		if t.Arg(0).Sort().IsArray() {
			return b.arrayEq(t)
		}
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
		if t.Arg(0).Sort().IsArray() {
			return sat.LitNull, &UnsupportedError{t, "disequality of arrays over bit-vectors"}
		}
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
	case term.OpApply, term.OpSelect:
		w, err := b.word(t)
		if err != nil {
			return sat.LitNull, err
		}
		return w[0], nil
	}
	x, err := b.word(t.Arg(0))
	if err != nil {
		return sat.LitNull, err
	}
	if t.Op() == term.OpBVNego {
		w := len(x)
		return c.eq(x, c.constWord(w, func(i int) bool { return i == w-1 })), nil
	}
	y, err := b.word(t.Arg(1))
	if err != nil {
		return sat.LitNull, err
	}
	switch t.Op() {
	case term.OpBVUaddo, term.OpBVSaddo, term.OpBVUmulo, term.OpBVSmulo, term.OpBVUsubo, term.OpBVSsubo, term.OpBVSdivo:
		return b.overflow(t.Op(), x, y), nil
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
	if t.Sort().IsBool() && !(t.Op() == term.OpSelect && isBVArray(t.Arg(0).Sort())) && !(t.Op() == term.OpApply && isBVAtom(t)) {
		m, err := b.lit(t, polBoth)
		if err != nil {
			return nil, err
		}
		return []sat.Lit{m}, nil
	}
	if !t.Sort().IsBitVec() && !t.Sort().IsBool() {
		return nil, &UnsupportedError{t, "a term of sort " + t.Sort().String() + " inside a bit-vector term"}
	}
	// The arguments first, without recursion on the deep side: words
	// are memoized, so a post-order walk does each node once.
	for u := range term.PostOrder(t) {
		if _, ok := b.words[u.ID()]; ok || u == t || !u.Sort().IsBitVec() {
			continue
		}
		if err := b.interrupted(); err != nil {
			return nil, err
		}
		if _, err := b.node(u); err != nil {
			return nil, err
		}
	}
	if err := b.interrupted(); err != nil {
		return nil, err
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
		m, err := b.lit(t.Arg(0), polBoth)
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
	case term.OpSel:
		return b.selector(t)
	case term.OpApply:
		return b.app(t)
	case term.OpSelect:
		return b.read(t)
	case term.OpInt2BV:
		return b.int2bv(t)
	case term.OpBVRedor, term.OpBVRedand:
		x, err := b.arg(t, 0)
		if err != nil {
			return nil, err
		}
		r := c.tru
		if t.Op() == term.OpBVRedor {
			r = c.fls()
		}
		for _, m := range x {
			if t.Op() == term.OpBVRedor {
				r = c.or(r, m)
			} else {
				r = c.and(r, m)
			}
		}
		return []sat.Lit{r}, nil
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

// overflow is the literal of an overflow predicate of SMT-LIB 2.7.
func (b *bvBlaster) overflow(op term.Op, x, y []sat.Lit) sat.Lit {
	c := &b.c
	w := len(x)
	sx, sy := x[w-1], y[w-1]
	zext := func(a []sat.Lit, n int) []sat.Lit { return append(append([]sat.Lit(nil), a...), c.zeros(n)...) }
	sext := func(a []sat.Lit, n int) []sat.Lit {
		r := append([]sat.Lit(nil), a...)
		for i := 0; i < n; i++ {
			r = append(r, a[len(a)-1])
		}
		return r
	}
	switch op {
	case term.OpBVUaddo:
		return c.add(zext(x, 1), zext(y, 1), c.fls())[w]
	case term.OpBVUsubo:
		return c.ult(x, y)
	case term.OpBVSaddo:
		s := c.add(x, y, c.fls())[w-1]
		return c.and(c.iff(sx, sy), c.xor(s, sx))
	case term.OpBVSsubo:
		d := c.sub(x, y)[w-1]
		return c.and(c.xor(sx, sy), c.xor(d, sx))
	case term.OpBVUmulo:
		p := c.mul(zext(x, w), zext(y, w))
		r := c.fls()
		for _, m := range p[w:] {
			r = c.or(r, m)
		}
		return r
	case term.OpBVSmulo:
		p := c.mul(sext(x, w), sext(y, w))
		// in range iff the bits from w-1 up are all equal
		same := c.tru
		for _, m := range p[w:] {
			same = c.and(same, c.iff(m, p[w-1]))
		}
		return same.Not()
	}
	// bvsdivo: x = 100...0 and y = 11...1
	minS := c.constWord(w, func(i int) bool { return i == w-1 })
	ones := c.constWord(w, func(int) bool { return true })
	return c.and(c.eq(x, minS), c.eq(y, ones))
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

// selector returns the word of a datatype selector of a bit-vector sort:
// a fresh word, and the term is a node of the graph (euf_terms.go
// register), which ties it to its constructor.
func (b *bvBlaster) selector(t *term.Term) ([]sat.Lit, error) {
	u, err := b.s.eu.lift(t)
	if err != nil {
		return nil, err
	}
	if u != t {
		return b.word(u)
	}
	w := make([]sat.Lit, t.Sort().Width())
	for i := range w {
		w[i] = b.c.fresh()
	}
	b.words[t.ID()] = w // before internalize: register asks for the word
	if _, err := b.s.eu.internalize(t); err != nil {
		return nil, err
	}
	return w, nil
}

// app returns the word of an application of an uninterpreted function
// over bit-vectors and Booleans, Ackermannised.
func (b *bvBlaster) app(t *term.Term) ([]sat.Lit, error) {
	if w, ok := b.words[t.ID()]; ok {
		return w, nil
	}
	f := t.Func()
	if r := f.Range(); !r.IsBitVec() && !r.IsBool() {
		return nil, &UnsupportedError{t, "function " + term.QuoteSymbol(f.Name()) + " from bit-vectors to sort " + r.String()}
	}
	for _, s := range f.Domain() {
		if s.IsArray() {
			return nil, &UnsupportedError{t, "function " + term.QuoteSymbol(f.Name()) + " of bit-vectors and arrays"}
		}
	}
	// arguments of other sorts (numbers, uninterpreted sorts) have no
	// word: their equalities are atoms of their theory
	args := make([][]sat.Lit, t.NumArgs())
	for i, a := range t.Args() {
		if !a.Sort().IsBitVec() && !a.Sort().IsBool() {
			continue
		}
		w, err := b.word(a)
		if err != nil {
			return nil, err
		}
		args[i] = w
	}
	c, st := &b.c, b.s.st
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
			if args[i] != nil {
				same = c.and(same, c.eq(b.words[a.ID()], args[i]))
				continue
			}
			if a != t.Arg(i) {
				m, err := b.lit(st.Eq(a, t.Arg(i)), polBoth)
				if err != nil {
					return nil, err
				}
				same = c.and(same, m)
			}
		}
		for i, m := range b.words[u.ID()] {
			b.s.define(same.Not(), m.Not(), res[i])
			b.s.define(same.Not(), m, res[i].Not())
		}
	}
	b.apps[f] = append(b.apps[f], t)
	// the argument words are looked up by term: record Boolean ones
	for i, a := range t.Args() {
		if _, ok := b.words[a.ID()]; !ok && args[i] != nil {
			b.words[a.ID()] = args[i]
		}
	}
	return res, nil
}

// read returns the word of (select a i) over an array of bit-vectors:
// reads of an array constant are Ackermannised, a read of a store is
// (ite (= i j) v (select b i)), of an ite the ite of the reads, of a
// constant array its value.
func (b *bvBlaster) read(t *term.Term) ([]sat.Lit, error) {
	a, i := t.Arg(0), t.Arg(1)
	if !isBVArray(a.Sort()) {
		return nil, &UnsupportedError{t, "select of an array of sort " + a.Sort().String() + " with bit-vectors"}
	}
	st, c := b.s.st, &b.c
	iw, err := b.word(i)
	if err != nil {
		return nil, err
	}
	b.addIndex(i)
	switch a.Op() {
	case term.OpConstArray:
		return b.word(a.Arg(0))
	case term.OpStore:
		jw, err := b.word(a.Arg(1))
		if err != nil {
			return nil, err
		}
		b.addIndex(a.Arg(1))
		vw, err := b.word(a.Arg(2))
		if err != nil {
			return nil, err
		}
		rw, err := b.word(st.Select(a.Arg(0), i))
		if err != nil {
			return nil, err
		}
		return c.muxWord(c.eq(iw, jw), vw, rw), nil
	case term.OpIte:
		m, err := b.lit(a.Arg(0), polBoth)
		if err != nil {
			return nil, err
		}
		xw, err := b.word(st.Select(a.Arg(1), i))
		if err != nil {
			return nil, err
		}
		yw, err := b.word(st.Select(a.Arg(2), i))
		if err != nil {
			return nil, err
		}
		return c.muxWord(m, xw, yw), nil
	case term.OpConst:
	default:
		return nil, &UnsupportedError{t, "select of " + a.Op().String() + " over bit-vectors"}
	}
	n := 1
	if e := a.Sort().Elem(); e.IsBitVec() {
		n = e.Width()
	}
	res := make([]sat.Lit, n)
	for k := range res {
		res[k] = c.fresh()
	}
	b.words[t.ID()] = res
	if _, ok := b.reads[a]; !ok {
		b.arrays = append(b.arrays, a)
	}
	for _, u := range b.reads[a] {
		same := c.eq(b.words[u.Arg(1).ID()], iw)
		for k, m := range b.words[u.ID()] {
			b.s.define(same.Not(), m.Not(), res[k])
			b.s.define(same.Not(), m, res[k].Not())
		}
	}
	b.reads[a] = append(b.reads[a], t)
	if _, ok := b.words[i.ID()]; !ok {
		b.words[i.ID()] = iw
	}
	return res, nil
}

// model gives each bit-vector constant its value and each Ackermannised
// function its table.
func (b *bvBlaster) model(m *term.Model) error {
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
				if w, ok := b.words[a.ID()]; ok {
					e.Args = append(e.Args, valueOf(a.Sort(), w))
					continue
				}
				v, err := m.Eval(a) // a number or an uninterpreted value
				if err != nil {
					return err
				}
				e.Args = append(e.Args, v)
			}
			fi.Entries = append(fi.Entries, e)
		}
		m.SetFunc(f, fi)
	}
	for _, a := range b.arrays {
		s := a.Sort()
		v := st.DefaultValue(s)
		for _, u := range b.reads[a] {
			v = st.Store(v, valueOf(s.Index(), b.words[u.Arg(1).ID()]), valueOf(s.Elem(), b.words[u.ID()]))
		}
		m.Set(a, v)
	}
	return nil
}
