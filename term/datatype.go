package term

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Algebraic datatypes. A group of (possibly mutually recursive) datatypes
// is declared in two steps: DeclareDatatypes interns their sorts (so that
// the fields of the constructors can name them), DefineDatatypes gives
// each its constructors. The declaration lives in the Store, like every
// sort, so a reader, a printer or a copy of the store finds it again.
//
// A datatype term is built with App from its symbols: a constructor
// (OpCons), a selector (OpSel) or a tester (OpTest, printed
// ((_ is C) t)). A value of a datatype sort is a constructor applied to
// values. A selector applied to a value of another constructor is
// unspecified: Eval reads it from the model's interpretation of the
// selector symbol (Model.SetFunc), like an uninterpreted function, so
// that a solver can fix it consistently with its answer.

// A Datatype is the declaration of a datatype sort.
type Datatype struct {
	sort  *Sort
	ctors []*Func
	group int     // index of its group in Store.datatypes
	peers []*Sort // the sorts of its group
	def   *Term   // the default value, nil until computed
	// finite: 1 if the sort has finitely many values, 2 if not, 0 unknown
	finite uint8
	// An instance of a parametric datatype: its template, and the
	// templates its group is the first in the store to instantiate (whose
	// declarations FprintDatatypes prints with the group).
	tmpl  *Template
	first []*Template
}

// A Template is a parametric datatype declaration (SMT-LIB's par), kept as
// the text of its command so that a script using its instances can be
// printed again. Its instances are ordinary datatypes, made by
// DeclareDatatypeInstances: the sort (List Int) is the datatype named List
// with the parameter Int, and its constructors print qualified,
// ((as cons (List Int)) 1 (as nil (List Int))), as they must to be read
// back.
type Template struct {
	Text string // the declare-datatype(s) command
	// Tuple: cvc5's built-in tuples, (Tuple Int Bool), whose constructor
	// prints as tuple (its arguments give the sort) and selectors as
	// (_ tuple.select i); Text is empty.
	Tuple bool
	// Seq orders templates as declared: a group that is the first to
	// instantiate several prints them in this order (one may name
	// another).
	Seq int64
}

// Template is the parametric declaration the datatype is an instance of,
// nil for a datatype declared without parameters.
func (d *Datatype) Template() *Template { return d.tmpl }

// adtSym is what a datatype symbol stands for.
type adtSym struct {
	dt     *Datatype
	ctor   int     // the constructor's index (of a selector: its constructor's)
	field  int     // a selector's field; -1 for constructors and testers
	test   bool    // a tester
	sels   []*Func // a constructor's selectors
	tester *Func   // a constructor's tester
	// qualify: another symbol has the name (a constructor declared in
	// several datatypes): the constructor prints as (as C S)
	qualify bool
	// indexed: a tester whose name is-C another symbol has: it prints
	// as (_ is C)
	indexed bool
}

// A CtorSpec describes a constructor for DefineDatatypes.
type CtorSpec struct {
	Name   string
	Fields []FieldSpec
}

// A FieldSpec is a selector name and the sort of its field.
type FieldSpec struct {
	Name string
	Sort *Sort
}

// IsDatatype reports whether s is a datatype sort.
func (s *Sort) IsDatatype() bool { return s.kind == KindDatatype }

// Datatype is the declaration of a datatype sort, nil for other sorts.
func (s *Sort) Datatype() *Datatype { return s.dt }

// Sort is the datatype's sort.
func (d *Datatype) Sort() *Sort { return d.sort }

// Constructors are the datatype's constructors, in declaration order.
func (d *Datatype) Constructors() []*Func { return d.ctors }

// Group is the index of the datatype's declaration group (see
// Store.DatatypeGroups).
func (d *Datatype) Group() int { return d.group }

// GroupSorts are the sorts declared together with the datatype, itself
// included, in declaration order.
func (d *Datatype) GroupSorts() []*Sort { return d.peers }

// IsConstructor reports whether f is a datatype constructor.
func (f *Func) IsConstructor() bool { return f.adt != nil && f.adt.field < 0 && !f.adt.test }

// IsSelector reports whether f is a datatype selector.
func (f *Func) IsSelector() bool { return f.adt != nil && f.adt.field >= 0 }

