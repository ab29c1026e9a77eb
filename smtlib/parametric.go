package smtlib

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Parametric datatypes (SMT-LIB 2.6's par) are read by instantiation:
// each sort (List Int) the script uses becomes an ordinary datatype of the
// store (term.Store.DeclareDatatypeInstances), named List with the
// parameter Int, declared together with every instance its fields need
// that the store does not have yet ((List (List Int)) needs (List Int);
// the alternating (List Y X) makes (List Int Bool) and (List Bool Int) one
// group). The symbols of a template (constructors, selectors) stand for
// their instances: an application finds its instance from the sorts of
// its arguments, or from (as C S); a nullary constructor needs the as.
// The group keeps its declaration as a term.Template, printed from what
// was read (define-sort expanded), so that a script over its instances can
// be written and read again.

// templateSeq numbers templates in the order they are read (term.Template.Seq).
var templateSeq atomic.Int64

// maxInstances bounds the instances one use of a template makes: a field
// that nests its datatype deeper at each level ((List (List T)) in
// List T) never closes.
const maxInstances = 64

// A parGroup is a group of datatypes declared with parameters.
type parGroup struct {
	names  []string
	defs   []*sortDef
	params [][]string   // each datatype's parameter names
	ctors  [][]ctorDecl // field sorts over the datatype's parameters
	tmpl   *term.Template
}

// parDatatypes reads the declarations of a group with parameters after
// the datatype names (syms, with their arities; -1 for declare-datatype,
// whose arity is that of its par). opened: the '(' of the first
// declaration is read and the current token is par.
func (r *Reader) parDatatypes(p Pos, cmd string, syms []*symbol, poss []Pos, arity []int, opened bool) error {
	g := &parGroup{
		names:  make([]string, len(syms)),
		defs:   make([]*sortDef, len(syms)),
		params: make([][]string, len(syms)),
		ctors:  make([][]ctorDecl, len(syms)),
	}
	for i, s := range syms {
		for _, t := range syms[:i] {
			if t == s {
				return r.errorf(poss[i], "%s: datatype %s is declared twice", cmd, term.QuoteSymbol(s.name))
			}
		}
		if s.sort != nil {
			if s.sort.builtin {
				return r.errorf(poss[i], "cannot declare sort %s: it is a built-in sort", term.QuoteSymbol(s.name))
			}
			return r.errorf(poss[i], "sort %s is already declared", term.QuoteSymbol(s.name))
		}
		g.names[i] = s.name
		g.defs[i] = &sortDef{name: s.name, arity: arity[i], par: g, member: i}
	}
	// The datatypes are sorts while their fields are read, undone on an
	// error.
	mark := len(r.decls)
	declared := false
	list := arity[0] >= 0 // declare-datatypes
	declareAll := func() {
		for i, s := range syms {
			s.sort = g.defs[i]
			r.logDecl(s, true)
		}
		declared = true
	}
	err := func() error {
		if list {
			declareAll()
		}
		for i := range syms {
			if !opened || i > 0 {
				if err := r.expect(tokLParen, "( to start a datatype declaration"); err != nil {
					return err
				}
			}
			var tps []*symbol
			if r.tok.kind == tokSymbol && string(r.tok.text) == "par" {
				pp := r.tok.pos
				r.next()
				if err := r.expect(tokLParen, "( to start the sort parameters"); err != nil {
					return err
				}
				r.nlists++
				for r.tok.kind != tokRParen {
					ps, psp, err := r.symbolName("a sort parameter")
					if err != nil {
						return err
					}
					if ps.list == r.nlists {
						return r.errorf(psp, "par: parameter %s is repeated", term.QuoteSymbol(ps.name))
					}
					ps.list = r.nlists
					tps = append(tps, ps)
					g.params[i] = append(g.params[i], ps.name)
				}
				r.next()
				if len(tps) == 0 {
					return r.errorf(pp, "par: no sort parameters")
				}
				if arity[i] < 0 {
					arity[i] = len(tps)
					g.defs[i].arity = len(tps)
				}
				if len(tps) != arity[i] {
					return r.errorf(pp, "datatype %s is declared with %d parameters, its par has %d", term.QuoteSymbol(syms[i].name), arity[i], len(tps))
				}
				if err := r.expect(tokLParen, "( to start the constructors"); err != nil {
					return err
				}
			} else if arity[i] > 0 {
				return r.unexpected(fmt.Sprintf("par: datatype %s is declared with %d parameters", term.QuoteSymbol(syms[i].name), arity[i]))
			}
			if !declared {
				declareAll()
			}
			cs, err := r.datatypeCtors(tps)
			if err != nil {
				return err
			}
			g.ctors[i] = cs
			if tps != nil {
				if err := r.expect(tokRParen, ") to end the par"); err != nil {
					return err
				}
			}
		}
		if list {
			if err := r.expect(tokRParen, ") to end the datatype declarations"); err != nil {
				return err
			}
		}
		return r.closeCommand(cmd)
	}()
	if err != nil {
		if declared {
			for i, s := range syms {
				if s.sort == g.defs[i] {
					s.sort = nil
				}
			}
			if len(r.decls) > mark {
				clear(r.decls[mark:])
				r.decls = r.decls[:mark]
			}
		}
		return err
	}
	// Constructor and selector names: distinct, and not declared.
	seen := map[*symbol]int{}
	for i, cs := range g.ctors {
		for ci, c := range cs {
			at := []struct {
				sym   *symbol
				pos   Pos
				field int
			}{{c.sym, c.pos, -1}}
			for fi, f := range c.fields {
				at = append(at, struct {
					sym   *symbol
					pos   Pos
					field int
				}{f.sym, f.pos, fi})
			}
			for _, a := range at {
				// A name may be in several datatypes of the group (then
				// overloaded), once in each.
				if seen[a.sym] == i+1 {
					return r.errorf(a.pos, "%s: %s is declared twice", cmd, term.QuoteSymbol(a.sym.name))
				}
				seen[a.sym] = i + 1
				if err := r.declareDatatypeSym(a.sym, a.pos, &def{kind: defPar, par: g, member: i, ctor: ci, field: a.field}); err != nil {
					return err
				}
			}
		}
	}
	g.tmpl = &term.Template{Text: g.text(), Seq: templateSeq.Add(1)}
	r.emit(Command{Kind: DeclareDatatypes, Pos: p, Name: cmd, Text: g.tmpl.Text})
	return nil
}

// datatypeCtors reads (C (f T) ...) ... ) after the '(' of a datatype's
// constructors, where the symbols params are sort parameters. A nullary
// constructor may be a bare symbol, C for (C), as z3 and Eldarica accept.
func (r *Reader) datatypeCtors(params []*symbol) ([]ctorDecl, error) {
	var cs []ctorDecl
	for r.tok.kind == tokLParen || r.tok.kind == tokSymbol {
		if r.tok.kind == tokSymbol {
			sym, cp, err := r.symbolName("a constructor name")
			if err != nil {
				return nil, err
			}
			cs = append(cs, ctorDecl{sym: sym, pos: cp})
			continue
		}
		r.next()
		sym, cp, err := r.symbolName("a constructor name")
		if err != nil {
			return nil, err
		}
		c := ctorDecl{sym: sym, pos: cp}
		for r.tok.kind == tokLParen {
			r.next()
			fs, fp, err := r.symbolName("a selector name")
			if err != nil {
				return nil, err
			}
			e, err := r.sortExpr(params)
			if err != nil {
				return nil, err
			}
			if err := r.expect(tokRParen, ") to end the selector"); err != nil {
				return nil, err
			}
			c.fields = append(c.fields, fieldDecl{sym: fs, pos: fp, sort: e})
		}
		if err := r.expect(tokRParen, ") to end the constructor"); err != nil {
			return nil, err
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return nil, r.unexpected("( to start a constructor")
	}
	if err := r.expect(tokRParen, ") to end the constructors"); err != nil {
		return nil, err
	}
	return cs, nil
}

// text is the group's declaration in SMT-LIB 2.6.
func (g *parGroup) text() string {
	var b strings.Builder
	b.WriteString("(declare-datatypes (")
	for i, n := range g.names {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "(%s %d)", term.QuoteSymbol(n), g.defs[i].arity)
	}
	b.WriteString(") (")
	for i, cs := range g.ctors {
		if i > 0 {
			b.WriteByte(' ')
		}
		env := make([]string, len(g.params[i]))
		for j, p := range g.params[i] {
			env[j] = term.QuoteSymbol(p)
		}
		if len(env) > 0 {
			b.WriteString("(par (" + strings.Join(env, " ") + ") ")
		}
		b.WriteByte('(')
		for j, c := range cs {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString("(" + term.QuoteSymbol(c.sym.name))
			for _, f := range c.fields {
				b.WriteString(" (" + term.QuoteSymbol(f.sym.name) + " " + sortText(f.sort, env) + ")")
			}
			b.WriteByte(')')
		}
		b.WriteByte(')')
		if len(env) > 0 {
			b.WriteByte(')')
		}
	}
	b.WriteString("))")
	return b.String()
}

// sortText prints the sort e with its parameters named env, define-sort
// expanded.
func sortText(e *sortExpr, env []string) string {
	if e.param >= 0 {
		return env[e.param]
	}
	d := e.def
	if d.fixed != nil {
		return d.fixed.String()
	}
	args := make([]string, len(e.args))
	for i, a := range e.args {
		args[i] = sortText(a, env)
	}
	switch {
	case d.body != nil:
		return sortText(d.body, args)
	case d.array:
		return "(Array " + args[0] + " " + args[1] + ")"
	case len(args) == 0:
		return term.QuoteSymbol(d.name)
	}
	return "(" + term.QuoteSymbol(d.name) + " " + strings.Join(args, " ") + ")"
}

// A gsort is a sort while instances are made: a sort of the store, or a
// sort symbol applied to gsorts, at least one of which is an instance yet
// to make (or it is one).
type gsort struct {
	s    *term.Sort
	def  *sortDef
	args []*gsort
	key  string // identifies an instance to make
	size int
}

// instanceOf is the datatype of s if s is an instance of the datatype
// member of g, else nil. Templates compare by their text: a script read
// twice into one store makes its instances once.
func instanceOf(s *term.Sort, g *parGroup, member int) *term.Datatype {
	dt := s.Datatype()
	if dt == nil || s.Name() != g.names[member] || len(s.Params()) != len(g.params[member]) {
		return nil
	}
	if t := dt.Template(); t == nil || t != g.tmpl && (t.Text != g.tmpl.Text || t.Tuple != g.tmpl.Tuple) {
		return nil
	}
	return dt
}

// parInstance is the instance of the parametric datatype d at args, made
// (with the instances it needs) if the store does not have it.
func (r *Reader) parInstance(p Pos, d *sortDef, args []*term.Sort) (*term.Sort, error) {
	if s := r.st.LookupInstance(d.name, args); s != nil {
		if instanceOf(s, d.par, d.member) == nil || len(s.Datatype().Constructors()) == 0 {
			return nil, r.errorf(p, "datatype %v is declared again with another definition", s)
		}
		return s, nil
	}
	leaves := make([]*gsort, len(args))
	for i, a := range args {
		leaves[i] = &gsort{s: a, size: sortSize(a)}
	}
	var members []*gsort
	index := map[string]int{}
	var add func(x *gsort)
	add = func(x *gsort) {
		if x.s != nil {
			return
		}
		for _, a := range x.args {
			add(a)
		}
		if x.def.par != nil {
			if _, ok := index[x.key]; !ok {
				index[x.key] = len(members)
				members = append(members, x)
			}
		}
	}
	root := r.gnode(d, leaves)
	if root.size > maxSortSize {
		return nil, r.errorf(p, "sort too large (more than %d symbols)", maxSortSize)
	}
	add(root)
	for i := 0; i < len(members); i++ {
		if len(members) > maxInstances {
			as := make([]string, len(args))
			for i, a := range args {
				as[i] = a.String()
			}
			return nil, r.errorf(p, "sort (%s %s): its fields need more than %d instances of parametric datatypes (a datatype nested deeper at each level?)", term.QuoteSymbol(d.name), strings.Join(as, " "), maxInstances)
		}
		m := members[i]
		for _, c := range m.def.par.ctors[m.def.member] {
			for _, f := range c.fields {
				x := r.gsortOf(f.sort, m.args)
				if x.size > maxSortSize {
					return nil, r.errorf(p, "sort too large (more than %d symbols)", maxSortSize)
				}
				add(x)
			}
		}
	}
	// Parameters before the instances they are parameters of.
	order := make([]int, len(members))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return members[a].size - members[b].size })
	pos := map[string]int{}
	for i, m := range order {
		pos[members[m].key] = i
	}
	var conc func(x *gsort, sorts []*term.Sort) *term.Sort
	conc = func(x *gsort, sorts []*term.Sort) *term.Sort {
		if x.s != nil {
			return x.s
		}
		as := make([]*term.Sort, len(x.args))
		for i, a := range x.args {
			as[i] = conc(a, sorts)
		}
		switch {
		case x.def.par != nil:
			return sorts[pos[x.key]]
		case x.def.array:
			return r.st.ArraySort(as[0], as[1])
		}
		return r.st.UninterpretedSort(x.def.name, as...)
	}
	sorts, err := r.st.DeclareDatatypeInstances(len(members), func(i int, sorts []*term.Sort) term.Instance {
		m := members[order[i]]
		ps := make([]*term.Sort, len(m.args))
		for j, a := range m.args {
			ps[j] = conc(a, sorts)
		}
		return term.Instance{Name: m.def.name, Params: ps, Template: m.def.par.tmpl}
	})
	if err != nil {
		return nil, r.errorf(p, "%v", err)
	}
	specs := make([][]term.CtorSpec, len(sorts))
	for i := range sorts {
		m := members[order[i]]
		for _, c := range m.def.par.ctors[m.def.member] {
			spec := term.CtorSpec{Name: c.sym.name}
			for _, f := range c.fields {
				spec.Fields = append(spec.Fields, term.FieldSpec{Name: f.sym.name, Sort: conc(r.gsortOf(f.sort, m.args), sorts)})
			}
			specs[i] = append(specs[i], spec)
		}
	}
	if err := r.st.DefineDatatypes(sorts, specs); err != nil {
		return nil, r.errorf(p, "%v", err)
	}
	return sorts[pos[root.key]], nil
}

