package smtlib

import (
	"strconv"

	"github.com/seed-f9c3434d/gospacer/term"
)

// A sortDef is what a sort symbol stands for: a fixed sort (the built-in
// Bool, Int and Real, a declared sort of arity 0, a define-sort without
// parameters), Array, a sort constructor of declare-sort with arity > 0, or
// a define-sort with parameters (a macro over sorts).
type sortDef struct {
	name    string
	fixed   *term.Sort
	builtin bool
	array   bool
	arity   int       // declared sort constructors; define-sort parameters
	body    *sortExpr // define-sort with parameters
	cache   []sortInstance
	par     *parGroup // a datatype with parameters (parametric.go)
	member  int       // its index in par
}

type sortInstance struct {
	args []*term.Sort
	s    *term.Sort
}

// A sortExpr is a sort as written, with the head symbols resolved: the
// body of a define-sort, and every sort while it is being read.
type sortExpr struct {
	param int // index of a define-sort parameter, or -1
	def   *sortDef
	args  []*sortExpr
}

func (d *sortDef) numParams() int {
	switch {
	case d.fixed != nil:
		return 0
	case d.array:
		return 2
	}
	return d.arity
}

// maxSortSize bounds the size of a sort as a tree, so that printing a sort
// (in a declaration or an error) stays small: define-sort can double the
// size at each definition.
const maxSortSize = 1 << 12

// sort reads a sort. A compound sort written with the built-in sort
// symbols alone, as (Array Int (Array Int Int)), is read once per
// distinct text (see sortMemo): a HORN file writes the same few sorts
// for every bound variable of every clause.
func (r *Reader) sort() (*term.Sort, error) {
	if r.tok.kind != tokLParen {
		return r.sortAt(r.tok.pos)
	}
	span, depth, ok := r.lx.group()
	if !ok || noSortMemo {
		return r.sortAt(r.tok.pos)
	}
	if s := r.sortMemo.find(span); s != nil && r.sortMemo.intact() && r.lx.depth()+depth < maxDepth {
		r.lx.skipGroup(len(span))
		r.next()
		return s, nil
	}
	key := string(span) // span is overwritten once the buffer is compacted
	s, err := r.sortAt(r.tok.pos)
	if err == nil && len(r.sortMemo.texts) < maxMemoSorts && r.sortMemo.builtinOnly(key) {
		r.sortMemo.texts = append(r.sortMemo.texts, key)
		r.sortMemo.sorts = append(r.sortMemo.sorts, s)
	}
	return s, err
}

// maxMemoSorts bounds the texts a sortMemo holds: a file writes a few
// distinct sorts, which a linear search finds faster than a map.
const maxMemoSorts = 32

// A sortMemo is the sorts read from the texts of compound sorts made of
// the built-in sort symbols Bool, Int, Real and Array (which no
// declaration can shadow: the memo lives from one reset to the next),
// spaces and parentheses.
type sortMemo struct {
	texts []string
	sorts []*term.Sort // the sort of each text
	// the built-in symbols and their definitions when the memo began
	syms [4]*symbol
	defs [4]*sortDef
}

// noSortMemo turns the memo off (for tests that compare).
var noSortMemo = false

var memoSortNames = [4]string{"Bool", "Int", "Real", "Array"}

// resetSortMemo starts an empty memo over the built-in sorts of r.
func (r *Reader) resetSortMemo() {
	m := &r.sortMemo
	m.texts, m.sorts = m.texts[:0], m.sorts[:0]
	for i, n := range memoSortNames {
		m.syms[i] = r.lookup([]byte(n))
		m.defs[i] = m.syms[i].sort
	}
}

// find is the sort of the text span, or nil.
func (m *sortMemo) find(span []byte) *term.Sort {
	for i, t := range m.texts {
		if len(t) == len(span) && t == string(span) {
			return m.sorts[i]
		}
	}
	return nil
}

// intact reports whether the built-in sort symbols stand for what they
// did when the memo began (they always do: a check that costs four
// comparisons).
func (m *sortMemo) intact() bool {
	for i, s := range m.syms {
		if s.sort != m.defs[i] {
			return false
		}
	}
	return true
}

// builtinOnly reports whether every symbol of the sort text span is a
// built-in sort symbol of the memo.
func (m *sortMemo) builtinOnly(span string) bool {
	i := 0
	for i < len(span) {
		c := span[i]
		if c == '(' || c == ')' || c == ' ' {
			i++
			continue
		}
		j := i
		for j < len(span) && span[j] != '(' && span[j] != ')' && span[j] != ' ' {
			j++
		}
		w := span[i:j]
		if w != "Bool" && w != "Int" && w != "Real" && w != "Array" {
			return false
		}
		i = j
	}
	return true
}