// IsTester reports whether f is a datatype tester.
func (f *Func) IsTester() bool { return f.adt != nil && f.adt.test }

// Datatype is the datatype of a constructor, selector or tester, else nil.
func (f *Func) Datatype() *Datatype {
	if f.adt == nil {
		return nil
	}
	return f.adt.dt
}

// Constructor is the constructor of a selector or tester (a
// constructor's is itself), nil for other symbols.
func (f *Func) Constructor() *Func {
	if f.adt == nil {
		return nil
	}
	return f.adt.dt.ctors[f.adt.ctor]
}

// CtorIndex is the index of Constructor() among its datatype's.
func (f *Func) CtorIndex() int { return f.adt.ctor }

// Field is a selector's field index.
func (f *Func) Field() int { return f.adt.field }

// Selectors are a constructor's selectors, in field order.
func (f *Func) Selectors() []*Func { return f.adt.sels }

// Tester is a constructor's tester.
func (f *Func) Tester() *Func { return f.adt.tester }

// DeclareDatatypes interns the sorts of a group of datatypes named names,
// to be defined by DefineDatatypes. A name that is already the name of a
// datatype sort is an error.
func (st *Store) DeclareDatatypes(names []string) ([]*Sort, error) {
	return st.declareGroup(len(names), func(i int, _ []*Sort) (string, []*Sort, *Template) {
		return names[i], nil, nil
	})
}

// An Instance names one sort of DeclareDatatypeInstances: the template's
// datatype Name applied to Params.
type Instance struct {
	Name     string
	Params   []*Sort
	Template *Template
}

// DeclareDatatypeInstances interns a group of n instances of parametric
// datatypes, to be defined by DefineDatatypes: inst(i, sorts) is the i-th,
// where sorts are the instances before it (its parameters may be among
// them). An instance that the store has already is an error.
func (st *Store) DeclareDatatypeInstances(n int, inst func(i int, sorts []*Sort) Instance) ([]*Sort, error) {
	return st.declareGroup(n, func(i int, sorts []*Sort) (string, []*Sort, *Template) {
		in := inst(i, sorts)
		return in.Name, in.Params, in.Template
	})
}

// LookupInstance is the instance of a parametric datatype named name at
// params that the store has, or nil.
func (st *Store) LookupInstance(name string, params []*Sort) *Sort {
	return st.sorts[sortKey{KindDatatype, name, sortSig(params)}]
}

func (st *Store) declareGroup(n int, decl func(int, []*Sort) (string, []*Sort, *Template)) ([]*Sort, error) {
	sorts := make([]*Sort, 0, n)
	keys := make([]sortKey, 0, n)
	var tmpls []*Template
	for i := 0; i < n; i++ {
		name, params, tmpl := decl(i, sorts)
		k := sortKey{KindDatatype, name, sortSig(params)}
		s := &Sort{kind: KindDatatype, name: name, params: append([]*Sort(nil), params...), id: st.nextSort}
		if _, ok := st.sorts[k]; ok || slices.Contains(keys, k) {
			return nil, fmt.Errorf("datatype %s declared twice", s)
		}
		st.nextSort++
		s.dt = &Datatype{sort: s, group: len(st.datatypes), tmpl: tmpl}
		sorts, keys = append(sorts, s), append(keys, k)
		if tmpl != nil && !slices.Contains(tmpls, tmpl) {
			tmpls = append(tmpls, tmpl)
		}
	}
	if st.instantiated == nil && len(tmpls) > 0 {
		st.instantiated = map[string]bool{}
	}
	var first []*Template
	for _, t := range tmpls {
		// By text: a script read twice declares its templates once.
		if t.Text != "" && !st.instantiated[t.Text] {
			st.instantiated[t.Text] = true
			first = append(first, t)
		}
	}
	slices.SortStableFunc(first, func(a, b *Template) int { return cmp.Compare(a.Seq, b.Seq) })
	for i, s := range sorts {
		st.sorts[keys[i]] = s
		s.dt.peers = sorts
	}
	if len(sorts) > 0 {
		sorts[0].dt.first = first
	}
	st.datatypes = append(st.datatypes, sorts)
	return sorts, nil
}

