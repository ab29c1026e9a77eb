package fuzz

import (
	"errors"
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// ErrUnsupported wraps the errors of QE and SatQE for input outside their
// fragment (see the package documentation).
var ErrUnsupported = errors.New("fuzz: outside the oracle's fragment")

// ErrTooLarge wraps the errors of the oracles when a case exceeds their
// budget (constraints built by QE and SatQE, models enumerated by
// BruteForce): tests skip such cases.
var ErrTooLarge = errors.New("fuzz: oracle budget exceeded")

// qeBudget bounds the constraints QE and SatQE build per call.
const qeBudget = 300_000

// QE returns a quantifier-free formula equivalent to (exists vars phi):
// under every model, QE's result holds iff some values of vars (integers
// for Int, rationals for Real) make phi true. The result mentions no
// constant of vars and no constant that phi does not mention. vars are
// constants of sort Bool, Int or Real; phi is a Boolean formula. The
// fragment, the method and the errors are in the package documentation.
func QE(st *term.Store, vars []*term.Term, phi *term.Term) (*term.Term, error) {
	q := newQE(st, false)
	for _, v := range vars {
		if v.Op() != term.OpConst || !(v.Sort().IsBool() || v.Sort().IsArith()) {
			return nil, fmt.Errorf("%w: cannot eliminate %v of sort %v", ErrUnsupported, v, v.Sort())
		}
		q.elim[v] = true
	}
	f, err := q.prepare(phi)
	if err != nil {
		return nil, err
	}
	var out []*term.Term
	seen := map[*term.Term]bool{}
	_, err = q.expand(&item{t: f}, func(b *branch) (bool, error) {
		params := make([]*term.Term, 0, len(b.atoms))
		for _, a := range b.atoms {
			if q.elim[a.t] {
				continue
			}
			if a.pos {
				params = append(params, a.t)
			} else {
				params = append(params, st.Not(a.t))
			}
		}
		return q.eliminate(b.cs, func(cs []cons) bool {
			d := params
			for _, c := range cs {
				d = append(d, c.formula(st))
			}
			t := mkAnd(st, d)
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
			return t.IsTrue()
		})
	})
	if err != nil {
		return nil, err
	}
	return mkOr(st, out), nil
}

// SatQE reports whether phi is satisfiable by eliminating every constant
// with the procedure of QE. Applications of uninterpreted functions over
// Int and Real arguments with an Int, Real or Bool range, and the
// division by zero of SMT-LIB, are eliminated first by Ackermann's
// reduction (a fresh constant per application, equal results for equal
// arguments). The fragment and the errors are in the package
// documentation.
func SatQE(st *term.Store, phi *term.Term) (bool, error) {
	q := newQE(st, true)
	for _, c := range term.FreeConsts(phi) {
		if !(c.Sort().IsBool() || c.Sort().IsArith()) {
			return false, fmt.Errorf("%w: constant %v of sort %v", ErrUnsupported, c, c.Sort())
		}
		q.elim[c] = true
	}
	f, err := q.prepare(phi)
	if err != nil {
		return false, err
	}
	return q.expand(&item{t: f}, func(b *branch) (bool, error) {
		return q.eliminate(b.cs, func([]cons) bool { return true })
	})
}

// qe is the state of one QE or SatQE call.
type qe struct {
	st   *term.Store
	sat  bool                // SatQE: Ackermannize functions and division by zero
	elim map[*term.Term]bool // constants to eliminate, the fresh ones included
	memo map[*term.Term]*term.Term
	dep  map[*term.Term]bool // rewritten term -> mentions a constant of elim
	// defs are the definitions of the fresh constants, which the tableau
	// adds to a branch when the constant first occurs in it.
	defs map[*term.Term][]*term.Term
	lins map[*term.Term]lin
	// cmpKeys caches the constraint keys of comparisons for eval3.
	cmpKeys map[*term.Term]compareKeys

	divmod map[[2]*term.Term][2]*term.Term // (dividend, divisor) -> q, r
	toInt  map[*term.Term]*term.Term
	apps   map[*term.Func][]ackApp

	work   int // constraints built, against qeBudget
	pruned int // branches cut by the relaxation
}

type ackApp struct {
	args []*term.Term
	v    *term.Term
}

func newQE(st *term.Store, sat bool) *qe {
	return &qe{
		st: st, sat: sat,
		elim:    map[*term.Term]bool{},
		memo:    map[*term.Term]*term.Term{},
		dep:     map[*term.Term]bool{},
		defs:    map[*term.Term][]*term.Term{},
		lins:    map[*term.Term]lin{},
		cmpKeys: map[*term.Term]compareKeys{},
		divmod:  map[[2]*term.Term][2]*term.Term{},
		toInt:   map[*term.Term]*term.Term{},
		apps:    map[*term.Func][]ackApp{},
	}
}

func unsupported(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrUnsupported}, args...)...)
}

