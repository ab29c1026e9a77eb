package term

import "fmt"

// A RecDef defines a function of one datatype argument by cases on its
// constructor, the shape of a fold (a catamorphism): on the i-th
// constructor applied to values for Fields[i], the function's value is
// Cases[i], a term over Fields[i] that may apply the function itself (and
// other defined functions) to those fields. SMT-LIB writes it as a
// define-fun-rec whose body (Body) tests the constructor and selects the
// fields.
type RecDef struct {
	Param  *Term     // the argument, a constant of the datatype sort
	Fields [][]*Term // per constructor, one constant per field
	Cases  []*Term   // per constructor, the value over its Fields
}

// Rec is f's recursive definition, nil when f has none.
func (f *Func) Rec() *RecDef { return f.rec }

// DefineRec gives f, a function of one datatype argument, the definition
// d, whose terms are in st. It fails on a symbol that is not such a
// function, is a datatype's own or has a definition already, and on a
// definition of the wrong shape.
func (st *Store) DefineRec(f *Func, d *RecDef) error {
	if f.rec != nil || f.adt != nil || f.bound || len(f.domain) != 1 || !f.domain[0].IsDatatype() {
		return fmt.Errorf("term: DefineRec(%s): not a fresh function of one datatype argument", QuoteSymbol(f.name))
	}
	ctors := f.domain[0].dt.ctors
	if d.Param == nil || d.Param.sort != f.domain[0] || len(d.Fields) != len(ctors) || len(d.Cases) != len(ctors) {
		return fmt.Errorf("term: DefineRec(%s): %d cases for %d constructors", QuoteSymbol(f.name), len(d.Cases), len(ctors))
	}
	for i, c := range ctors {
		if len(d.Fields[i]) != len(c.domain) {
			return fmt.Errorf("term: DefineRec(%s): %s has %d fields", QuoteSymbol(f.name), c.name, len(c.domain))
		}
		for j, x := range d.Fields[i] {
			if x.op != OpConst || x.sort != c.domain[j] {
				return fmt.Errorf("term: DefineRec(%s): field %d of %s", QuoteSymbol(f.name), j, c.name)
			}
		}
		if d.Cases[i] == nil || d.Cases[i].sort != f.rng {
			return fmt.Errorf("term: DefineRec(%s): the case of %s is not of sort %v", QuoteSymbol(f.name), c.name, f.rng)
		}
	}
	f.rec = d
	return nil
}

// Case is the value of the defined function on the constructor term t
// (an OpCons): its case with t's arguments for the fields.
func (st *Store) Case(d *RecDef, t *Term) *Term {
	i := t.fn.adt.ctor
	if len(d.Fields[i]) == 0 {
		return d.Cases[i]
	}
	return st.Substitute(d.Cases[i], d.Fields[i], t.args)
}

// Body is d as one term over d.Param: an ite over the constructor
// testers, with the selectors of d.Param for the fields (the body of
// SMT-LIB's define-fun-rec).
func (st *Store) Body(d *RecDef) *Term {
	ctors := d.Param.sort.dt.ctors
	var body *Term
	for i := len(ctors) - 1; i >= 0; i-- {
		c := ctors[i]
		sels := make([]*Term, len(c.domain))
		for j, s := range c.adt.sels {
			sels[j] = must(st.App(s, d.Param))
		}
		v := d.Cases[i]
		if len(sels) > 0 {
			v = st.Substitute(v, d.Fields[i], sels)
		}
		if body == nil {
			body = v
			continue
		}
		body = st.Ite(must(st.App(c.adt.tester, d.Param)), v, body)
	}
	return body
}

// RecFuncs lists the functions with a definition that t applies, and those
// their definitions apply, each after the ones its definition applies
// (the order in which to print them); a definition that applies itself
// comes once.
func RecFuncs(ts ...*Term) []*Func {
	var out []*Func
	state := map[*Func]uint8{} // 1: in progress, 2: done
	var visit func(f *Func)
	var scan func(t *Term)
	scan = func(t *Term) {
		for u := range PostOrder(t) {
			if u.op == OpApply && u.fn.rec != nil {
				visit(u.fn)
			}
		}
	}
	visit = func(f *Func) {
		if state[f] != 0 {
			return
		}
		state[f] = 1
		for _, c := range f.rec.Cases {
			scan(c)
		}
		state[f] = 2
		out = append(out, f)
	}
	for _, t := range ts {
		scan(t)
	}
	return out
}

// applyRec is the value of f, a defined function without a table in the
// model (an smt model's table, for a function the solver saw as
// uninterpreted, comes first: its checks evaluate under it), at v: the
// case of v's constructor, evaluated with v's fields for the case's; a
// recursive application is on a field, a smaller value, so the recursion
// ends.
func (ev *evaluator) applyRec(f *Func, v *Term) (*Term, error) {
	if v.op != OpCons || v.fn.adt == nil || v.fn.adt.dt != f.domain[0].dt {
		return ev.st.DefaultValue(f.rng), nil
	}
	sub := evaluator{m: ev.m, st: ev.st, memo: termTables.get()}
	defer termTables.put(sub.memo)
	return sub.eval(ev.st.Case(f.rec, v))
}

// copyRec gives n, the copy of f in cp's target, the copy of f's
// definition (after n is recorded as f's copy, so that the definition's
// own applications find it).
func (cp *Copier) copyRec(f, n *Func) {
	if f.rec == nil || n.rec != nil {
		return
	}
	d := &RecDef{Param: cp.Term(f.rec.Param), Cases: cp.Terms(f.rec.Cases)}
	for _, fs := range f.rec.Fields {
		d.Fields = append(d.Fields, cp.Terms(fs))
	}
	n.rec = d
}