// DefineDatatypes gives the sorts of one DeclareDatatypes call their
// constructors: ctors[i] are those of sorts[i]. Each datatype needs at
// least one constructor and a value that is finite (a term without
// itself), and constructor and selector names must be distinct within
// the group. The sorts must not be used before they are defined.
func (st *Store) DefineDatatypes(sorts []*Sort, ctors [][]CtorSpec) error {
	if len(ctors) != len(sorts) {
		return fmt.Errorf("%d datatypes, %d constructor lists", len(sorts), len(ctors))
	}
	names := map[string]bool{}
	for i, s := range sorts {
		if s.dt == nil || len(s.dt.ctors) > 0 {
			return fmt.Errorf("datatype %s is not declared or already defined", s)
		}
		if s.dt.tmpl != nil {
			// The instances of a template share its symbols' names:
			// distinct within each datatype only.
			clear(names)
		}
		if len(ctors[i]) == 0 {
			return fmt.Errorf("datatype %s has no constructors", s)
		}
		for _, c := range ctors[i] {
			if names[c.Name] {
				return fmt.Errorf("symbol %s declared twice in a datatype declaration", QuoteSymbol(c.Name))
			}
			names[c.Name] = true
			for _, f := range c.Fields {
				if names[f.Name] {
					return fmt.Errorf("symbol %s declared twice in a datatype declaration", QuoteSymbol(f.Name))
				}
				names[f.Name] = true
				if f.Sort == nil {
					return fmt.Errorf("field %s has no sort", QuoteSymbol(f.Name))
				}
			}
		}
	}
	for i, s := range sorts {
		dt := s.dt
		for ci, c := range ctors[i] {
			dom := make([]*Sort, len(c.Fields))
			for j, f := range c.Fields {
				dom[j] = f.Sort
			}
			cf := st.newADTFunc(c.Name, dom, s, &adtSym{dt: dt, ctor: ci, field: -1})
			cf.adt.tester = st.newADTFunc("is-"+c.Name, []*Sort{s}, BoolSort, &adtSym{dt: dt, ctor: ci, field: -1, test: true})
			for j, f := range c.Fields {
				cf.adt.sels = append(cf.adt.sels, st.newADTFunc(f.Name, []*Sort{s}, f.Sort, &adtSym{dt: dt, ctor: ci, field: j}))
			}
			dt.ctors = append(dt.ctors, cf)
		}
	}
	// Well-foundedness: every datatype of the group has a finite value.
	for _, s := range sorts {
		if st.DefaultValue(s) == nil {
			return fmt.Errorf("datatype %s has no finite values (every constructor needs a value of itself)", s)
		}
	}
	return nil
}

func (st *Store) newADTFunc(name string, dom []*Sort, rng *Sort, a *adtSym) *Func {
	f := &Func{name: name, domain: dom, rng: rng, id: st.nfuncs, adt: a}
	st.nfuncs++
	first := st.named(name)
	st.addFunc(f, first)
	if first != nil {
		for g := first; g != nil; g = g.next {
			if g.adt != nil {
				g.adt.qualify = true
			}
		}
	}
	return f
}

// LookupDatatypes returns the group of datatype sorts that the store has
// under names, in that order, or nil if it has no such group.
func (st *Store) LookupDatatypes(names []string) []*Sort {
	s, ok := st.sorts[sortKey{KindDatatype, names[0], ""}]
	if !ok || s.dt == nil || len(s.dt.peers) != len(names) {
		return nil
	}
	for i, n := range names {
		if s.dt.peers[i].name != n {
			return nil
		}
	}
	return s.dt.peers
}

// SameDefinition reports whether the defined datatype sorts have exactly
// the constructors ctors (as for DefineDatatypes).
func SameDefinition(sorts []*Sort, ctors [][]CtorSpec) bool {
	if len(sorts) != len(ctors) {
		return false
	}
	for i, s := range sorts {
		cs := s.dt.ctors
		if len(cs) != len(ctors[i]) {
			return false
		}
		for j, c := range cs {
			spec := ctors[i][j]
			if c.name != spec.Name || len(c.domain) != len(spec.Fields) {
				return false
			}
			for k, f := range spec.Fields {
				if c.adt.sels[k].name != f.Name || c.domain[k] != f.Sort {
					return false
				}
			}
		}
	}
	return true
}