// ---- Preprocessing ----

// prepare rewrites phi so that the eliminated constants occur only in
// linear arithmetic and as Bool atoms. It replaces terms by fresh
// constants (eliminated too) with definitions, which the tableau adds to a
// branch when the constant occurs in it (a definition is satisfiable
// whatever the other constants are, so a branch without the constant
// needs none):
//
//	ite over Int/Real, abs   k with (c => k = a) and (not c => k = b)
//	(div a k), (mod a k)     q, r with a = k·q + r, 0 <= r < |k|
//	(to_int a)               i with i <= a < i + 1; is_int a is (= i a)
//	f(a...) (SatQE)          d_j with (a = b) => d_j = d_i per earlier f(b)
//
// Quantifiers over Bool variables are expanded.
func (q *qe) prepare(phi *term.Term) (*term.Term, error) {
	if !phi.Sort().IsBool() {
		return nil, fmt.Errorf("fuzz: formula of sort %v", phi.Sort())
	}
	return q.rw(phi)
}

func (q *qe) rw(t *term.Term) (*term.Term, error) {
	if r, ok := q.memo[t]; ok {
		return r, nil
	}
	r, err := q.rwNode(t)
	if err != nil {
		return nil, err
	}
	if _, ok := q.dep[r]; !ok { // a term built by a rule
		q.dep[r] = q.hasElim(r)
	}
	q.memo[t] = r
	return r, nil
}

func (q *qe) fresh(prefix string, s *term.Sort) *term.Term {
	k := q.st.Fresh("qe_"+prefix, s)
	q.elim[k] = true
	q.dep[k] = true
	return k
}

func (q *qe) rwNode(t *term.Term) (*term.Term, error) {
	st := q.st
	op := t.Op()
	switch {
	case op == term.OpConst:
		q.dep[t] = q.elim[t]
		return t, nil
	case op == term.OpBound:
		return nil, unsupported("free bound variable %v", t)
	case op.IsLeaf():
		return t, nil
	case op.IsQuantifier():
		return q.quantifier(t)
	}
	args := make([]*term.Term, t.NumArgs())
	d := q.sat // SatQE eliminates every term, closed ones included
	for i, a := range t.Args() {
		r, err := q.rw(a)
		if err != nil {
			return nil, err
		}
		args[i] = r
		d = d || q.dep[r]
	}
	u := st.Rebuild(t, args)
	switch op {
	case term.OpIte:
		if d && !u.Sort().IsBool() {
			return q.iteVar(u)
		}
	case term.OpAbs:
		if d {
			a := args[0]
			return q.iteVar(st.Ite(st.Ge(a, st.Num(num.Rat{}, a.Sort())), a, st.Neg(a)))
		}
	case term.OpIntDiv, term.OpMod:
		k, isNum := q.numeral(args[1])
		switch {
		case isNum && !k.IsZero():
			if q.dep[args[0]] || q.sat {
				return q.divMod(op, args[0], k)
			}
		case isNum && q.sat:
			return q.ackermann(u, st.DivByZero(op), args[:1])
		case d:
			return nil, unsupported("%v with a non-numeral or zero divisor", u)
		}
	case term.OpDiv:
		k, isNum := q.numeral(args[1])
		switch {
		case isNum && !k.IsZero():
		case isNum && q.sat:
			return q.ackermann(u, st.DivByZero(op), args[:1])
		case d:
			return nil, unsupported("%v with a non-numeral or zero divisor", u)
		}
	case term.OpMul:
		if d {
			n := 0
			for _, a := range args {
				if _, isNum := q.numeral(a); !isNum {
					n++
				}
			}
			if n > 1 {
				return nil, unsupported("non-linear %v", u)
			}
		}
	case term.OpToInt:
		if d {
			return q.toIntVar(args[0]), nil
		}
	case term.OpIsInt:
		if d {
			return st.Eq(st.ToReal(q.toIntVar(args[0])), args[0]), nil
		}
	case term.OpApply:
		if q.sat {
			return q.ackermann(u, u.Func(), args)
		}
		if d {
			return nil, unsupported("application %v of an uninterpreted function to an eliminated constant", u)
		}
	case term.OpSelect, term.OpStore, term.OpConstArray:
		if d {
			return nil, unsupported("array term %v over an eliminated constant", u)
		}
	case term.OpEq, term.OpDistinct:
		if s := args[0].Sort(); d && !s.IsBool() && !s.IsArith() {
			return nil, unsupported("equality over %v with an eliminated constant", s)
		}
	}
	q.dep[u] = d
	return u, nil
}

