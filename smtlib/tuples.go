package smtlib

import (
	"fmt"
	"strconv"

	"github.com/seed-f9c3434d/gospacer/term"
)

// cvc5's tuples and datatype updates, read as datatypes: (Tuple S1 ... Sn)
// is the instance of a built-in parametric datatype of n parameters with
// one constructor, tuple, and the selectors (_ tuple.select i);
// UnitTuple has the one value tuple.unit. ((_ tuple.update i) t v) is the
// tuple t with field i replaced, ((_ tuple.project i ...) t) the tuple of
// the fields i ... of t. ((_ update s) t v) updates the field of the
// selector s: (ite ((_ is C) t) (C ... v ...) t) for the constructor C of
// s. A script may declare its own Tuple: then the name is its.

// tupleDef is the sort symbol of the tuples of n fields (UnitTuple for 0).
func (r *Reader) tupleDef(n int) *sortDef {
	if r.tuples == nil {
		r.tuples = map[int]*sortDef{}
	}
	if d := r.tuples[n]; d != nil {
		return d
	}
	name, ctor := "Tuple", "tuple"
	if n == 0 {
		name, ctor = "UnitTuple", "tuple.unit"
	}
	g := &parGroup{
		names:  []string{name},
		params: [][]string{make([]string, n)},
		ctors:  [][]ctorDecl{{{sym: &symbol{name: ctor}}}},
		tmpl:   &term.Template{Tuple: true},
	}
	c := &g.ctors[0][0]
	for i := range n {
		g.params[0][i] = "T" + strconv.Itoa(i)
		c.fields = append(c.fields, fieldDecl{sym: &symbol{name: fmt.Sprintf("tuple.select.%d", i)}, sort: &sortExpr{param: i}})
	}
	d := &sortDef{name: name, arity: n, par: g}
	g.defs = []*sortDef{d}
	r.tuples[n] = d
	return d
}

// tupleSort reads the arguments of (Tuple S1 ... Sn) after Tuple; open is
// the '('.
func (r *Reader) tupleSort(open Pos, params []*symbol) (*sortExpr, error) {
	args, err := r.sortArgs(params)
	if err != nil {
		return nil, err
	}
	e := &sortExpr{param: -1, args: args}
	if len(e.args) == 0 {
		return nil, r.errorf(open, "(Tuple) needs at least one sort (UnitTuple has no fields)")
	}
	e.def = r.tupleDef(len(e.args))
	return e, nil
}

// tupleOf is the datatype of the tuple sort s, or an error at open.
func (r *Reader) tupleOf(open Pos, what string, s *term.Sort) (*term.Datatype, error) {
	if dt := s.Datatype(); dt != nil && dt.Template() != nil && dt.Template().Tuple {
		return dt, nil
	}
	return nil, r.errorf(open, "%s: the argument has sort %v, not a tuple", what, s)
}

// tupleApplication applies the constructor tuple to args.
func (r *Reader) tupleApplication(head, open Pos, args []*term.Term, want *term.Sort) (*term.Term, error) {
	name := "tuple"
	if len(args) == 0 {
		name = "tuple.unit"
	}
	d := &def{kind: defPar, par: r.tupleDef(len(args)).par, field: -1}
	return r.applyPar(name, d, head, open, args, want)
}

