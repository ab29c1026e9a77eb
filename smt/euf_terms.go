package smt

import (
	"math/big"

	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// linRef is the arithmetic meaning of an arithmetic node of the graph: the
// linear form Σ coeffs[i]·vars[i] + k over simplex variables.
type linRef struct {
	ok     bool
	vars   []lra.Var
	coeffs []num.Rat
	k      num.Rat
}

// internalize lifts t (see lift), adds it to the graph and registers the
// new nodes.
func (p *eufPlugin) internalize(t *term.Term) (euf.Node, error) {
	u, err := p.lift(t)
	if err != nil {
		return euf.NoNode, err
	}
	n := p.g.Add(u)
	if err := p.register(); err != nil {
		return euf.NoNode, err
	}
	return n, nil
}

// register gives the nodes added to the graph since the last call their
// meaning for the other theories: Boolean nodes are watched against true
// (constants through their encoder literal, applications and selects as
// predicate atoms of their own), arithmetic nodes are shared and get a
// linear form over simplex variables. It may run re-entrantly (creating a
// simplex variable internalizes its term), so a node is marked registered
// before it is processed.
func (p *eufPlugin) register() error {
	for p.registered < p.g.NumNodes() {
		n := euf.Node(p.registered)
		p.registered++
		for len(p.shared) < p.registered {
			p.shared = append(p.shared, linRef{})
		}
		u := p.g.Term(n)
		if op := u.Op(); op == term.OpTrue || op == term.OpFalse {
			continue
		}
		if u.Sort().IsDatatype() || u.Op() == term.OpTest { // Datatypes
			p.noteADT(u)
		}
		p.active = true
		switch s := u.Sort(); {
		case s.IsBitVec(): // Bit-vectors: shared, valued by their blasted word (bv.go)
			if _, err := p.s.bv().word(u); err != nil {
				return err
			}
			p.g.SetShared(n)
		case s.IsBool():
			switch u.Op() {
			case term.OpConst:
				m, err := p.s.enc.lit(u, polBoth)
				if err != nil {
					return err
				}
				p.addAtom(n, p.g.True(), m, true)
			case term.OpApply, term.OpSelect, term.OpTest, term.OpSel: // Datatypes: testers, selectors
				p.addAtom(n, p.g.True(), p.newAtomVar(false), true)
			default:
				return &UnsupportedError{u, "Boolean term " + u.Op().String() + " inside an uninterpreted term"}
			}
		case s.IsArith():
			if err := p.linearize(n, u); err != nil {
				return err
			}
			p.g.SetShared(n)
		}
	}
	return nil
}

// linearize sets the linear form of the arithmetic node n of term u,
// creating simplex variables for its monomials.
func (p *eufPlugin) linearize(n euf.Node, u *term.Term) error {
	l := linRef{ok: true}
	switch u.Op() {
	case term.OpNum:
		l.k = u.Num()
	case term.OpConst, term.OpSelect, term.OpApply, term.OpSel: // Datatypes: selectors
		v, err := p.s.ar.variable(u, u)
		if err != nil {
			return err
		}
		l.vars, l.coeffs = []lra.Var{v}, []num.Rat{num.NewRat(1, 1)}
	default:
		lin, _ := p.s.st.Linearize(u)
		l.k = lin.Const
		for i, x := range lin.Vars {
			// Linearize fails on products of non-constants and on
			// divisions by non-numerals or by zero; arithmetic takes
			// division by zero (an uninterpreted function of the dividend).
			switch x.Op() {
			case term.OpMul:
				return &UnsupportedError{u, "non-linear arithmetic inside an uninterpreted term"}
			case term.OpDiv:
				if d, _ := p.s.st.Linearize(x.Arg(1)); !d.IsConst() || !d.Const.IsZero() {
					return &UnsupportedError{u, "division by a non-constant inside an uninterpreted term"}
				}
			}
			v, err := p.s.ar.variable(x, u)
			if err != nil {
				return err
			}
			l.vars = append(l.vars, v)
			l.coeffs = append(l.coeffs, lin.Coeffs[i])
		}
	}
	p.shared[n] = l
	return nil
}

// arithValue is the value of the arithmetic node n in the simplex model.
func (p *eufPlugin) arithValue(n euf.Node) (num.Rat, bool) {
	if int(n) >= len(p.shared) || !p.shared[n].ok {
		return num.Rat{}, false
	}
	l := &p.shared[n]
	v := l.k
	for i, x := range l.vars {
		v = v.Add(l.coeffs[i].Mul(p.s.ar.lra.Value(x)))
	}
	return v, true
}

// lift returns the term the graph knows t as: t with every ite of a
// non-Boolean sort replaced by a fresh constant k defined by c ⇒ k = a and
// ¬c ⇒ k = b (for arithmetic ite, the encoder's constant, see
// encoder.lift), and every Boolean argument that is not a constant, an
// application or a select replaced by a fresh Boolean constant defined
// equivalent to it. Definitions are added for good (the constants are
// fresh). lift is memoized and idempotent.
func (p *eufPlugin) lift(t *term.Term) (*term.Term, error) {
	if t.NumArgs() == 0 {
		return t, nil
	}
	if r, ok := p.lifted[t]; ok {
		return r, nil
	}
	st, e := p.s.st, &p.s.enc
	var r *term.Term
	switch {
	case t.Op().IsQuantifier():
		return nil, &UnsupportedError{t, "quantifier"}
	case t.Op() == term.OpIte && t.Sort().IsArith():
		k, err := e.lift(t)
		if err != nil {
			return nil, err
		}
		r = k
	case t.Op() == term.OpIte && !t.Sort().IsBool():
		k := st.Fresh("ite", t.Sort())
		p.lifted[t] = k
		if err := e.defineIte(k, t); err != nil {
			delete(p.lifted, t)
			return nil, err
		}
		return k, nil
	case t.Sort().IsBool() && t.Op() != term.OpApply && t.Op() != term.OpSelect && t.Op() != term.OpTest && t.Op() != term.OpSel: // Datatypes: testers, selectors
		k := st.Fresh("b", term.BoolSort)
		mk, err := e.lit(k, polBoth)
		if err != nil {
			return nil, err
		}
		mt, err := e.lit(t, polBoth)
		if err != nil {
			return nil, err
		}
		p.s.define(mk.Not(), mt)
		p.s.define(mk, mt.Not())
		r = k
	default:
		var args []*term.Term
		for i, a := range t.Args() {
			b, err := p.lift(a)
			if err != nil {
				return nil, err
			}
			if b != a && args == nil {
				args = append([]*term.Term(nil), t.Args()...)
			}
			if args != nil {
				args[i] = b
			}
		}
		r = t
		if args != nil {
			r = st.Rebuild(t, args)
		}
	}
	p.lifted[t] = r
	if r != t {
		p.lifted[r] = r
	}
	return r, nil
}

// termLit returns the literal of a = b for two terms of one sort, added to
// the graph (a lemma literal).
func (p *eufPlugin) termLit(a, b *term.Term) sat.Lit {
	x, err := p.internalize(a)
	if err != nil {
		p.err = err
		return sat.LitNull
	}
	y, err := p.internalize(b)
	if err != nil {
		p.err = err
		return sat.LitNull
	}
	return p.eqLit(x, y, false)
}

// bvValue is the value of the bit-vector node n under the current
// assignment of its blasted word (every bit-vector node has one, see
// register).
func (p *eufPlugin) bvValue(n euf.Node) (*term.Term, bool) {
	t := p.g.Term(n)
	if !t.Sort().IsBitVec() || p.s.bvb == nil {
		return nil, false
	}
	w, ok := p.s.bvb.words[t.ID()]
	if !ok {
		return nil, false
	}
	v := new(big.Int)
	for i, m := range w {
		switch p.s.sat.ValueNow(m) {
		case sat.True:
			v.SetBit(v, i, 1)
		case sat.Undef:
			return nil, false
		}
	}
	return p.s.st.BVNum(v, t.Sort().Width()), true
}