// DatatypeGroups are the declared groups of datatype sorts, in
// declaration order.
func (st *Store) DatatypeGroups() [][]*Sort { return st.datatypes }

// datatypeDefault is the default value of a datatype sort: the first
// constructor (in declaration order) whose fields all have values, over
// their defaults; nil while the group is being defined and the sort has
// none.
func (st *Store) datatypeDefault(s *Sort) *Term {
	dt := s.dt
	if dt.def != nil {
		return dt.def
	}
	// A least fixpoint over the sorts of the group: rank[s] is the round
	// in which s got a value.
	group := st.datatypes[dt.group]
	done := map[*Sort]*Term{}
	for changed := true; changed; {
		changed = false
		for _, g := range group {
			if done[g] != nil || len(g.dt.ctors) == 0 {
				continue
			}
		ctors:
			for _, c := range g.dt.ctors {
				args := make([]*Term, len(c.domain))
				for j, d := range c.domain {
					if args[j] = st.fieldDefault(d, done); args[j] == nil {
						continue ctors
					}
				}
				done[g] = st.intern(OpCons, g, args, c, num.Rat{})
				changed = true
				break
			}
		}
	}
	for _, g := range group {
		if done[g] != nil {
			g.dt.def = done[g]
		}
	}
	return dt.def
}

// fieldDefault is the default value of a field of sort d while the
// defaults of a group are computed (done), nil if it has none yet: arrays
// over a datatype of the group wait for it.
func (st *Store) fieldDefault(d *Sort, done map[*Sort]*Term) *Term {
	switch d.kind {
	case KindDatatype:
		if d.dt.def != nil {
			return d.dt.def
		}
		return done[d]
	case KindArray:
		e := st.fieldDefault(d.Elem(), done)
		if e == nil {
			return nil
		}
		return st.intern(OpConstArray, d, []*Term{e}, nil, num.Rat{})
	}
	return st.DefaultValue(d)
}

// IsFinite reports whether the datatype has finitely many values: no
// constructor reaches the datatype again, and every field sort is Bool or
// a finite datatype.
func (d *Datatype) IsFinite() bool {
	if d.finite == 0 {
		d.finite = 2
		fin := true
		for _, c := range d.ctors {
			for _, s := range c.domain {
				switch {
				case s.kind == KindBool:
				case s.kind == KindDatatype && s.dt.finite != 2 && s.dt.IsFinite():
				default:
					fin = false
				}
			}
		}
		if fin {
			d.finite = 1
		}
	}
	return d.finite == 1
}

// adtApp applies a datatype symbol, as App.
func (st *Store) adtApp(f *Func, args []*Term) (*Term, error) {
	xs, err := st.applyArgs(f, args)
	if err != nil {
		return nil, err
	}
	op := OpCons
	switch {
	case f.adt.test:
		op = OpTest
	case f.adt.field >= 0:
		op = OpSel
	}
	return st.intern(op, f.rng, xs, f, num.Rat{}), nil
}

// Cons is the constructor c applied to args; it panics on a sort error.
func (st *Store) Cons(c *Func, args ...*Term) *Term { return must(st.App(c, args...)) }

// evalADT is the value of the datatype term u over the values vs of its
// arguments.
func (ev *evaluator) evalADT(u *Term, vs []*Term) *Term {
	switch u.op {
	case OpCons:
		return ev.st.intern(OpCons, u.sort, vs, u.fn, num.Rat{})
	case OpTest:
		return ev.st.Bool(vs[0].fn == u.fn.Constructor())
	}
	// OpSel
	if v := vs[0]; v.fn == u.fn.Constructor() {
		return v.args[u.fn.adt.field]
	}
	return ev.apply(u.fn, vs)
}

// compareADT orders datatype values: by constructor index, then by the
// fields in order.
func compareADT(a, b *Term) int {
	if a.fn != b.fn {
		return a.fn.adt.ctor - b.fn.adt.ctor
	}
	for i := range a.args {
		if c := CompareValues(a.args[i], b.args[i]); c != 0 {
			return c
		}
	}
	return 0
}

