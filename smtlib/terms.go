package smtlib

import (
	"math/big"
	"strings"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Every function here starts at the first token of what it reads and ends
// at the token after it.

// term reads a term.
func (r *Reader) term() (*term.Term, error) {
	t, _, err := r.termNamed(false)
	return t, err
}

// termNamed reads a term and returns its :named name when the term is an
// annotation. At the top of a rule or query (ruleTop) a :named annotation
// names the rule, may contain the rule's variables and defines nothing.
func (r *Reader) termNamed(ruleTop bool) (*term.Term, string, error) {
	switch r.tok.kind {
	case tokNumeral:
		t := r.numeral()
		r.next()
		return t, "", nil
	case tokDecimal:
		v, err := num.ParseRat(string(r.tok.text))
		if err != nil {
			return nil, "", r.errorf(r.tok.pos, "invalid decimal %s", r.tok.text)
		}
		r.next()
		return r.st.Real(v), "", nil
	case tokSymbol, tokQuoted:
		t, err := r.constant()
		return t, "", err
	case tokLParen:
		return r.compound(ruleTop)
	case tokString:
		return nil, "", r.errorf(r.tok.pos, "%s: string literal", errStrings)
	case tokHex, tokBinary: // Bit-vectors
		t, err := r.bvLiteral()
		return t, "", err
	}
	return nil, "", r.unexpected("a term")
}

func (r *Reader) numeral() *term.Term {
	text := r.tok.text
	var v num.Int
	if len(text) <= 18 {
		n := int64(0)
		for _, c := range text {
			n = n*10 + int64(c-'0')
		}
		v = num.NewInt(n)
	} else {
		v, _ = num.ParseInt(string(text)) // the lexer checked the digits
	}
	if r.realNumerals {
		return r.st.Num(v.Rat(), term.RealSort)
	}
	return r.st.IntNum(v)
}

// constant reads a symbol used as a term.
func (r *Reader) constant() (*term.Term, error) {
	p := r.tok.pos
	if r.tok.kind == tokSymbol && isReserved(r.tok.text) {
		return nil, r.errorf(p, "unexpected reserved word %s, expected a term", r.tok.text)
	}
	sym := r.lookup(r.tok.text)
	if (sym == nil || len(sym.local) == 0 && sym.def == nil && sym.op == term.OpInvalid) && string(r.tok.text) == "tuple.unit" {
		r.next()
		return r.tupleApplication(p, p, nil, nil) // cvc5's tuples
	}
	if sym == nil {
		return nil, r.unknownSymbol(p, string(r.tok.text))
	}
	r.next()
	return r.apply(sym, p, p, nil)
}

// compound reads a term that starts with '('.
func (r *Reader) compound(ruleTop bool) (*term.Term, string, error) {
	open := r.tok.pos
	r.next()
	var t *term.Term
	var err error
	switch r.tok.kind {
	case tokSymbol:
		switch string(r.tok.text) {
		case "let":
			t, err = r.let()
			return t, "", err
		case "forall":
			t, err = r.quantifier(open, term.OpForall)
			return t, "", err
		case "exists":
			t, err = r.quantifier(open, term.OpExists)
			return t, "", err
		case "!":
			return r.annotation(ruleTop)
		case "as":
			t, err = r.qualifiedConstant(open)
			return t, "", err
		case "_": // Bit-vectors
			t, err = r.indexedConstant(open)
			return t, "", err
		case "match": // Datatypes
			t, err = r.match(open)
			return t, "", err
		}
		if isReserved(r.tok.text) {
			return nil, "", r.errorf(r.tok.pos, "%s is not supported", r.tok.text)
		}
		t, err = r.application(open)
		return t, "", err
	case tokQuoted:
		t, err = r.application(open)
		return t, "", err
	case tokLParen:
		t, err = r.qualifiedApplication(open)
		return t, "", err
	case tokRParen:
		return nil, "", r.errorf(open, "empty application ()")
	}
	return nil, "", r.unexpected("a function symbol")
}

// readArgs reads terms up to the closing ')' and moves past it, returning the
// base of the arguments on r.args. The caller truncates r.args to base.
func (r *Reader) readArgs() (base int, err error) {
	base = len(r.args)
	for r.tok.kind != tokRParen {
		t, err := r.term()
		if err != nil {
			return base, err
		}
		r.args = append(r.args, t)
	}
	r.next()
	return base, nil
}

func (r *Reader) dropArgs(base int) {
	clear(r.args[base:])
	r.args = r.args[:base]
}

// application reads (f t1 ... tn) after the '('.
func (r *Reader) application(open Pos) (*term.Term, error) {
	head := r.tok.pos
	sym := r.lookup(r.tok.text)
	if sym == nil || len(sym.local) == 0 && sym.def == nil && sym.op == term.OpInvalid {
		if f := r.testerNamed(string(r.tok.text)); f != nil { // Datatypes: z3's is-C
			r.next()
			base, err := r.readArgs()
			if err != nil {
				return nil, err
			}
			defer r.dropArgs(base)
			return r.applyFunc(f, open, r.args[base:])
		}
		if string(r.tok.text) == "sbv_to_int" { // SMT-LIB 2.7
			r.next()
			base, err := r.readArgs()
			if err != nil {
				return nil, err
			}
			defer r.dropArgs(base)
			return r.sbvToInt(open, r.args[base:])
		}
		if string(r.tok.text) == "tuple" { // cvc5's tuples
			r.next()
			base, err := r.readArgs()
			if err != nil {
				return nil, err
			}
			defer r.dropArgs(base)
			return r.tupleApplication(head, open, r.args[base:], nil)
		}
		if c, ok := strings.CutPrefix(string(r.tok.text), "is-"); ok {
			if d := parCtor(r.syms[c]); d != nil { // z3's is-C of a parametric C
				r.next()
				base, err := r.readArgs()
				if err != nil {
					return nil, err
				}
				defer r.dropArgs(base)
				return r.parTester(d, c, open, r.args[base:])
			}
			if cs := r.syms[c]; cs != nil && len(cs.local) == 0 && cs.def != nil && cs.def.kind == defOverload { // of an overloaded C
				r.next()
				base, err := r.readArgs()
				if err != nil {
					return nil, err
				}
				defer r.dropArgs(base)
				return r.overloadedTester(cs.def, c, open, r.args[base:])
			}
		}
		return nil, r.unknownSymbol(head, string(r.tok.text))
	}
	r.next()
	if r.tok.kind != tokRParen {
		// Report a non-function before its arguments: (x = y) is
		// more likely an infix slip than an error in y.
		if t := r.termOf(sym); t != nil {
			return nil, r.notFunction(head, sym.name, t)
		}
	}
	base, err := r.readArgs()
	if err != nil {
		return nil, err
	}
	t, err := r.apply(sym, head, open, r.args[base:])
	r.dropArgs(base)
	return t, err
}

// apply resolves sym applied to args (none for a constant). Errors about
// the symbol are at head, errors building the term at open.
func (r *Reader) apply(sym *symbol, head, open Pos, args []*term.Term) (*term.Term, error) {
	if n := len(sym.local); n > 0 {
		b := sym.local[n-1]
		if len(args) > 0 {
			return nil, r.notFunction(head, sym.name, b.t)
		}
		if b.isLet {
			r.inject(b.epoch)
		}
		return b.t, nil
	}
	if d := sym.def; d != nil {
		switch d.kind {
		case defFunc:
			if len(args) == 0 {
				if d.t != nil {
					return d.t, nil
				}
				return nil, r.errorf(head, "%s expects %d arguments", term.QuoteSymbol(sym.name), d.fn.Arity())
			}
			t, err := r.st.App(d.fn, args...)
			if err != nil {
				return nil, r.errorf(open, "%v", err)
			}
			return t, nil
		case defPar:
			return r.applyPar(sym.name, d, head, open, args, nil)
		case defOverload:
			return r.applyOverload(d, sym.name, head, open, args, nil)
		case defTerm, defVar:
			if len(args) > 0 {
				return nil, r.notFunction(head, sym.name, d.t)
			}
			if d.kind == defTerm {
				r.inject(0)
			}
			return d.t, nil
		case defMacro:
			if len(args) != len(d.params) {
				p := open
				if len(args) == 0 {
					p = head
				}
				return nil, r.errorf(p, "%s: expected %d arguments, got %d", term.QuoteSymbol(sym.name), len(d.params), len(args))
			}
			r.inject(0)
			t, err := r.expand(sym.name, d, args)
			if err != nil {
				return nil, r.errorf(open, "%v", err)
			}
			return t, nil
		}
	}
	if sym.op != term.OpInvalid {
		return r.builtin(sym, head, open, args)
	}
	return nil, r.unknownSymbol(head, sym.name)
}

// sbvToInt is SMT-LIB 2.7's (sbv_to_int t), the integer t stands for in
// two's complement: (ite (bvslt t 0) (- (ubv_to_int t) 2^w) (ubv_to_int t)).
func (r *Reader) sbvToInt(open Pos, args []*term.Term) (*term.Term, error) {
	if len(args) != 1 || !args[0].Sort().IsBitVec() {
		return nil, r.errorf(open, "sbv_to_int: expected 1 argument of a bit-vector sort")
	}
	x, w := args[0], args[0].Sort().Width()
	st := r.st
	n, err := st.Build(term.OpBV2Nat, x)
	if err != nil {
		return nil, r.errorf(open, "%v", err)
	}
	neg, err := st.Build(term.OpBVSlt, x, st.BVInt(0, w))
	if err != nil {
		return nil, r.errorf(open, "%v", err)
	}
	wrap, err := st.Build(term.OpSub, n, st.IntNum(num.IntFromBig(new(big.Int).Lsh(big.NewInt(1), uint(w)))))
	if err != nil {
		return nil, r.errorf(open, "%v", err)
	}
	return st.Build(term.OpIte, neg, wrap, n)
}

// termOf returns the term sym stands for when it is not a function: a
// variable, a constant, a definition without parameters; else nil.
func (r *Reader) termOf(sym *symbol) *term.Term {
	if n := len(sym.local); n > 0 {
		return sym.local[n-1].t
	}
	if d := sym.def; d != nil {
		if d.kind == defMacro || d.kind == defFunc && d.t == nil {
			return nil
		}
		return d.t
	}
	switch sym.op {
	case term.OpTrue:
		return r.st.True()
	case term.OpFalse:
		return r.st.False()
	}
	return nil
}

func (r *Reader) notFunction(p Pos, name string, t *term.Term) *Error {
	return r.errorf(p, "cannot apply %s: it is a term of sort %v, not a function", term.QuoteSymbol(name), t.Sort())
}

func (r *Reader) unknownSymbol(p Pos, name string) *Error {
	if th := theoryOfSymbol(name); th != "" {
		return r.errorf(p, "%s: %s", th, term.QuoteSymbol(name))
	}
	e := r.errorf(p, "unknown symbol %s", term.QuoteSymbol(name))
	if len(name) > 1 && (name[0] == '-' || name[0] == '.') && isDigit(name[1]) {
		if name[0] == '-' {
			e.Msg += " (write negative numbers as (- 5))"
		} else {
			e.Msg += " (write decimals with a leading digit: 0.5)"
		}
	}
	return e
}

// builtin applies a built-in operator, expanding chains: (< a b c) is
// (and (< a b) (< b c)), (=> a b c) is (=> a (=> b c)), and / and div
// nest to the left.
func (r *Reader) builtin(sym *symbol, head, open Pos, args []*term.Term) (*term.Term, error) {
	op := sym.op
	if op == term.OpTrue || op == term.OpFalse {
		if len(args) > 0 {
			return nil, r.errorf(head, "cannot apply %s: it is a constant", sym.name)
		}
		return r.st.Bool(op == term.OpTrue), nil
	}
	if len(args) == 0 {
		return nil, r.errorf(head, "%s needs arguments", sym.name)
	}
	var t *term.Term
	var err error
	n := len(args)
	switch {
	case op.IsCompare() && n > 2:
		pairs := make([]*term.Term, n-1)
		for i := range pairs {
			if pairs[i], err = r.st.Build(op, args[i], args[i+1]); err != nil {
				break
			}
		}
		if err == nil {
			t, err = r.st.Build(term.OpAnd, pairs...)
		}
	case op == term.OpImplies && n > 2:
		t = args[n-1]
		for i := n - 2; i >= 0 && err == nil; i-- {
			t, err = r.st.Build(op, args[i], t)
		}
	case (op == term.OpDiv || op == term.OpIntDiv || op == term.OpBVSub) && n > 2: // Bit-vectors: bvsub
		t = args[0]
		for i := 1; i < n && err == nil; i++ {
			t, err = r.st.Build(op, t, args[i])
		}
	default:
		t, err = r.st.Build(op, args...)
	}
	if err != nil {
		return nil, r.errorf(open, "%v", err)
	}
	return t, nil
}

// let reads (let ((x t) ...) body) after the '('. The bindings are
// parallel: each t is read before any x is bound.
func (r *Reader) let() (*term.Term, error) {
	r.next()
	if err := r.expect(tokLParen, "( to start the let bindings"); err != nil {
		return nil, err
	}
	base := len(r.binds)
	var seen map[*symbol]bool // for long binding lists
	for r.tok.kind == tokLParen {
		r.next()
		sym, sp, err := r.symbolName("a variable name")
		if err != nil {
			return nil, err
		}
		dup := false
		if n := len(r.binds) - base; n < 16 {
			for _, b := range r.binds[base:] {
				dup = dup || b.sym == sym
			}
		} else {
			if seen == nil {
				seen = make(map[*symbol]bool, 2*n)
				for _, b := range r.binds[base:] {
					seen[b.sym] = true
				}
			}
			dup = seen[sym]
			seen[sym] = true
		}
		if dup {
			return nil, r.errorf(sp, "let: %s is bound twice", term.QuoteSymbol(sym.name))
		}
		t, err := r.term()
		if err != nil {
			return nil, err
		}
		if err := r.expect(tokRParen, ") to end the let binding"); err != nil {
			return nil, err
		}
		r.binds = append(r.binds, letBinding{sym, t})
	}
	if r.tok.kind != tokRParen {
		return nil, r.unexpected("( to start a let binding")
	}
	if len(r.binds) == base {
		return nil, r.errorf(r.tok.pos, "let: expected at least one binding")
	}
	r.next()
	mark := len(r.locals)
	for _, b := range r.binds[base:] {
		r.pushLocal(b.sym, b.t, true)
	}
	clear(r.binds[base:])
	r.binds = r.binds[:base]
	body, err := r.term()
	if err != nil {
		return nil, err
	}
	r.popLocals(mark)
	if err := r.expect(tokRParen, ") to end the let"); err != nil {
		return nil, err
	}
	return body, nil
}

// quantifier reads (forall ((x S) ...) body) after the '('.
func (r *Reader) quantifier(open Pos, op term.Op) (*term.Term, error) {
	r.next()
	if err := r.expect(tokLParen, "( to start the bound variables"); err != nil {
		return nil, err
	}
	base := len(r.args)
	sbase := len(r.qsyms)
	defer func() {
		clear(r.qsyms[sbase:])
		r.qsyms = r.qsyms[:sbase]
	}()
	r.nlists++
	for r.tok.kind != tokRParen {
		v, sym, err := r.sortedVar(op.String())
		if err != nil {
			return nil, err
		}
		r.args = append(r.args, v)
		r.qsyms = append(r.qsyms, sym)
	}
	syms := r.qsyms[sbase:]
	if len(syms) == 0 {
		return nil, r.errorf(open, "%v: expected at least one bound variable", op)
	}
	r.next()
	mark := len(r.locals)
	r.frames = append(r.frames, frame{epoch: r.epoch})
	for i, sym := range syms {
		r.pushLocal(sym, r.args[base+i], false)
	}
	body, err := r.term()
	if err != nil {
		return nil, err
	}
	fr := r.frames[len(r.frames)-1]
	r.frames = r.frames[:len(r.frames)-1]
	r.popLocals(mark)
	if err := r.expect(tokRParen, ") to end the "+op.String()); err != nil {
		return nil, err
	}
	vars := r.args[base : base+len(syms)]
	defer r.dropArgs(base)
	if !body.Sort().IsBool() {
		return nil, r.errorf(open, "%v: body has sort %v, expected Bool", op, body.Sort())
	}
	if fr.injected {
		if vars, body, err = r.hygienic(vars, body); err != nil {
			return nil, r.errorf(open, "%v", err)
		}
	}
	t, err := r.st.Quantifier(op, vars, body)
	if err != nil {
		return nil, r.errorf(open, "%v", err)
	}
	return t, nil
}

// annotation reads (! t attribute...) after the '('. :named n defines n
// as t; other attributes (:pattern, :weight, ...) are skipped.
func (r *Reader) annotation(ruleTop bool) (*term.Term, string, error) {
	r.next()
	t, _, err := r.termNamed(false)
	if err != nil {
		return nil, "", err
	}
	name := ""
	for r.tok.kind == tokKeyword {
		if string(r.tok.text) != ":named" {
			r.next()
			if r.tok.kind != tokKeyword && r.tok.kind != tokRParen {
				if err := r.skipSexpr(); err != nil {
					return nil, "", err
				}
			}
			continue
		}
		r.next()
		sym, sp, err := r.symbolName("a name after :named")
		if err != nil {
			return nil, "", err
		}
		if !ruleTop {
			if t.HasBound() {
				return nil, "", r.errorf(sp, ":named %s: the term contains the bound variable %s",
					term.QuoteSymbol(sym.name), term.QuoteSymbol(freeVars(t)[0].Name()))
			}
			if err := r.declare(sym, sp, &def{kind: defTerm, t: t}); err != nil {
				return nil, "", err
			}
		}
		name = sym.name
	}
	if err := r.expect(tokRParen, ") to end the annotation"); err != nil {
		return nil, "", err
	}
	return t, name, nil
}

// qualified is the identifier and sort of (as x S).
type qualified struct {
	head    Pos
	isConst bool // x is const
	sym     *symbol
	name    string
	sort    *term.Sort
}

// qualifier reads "x S)" of (as x S), the current token being as.
func (r *Reader) qualifier() (qualified, error) {
	r.next()
	if !r.tok.isSymbolName() {
		return qualified{}, r.unexpected("an identifier after as")
	}
	q := qualified{
		head:    r.tok.pos,
		isConst: r.tok.kind == tokSymbol && string(r.tok.text) == "const",
		sym:     r.lookup(r.tok.text),
		name:    string(r.tok.text),
	}
	r.next()
	s, err := r.sort()
	if err != nil {
		return qualified{}, err
	}
	if err := r.expect(tokRParen, ") to end the qualified identifier"); err != nil {
		return qualified{}, err
	}
	q.sort = s
	return q, nil
}

// qualifiedConstant reads (as x S) after the '('.
func (r *Reader) qualifiedConstant(open Pos) (*term.Term, error) {
	q, err := r.qualifier()
	if err != nil {
		return nil, err
	}
	head, isConst, sym, name, s := q.head, q.isConst, q.sym, q.name, q.sort
	if isConst && s.IsArray() {
		return nil, r.errorf(open, "(as const %v) needs a value: ((as const %v) v)", s, s)
	}
	if sym == nil && name == "tuple.unit" { // cvc5's tuples
		return r.tupleApplication(head, open, nil, s)
	}
	if sym == nil {
		return nil, r.unknownSymbol(head, name)
	}
	if d := parCtor(sym); d != nil {
		return r.applyPar(sym.name, d, head, open, nil, s)
	}
	if d := sym.def; d != nil && len(sym.local) == 0 && d.kind == defOverload {
		return r.applyOverload(d, name, head, open, nil, s)
	}
	t, err := r.apply(sym, head, open, nil)
	if err != nil {
		return nil, err
	}
	if t.Sort() != s {
		return nil, r.errorf(open, "as: %s has sort %v, not %v", term.QuoteSymbol(name), t.Sort(), s)
	}
	return t, nil
}

// qualifiedApplication reads ((as f S) t1 ... tn) after the first '(',
// including the constant array ((as const (Array I E)) v).
func (r *Reader) qualifiedApplication(open Pos) (*term.Term, error) {
	inner := r.tok.pos
	r.next()
	if r.tok.kind == tokSymbol && string(r.tok.text) == "_" { // Bit-vectors; Datatypes: ((_ is C) t)
		return r.indexedApplication(open, inner)
	}
	if r.tok.kind != tokSymbol || string(r.tok.text) != "as" {
		return nil, r.unexpected("as or _ (a function symbol cannot be a term)")
	}
	q, err := r.qualifier()
	if err != nil {
		return nil, err
	}
	head, isConst, sym, name, s := q.head, q.isConst, q.sym, q.name, q.sort
	base, err := r.readArgs()
	if err != nil {
		return nil, err
	}
	defer r.dropArgs(base)
	args := r.args[base:]
	if isConst && s.IsArray() {
		if len(args) != 1 {
			return nil, r.errorf(open, "const: expected 1 argument, got %d", len(args))
		}
		t, err := r.st.ConstArray(s, args[0])
		if err != nil {
			return nil, r.errorf(open, "%v", err)
		}
		return t, nil
	}
	if sym == nil && name == "tuple" { // cvc5's tuples
		return r.tupleApplication(head, open, args, s)
	}
	if sym == nil {
		return nil, r.unknownSymbol(head, name)
	}
	if d := parCtor(sym); d != nil {
		return r.applyPar(sym.name, d, head, open, args, s)
	}
	if d := sym.def; d != nil && len(sym.local) == 0 && d.kind == defOverload {
		return r.applyOverload(d, name, head, open, args, s)
	}
	t, err := r.apply(sym, head, open, args)
	if err != nil {
		return nil, err
	}
	if t.Sort() != s {
		return nil, r.errorf(open, "as: %s has sort %v, not %v", term.QuoteSymbol(name), t.Sort(), s)
	}
	return t, nil
}

// sortedVar reads (x S) of the variable list r.nlists and returns the bound
// variable for x, renamed if need be (see hygiene.go).
func (r *Reader) sortedVar(what string) (*term.Term, *symbol, error) {
	if err := r.expect(tokLParen, "( to start a sorted variable"); err != nil {
		return nil, nil, err
	}
	sym, sp, err := r.symbolName("a variable name")
	if err != nil {
		return nil, nil, err
	}
	if sym.list == r.nlists {
		return nil, nil, r.errorf(sp, "%s: %s is bound twice", what, term.QuoteSymbol(sym.name))
	}
	sym.list = r.nlists
	s, err := r.sort()
	if err != nil {
		return nil, nil, err
	}
	if err := r.expect(tokRParen, ") to end the sorted variable"); err != nil {
		return nil, nil, err
	}
	return r.bindVar(sym, s), sym, nil
}

// divisible reads ((_ divisible n) t) from the token divisible on: the
// integer t is a multiple of the numeral n > 0, (= (mod t n) 0).
func (r *Reader) divisible(open Pos) (*term.Term, error) {
	r.next()
	if r.tok.kind != tokNumeral {
		return nil, r.unexpected("a numeral index of divisible")
	}
	n, ok := new(big.Int).SetString(string(r.tok.text), 10)
	if !ok || n.Sign() == 0 {
		return nil, r.errorf(r.tok.pos, "divisible: the index must be positive")
	}
	r.next()
	if err := r.expect(tokRParen, ") to end the indexed identifier"); err != nil {
		return nil, err
	}
	base, err := r.readArgs()
	if err != nil {
		return nil, err
	}
	defer r.dropArgs(base)
	args := r.args[base:]
	if len(args) != 1 || !args[0].Sort().IsInt() {
		return nil, r.errorf(open, "divisible: expected 1 argument of sort Int")
	}
	m, err := r.st.Build(term.OpMod, args[0], r.st.IntNum(num.IntFromBig(n)))
	if err != nil {
		return nil, r.errorf(open, "%v", err)
	}
	return r.st.Build(term.OpEq, m, r.st.IntNum(num.NewInt(0)))
}