// sortAt reads a sort, an argument of the sort read from p on (p itself
// at the top): errors of evaluation are reported at p. Symbols of fixed
// sorts and Array are built as they are read (the sorts of every bound
// variable of a HORN file, mostly); other sorts are read as an
// expression and evaluated.
func (r *Reader) sortAt(p Pos) (*term.Sort, error) {
	switch r.tok.kind {
	case tokSymbol, tokQuoted:
		if sym := r.lookup(r.tok.text); sym != nil && sym.sort != nil && sym.sort.fixed != nil {
			r.next()
			return sym.sort.fixed, nil
		}
	case tokLParen:
		open := r.tok.pos
		r.next()
		if r.tok.isSymbolName() && !(r.tok.kind == tokSymbol && string(r.tok.text) == "_") {
			if sym := r.lookup(r.tok.text); sym != nil && sym.sort != nil && sym.sort.array {
				return r.arraySort(p, open, sym)
			}
		}
		e, err := r.sortExprOpen(open, nil)
		if err != nil {
			return nil, err
		}
		return r.evalSort(p, e, nil)
	}
	e, err := r.sortExpr(nil)
	if err != nil {
		return nil, err
	}
	return r.evalSort(p, e, nil)
}

// arraySort reads an Array sort from its symbol sym on (after the ( at
// open), as sortExpr and evalSort would: the same sort and errors.
func (r *Reader) arraySort(p, open Pos, sym *symbol) (*term.Sort, error) {
	r.next()
	var buf [2]*term.Sort
	as := buf[:0]
	for r.tok.kind != tokRParen {
		a, err := r.sortAt(p)
		if err != nil {
			return nil, err
		}
		as = append(as, a)
	}
	r.next()
	if n := sym.sort.numParams(); n != len(as) {
		return nil, r.errorf(open, "sort %s expects %d arguments, got %d", term.QuoteSymbol(sym.name), n, len(as))
	}
	s := r.st.ArraySort(as[0], as[1])
	if sortSize(s) > maxSortSize {
		return nil, r.errorf(p, "sort too large (more than %d symbols)", maxSortSize)
	}
	return s, nil
}

// sortExpr reads a sort in which the symbols params stand for parameters.
func (r *Reader) sortExpr(params []*symbol) (*sortExpr, error) {
	switch r.tok.kind {
	case tokSymbol, tokQuoted:
		p := r.tok.pos
		sym := r.lookup(r.tok.text)
		for i, ps := range params {
			if ps == sym {
				r.next()
				return &sortExpr{param: i}, nil
			}
		}
		if sym == nil || sym.sort == nil {
			if string(r.tok.text) == "UnitTuple" { // cvc5's tuples
				r.next()
				return &sortExpr{param: -1, def: r.tupleDef(0)}, nil
			}
			return nil, r.unknownSort(p, string(r.tok.text))
		}
		if n := sym.sort.numParams(); n > 0 {
			return nil, r.errorf(p, "sort %s expects %d arguments", term.QuoteSymbol(sym.name), n)
		}
		r.next()
		return &sortExpr{param: -1, def: sym.sort}, nil
	case tokLParen:
		open := r.tok.pos
		r.next()
		return r.sortExprOpen(open, params)
	}
	return nil, r.unexpected("a sort")
}

// sortExprOpen reads a compound sort after its ( at open.
func (r *Reader) sortExprOpen(open Pos, params []*symbol) (*sortExpr, error) {
	if r.tok.kind == tokSymbol && string(r.tok.text) == "_" { // Bit-vectors
		return r.indexedSort(open)
	}
	if !r.tok.isSymbolName() {
		return nil, r.unexpected("a sort symbol")
	}
	p := r.tok.pos
	sym := r.lookup(r.tok.text)
	for _, ps := range params {
		if ps == sym {
			return nil, r.errorf(p, "sort parameter %s takes no arguments", term.QuoteSymbol(sym.name))
		}
	}
	if sym == nil || sym.sort == nil {
		if string(r.tok.text) == "Tuple" { // cvc5's tuples
			r.next()
			return r.tupleSort(open, params)
		}
		return nil, r.unknownSort(p, string(r.tok.text))
	}
	r.next()
	args, err := r.sortArgs(params)
	if err != nil {
		return nil, err
	}
	e := &sortExpr{param: -1, def: sym.sort, args: args}
	if n := sym.sort.numParams(); n != len(e.args) {
		if n == 0 {
			return nil, r.errorf(open, "sort %s takes no arguments", term.QuoteSymbol(sym.name))
		}
		return nil, r.errorf(open, "sort %s expects %d arguments, got %d", term.QuoteSymbol(sym.name), n, len(e.args))
	}
	return e, nil
}

func (r *Reader) unknownSort(p Pos, name string) *Error {
	if th := theoryOfSort(name); th != "" && r.lookup([]byte(name)) == nil {
		return r.errorf(p, "%s: sort %s", th, term.QuoteSymbol(name))
	}
	return r.errorf(p, "unknown sort %s", term.QuoteSymbol(name))
}

