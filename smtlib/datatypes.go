package smtlib

import (
	"slices"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Algebraic datatypes: declare-datatypes (SMT-LIB 2.6, and z3's older
// form with an empty sort list), declare-datatype, testers ((_ is C) t)
// and z3's (is-C t), and match.

// A ctorDecl is a constructor as read, before the sorts exist.
type ctorDecl struct {
	sym    *symbol
	pos    Pos
	fields []fieldDecl
}

// A rawSort is a sort as written, before its symbols are resolved: z3's
// older form names the datatypes in the declarations themselves.
type rawSort struct {
	pos  Pos
	name string
	args []*rawSort
}

type fieldDecl struct {
	sym  *symbol
	pos  Pos
	sort *sortExpr
	raw  *rawSort // z3's older form: resolved once every name is known
}

// declareDatatypesCmd reads (declare-datatypes ((S 0) ...) (((C (f T) ...)
// ...) ...)) or z3's (declare-datatypes () ((S (C (f T) ...) ...) ...)).
func (r *Reader) declareDatatypesCmd(p Pos) error {
	if err := r.expect(tokLParen, "( to start the datatype names"); err != nil {
		return err
	}
	var syms []*symbol
	var poss []Pos
	var arity []int
	if r.tok.kind == tokRParen {
		// z3's form: the names are the heads of the declarations
		r.next()
		return r.oldDatatypes(p)
	}
	for r.tok.kind == tokLParen {
		r.next()
		sym, sp, err := r.symbolName("a datatype name")
		if err != nil {
			return err
		}
		if r.tok.kind != tokNumeral {
			return r.unexpected("the arity of " + term.QuoteSymbol(sym.name))
		}
		n, err := strconv.Atoi(string(r.tok.text))
		if err != nil || n > 1<<10 {
			return r.errorf(r.tok.pos, "declare-datatypes: arity %s is too large", r.tok.text)
		}
		arity = append(arity, n)
		r.next()
		if err := r.expect(tokRParen, ") to end the datatype name"); err != nil {
			return err
		}
		syms, poss = append(syms, sym), append(poss, sp)
	}
	if err := r.expect(tokRParen, ") to end the datatype names"); err != nil {
		return err
	}
	if len(syms) == 0 {
		return r.errorf(p, "declare-datatypes: no datatypes")
	}
	if err := r.expect(tokLParen, "( to start the datatype declarations"); err != nil {
		return err
	}
	if slices.ContainsFunc(arity, func(n int) bool { return n > 0 }) {
		return r.parDatatypes(p, "declare-datatypes", syms, poss, arity, false)
	}
	lists := make([][]ctorDecl, 0, len(syms))
	for r.tok.kind == tokLParen {
		if len(lists) == len(syms) {
			return r.errorf(r.tok.pos, "declare-datatypes: more declarations than the %d datatypes named", len(syms))
		}
		cs, err := r.datatypeDecl(syms)
		if err != nil {
			return err
		}
		lists = append(lists, cs)
	}
	if len(lists) != len(syms) {
		return r.errorf(r.tok.pos, "declare-datatypes: %d datatypes named, %d declared", len(syms), len(lists))
	}
	if err := r.expect(tokRParen, ") to end the datatype declarations"); err != nil {
		return err
	}
	if err := r.closeCommand("declare-datatypes"); err != nil {
		return err
	}
	return r.defineDatatypes(p, "declare-datatypes", syms, poss, lists)
}

// declareDatatypeCmd reads (declare-datatype S ((C (f T) ...) ...)).
func (r *Reader) declareDatatypeCmd(p Pos) error {
	sym, sp, err := r.symbolName("a datatype name")
	if err != nil {
		return err
	}
	syms := []*symbol{sym}
	if err := r.expect(tokLParen, "( to start the constructors"); err != nil {
		return err
	}
	if r.tok.kind == tokSymbol && string(r.tok.text) == "par" {
		return r.parDatatypes(p, "declare-datatype", syms, []Pos{sp}, []int{-1}, true)
	}
	cs, err := r.datatypeCtors(syms)
	if err != nil {
		return err
	}
	if err := r.closeCommand("declare-datatype"); err != nil {
		return err
	}
	return r.defineDatatypes(p, "declare-datatype", syms, []Pos{sp}, [][]ctorDecl{cs})
}

// datatypeDecl reads ((C (f T) ...) ...), the constructors of one
// datatype; syms are the datatypes being declared, which the field sorts
// may name.
func (r *Reader) datatypeDecl(syms []*symbol) ([]ctorDecl, error) {
	if err := r.expect(tokLParen, "( to start the constructors"); err != nil {
		return nil, err
	}
	if r.tok.kind == tokSymbol && string(r.tok.text) == "par" {
		return nil, r.errorf(r.tok.pos, "par: the datatype is declared with 0 parameters")
	}
	return r.datatypeCtors(syms)
}

// defineDatatypes declares the datatypes syms with the constructors
// lists, and their symbols.
func (r *Reader) defineDatatypes(p Pos, cmd string, syms []*symbol, poss []Pos, lists [][]ctorDecl) error {
	seen := map[*symbol]Pos{}
	check := func(sym *symbol, at Pos) error {
		if _, ok := seen[sym]; ok {
			return r.errorf(at, "%s: %s is declared twice", cmd, term.QuoteSymbol(sym.name))
		}
		seen[sym] = at
		if sym.op != term.OpInvalid {
			return r.errorf(at, "cannot declare %s: it is a built-in symbol", term.QuoteSymbol(sym.name))
		}
		if sym.def != nil && len(sym.local) == 0 && len(datatypeSyms(sym.def)) == 0 {
			return r.errorf(at, "%s is already declared", term.QuoteSymbol(sym.name))
		}
		return nil
	}
	names := make([]string, len(syms))
	for i, s := range syms {
		if s.sort != nil {
			if s.sort.builtin {
				return r.errorf(poss[i], "cannot declare sort %s: it is a built-in sort", term.QuoteSymbol(s.name))
			}
			return r.errorf(poss[i], "sort %s is already declared", term.QuoteSymbol(s.name))
		}
		for _, t := range syms[:i] {
			if t == s {
				return r.errorf(poss[i], "%s: datatype %s is declared twice", cmd, term.QuoteSymbol(s.name))
			}
		}
		names[i] = s.name
	}
	for _, cs := range lists {
		for _, c := range cs {
			if err := check(c.sym, c.pos); err != nil {
				return err
			}
			for _, f := range c.fields {
				if err := check(f.sym, f.pos); err != nil {
					return err
				}
			}
		}
	}
	// A store that has the group already (a script read twice into one
	// store) keeps it if the definition is the same.
	sorts := r.st.LookupDatatypes(names)
	again := sorts != nil
	if !again {
		var err error
		if sorts, err = r.st.DeclareDatatypes(names); err != nil {
			return r.errorf(p, "%s: %v", cmd, err)
		}
	}
	specs := make([][]term.CtorSpec, len(lists))
	for i, cs := range lists {
		for _, c := range cs {
			spec := term.CtorSpec{Name: c.sym.name}
			for _, f := range c.fields {
				s, err := r.evalSort(f.pos, f.sort, sorts)
				if err != nil {
					return err
				}
				spec.Fields = append(spec.Fields, term.FieldSpec{Name: f.sym.name, Sort: s})
			}
			specs[i] = append(specs[i], spec)
		}
	}
	if again {
		if !term.SameDefinition(sorts, specs) {
			return r.errorf(p, "%s: datatype %s declared again with another definition", cmd, term.QuoteSymbol(names[0]))
		}
	} else if err := r.st.DefineDatatypes(sorts, specs); err != nil {
		return r.errorf(p, "%s: %v", cmd, err)
	}
	for i, s := range syms {
		if err := r.declareSort(s, poss[i], &sortDef{name: s.name, fixed: sorts[i]}); err != nil {
			return err
		}
	}
	for i, cs := range lists {
		ctors := sorts[i].Datatype().Constructors()
		for j, c := range cs {
			f := ctors[j]
			if err := r.declareDatatypeFunc(c.sym, c.pos, f); err != nil {
				return err
			}
			for k, fd := range c.fields {
				if err := r.declareDatatypeFunc(fd.sym, fd.pos, f.Selectors()[k]); err != nil {
					return err
				}
			}
		}
	}
	r.emit(Command{Kind: DeclareDatatypes, Pos: p, Name: cmd, N: sorts[0].Datatype().Group(), Sort: sorts[0]})
	return nil
}

// datatypeSyms are the datatype symbols d stands for, as definitions: a
// constructor or selector (defFunc), one of a template (defPar), several
// (defOverload); nil for other definitions.
func datatypeSyms(d *def) []*def {
	switch {
	case d == nil:
	case d.kind == defOverload:
		return d.alts
	case d.kind == defFunc && d.fn.Datatype() != nil, d.kind == defPar:
		return []*def{d}
	}
	return nil
}

// declareDatatypeSym declares sym as the datatype symbol d; a symbol that
// names those of other datatypes already is overloaded (as cvc5 and z3
// allow: the sorts of the arguments, or as, tell which).
func (r *Reader) declareDatatypeSym(sym *symbol, p Pos, d *def) error {
	if alts := datatypeSyms(sym.def); len(alts) > 0 && len(sym.local) == 0 {
		prev := sym.def
		sym.def = &def{kind: defOverload, alts: append(slices.Clip(alts), d)}
		r.logDecl(sym, false)
		if n := len(r.decls); n > 0 && r.decls[n-1].sym == sym {
			r.decls[n-1].prev = prev
		}
		return nil
	}
	return r.declare(sym, p, d)
}

// declareDatatypeFunc declares sym as the constructor or selector f.
func (r *Reader) declareDatatypeFunc(sym *symbol, p Pos, f *term.Func) error {
	d := &def{kind: defFunc, fn: f}
	if f.IsConstructor() && f.Arity() == 0 {
		d.t = r.st.Cons(f)
	}
	return r.declareDatatypeSym(sym, p, d)
}

// altConstructor is the constructor of the datatype dt that the
// alternative a of an overloaded symbol stands for, or nil.
func altConstructor(a *def, dt *term.Datatype) *term.Func {
	switch {
	case a.kind == defFunc && a.fn.IsConstructor() && a.fn.Datatype() == dt:
		return a.fn
	case a.kind == defPar && a.field < 0 && instanceOf(dt.Sort(), a.par, a.member) != nil:
		return dt.Constructors()[a.ctor]
	}
	return nil
}

// overloadedTester applies the tester of the overloaded constructor d of
// the argument's sort to args.
func (r *Reader) overloadedTester(d *def, name string, open Pos, args []*term.Term) (*term.Term, error) {
	if len(args) != 1 {
		return nil, r.errorf(open, "the tester of %s expects 1 argument, got %d", term.QuoteSymbol(name), len(args))
	}
	if dt := args[0].Sort().Datatype(); dt != nil {
		for _, a := range d.alts {
			if c := altConstructor(a, dt); c != nil {
				return r.applyFunc(c.Tester(), open, args)
			}
		}
	}
	return nil, r.errorf(open, "%s is not a constructor of %v", term.QuoteSymbol(name), args[0].Sort())
}

// fits reports whether the alternative a of an overloaded symbol applies
// to args (with the range want, if not nil).
func (r *Reader) fits(a *def, args []*term.Term, want *term.Sort) bool {
	if a.kind == defFunc {
		f := a.fn
		if f.Arity() != len(args) || want != nil && f.Range() != want {
			return false
		}
		for i, x := range args {
			if f.Domain()[i] != x.Sort() {
				return false
			}
		}
		return true
	}
	fields := a.par.ctors[a.member][a.ctor].fields
	if a.field >= 0 {
		if len(args) != 1 {
			return false
		}
		dt := instanceOf(args[0].Sort(), a.par, a.member)
		return dt != nil && (want == nil || dt.Constructors()[a.ctor].Selectors()[a.field].Range() == want)
	}
	if len(args) != len(fields) {
		return false
	}
	if want != nil {
		dt := instanceOf(want, a.par, a.member)
		if dt == nil {
			return false
		}
		for i, s := range dt.Constructors()[a.ctor].Domain() {
			if args[i].Sort() != s {
				return false
			}
		}
		return true
	}
	bind := make([]*term.Sort, len(a.par.params[a.member]))
	for i, f := range fields {
		if !r.unify(f.sort, args[i].Sort(), bind) {
			return false
		}
	}
	return !slices.Contains(bind, nil)
}

// applyOverload applies the overloaded datatype symbol d named name to
// args (with the range want, if not nil): the one alternative that fits,
// else an error at p.
func (r *Reader) applyOverload(d *def, name string, head, open Pos, args []*term.Term, want *term.Sort) (*term.Term, error) {
	var fit *def
	n := 0
	for _, a := range d.alts {
		if r.fits(a, args, want) {
			fit = a
			n++
		}
	}
	p := open
	if len(args) == 0 {
		p = head
	}
	switch {
	case n == 1 && fit.kind == defPar:
		return r.applyPar(name, fit, head, open, args, want)
	case n == 1:
		return r.applyFunc(fit.fn, open, args)
	case n == 0:
		sorts := make([]string, len(args))
		for i, a := range args {
			sorts[i] = a.Sort().String()
		}
		return nil, r.errorf(p, "%s (declared in several datatypes) does not apply to arguments of sorts (%s)", term.QuoteSymbol(name), strings.Join(sorts, " "))
	}
	return nil, r.errorf(p, "%s is declared in several datatypes: write (as %s S)", term.QuoteSymbol(name), term.QuoteSymbol(name))
}

// constructorNamed is the constructor the symbol name stands for, or nil
// (also when it is overloaded).
func (r *Reader) constructorNamed(name string) *term.Func {
	sym := r.syms[name]
	if sym == nil || len(sym.local) > 0 || sym.def == nil || sym.def.kind != defFunc || !sym.def.fn.IsConstructor() {
		return nil
	}
	return sym.def.fn
}

// testerNamed is the tester of z3's is-C, or nil.
func (r *Reader) testerNamed(name string) *term.Func {
	if c, ok := strings.CutPrefix(name, "is-"); ok {
		if f := r.constructorNamed(c); f != nil {
			return f.Tester()
		}
	}
	return nil
}

// applyFunc applies a datatype symbol read at head to args.
func (r *Reader) applyFunc(f *term.Func, open Pos, args []*term.Term) (*term.Term, error) {
	t, err := r.st.App(f, args...)
	if err != nil {
		return nil, r.errorf(open, "%v", err)
	}
	return t, nil
}

// testerApplication reads ((_ is C) t) from the token "is" on.
func (r *Reader) testerApplication(open Pos) (*term.Term, error) {
	r.next()
	if !r.tok.isSymbolName() {
		return nil, r.unexpected("a constructor name")
	}
	cp, name := r.tok.pos, string(r.tok.text)
	c := r.constructorNamed(name)
	// which tester: of a plain constructor, of an overloaded name, or of
	// a parametric constructor, whose instance the argument decides
	var apply func(args []*term.Term) (*term.Term, error)
	sym := r.syms[name]
	switch d := parCtor(sym); {
	case c == nil && sym != nil && len(sym.local) == 0 && sym.def != nil && sym.def.kind == defOverload:
		apply = func(args []*term.Term) (*term.Term, error) { return r.overloadedTester(sym.def, name, open, args) }
	case c == nil && d != nil:
		apply = func(args []*term.Term) (*term.Term, error) { return r.parTester(d, name, open, args) }
	case c == nil:
		return nil, r.errorf(cp, "(_ is %s): %s is not a constructor", term.QuoteSymbol(name), term.QuoteSymbol(name))
	default:
		apply = func(args []*term.Term) (*term.Term, error) { return r.applyFunc(c.Tester(), open, args) }
	}
	r.next()
	if err := r.expect(tokRParen, ") to end (_ is C)"); err != nil {
		return nil, err
	}
	base, err := r.readArgs()
	if err != nil {
		return nil, err
	}
	defer r.dropArgs(base)
	return apply(r.args[base:])
}

// match reads (match t ((pattern body) ...)) after the '(' with the
// current token "match": the cases are tried in order, a pattern is a
// constructor applied to variables, a nullary constructor, or a variable
// (which matches anything).
func (r *Reader) match(open Pos) (*term.Term, error) {
	r.next()
	tp := r.tok.pos
	t, err := r.term()
	if err != nil {
		return nil, err
	}
	dt := t.Sort().Datatype()
	if dt == nil {
		return nil, r.errorf(tp, "match: the term has sort %v, not a datatype", t.Sort())
	}
	if err := r.expect(tokLParen, "( to start the match cases"); err != nil {
		return nil, err
	}
	type mcase struct {
		test *term.Term // nil: matches anything
		body *term.Term
		pos  Pos
	}
	var cases []mcase
	for r.tok.kind == tokLParen {
		cp := r.tok.pos
		r.next()
		mark := len(r.locals)
		var test *term.Term
		switch r.tok.kind {
		case tokSymbol, tokQuoted:
			name := string(r.tok.text)
			if c := r.ctorIn(name, dt); c != nil {
				if c.Arity() != 0 {
					return nil, r.errorf(r.tok.pos, "match: constructor %s expects %d variables", term.QuoteSymbol(name), c.Arity())
				}
				test = r.st.Apply(c.Tester(), t)
			} else {
				sym, _, err := r.symbolName("a pattern")
				if err != nil {
					return nil, err
				}
				r.pushLocal(sym, t, true)
				goto body
			}
			r.next()
		case tokLParen:
			r.next()
			if !r.tok.isSymbolName() {
				return nil, r.unexpected("a constructor")
			}
			name := string(r.tok.text)
			c := r.ctorIn(name, dt)
			if c == nil {
				return nil, r.errorf(r.tok.pos, "match: %s is not a constructor of %v", term.QuoteSymbol(name), dt.Sort())
			}
			r.next()
			var vars []*symbol
			for r.tok.kind != tokRParen {
				sym, _, err := r.symbolName("a pattern variable")
				if err != nil {
					return nil, err
				}
				vars = append(vars, sym)
			}
			if len(vars) != c.Arity() {
				return nil, r.errorf(cp, "match: constructor %s expects %d variables, got %d", term.QuoteSymbol(name), c.Arity(), len(vars))
			}
			r.next()
			test = r.st.Apply(c.Tester(), t)
			for i, v := range vars {
				r.pushLocal(v, r.st.Apply(c.Selectors()[i], t), true)
			}
		default:
			return nil, r.unexpected("a pattern")
		}
	body:
		b, err := r.term()
		if err != nil {
			return nil, err
		}
		r.popLocals(mark)
		if err := r.expect(tokRParen, ") to end the match case"); err != nil {
			return nil, err
		}
		cases = append(cases, mcase{test, b, cp})
	}
	if len(cases) == 0 {
		return nil, r.unexpected("( to start a match case")
	}
	if err := r.expect(tokRParen, ") to end the match cases"); err != nil {
		return nil, err
	}
	if err := r.expect(tokRParen, ") to end the match"); err != nil {
		return nil, err
	}
	res := cases[len(cases)-1].body
	for i := len(cases) - 2; i >= 0; i-- {
		c := cases[i]
		if c.body.Sort() != res.Sort() {
			return nil, r.errorf(c.pos, "match: case has sort %v, another %v", c.body.Sort(), res.Sort())
		}
		if c.test == nil {
			res = c.body
			continue
		}
		res, err = r.st.Build(term.OpIte, c.test, c.body, res)
		if err != nil {
			return nil, r.errorf(c.pos, "match: %v", err)
		}
	}
	return res, nil
}

// oldDatatypes reads z3's (declare-datatypes () ((S C (C2 (f T)) ...) ...))
// after the "()"; a constructor without fields may be written bare.
func (r *Reader) oldDatatypes(p Pos) error {
	if err := r.expect(tokLParen, "( to start the datatype declarations"); err != nil {
		return err
	}
	var syms []*symbol
	var poss []Pos
	var lists [][]ctorDecl
	for r.tok.kind == tokLParen {
		r.next()
		sym, sp, err := r.symbolName("a datatype name")
		if err != nil {
			return err
		}
		syms, poss = append(syms, sym), append(poss, sp)
		var cs []ctorDecl
		for r.tok.kind != tokRParen {
			if r.tok.isSymbolName() {
				cs2, cp, err := r.symbolName("a constructor name")
				if err != nil {
					return err
				}
				cs = append(cs, ctorDecl{sym: cs2, pos: cp})
				continue
			}
			if err := r.expect(tokLParen, "a constructor"); err != nil {
				return err
			}
			csym, cp, err := r.symbolName("a constructor name")
			if err != nil {
				return err
			}
			c := ctorDecl{sym: csym, pos: cp}
			for r.tok.kind == tokLParen {
				r.next()
				fs, fp, err := r.symbolName("a selector name")
				if err != nil {
					return err
				}
				raw, err := r.rawSort()
				if err != nil {
					return err
				}
				if err := r.expect(tokRParen, ") to end the selector"); err != nil {
					return err
				}
				c.fields = append(c.fields, fieldDecl{sym: fs, pos: fp, raw: raw})
			}
			if err := r.expect(tokRParen, ") to end the constructor"); err != nil {
				return err
			}
			cs = append(cs, c)
		}
		if len(cs) == 0 {
			return r.errorf(sp, "datatype %s has no constructors", term.QuoteSymbol(sym.name))
		}
		r.next()
		lists = append(lists, cs)
	}
	if len(syms) == 0 {
		return r.errorf(p, "declare-datatypes: no datatypes")
	}
	if err := r.expect(tokRParen, ") to end the datatype declarations"); err != nil {
		return err
	}
	if err := r.closeCommand("declare-datatypes"); err != nil {
		return err
	}
	for _, cs := range lists {
		for i := range cs {
			for j := range cs[i].fields {
				f := &cs[i].fields[j]
				e, err := r.resolveRaw(f.raw, syms)
				if err != nil {
					return err
				}
				f.sort = e
			}
		}
	}
	return r.defineDatatypes(p, "declare-datatypes", syms, poss, lists)
}

// rawSort reads a sort without resolving its symbols.
func (r *Reader) rawSort() (*rawSort, error) {
	p := r.tok.pos
	if r.tok.isSymbolName() {
		s := &rawSort{pos: p, name: string(r.tok.text)}
		r.next()
		return s, nil
	}
	if r.tok.kind != tokLParen {
		return nil, r.unexpected("a sort")
	}
	r.next()
	if r.tok.kind == tokSymbol && string(r.tok.text) == "_" {
		r.next()
		name := ""
		if r.tok.isSymbolName() {
			name = string(r.tok.text)
		}
		return nil, r.indexedErrorNamed(p, "sorts", name)
	}
	if !r.tok.isSymbolName() {
		return nil, r.unexpected("a sort symbol")
	}
	s := &rawSort{pos: p, name: string(r.tok.text)}
	r.next()
	for r.tok.kind != tokRParen {
		a, err := r.rawSort()
		if err != nil {
			return nil, err
		}
		s.args = append(s.args, a)
	}
	r.next()
	return s, nil
}

// resolveRaw resolves a raw sort in which the symbols params stand for
// parameters.
func (r *Reader) resolveRaw(s *rawSort, params []*symbol) (*sortExpr, error) {
	sym := r.lookup([]byte(s.name))
	for i, ps := range params {
		if ps == sym {
			if len(s.args) > 0 {
				return nil, r.errorf(s.pos, "sort %s takes no arguments", term.QuoteSymbol(s.name))
			}
			return &sortExpr{param: i}, nil
		}
	}
	if sym == nil || sym.sort == nil {
		return nil, r.unknownSort(s.pos, s.name)
	}
	e := &sortExpr{param: -1, def: sym.sort}
	for _, a := range s.args {
		ae, err := r.resolveRaw(a, params)
		if err != nil {
			return nil, err
		}
		e.args = append(e.args, ae)
	}
	if n := sym.sort.numParams(); n != len(e.args) {
		return nil, r.errorf(s.pos, "sort %s expects %d arguments, got %d", term.QuoteSymbol(s.name), n, len(e.args))
	}
	return e, nil
}