// numeral reports whether the arithmetic term a is a constant, and its
// value.
func (q *qe) numeral(a *term.Term) (num.Rat, bool) {
	l := linOf(a, q.lins)
	return l.k, len(l.vs) == 0
}

func (q *qe) quantifier(t *term.Term) (*term.Term, error) {
	n := t.NumArgs() - 1
	vars, body := t.Args()[:n], t.Arg(n)
	if n > 10 {
		return nil, unsupported("quantifier over %d variables", n)
	}
	for _, v := range vars {
		if !v.Sort().IsBool() {
			return nil, unsupported("quantifier over %v of sort %v", v, v.Sort())
		}
	}
	st := q.st
	inst := make([]*term.Term, 0, 1<<n)
	vals := make([]*term.Term, n)
	for bits := 0; bits < 1<<n; bits++ {
		for i := range vals {
			vals[i] = st.Bool(bits>>i&1 == 1)
		}
		inst = append(inst, st.Substitute(body, vars, vals))
	}
	if t.Op() == term.OpForall {
		return q.rw(st.And(inst...))
	}
	return q.rw(st.Or(inst...))
}

func (q *qe) iteVar(u *term.Term) (*term.Term, error) {
	st := q.st
	k := q.fresh("ite", u.Sort())
	c := u.Arg(0)
	q.defs[k] = []*term.Term{
		st.Or(st.Not(c), st.Eq(k, u.Arg(1))),
		st.Or(c, st.Eq(k, u.Arg(2)))}
	return k, nil
}

func (q *qe) divMod(op term.Op, a *term.Term, k num.Rat) (*term.Term, error) {
	st := q.st
	key := [2]*term.Term{a, st.Num(k, term.IntSort)}
	qr, ok := q.divmod[key]
	if !ok {
		qr = [2]*term.Term{q.fresh("div", term.IntSort), q.fresh("mod", term.IntSort)}
		q.divmod[key] = qr
		r := qr[1]
		def := []*term.Term{
			st.Eq(a, st.Add(st.Mul(key[1], qr[0]), r)),
			st.Le(st.Int(0), r),
			st.Le(r, st.IntNum(k.Num().Abs().Sub(intOne)))}
		q.defs[qr[0]], q.defs[r] = def, def
	}
	if op == term.OpIntDiv {
		return qr[0], nil
	}
	return qr[1], nil
}

func (q *qe) toIntVar(a *term.Term) *term.Term {
	if i, ok := q.toInt[a]; ok {
		return i
	}
	st := q.st
	i := q.fresh("toint", term.IntSort)
	q.toInt[a] = i
	ri := st.ToReal(i)
	q.defs[i] = []*term.Term{st.Le(ri, a), st.Lt(a, st.Add(ri, st.Real(ratOne)))}
	return i
}

// ackermann replaces the application u of f to args by a fresh constant.
func (q *qe) ackermann(u *term.Term, f *term.Func, args []*term.Term) (*term.Term, error) {
	for _, s := range f.Domain() {
		if !s.IsArith() {
			return nil, unsupported("function %v over %v", f, s)
		}
	}
	if r := f.Range(); !r.IsArith() && !r.IsBool() {
		return nil, unsupported("function %v of range %v", f, r)
	}
	st := q.st
	v := q.fresh("app", f.Range())
	for _, b := range q.apps[f] {
		eqs := make([]*term.Term, len(args))
		for i := range args {
			eqs[i] = st.Eq(args[i], b.args[i])
		}
		def := st.Or(st.Not(st.And(eqs...)), st.Eq(v, b.v))
		q.defs[v] = append(q.defs[v], def)
		q.defs[b.v] = append(q.defs[b.v], def)
	}
	q.apps[f] = append(q.apps[f], ackApp{args: slices.Clone(args), v: v})
	return v, nil
}

// hasElim reports whether t mentions an eliminated constant.
func (q *qe) hasElim(t *term.Term) bool {
	if d, ok := q.dep[t]; ok {
		return d
	}
	for u := range term.PostOrder(t) {
		if q.elim[u] {
			return true
		}
	}
	return false
}

// ---- Formulas ----

func mkAnd(st *term.Store, ts []*term.Term) *term.Term {
	var out []*term.Term
	for _, t := range ts {
		switch {
		case t.IsFalse():
			return t
		case t.IsTrue():
		default:
			out = append(out, t)
		}
	}
	switch len(out) {
	case 0:
		return st.True()
	case 1:
		return out[0]
	}
	return st.And(out...)
}

func mkOr(st *term.Store, ts []*term.Term) *term.Term {
	var out []*term.Term
	for _, t := range ts {
		switch {
		case t.IsTrue():
			return t
		case t.IsFalse():
		default:
			out = append(out, t)
		}
	}
	switch len(out) {
	case 0:
		return st.False()
	case 1:
		return out[0]
	}
	return st.Or(out...)
}
