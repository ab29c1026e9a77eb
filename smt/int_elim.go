package smt

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Elimination of the arithmetic operators the simplex does not know. Each
// occurrence is replaced by a fresh constant whose defining constraints
// are asserted once for good (the constant is fresh, so they constrain
// nothing else and stay valid across scopes):
//
//	(div a k), (mod a k), k a nonzero numeral:
//	        a = k·q + r,  0 <= r <= |k| - 1;   div is q, mod is r
//	        (one q, r per dividend and divisor, shared by div and mod)
//	(abs a)      the arithmetic (ite (>= a 0) a (- a)), lifted like any ite
//	(to_int a)   an Int i with (to_real i) <= a < (to_real i) + 1
//	(is_int a)   (= (to_real (to_int a)) a), in the encoder
//	(div a 0), (mod a 0), (/ a 0):
//	        SMT-LIB leaves them unspecified: each operator is an
//	        uninterpreted function of the dividend. Every application gets
//	        a fresh d_a, with a = b ⇒ d_a = d_b for every earlier
//	        application d_b of the same operator (Ackermann's reduction).
//	        The model interprets the reserved symbols term.Store.DivByZero
//	        accordingly, so evaluating the input agrees with the answer.
//
// A divisor that is not a numeral, or a product of non-constants, is
// unsupported (UnsupportedError), never approximated.
type eliminator struct {
	fresh  map[*term.Term]*term.Term // eliminated term -> its constant
	divmod map[divKey][2]*term.Term  // (dividend, divisor) -> q, r
	byZero map[term.Op][]zeroApp     // by operator, in creation order
}

type divKey struct{ a, k *term.Term } // k: the divisor as a numeral term

// zeroApp is an application of an operator to a dividend a and zero,
// replaced by the constant d.
type zeroApp struct{ a, d *term.Term }

// zeroOps are the operators whose division by zero is a function.
var zeroOps = [...]term.Op{term.OpDiv, term.OpIntDiv, term.OpMod}

func newEliminator() eliminator {
	return eliminator{
		fresh:  map[*term.Term]*term.Term{},
		divmod: map[divKey][2]*term.Term{},
		byZero: map[term.Op][]zeroApp{},
	}
}

// constDivisor returns the divisor of a div, mod or / term when it is a
// numeral (after linearization), and whether it is zero.
func (a *arith) constDivisor(x *term.Term) (k num.Rat, zero bool) {
	lin, ok := a.s.st.Linearize(x.Arg(1))
	if !ok || !lin.IsConst() {
		return num.Rat{}, false
	}
	return lin.Const, lin.Const.IsZero()
}

// eliminate returns the constant that replaces the arithmetic term x (not
// a constant) in atom t, defining it on first use.
func (a *arith) eliminate(x, t *term.Term) (*term.Term, error) {
	if k, ok := a.elim.fresh[x]; ok {
		return k, nil
	}
	st := a.s.st
	var k *term.Term
	var err error
	switch x.Op() {
	case term.OpIntDiv, term.OpMod, term.OpDiv:
		lin, ok := st.Linearize(x.Arg(1))
		if !ok || !lin.IsConst() {
			return nil, &UnsupportedError{t, "division by a non-constant " + short(x.Arg(1))}
		}
		switch {
		case lin.Const.IsZero():
			k, err = a.divByZero(x)
		case x.Op() == term.OpDiv: // Linearize scales by a nonzero numeral
			return nil, &UnsupportedError{t, "arithmetic term " + short(x)}
		default:
			k, err = a.divMod(x, lin.Const.Num())
		}
	case term.OpAbs:
		a0 := x.Arg(0)
		zero := st.Num(num.Rat{}, a0.Sort())
		k, err = a.s.enc.lift(st.Ite(st.Ge(a0, zero), a0, st.Neg(a0)))
	case term.OpToInt:
		a0 := x.Arg(0)
		k = st.Fresh("to_int", term.IntSort)
		r := st.ToReal(k)
		err = a.define(
			st.Le(r, a0),
			st.Lt(a0, st.Add(r, st.Real(num.NewRat(1, 1)))))
	default:
		return nil, &UnsupportedError{t, "arithmetic term " + short(x)}
	}
	if err != nil {
		return nil, err
	}
	a.elim.fresh[x] = k
	return k, nil
}

