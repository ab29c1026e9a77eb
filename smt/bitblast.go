package smt

import (
	"encoding/binary"
	"slices"

	"github.com/seed-f9c3434d/gospacer/sat"
)

// The circuits of bit-blasting over SAT literals. A bit-vector is a slice
// of literals, least significant bit first. Gates fold constants (the
// encoder's true literal and its negation) and share structure: the same
// gate over the same inputs is the same literal (gates), so a circuit
// built twice costs once. Every gate is a Tseitin definition (both
// directions), added as a permanent clause: a fresh output variable
// constrains nothing else.

type gateKey struct {
	op   uint8
	part uint32 // the partition being asserted (Solver.part): see auxPart
	a, b sat.Lit
}

const (
	gAnd uint8 = iota
	gXor
)

type circuit struct {
	s     *Solver
	tru   sat.Lit
	gates map[gateKey]sat.Lit
	ands  map[string]sat.Lit // n-ary conjunctions (andN), by andKey
	// auxPart is, by sat.Var, the proof tag (Solver.part) under which
	// the circuit made the variable, 0 for the others. With proofs, a
	// gate is shared only within one partition (gateKey.part), so a
	// variable without a term (Refutation.Term) occurs only in the
	// clauses of the partition that made it, and interpolation may treat
	// it as local to that partition (Refutation.AuxPart).
	auxPart []uint32
}

func (c *circuit) fls() sat.Lit { return c.tru.Not() }

func (c *circuit) constLit(b bool) sat.Lit {
	if b {
		return c.tru
	}
	return c.tru.Not()
}

func (c *circuit) fresh() sat.Lit {
	v := c.s.sat.NewVar()
	if c.s.opts.Proofs && c.s.part != 0 {
		for int(v) >= len(c.auxPart) {
			c.auxPart = append(c.auxPart, 0)
		}
		c.auxPart[v] = c.s.part
	}
	return v.Pos()
}

// keyPart is the partition part of a gate's key: with proofs, the
// partition being asserted (see auxPart), else 0 (one gate for all).
func (c *circuit) keyPart() uint32 {
	if c.s.opts.Proofs {
		return c.s.part
	}
	return 0
}

func (c *circuit) and(a, b sat.Lit) sat.Lit {
	switch {
	case a == c.fls() || b == c.fls() || a == b.Not():
		return c.fls()
	case a == c.tru || a == b:
		return b
	case b == c.tru:
		return a
	}
	if a > b {
		a, b = b, a
	}
	k := gateKey{gAnd, c.keyPart(), a, b}
	if x, ok := c.gates[k]; ok {
		return x
	}
	x := c.fresh()
	c.s.define(x.Not(), a)
	c.s.define(x.Not(), b)
	c.s.define(x, a.Not(), b.Not())
	c.gates[k] = x
	return x
}

func (c *circuit) or(a, b sat.Lit) sat.Lit { return c.and(a.Not(), b.Not()).Not() }

func (c *circuit) xor(a, b sat.Lit) sat.Lit {
	switch {
	case a == c.fls():
		return b
	case b == c.fls():
		return a
	case a == c.tru:
		return b.Not()
	case b == c.tru:
		return a.Not()
	case a == b:
		return c.fls()
	case a == b.Not():
		return c.tru
	}
	// normalize the signs out: xor(¬a, b) = ¬xor(a, b)
	neg := false
	if a.IsNeg() {
		a, neg = a.Not(), !neg
	}
	if b.IsNeg() {
		b, neg = b.Not(), !neg
	}
	if a > b {
		a, b = b, a
	}
	k := gateKey{gXor, c.keyPart(), a, b}
	x, ok := c.gates[k]
	if !ok {
		x = c.fresh()
		c.s.define(x.Not(), a, b)
		c.s.define(x.Not(), a.Not(), b.Not())
		c.s.define(x, a.Not(), b)
		c.s.define(x, a, b.Not())
		c.gates[k] = x
	}
	if neg {
		return x.Not()
	}
	return x
}

func (c *circuit) iff(a, b sat.Lit) sat.Lit { return c.xor(a, b).Not() }

// mux is (ite s a b).
func (c *circuit) mux(s, a, b sat.Lit) sat.Lit {
	switch {
	case s == c.tru || a == b:
		return a
	case s == c.fls():
		return b
	case a == c.tru:
		return c.or(s, b)
	case a == c.fls():
		return c.and(s.Not(), b)
	case b == c.tru:
		return c.or(s.Not(), a)
	case b == c.fls():
		return c.and(s, a)
	}
	return c.or(c.and(s, a), c.and(s.Not(), b))
}