// evalSort builds the sort e with params bound to args.
func (r *Reader) evalSort(p Pos, e *sortExpr, args []*term.Sort) (*term.Sort, error) {
	if e.param >= 0 {
		return args[e.param], nil
	}
	d := e.def
	if d.fixed != nil {
		return d.fixed, nil
	}
	as := make([]*term.Sort, len(e.args))
	for i, a := range e.args {
		s, err := r.evalSort(p, a, args)
		if err != nil {
			return nil, err
		}
		as[i] = s
	}
	var s *term.Sort
	switch {
	case d.par != nil:
		for _, a := range as {
			if sortSize(a) > maxSortSize {
				return nil, r.errorf(p, "sort too large (more than %d symbols)", maxSortSize)
			}
		}
		return r.parInstance(p, d, as)
	case d.array:
		s = r.st.ArraySort(as[0], as[1])
	case d.body == nil:
		s = r.st.UninterpretedSort(d.name, as...)
	default:
		return r.instance(p, d, as)
	}
	if sortSize(s) > maxSortSize {
		return nil, r.errorf(p, "sort too large (more than %d symbols)", maxSortSize)
	}
	return s, nil
}

// instance expands the define-sort d at args, once per distinct args.
func (r *Reader) instance(p Pos, d *sortDef, args []*term.Sort) (*term.Sort, error) {
next:
	for _, in := range d.cache {
		for i, a := range in.args {
			if a != args[i] {
				continue next
			}
		}
		return in.s, nil
	}
	s, err := r.evalSort(p, d.body, args)
	if err != nil {
		return nil, err
	}
	d.cache = append(d.cache, sortInstance{args, s})
	return s, nil
}

// sortSize is the number of symbols of s written out, saturating above
// maxSortSize.
func sortSize(s *term.Sort) int {
	n := 1
	for _, p := range s.Params() {
		n += sortSize(p)
		if n > maxSortSize {
			return n
		}
	}
	return n
}

// declareSortCmd reads (declare-sort S n); n defaults to 0.
func (r *Reader) declareSortCmd(p Pos) error {
	sym, sp, err := r.symbolName("a sort name")
	if err != nil {
		return err
	}
	n := 0
	if r.tok.kind == tokNumeral {
		v, err := strconv.Atoi(string(r.tok.text))
		if err != nil || v > 1<<10 {
			return r.errorf(r.tok.pos, "declare-sort: arity %s is too large", r.tok.text)
		}
		n = v
		r.next()
	}
	if err := r.closeCommand("declare-sort"); err != nil {
		return err
	}
	d := &sortDef{name: sym.name, arity: n}
	if n == 0 {
		d.fixed = r.st.UninterpretedSort(sym.name)
	}
	if err := r.declareSort(sym, sp, d); err != nil {
		return err
	}
	r.emit(Command{Kind: DeclareSort, Pos: p, Name: sym.name, N: n, Sort: d.fixed})
	return nil
}

// defineSortCmd reads (define-sort S (X ...) body).
func (r *Reader) defineSortCmd(p Pos) error {
	sym, sp, err := r.symbolName("a sort name")
	if err != nil {
		return err
	}
	if err := r.expect(tokLParen, "( to start the sort parameters"); err != nil {
		return err
	}
	var params []*symbol
	var names []string
	r.nlists++
	for r.tok.kind != tokRParen {
		ps, pp, err := r.symbolName("a sort parameter")
		if err != nil {
			return err
		}
		if ps.list == r.nlists {
			return r.errorf(pp, "define-sort: parameter %s is repeated", term.QuoteSymbol(ps.name))
		}
		ps.list = r.nlists
		params = append(params, ps)
		names = append(names, ps.name)
	}
	r.next()
	bp := r.tok.pos
	r.lx.record()
	body, err := r.sortExpr(params)
	if err != nil {
		return err
	}
	text := r.lx.recorded()
	if err := r.closeCommand("define-sort"); err != nil {
		return err
	}
	d := &sortDef{name: sym.name, arity: len(params), body: body}
	if len(params) == 0 {
		s, err := r.evalSort(bp, body, nil)
		if err != nil {
			return err
		}
		d = &sortDef{name: sym.name, fixed: s}
	}
	if err := r.declareSort(sym, sp, d); err != nil {
		return err
	}
	r.emit(Command{Kind: DefineSort, Pos: p, Name: sym.name, Names: names, Text: text})
	return nil
}

// sortArgs reads sort expressions up to and including the closing ')'.
func (r *Reader) sortArgs(params []*symbol) ([]*sortExpr, error) {
	var args []*sortExpr
	for r.tok.kind != tokRParen {
		a, err := r.sortExpr(params)
		if err != nil {
			return nil, err
		}
		args = append(args, a)
	}
	r.next()
	return args, nil
}