// divMod returns the quotient or remainder constant of x = (div a k) or
// (mod a k), k != 0.
func (a *arith) divMod(x *term.Term, k num.Int) (*term.Term, error) {
	st := a.s.st
	key := divKey{x.Arg(0), st.IntNum(k)}
	qr, ok := a.elim.divmod[key]
	if !ok {
		qr = [2]*term.Term{st.Fresh("div", term.IntSort), st.Fresh("mod", term.IntSort)}
		a.elim.divmod[key] = qr
		q, r := qr[0], qr[1]
		err := a.define(
			st.Eq(key.a, st.Add(st.Mul(key.k, q), r)),
			st.Ge(r, st.Int(0)),
			st.Le(r, st.IntNum(k.Abs().Sub(num.NewInt(1)))))
		if err != nil {
			delete(a.elim.divmod, key)
			return nil, err
		}
	}
	if x.Op() == term.OpIntDiv {
		return qr[0], nil
	}
	return qr[1], nil
}

// divByZero returns the constant of x = (op a 0), with the congruence
// constraints against the earlier applications of op.
func (a *arith) divByZero(x *term.Term) (*term.Term, error) {
	st := a.s.st
	op, a0 := x.Op(), x.Arg(0)
	// Divisions by zero inside the dividend first: they are applications
	// of the same functions, so they must take part in the congruence
	// constraints (the dividend may evaluate to their arguments).
	for u := range term.PostOrder(a0) {
		if a.isDivByZero(u) {
			if _, err := a.eliminate(u, x); err != nil {
				return nil, err
			}
		}
	}
	d := st.Fresh("divzero", x.Sort())
	for _, b := range a.elim.byZero[op] {
		if err := a.define(st.Implies(st.Eq(a0, b.a), st.Eq(d, b.d))); err != nil {
			return nil, err
		}
	}
	a.elim.byZero[op] = append(a.elim.byZero[op], zeroApp{a0, d})
	return d, nil
}

// isDivByZero reports whether u is (div a 0), (mod a 0) or (/ a 0), the
// divisor a numeral zero after linearization.
func (a *arith) isDivByZero(u *term.Term) bool {
	switch u.Op() {
	case term.OpIntDiv, term.OpMod, term.OpDiv:
		_, zero := a.constDivisor(u)
		return zero
	}
	return false
}

// define asserts the formulas for good.
func (a *arith) define(fs ...*term.Term) error {
	for _, f := range fs {
		m, err := a.s.enc.lit(f, polPos)
		if err != nil {
			return err
		}
		a.s.define(m)
	}
	return nil
}

// model interprets the division-by-zero symbols: the value of (op a 0) at
// the value of a is the value of its constant. Applications of all three
// operators are added in order of dividend ID (inner first: a dividend
// may itself divide by zero, with any operator), re-setting the function
// each time, so that evaluating a dividend sees the entries it needs.
func (e *eliminator) model(st *term.Store, m *term.Model) error {
	type app struct {
		op term.Op
		zeroApp
	}
	var apps []app
	for _, op := range zeroOps {
		for _, za := range e.byZero[op] {
			apps = append(apps, app{op, za})
		}
	}
	slices.SortStableFunc(apps, func(x, y app) int { return int(x.a.ID()) - int(y.a.ID()) })
	tables := map[term.Op]*term.FuncInterp{}
	for _, ap := range apps {
		av, err := m.Eval(ap.a)
		if err != nil {
			return err
		}
		dv, err := m.Eval(ap.d)
		if err != nil {
			return err
		}
		fi := tables[ap.op]
		if fi == nil {
			fi = &term.FuncInterp{}
			tables[ap.op] = fi
		}
		fi.Entries = append(fi.Entries, term.FuncEntry{Args: []*term.Term{av}, Value: dv})
		m.SetFunc(st.DivByZero(ap.op), fi)
	}
	return nil
}
