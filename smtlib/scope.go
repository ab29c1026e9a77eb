package smtlib

import (
	"github.com/seed-f9c3434d/gospacer/term"
)

var builtinOps = map[string]term.Op{
	"true": term.OpTrue, "false": term.OpFalse,
	"not": term.OpNot, "and": term.OpAnd, "or": term.OpOr, "=>": term.OpImplies,
	"xor": term.OpXor, "ite": term.OpIte, "=": term.OpEq, "distinct": term.OpDistinct,
	"+": term.OpAdd, "-": term.OpSub, "*": term.OpMul, "/": term.OpDiv,
	"div": term.OpIntDiv, "mod": term.OpMod, "abs": term.OpAbs,
	"<=": term.OpLe, "<": term.OpLt, ">=": term.OpGe, ">": term.OpGt,
	"to_real": term.OpToReal, "to_int": term.OpToInt, "is_int": term.OpIsInt,
	"select": term.OpSelect, "store": term.OpStore,
}

// resetState empties the symbol table, scopes and logic: (reset).
func (r *Reader) resetState() {
	r.syms = make(map[string]*symbol, 256)
	r.recent = new([recentSize]*symbol)
	// the built-in operators' symbols (bit-vectors' included) in one
	// allocation, not one each: with the lexer's 64 KB buffer, the
	// reader's set-up was a sixth of reading a small CHC file (153 dev
	// files, in process; 4% now)
	syms := make([]symbol, 0, len(builtinOps)+len(bvOps))
	for _, ops := range []map[string]term.Op{builtinOps, bvOps} {
		for name, op := range ops {
			syms = append(syms, symbol{name: name, op: op})
			r.syms[name] = &syms[len(syms)-1]
		}
	}
	for _, s := range []*term.Sort{term.BoolSort, term.IntSort, term.RealSort} {
		r.intern([]byte(s.Name())).sort = &sortDef{name: s.Name(), fixed: s, builtin: true}
	}
	r.intern([]byte("Array")).sort = &sortDef{name: "Array", array: true, builtin: true}
	r.resetSortMemo()
	r.logic, r.realNumerals, r.globalDecls = "", false, false
	r.decls, r.levels = r.decls[:0], r.levels[:0]
	r.live = term.TermMap[int32]{}
}

// declare gives sym the term-level definition d in the current scope.
func (r *Reader) declare(sym *symbol, p Pos, d *def) error {
	if sym.op != term.OpInvalid {
		return r.errorf(p, "cannot declare %s: it is a built-in symbol", term.QuoteSymbol(sym.name))
	}
	if sym.def != nil {
		return r.errorf(p, "%s is already declared", term.QuoteSymbol(sym.name))
	}
	sym.def = d
	r.logDecl(sym, false)
	return nil
}

// declareSort gives sym the sort-level definition d in the current scope.
func (r *Reader) declareSort(sym *symbol, p Pos, d *sortDef) error {
	if sym.sort != nil {
		if sym.sort.builtin {
			return r.errorf(p, "cannot declare sort %s: it is a built-in sort", term.QuoteSymbol(sym.name))
		}
		return r.errorf(p, "sort %s is already declared", term.QuoteSymbol(sym.name))
	}
	sym.sort = d
	r.logDecl(sym, true)
	return nil
}

func (r *Reader) logDecl(sym *symbol, isSort bool) {
	if r.globalDecls {
		return // global declarations survive pop and reset-assertions
	}
	r.decls = append(r.decls, declEntry{sym: sym, sort: isSort})
}

// undoDecls removes the declarations logged after mark.
func (r *Reader) undoDecls(mark int) {
	for i := len(r.decls) - 1; i >= mark; i-- {
		if e := r.decls[i]; e.sort {
			e.sym.sort = nil
		} else {
			e.sym.def = e.prev
		}
		r.decls[i] = declEntry{}
	}
	r.decls = r.decls[:mark]
}

func (r *Reader) depth() int {
	n := 0
	for _, l := range r.levels {
		n += l.n
	}
	return n
}

func (r *Reader) push(n int) {
	if n > 0 {
		r.levels = append(r.levels, level{mark: len(r.decls), n: n})
	}
}

func (r *Reader) pop(p Pos, n int) error {
	if d := r.depth(); n > d {
		return r.errorf(p, "pop %d: only %d levels pushed", n, d)
	}
	for n > 0 {
		top := &r.levels[len(r.levels)-1]
		k := min(n, top.n)
		top.n -= k
		n -= k
		if top.n == 0 {
			r.undoDecls(top.mark)
			r.levels = r.levels[:len(r.levels)-1]
		}
	}
	return nil
}

// pushLocal binds sym to t inside a let, quantifier or define-fun body.
func (r *Reader) pushLocal(sym *symbol, t *term.Term, isLet bool) {
	b := binding{t: t, isLet: isLet}
	if isLet {
		r.epoch++
		b.epoch = r.epoch
	} else {
		r.live.Set(t, r.live.Get(t)+1)
	}
	sym.local = append(sym.local, b)
	r.locals = append(r.locals, sym)
}

// popLocals undoes the local bindings made after mark.
func (r *Reader) popLocals(mark int) {
	for i := len(r.locals) - 1; i >= mark; i-- {
		sym := r.locals[i]
		b := sym.local[len(sym.local)-1]
		if !b.isLet {
			r.live.Set(b.t, r.live.Get(b.t)-1)
		}
		sym.local = sym.local[:len(sym.local)-1]
		r.locals[i] = nil
	}
	r.locals = r.locals[:mark]
	if mark == 0 {
		r.live.Clear() // (its list of the terms set grows until cleared)
	}
}

// inject records that a term built outside the frames opened after the
// given epoch is used inside them (epoch 0: built outside all frames).
func (r *Reader) inject(epoch int) {
	for i := len(r.frames) - 1; i >= 0 && r.frames[i].epoch >= epoch; i-- {
		r.frames[i].injected = true
	}
}
