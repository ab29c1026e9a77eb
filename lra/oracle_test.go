package lra

import (
	"fmt"
	"strings"

	"github.com/seed-f9c3434d/gospacer/num"
)

// This file holds the test side's own model of the problems: linear
// constraints over the original variables, an independent Fourier–Motzkin
// decision procedure, and checkers for models and Farkas certificates
// that read nothing but the certificate and the test's own encoding.

func rat(n, d int64) num.Rat { return num.NewRat(n, d) }

// lin is a linear combination over original variables 0..n-1, dense.
type lin []num.Rat

func (l lin) add(m lin, f num.Rat) {
	for i := range l {
		l[i] = l[i].Add(m[i].Mul(f))
	}
}

func (l lin) isZero() bool {
	for _, c := range l {
		if !c.IsZero() {
			return false
		}
	}
	return true
}

func (l lin) eval(x []num.Rat) num.Rat {
	var s num.Rat
	for i, c := range l {
		s = s.Add(c.Mul(x[i]))
	}
	return s
}

func (l lin) String() string {
	var b strings.Builder
	for i, c := range l {
		if !c.IsZero() {
			fmt.Fprintf(&b, "%+v·x%d ", c, i)
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

// op is a comparison of a constraint.
type op int

const (
	opLE op = iota
	opLT
	opGE
	opGT
	opEQ
)

var opNames = [...]string{"<=", "<", ">=", ">", "="}

// cons is lhs op rhs.
type cons struct {
	lhs lin
	op  op
	rhs num.Rat
}

func (c cons) String() string { return fmt.Sprintf("%v %s %v", c.lhs, opNames[c.op], c.rhs) }

func (c cons) holds(x []num.Rat) bool {
	v := c.lhs.eval(x).Cmp(c.rhs)
	switch c.op {
	case opLE:
		return v <= 0
	case opLT:
		return v < 0
	case opGE:
		return v >= 0
	case opGT:
		return v > 0
	}
	return v == 0
}

// fmc is a ≤ c or a < c for Fourier–Motzkin.
type fmc struct {
	a      lin
	c      num.Rat
	strict bool
}

func toFM(cs []cons) []fmc {
	var out []fmc
	for _, c := range cs {
		neg := make(lin, len(c.lhs))
		for i := range neg {
			neg[i] = c.lhs[i].Neg()
		}
		switch c.op {
		case opLE, opLT:
			out = append(out, fmc{c.lhs, c.rhs, c.op == opLT})
		case opGE, opGT:
			out = append(out, fmc{neg, c.rhs.Neg(), c.op == opGT})
		case opEQ:
			out = append(out, fmc{c.lhs, c.rhs, false}, fmc{neg, c.rhs.Neg(), false})
		}
	}
	return out
}

// fmSat decides a conjunction of (strict) linear inequalities over the
// rationals by Fourier–Motzkin elimination. Constraints are scaled so the
// first nonzero coefficient is ±1 and deduplicated (keeping the tightest),
// and the variable with the fewest new combinations goes first.
func fmSat(n int, cs []fmc) bool {
	cs, ok := fmSimplify(cs)
	if !ok {
		return false
	}
	done := make([]bool, n)
	for range n {
		x, best := -1, 0
		for y := 0; y < n; y++ {
			if done[y] {
				continue
			}
			p, q := 0, 0
			for _, c := range cs {
				switch c.a[y].Sign() {
				case 1:
					p++
				case -1:
					q++
				}
			}
			if x < 0 || p*q-p-q < best {
				x, best = y, p*q-p-q
			}
		}
		done[x] = true
		var pos, neg, next []fmc
		for _, c := range cs {
			switch c.a[x].Sign() {
			case 1:
				pos = append(pos, c)
			case -1:
				neg = append(neg, c)
			default:
				next = append(next, c)
			}
		}
		for _, p := range pos {
			for _, q := range neg {
				// p.a[x] > 0 > q.a[x]: (-q.a[x])·p + p.a[x]·q eliminates x.
				fp, fq := q.a[x].Neg(), p.a[x]
				a := make(lin, n)
				a.add(p.a, fp)
				a.add(q.a, fq)
				next = append(next, fmc{a, p.c.Mul(fp).Add(q.c.Mul(fq)), p.strict || q.strict})
			}
		}
		if cs, ok = fmSimplify(next); !ok {
			return false
		}
	}
	return true
}

// fmSimplify checks and drops constant constraints, scales the others and
// keeps the tightest of each left-hand side; false means a constant
// constraint is violated.
func fmSimplify(cs []fmc) ([]fmc, bool) {
	idx := map[string]int{}
	var out []fmc
	for _, c := range cs {
		if c.a.isZero() {
			if c.c.Sign() < 0 || (c.strict && c.c.Sign() == 0) {
				return nil, false
			}
			continue
		}
		var f num.Rat
		for _, x := range c.a {
			if !x.IsZero() {
				f = x.Abs().Inv()
				break
			}
		}
		a := make(lin, len(c.a))
		a.add(c.a, f)
		c = fmc{a, c.c.Mul(f), c.strict}
		key := a.String()
		if i, ok := idx[key]; ok {
			o := out[i]
			if cmp := c.c.Cmp(o.c); cmp < 0 || (cmp == 0 && c.strict) {
				out[i] = c
			}
			continue
		}
		idx[key] = len(out)
		out = append(out, c)
	}
	return out, true
}

// encoding is the test's record of how constraints were given to a
// solver: the original variables, what each Var stands for, and what each
// Reason asserted.
type encoding struct {
	n       int
	x       []Var
	defs    map[Var]lin
	asserts map[Reason]asserted
}

type asserted struct {
	v    Var
	kind BoundKind
	val  DeltaRat
}

func newEncoding(s *Solver, n int) *encoding {
	e := &encoding{n: n, defs: map[Var]lin{}, asserts: map[Reason]asserted{}}
	for i := 0; i < n; i++ {
		v := s.NewVar()
		e.x = append(e.x, v)
		l := make(lin, n)
		l[i] = rat(1, 1)
		e.defs[v] = l
	}
	return e
}

// term returns the Var for combination l, normalizing it first when
// normalize is set; f is the factor with l = f·term.
func (e *encoding) term(s *Solver, l lin, normalize bool) (Var, num.Rat) {
	var cs []num.Rat
	var vs []Var
	for i, c := range l {
		if !c.IsZero() {
			cs, vs = append(cs, c), append(vs, e.x[i])
		}
	}
	f := rat(1, 1)
	if normalize {
		cs, vs, f = Normalize(cs, vs)
	}
	v := s.AddRow(cs, vs)
	def := make(lin, e.n)
	for i, c := range cs {
		def.add(e.defs[vs[i]], c)
	}
	if old, ok := e.defs[v]; ok {
		for i := range old {
			if !old[i].Equal(def[i]) {
				panic(fmt.Sprintf("AddRow returned x%d = %v for %v", v, old, def))
			}
		}
	}
	e.defs[v] = def
	return v, f
}

// assertCons asserts constraint i with reasons 2i (upper) and 2i+1
// (lower); it reports a conflict from the assertion.
func (e *encoding) assertCons(s *Solver, i int, c cons, normalize bool) bool {
	if c.lhs.isZero() {
		// Give the solver a constant: an empty row.
		normalize = false
	}
	v, f := e.term(s, c.lhs, normalize)
	o := c.op
	rhs := c.rhs
	if f.IsZero() {
		f = rat(1, 1)
	}
	rhs = rhs.Quo(f)
	if f.Sign() < 0 {
		o = [...]op{opGE, opGT, opLE, opLT, opEQ}[o]
	}
	up, lo := Reason(2*i), Reason(2*i+1)
	var ub, lb *DeltaRat
	switch o {
	case opLE:
		ub = &DeltaRat{R: rhs}
	case opLT:
		b := Below(rhs)
		ub = &b
	case opGE:
		lb = &DeltaRat{R: rhs}
	case opGT:
		b := Above(rhs)
		lb = &b
	case opEQ:
		ub, lb = &DeltaRat{R: rhs}, &DeltaRat{R: rhs}
	}
	if ub != nil {
		e.asserts[up] = asserted{v, Upper, *ub}
		if s.AssertUpper(v, *ub, up) {
			return true
		}
	}
	if lb != nil {
		e.asserts[lo] = asserted{v, Lower, *lb}
		if s.AssertLower(v, *lb, lo) {
			return true
		}
	}
	return false
}

// farkasSum returns Σ λ·lhs and Σ λ·rhs of a list of explained bounds,
// after checking each against the encoding.
func (e *encoding) farkasSum(expl []Explained, active func(Reason) bool) (lin, DeltaRat, error) {
	sum := make(lin, e.n)
	var rhs DeltaRat
	for _, x := range expl {
		if x.Coeff.Sign() <= 0 {
			return nil, rhs, fmt.Errorf("non-positive multiplier in %v", x)
		}
		a, ok := e.asserts[x.Reason]
		if !ok || !active(x.Reason) {
			return nil, rhs, fmt.Errorf("reason %d not asserted: %v", x.Reason, x)
		}
		if a.v != x.Var || a.kind != x.Kind || !a.val.Equal(x.Bound) {
			return nil, rhs, fmt.Errorf("reason %d asserted %v, certificate says %v", x.Reason, a, x)
		}
		def := e.defs[x.Var]
		if x.Kind == Upper {
			sum.add(def, x.Coeff)
			rhs = rhs.AddScaled(x.Coeff, x.Bound)
		} else {
			sum.add(def, x.Coeff.Neg())
			rhs = rhs.AddScaled(x.Coeff.Neg(), x.Bound)
		}
	}
	return sum, rhs, nil
}

// checkFarkas checks an Unsat certificate: multipliers positive, reasons
// active, Σ λ·lhs = 0 and Σ λ·rhs < 0 (as a delta-rational).
func (e *encoding) checkFarkas(expl []Explained, active func(Reason) bool) error {
	if len(expl) == 0 {
		return fmt.Errorf("empty conflict")
	}
	sum, rhs, err := e.farkasSum(expl, active)
	if err != nil {
		return err
	}
	if !sum.isZero() {
		return fmt.Errorf("certificate %v leaves %v", expl, sum)
	}
	if rhs.Sign() >= 0 {
		return fmt.Errorf("certificate %v sums to 0 <= %v", expl, rhs)
	}
	return nil
}

// checkModel checks that the solver's values satisfy the constraints and
// the definitions of every Var the encoding knows.
func (e *encoding) checkModel(s *Solver, cs []cons) error {
	x := make([]num.Rat, e.n)
	for i, v := range e.x {
		x[i] = s.Value(v)
	}
	for _, c := range cs {
		if !c.holds(x) {
			return fmt.Errorf("model %v violates %v", x, c)
		}
	}
	for v, def := range e.defs {
		if got, want := s.Value(v), def.eval(x); !got.Equal(want) {
			return fmt.Errorf("x%d = %v but its definition %v is %v", v, got, def, want)
		}
	}
	return nil
}