// ---- Words ----

func (c *circuit) constWord(w int, bit func(i int) bool) []sat.Lit {
	r := make([]sat.Lit, w)
	for i := range r {
		r[i] = c.constLit(bit(i))
	}
	return r
}

func (c *circuit) zeros(w int) []sat.Lit {
	return c.constWord(w, func(int) bool { return false })
}

func (c *circuit) not(a []sat.Lit) []sat.Lit {
	r := make([]sat.Lit, len(a))
	for i, m := range a {
		r[i] = m.Not()
	}
	return r
}

func (c *circuit) bitwise(a, b []sat.Lit, f func(x, y sat.Lit) sat.Lit) []sat.Lit {
	r := make([]sat.Lit, len(a))
	for i := range a {
		r[i] = f(a[i], b[i])
	}
	return r
}

// add is a + b + cin, ripple carry.
func (c *circuit) add(a, b []sat.Lit, cin sat.Lit) []sat.Lit {
	r := make([]sat.Lit, len(a))
	carry := cin
	for i := range a {
		t := c.xor(a[i], b[i])
		r[i] = c.xor(t, carry)
		carry = c.or(c.and(a[i], b[i]), c.and(t, carry))
	}
	return r
}

func (c *circuit) sub(a, b []sat.Lit) []sat.Lit { return c.add(a, c.not(b), c.tru) }

func (c *circuit) neg(a []sat.Lit) []sat.Lit {
	return c.add(c.zeros(len(a)), c.not(a), c.tru)
}

// mul is a·b mod 2^w, shift and add; by a constant, mulConst.
func (c *circuit) mul(a, b []sat.Lit) []sat.Lit {
	w := len(a)
	if w > 0 && isConstWord(c, a) && !isConstWord(c, b) {
		a, b = b, a // the constant one selects the partial products
	}
	if w > 0 && isConstWord(c, b) && !isConstWord(c, a) {
		return c.mulConst(a, b)
	}
	r := c.zeros(w)
	for i := 0; i < w; i++ {
		if b[i] == c.fls() {
			continue
		}
		pp := make([]sat.Lit, w)
		for j := range pp {
			if j < i {
				pp[j] = c.fls()
			} else {
				pp[j] = c.and(a[j-i], b[i])
			}
		}
		r = c.add(r, pp, c.fls())
	}
	return r
}

// mulConst is a·k for the constant word k, by k's non-adjacent form
// (digits 0, 1, −1, no two adjacent non-zero): a sum of ±(a << i), one
// adder per non-zero digit, where the binary form needs one per one bit.
// By −1 (all ones) it is a negation, by 2^i a shift, by 2^i − 1 a shift
// and a subtraction.
func (c *circuit) mulConst(a, k []sat.Lit) []sat.Lit {
	w := len(a)
	digits := nafDigits(k, c.tru)
	var r []sat.Lit // nil: zero so far
	for i, d := range digits {
		if d == 0 || i >= w {
			continue
		}
		sh := make([]sat.Lit, w)
		for j := range sh {
			if j < i {
				sh[j] = c.fls()
			} else {
				sh[j] = a[j-i]
			}
		}
		switch {
		case r == nil && d > 0:
			r = sh
		case r == nil:
			r = c.neg(sh)
		case d > 0:
			r = c.add(r, sh, c.fls())
		default:
			r = c.sub(r, sh)
		}
	}
	if r == nil {
		return c.zeros(w)
	}
	return r
}

// nafDigits is the non-adjacent form of the constant word k (bits true
// where k[i] == tru), least significant digit first; it may have one
// digit more than k.
func nafDigits(k []sat.Lit, tru sat.Lit) []int8 {
	w := len(k)
	d := make([]int8, w+1)
	carry := 0
	for i := 0; i <= w; i++ {
		bit := 0
		if i < w && k[i] == tru {
			bit = 1
		}
		next := 0
		if i+1 < w && k[i+1] == tru {
			next = 1
		}
		v := bit + carry
		switch {
		case v == 1 && next == 1: // ...11: −1 here, carry up
			d[i], carry = -1, 1
		case v == 1:
			d[i], carry = 1, 0
		case v == 2:
			d[i], carry = 0, 1
		default:
			d[i], carry = 0, 0
		}
	}
	return d
}