// rewriteADT simplifies a datatype term whose arguments are simplified;
// nil if no rule applies.
func (st *Store) rewriteADT(op Op, f *Func, a []*Term) *Term {
	x := a[0]
	switch op {
	case OpSel:
		if x.op == OpCons && x.fn == f.Constructor() {
			return x.args[f.adt.field]
		}
	case OpTest:
		if x.op == OpCons {
			return st.Bool(x.fn == f.Constructor())
		}
		if len(f.adt.dt.ctors) == 1 {
			return st.tru
		}
	}
	return nil
}

// eqADT simplifies a = b for datatype terms a != b: different
// constructors are false, equal ones are the conjunction of the fields'
// equalities, and a term is never equal to a constructor term that has
// it as a proper subterm; nil if no rule applies.
func (s *simplifier) eqADT(a, b *Term) *Term {
	st := s.st
	if a.op == OpCons && b.op == OpCons {
		if a.fn != b.fn {
			return st.fls
		}
		cs := make([]*Term, len(a.args))
		for i := range a.args {
			cs[i] = s.mkEq(a.args[i], b.args[i])
		}
		return st.mkAndOr(OpAnd, cs)
	}
	if a.op == OpCons && properSubterm(b, a) || b.op == OpCons && properSubterm(a, b) {
		return st.fls
	}
	return nil
}

// properSubterm reports whether x occurs in the constructor term c below
// its root, through constructors only.
func properSubterm(x, c *Term) bool {
	for _, y := range c.args {
		if y == x || y.op == OpCons && properSubterm(x, y) {
			return true
		}
	}
	return false
}

// printADT prints a datatype term's head; ok is false for other terms.
func (p *printer) headADT(t *Term) (leaf bool) {
	w := p.w
	switch t.op {
	case OpCons:
		name := QuoteSymbol(t.fn.name)
		if tm := t.sort.dt.tmpl; tm != nil && tm.Tuple {
			name = t.fn.name // tuple or tuple.unit
		} else if len(t.sort.params) > 0 || t.fn.adt.qualify {
			// An instance of a parametric datatype: the sort of a
			// constructor is not always that of its arguments.
			name = "(as " + name + " " + t.sort.String() + ")"
		}
		if len(t.args) == 0 {
			w.WriteString(name)
			return true
		}
		w.WriteByte('(')
		w.WriteString(name)
	case OpSel:
		w.WriteByte('(')
		if tm := t.fn.adt.dt.tmpl; tm != nil && tm.Tuple {
			fmt.Fprintf(w, "(_ tuple.select %d)", t.fn.adt.field)
			break
		}
		w.WriteString(QuoteSymbol(t.fn.name))
	case OpTest:
		c := t.fn.Constructor()
		if !t.fn.adt.indexed {
			// z3 4.8 reads no (_ is C) under (set-logic HORN), and
			// cannot tell (_ is C) of several datatypes apart; z3,
			// cvc5 and Eldarica read is-C, by the argument's sort.
			w.WriteString("(" + QuoteSymbol("is-"+c.name))
			break
		}
		w.WriteString("((_ is ")
		w.WriteString(QuoteSymbol(c.name))
		w.WriteByte(')')
	}
	return false
}