// gsortOf evaluates the sort e with its parameters bound to env.
func (r *Reader) gsortOf(e *sortExpr, env []*gsort) *gsort {
	if e.param >= 0 {
		return env[e.param]
	}
	d := e.def
	if d.fixed != nil {
		return &gsort{s: d.fixed, size: sortSize(d.fixed)}
	}
	args := make([]*gsort, len(e.args))
	for i, a := range e.args {
		args[i] = r.gsortOf(a, env)
	}
	if d.body != nil {
		return r.gsortOf(d.body, args)
	}
	return r.gnode(d, args)
}

// gnode is the sort d applied to args.
func (r *Reader) gnode(d *sortDef, args []*gsort) *gsort {
	size := 1
	known := true
	for _, a := range args {
		size += a.size
		known = known && a.s != nil
	}
	if known && size <= maxSortSize {
		as := make([]*term.Sort, len(args))
		for i, a := range args {
			as[i] = a.s
		}
		switch {
		case d.array:
			return &gsort{s: r.st.ArraySort(as[0], as[1]), size: size}
		case d.par == nil:
			return &gsort{s: r.st.UninterpretedSort(d.name, as...), size: size}
		}
		if s := r.st.LookupInstance(d.name, as); s != nil && len(s.Datatype().Constructors()) > 0 {
			return &gsort{s: s, size: size}
		}
	}
	x := &gsort{def: d, args: args, size: size}
	if d.par != nil && size <= maxSortSize {
		var b strings.Builder
		b.WriteString("(" + term.QuoteSymbol(d.name))
		for _, a := range args {
			b.WriteByte(' ')
			if a.s != nil {
				fmt.Fprintf(&b, "%s#%p", a.s, a.s)
			} else {
				b.WriteString(a.key)
			}
		}
		b.WriteByte(')')
		x.key = b.String()
	}
	return x
}