func isConstWord(c *circuit, a []sat.Lit) bool {
	for _, m := range a {
		if m != c.tru && m != c.fls() {
			return false
		}
	}
	return true
}

// eq is the literal of a = b: one n-ary conjunction of the bits' iffs.
func (c *circuit) eq(a, b []sat.Lit) sat.Lit {
	bits := make([]sat.Lit, len(a))
	for i := range a {
		bits[i] = c.iff(a[i], b[i])
	}
	return c.andN(bits)
}

// andN is the conjunction of ms as one gate: an output x with x → m for
// each m and (∧ ms) → x, w+1 clauses and one variable where a chain of
// binary gates takes 3(w−1) clauses and w−1 variables. Constants fold,
// duplicates merge, and the same set of inputs is the same gate.
func (c *circuit) andN(ms []sat.Lit) sat.Lit {
	in := make([]sat.Lit, 0, len(ms))
	for _, m := range ms {
		switch {
		case m == c.fls():
			return c.fls()
		case m == c.tru:
			continue
		}
		in = append(in, m)
	}
	slices.Sort(in)
	in = slices.Compact(in)
	for i := 1; i < len(in); i++ {
		if in[i] == in[i-1].Not() {
			return c.fls()
		}
	}
	switch len(in) {
	case 0:
		return c.tru
	case 1:
		return in[0]
	case 2:
		return c.and(in[0], in[1])
	}
	key := c.andKey(in)
	if x, ok := c.ands[key]; ok {
		return x
	}
	x := c.fresh()
	back := make([]sat.Lit, 0, len(in)+1)
	back = append(back, x)
	for _, m := range in {
		c.s.define(x.Not(), m)
		back = append(back, m.Not())
	}
	c.s.define(back...)
	c.ands[key] = x
	return x
}

// andKey is the key of an n-ary conjunction of the sorted inputs in
// under the partition of keyPart.
func (c *circuit) andKey(in []sat.Lit) string {
	b := make([]byte, 0, 4*(len(in)+1))
	b = binary.LittleEndian.AppendUint32(b, c.keyPart())
	for _, m := range in {
		b = binary.LittleEndian.AppendUint32(b, uint32(m))
	}
	return string(b)
}

// ult is the literal of a < b unsigned.
func (c *circuit) ult(a, b []sat.Lit) sat.Lit {
	lt := c.fls()
	for i := range a {
		// from the least significant bit up: a bit that differs decides
		lt = c.mux(c.iff(a[i], b[i]), lt, b[i])
	}
	return lt
}

// slt is the literal of a < b signed: unsigned with the sign bits swapped.
func (c *circuit) slt(a, b []sat.Lit) sat.Lit {
	w := len(a)
	a2 := append(append([]sat.Lit(nil), a[:w-1]...), b[w-1])
	b2 := append(append([]sat.Lit(nil), b[:w-1]...), a[w-1])
	return c.ult(a2, b2)
}

func (c *circuit) muxWord(s sat.Lit, a, b []sat.Lit) []sat.Lit {
	r := make([]sat.Lit, len(a))
	for i := range a {
		r[i] = c.mux(s, a[i], b[i])
	}
	return r
}

// shift is a barrel shifter: left (shl), or right with fill (lshr: false,
// ashr: the sign bit), by the unsigned amount b.
func (c *circuit) shift(a, b []sat.Lit, left bool, fill sat.Lit) []sat.Lit {
	w := len(a)
	r := a
	over := c.fls() // the amount is >= w
	for k := 0; k < len(b); k++ {
		if k >= 62 || 1<<k >= w {
			over = c.or(over, b[k])
			continue
		}
		d := 1 << k
		sh := make([]sat.Lit, w)
		for i := range sh {
			var src sat.Lit
			if left {
				src = c.fls()
				if i-d >= 0 {
					src = r[i-d]
				}
			} else {
				src = fill
				if i+d < w {
					src = r[i+d]
				}
			}
			sh[i] = c.mux(b[k], src, r[i])
		}
		r = sh
	}
	out := make([]sat.Lit, w)
	for i := range out {
		f := fill
		if left {
			f = c.fls()
		}
		out[i] = c.mux(over, f, r[i])
	}
	return out
}