// FprintDatatypes writes the declaration of a group of datatypes in
// SMT-LIB 2.6: (declare-datatypes ((S 0) ...) (((C (f T) ...) ...) ...)),
// without a newline. A group of instances of parametric datatypes prints
// the declarations of the templates it is the first to instantiate (one
// per line), or nothing: printing every group of a store in order declares
// each template once, before its instances are used.
func FprintDatatypes(w io.Writer, group []*Sort) error {
	if len(group) > 0 && group[0].dt.tmpl != nil {
		var b strings.Builder
		for _, t := range group[0].dt.first {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(t.Text)
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
	var b strings.Builder
	b.WriteString("(declare-datatypes (")
	for i, s := range group {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("(" + QuoteSymbol(s.name) + " 0)")
	}
	b.WriteString(") (")
	for i, s := range group {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('(')
		for j, c := range s.dt.ctors {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString("(" + QuoteSymbol(c.name))
			for k, sel := range c.adt.sels {
				b.WriteString(" (" + QuoteSymbol(sel.name) + " " + c.domain[k].String() + ")")
			}
			b.WriteByte(')')
		}
		b.WriteByte(')')
	}
	b.WriteString("))")
	_, err := io.WriteString(w, b.String())
	return err
}

// copyDatatypes declares in cp's target the group of the datatype sort s
// (unless the target has a datatype of that name: then that one) and
// returns the copy of s.
func (cp *Copier) datatypeSort(s *Sort) *Sort {
	to := cp.to
	params := make([]*Sort, len(s.params))
	for i, p := range s.params {
		params[i] = cp.Sort(p)
	}
	if n, ok := to.sorts[sortKey{KindDatatype, s.name, sortSig(params)}]; ok {
		cp.sorts[s] = n
		return n
	}
	if n, ok := cp.sorts[s]; ok { // copied with a parameter
		return n
	}
	group := cp.from.datatypes[s.dt.group]
	sorts, err := to.declareGroup(len(group), func(i int, done []*Sort) (string, []*Sort, *Template) {
		g := group[i]
		ps := make([]*Sort, len(g.params))
		for j, p := range g.params {
			if k := slices.Index(group[:i], p); k >= 0 {
				ps[j] = done[k]
			} else {
				ps[j] = cp.Sort(p)
			}
		}
		return g.name, ps, g.dt.tmpl
	})
	if err != nil {
		panic("term: copying datatypes: " + err.Error())
	}
	for i, g := range group {
		cp.sorts[g] = sorts[i]
	}
	specs := make([][]CtorSpec, len(group))
	for i, g := range group {
		for _, c := range g.dt.ctors {
			cs := CtorSpec{Name: c.name}
			for k, sel := range c.adt.sels {
				cs.Fields = append(cs.Fields, FieldSpec{sel.name, cp.Sort(c.domain[k])})
			}
			specs[i] = append(specs[i], cs)
		}
	}
	if err := to.DefineDatatypes(sorts, specs); err != nil {
		panic("term: copying datatypes: " + err.Error())
	}
	return cp.sorts[s]
}

// adtFunc is the copy of the datatype symbol f.
func (cp *Copier) adtFunc(f *Func) *Func {
	dt := cp.Sort(f.adt.dt.sort).dt
	c := dt.ctors[f.adt.ctor]
	switch {
	case f.adt.test:
		return c.adt.tester
	case f.adt.field >= 0:
		return c.adt.sels[f.adt.field]
	}
	return c
}

// cloneDatatypes gives the clone c of st its datatypes: sortMap and
// funcMap map st's sorts and symbols to c's.
func (st *Store) cloneDatatypes(c *Store, sortMap map[*Sort]*Sort, funcMap map[*Func]*Func) {
	if len(st.datatypes) == 0 {
		return
	}
	c.instantiated = maps.Clone(st.instantiated)
	c.datatypes = make([][]*Sort, len(st.datatypes))
	for gi, group := range st.datatypes {
		for _, s := range group {
			n := sortMap[s]
			c.datatypes[gi] = append(c.datatypes[gi], n)
			n.dt = &Datatype{sort: n, group: gi, finite: s.dt.finite, tmpl: s.dt.tmpl, first: s.dt.first}
		}
		for _, n := range c.datatypes[gi] {
			n.dt.peers = c.datatypes[gi]
		}
	}
	for _, group := range st.datatypes {
		for _, s := range group {
			dt := sortMap[s].dt
			for _, f := range s.dt.ctors {
				nf := funcMap[f]
				a := *f.adt
				a.dt = dt
				a.sels = nil
				for _, sel := range f.adt.sels {
					ns := funcMap[sel]
					sa := *sel.adt
					sa.dt = dt
					ns.adt = &sa
					a.sels = append(a.sels, ns)
				}
				nt := funcMap[f.adt.tester]
				ta := *f.adt.tester.adt
				ta.dt = dt
				nt.adt = &ta
				a.tester = nt
				nf.adt = &a
				dt.ctors = append(dt.ctors, nf)
			}
		}
	}
	for _, group := range st.datatypes {
		for _, s := range group {
			if s.dt.def != nil {
				sortMap[s].dt.def = c.terms[s.dt.def.id]
			}
		}
	}
}