// instanceIn is the datatype of s if it is an instance of the datatype
// of the template symbol d, else an error at open naming what.
func (r *Reader) instanceIn(open Pos, d *def, name string, s *term.Sort) (*term.Datatype, error) {
	if dt := instanceOf(s, d.par, d.member); dt != nil {
		return dt, nil
	}
	return nil, r.errorf(open, "%s: the argument has sort %v, not %s", term.QuoteSymbol(name), s, d.par.sortPattern(d.member))
}

// sortPattern prints the datatype member with its parameters: (List T).
func (g *parGroup) sortPattern(member int) string {
	if len(g.params[member]) == 0 {
		return term.QuoteSymbol(g.names[member])
	}
	return "(" + term.QuoteSymbol(g.names[member]) + " " + strings.Join(g.params[member], " ") + ")"
}

// applyPar applies the constructor or selector of a template that sym
// names (d) to args; want is the sort of (as C want), or nil.
func (r *Reader) applyPar(name string, d *def, head, open Pos, args []*term.Term, want *term.Sort) (*term.Term, error) {
	g, m := d.par, d.member
	c := g.ctors[m][d.ctor]
	if d.field >= 0 {
		if len(args) != 1 {
			return nil, r.errorf(head, "%s expects 1 argument, got %d", term.QuoteSymbol(name), len(args))
		}
		dt, err := r.instanceIn(open, d, name, args[0].Sort())
		if err != nil {
			return nil, err
		}
		return r.applyFunc(dt.Constructors()[d.ctor].Selectors()[d.field], open, args)
	}
	if len(args) != len(c.fields) {
		p := open
		if len(args) == 0 {
			p = head
		}
		return nil, r.errorf(p, "%s expects %d arguments, got %d", term.QuoteSymbol(name), len(c.fields), len(args))
	}
	s := want
	if s != nil {
		if instanceOf(s, g, m) == nil {
			return nil, r.errorf(open, "as: %s is a constructor of %s, not of %v", term.QuoteSymbol(name), g.sortPattern(m), s)
		}
	} else {
		bind := make([]*term.Sort, len(g.params[m]))
		for i, f := range c.fields {
			if !r.unify(f.sort, args[i].Sort(), bind) {
				return nil, r.errorf(open, "%s: argument %d has sort %v, not %s", term.QuoteSymbol(name), i+1, args[i].Sort(), sortText(f.sort, g.params[m]))
			}
		}
		if slices.Contains(bind, nil) {
			return nil, r.errorf(head, "the sort of %s is ambiguous: write (as %s %s) with the parameters", term.QuoteSymbol(name), term.QuoteSymbol(name), g.sortPattern(m))
		}
		var err error
		if s, err = r.parInstance(open, g.defs[m], bind); err != nil {
			return nil, err
		}
	}
	return r.applyFunc(s.Datatype().Constructors()[d.ctor], open, args)
}