// tupleIndexed reads ((_ tuple.select i) t), ((_ tuple.update i) t v)
// and ((_ tuple.project i ...) t) from the name's token on.
func (r *Reader) tupleIndexed(open Pos, name string) (*term.Term, error) {
	r.next()
	var idx []int
	for r.tok.kind == tokNumeral {
		i, err := r.index(name)
		if err != nil {
			return nil, err
		}
		idx = append(idx, i)
	}
	if name != "tuple.project" && len(idx) != 1 {
		return nil, r.unexpected("a numeral index of " + name)
	}
	if err := r.expect(tokRParen, ") to end the indexed identifier"); err != nil {
		return nil, err
	}
	base, err := r.readArgs()
	if err != nil {
		return nil, err
	}
	defer r.dropArgs(base)
	args := r.args[base:]
	want := 1
	if name == "tuple.update" {
		want = 2
	}
	if len(args) != want {
		return nil, r.errorf(open, "%s: expected %d arguments, got %d", name, want, len(args))
	}
	t := args[0]
	dt, err := r.tupleOf(open, name, t.Sort())
	if err != nil {
		return nil, err
	}
	c := dt.Constructors()[0]
	n := c.Arity()
	for _, i := range idx {
		if i >= n {
			return nil, r.errorf(open, "%s: index %d of a tuple of %d fields", name, i, n)
		}
	}
	switch name {
	case "tuple.select":
		return r.applyFunc(c.Selectors()[idx[0]], open, args[:1])
	case "tuple.update":
		return r.update(open, c, idx[0], t, args[1])
	}
	fs := make([]*term.Term, len(idx))
	for k, i := range idx {
		fs[k] = r.st.Apply(c.Selectors()[i], t)
	}
	return r.tupleApplication(open, open, fs, nil)
}

// update is t with the field i of the constructor c replaced by v:
// (ite ((_ is c) t) (c ... v ...) t), the ite dropped when c is the only
// constructor.
func (r *Reader) update(open Pos, c *term.Func, i int, t, v *term.Term) (*term.Term, error) {
	fs := make([]*term.Term, c.Arity())
	for k, sel := range c.Selectors() {
		fs[k] = r.st.Apply(sel, t)
	}
	fs[i] = v
	u, err := r.applyFunc(c, open, fs)
	if err != nil {
		return nil, err
	}
	if len(c.Datatype().Constructors()) == 1 {
		return u, nil
	}
	return r.st.Build(term.OpIte, r.st.Apply(c.Tester(), t), u, t)
}

// updateApplication reads ((_ update s) t v) from the token update on.
func (r *Reader) updateApplication(open Pos) (*term.Term, error) {
	r.next()
	if !r.tok.isSymbolName() {
		return nil, r.unexpected("a selector name")
	}
	sp, name := r.tok.pos, string(r.tok.text)
	sym := r.lookup(r.tok.text)
	r.next()
	if err := r.expect(tokRParen, ") to end (_ update s)"); err != nil {
		return nil, err
	}
	base, err := r.readArgs()
	if err != nil {
		return nil, err
	}
	defer r.dropArgs(base)
	args := r.args[base:]
	var sel *term.Func
	if sym != nil && len(sym.local) == 0 && sym.def != nil {
		switch d := sym.def; {
		case d.kind == defFunc && d.fn.IsSelector():
			sel = d.fn
		case d.kind == defOverload && len(args) > 0:
			for _, a := range d.alts {
				if a.kind == defFunc && a.fn.IsSelector() && a.fn.Domain()[0] == args[0].Sort() {
					sel = a.fn
				} else if dt := args[0].Sort().Datatype(); a.kind == defPar && a.field >= 0 && dt != nil && instanceOf(dt.Sort(), a.par, a.member) != nil {
					sel = dt.Constructors()[a.ctor].Selectors()[a.field]
				}
			}
		case d.kind == defPar && d.field >= 0 && len(args) > 0:
			dt, err := r.instanceIn(open, d, name, args[0].Sort())
			if err != nil {
				return nil, err
			}
			sel = dt.Constructors()[d.ctor].Selectors()[d.field]
		}
	}
	if sel == nil {
		return nil, r.errorf(sp, "(_ update %s): %s is not a selector", term.QuoteSymbol(name), term.QuoteSymbol(name))
	}
	if len(args) != 2 {
		return nil, r.errorf(open, "(_ update %s): expected 2 arguments, got %d", term.QuoteSymbol(name), len(args))
	}
	if args[0].Sort() != sel.Domain()[0] {
		return nil, r.errorf(open, "(_ update %s): the argument has sort %v, not %v", term.QuoteSymbol(name), args[0].Sort(), sel.Domain()[0])
	}
	return r.update(open, sel.Constructor(), sel.Field(), args[0], args[1])
}