// unify matches the sort e over parameters against s, binding them.
func (r *Reader) unify(e *sortExpr, s *term.Sort, bind []*term.Sort) bool {
	if e.param >= 0 {
		if bind[e.param] == nil {
			bind[e.param] = s
		}
		return bind[e.param] == s
	}
	d := e.def
	var ps []*term.Sort
	switch {
	case d.fixed != nil:
		return d.fixed == s
	case d.body != nil:
		return false // a define-sort over parameters: (as C S) tells
	case d.array:
		if !s.IsArray() {
			return false
		}
		ps = s.Params()
	case d.par != nil:
		if instanceOf(s, d.par, d.member) == nil {
			return false
		}
		ps = s.Params()
	default:
		if !s.IsUninterpreted() || s.Name() != d.name {
			return false
		}
		ps = s.Params()
	}
	if len(ps) != len(e.args) {
		return false
	}
	for i, a := range e.args {
		if !r.unify(a, ps[i], bind) {
			return false
		}
	}
	return true
}

// parCtor is the template constructor sym names, or nil.
func parCtor(sym *symbol) *def {
	if sym == nil || len(sym.local) > 0 || sym.def == nil || sym.def.kind != defPar || sym.def.field >= 0 {
		return nil
	}
	return sym.def
}

// ctorIn is the constructor of the datatype dt that name names (a
// constructor of dt, or of the template dt is an instance of), or nil.
func (r *Reader) ctorIn(name string, dt *term.Datatype) *term.Func {
	if c := r.constructorNamed(name); c != nil {
		if c.Datatype() == dt {
			return c
		}
		return nil
	}
	if d := parCtor(r.syms[name]); d != nil && instanceOf(dt.Sort(), d.par, d.member) != nil {
		return dt.Constructors()[d.ctor]
	}
	if sym := r.syms[name]; sym != nil && len(sym.local) == 0 && sym.def != nil && sym.def.kind == defOverload {
		for _, a := range sym.def.alts {
			if c := altConstructor(a, dt); c != nil {
				return c
			}
		}
	}
	if t := dt.Template(); t != nil && t.Tuple && dt.Constructors()[0].Name() == name {
		return dt.Constructors()[0]
	}
	return nil
}

// parTester applies the tester of the template constructor d (named
// name) to args.
func (r *Reader) parTester(d *def, name string, open Pos, args []*term.Term) (*term.Term, error) {
	if len(args) != 1 {
		return nil, r.errorf(open, "the tester of %s expects 1 argument, got %d", term.QuoteSymbol(name), len(args))
	}
	dt, err := r.instanceIn(open, d, name, args[0].Sort())
	if err != nil {
		return nil, err
	}
	return r.applyFunc(dt.Constructors()[d.ctor].Tester(), open, args)
}
