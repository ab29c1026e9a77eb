package smtlib

import (
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

func (r *Reader) emit(c Command) { r.pending = append(r.pending, c) }

// command reads one command. At the start the current token is the one
// before the command (or none), at the end it is the command's ')'.
func (r *Reader) command() error {
	r.next()
	switch r.tok.kind {
	case tokEOF:
		r.done = true
		return nil
	case tokLParen:
	case tokRParen:
		return r.errorf(r.tok.pos, "unexpected ): no command is open")
	default:
		return r.unexpected("( to start a command")
	}
	open := r.tok.pos
	r.next()
	if r.tok.kind != tokSymbol {
		return r.unexpected("a command name")
	}
	name := string(r.tok.text)
	namePos := r.tok.pos
	r.cmdName = name
	cmd, ok := commands[name]
	if !ok {
		if unsupportedCommands[name] {
			return r.unsupportedCommand(open, name)
		}
		return r.errorf(namePos, "unknown command %s", name)
	}
	r.next()
	return cmd(r, open)
}

type commandFunc func(r *Reader, open Pos) error

var commands map[string]commandFunc

func init() {
	commands = map[string]commandFunc{
		"set-logic":           (*Reader).setLogic,
		"set-info":            func(r *Reader, p Pos) error { return r.attribute(p, SetInfo) },
		"set-option":          func(r *Reader, p Pos) error { return r.attribute(p, SetOption) },
		"get-info":            func(r *Reader, p Pos) error { return r.getKeyword(p, GetInfo) },
		"get-option":          func(r *Reader, p Pos) error { return r.getKeyword(p, GetOption) },
		"declare-sort":        (*Reader).declareSortCmd,
		"define-sort":         (*Reader).defineSortCmd,
		"declare-fun":         func(r *Reader, p Pos) error { return r.declareFun(p, "declare-fun") },
		"declare-const":       func(r *Reader, p Pos) error { return r.declareFun(p, "declare-const") },
		"declare-rel":         func(r *Reader, p Pos) error { return r.declareFun(p, "declare-rel") },
		"declare-var":         (*Reader).declareVar,
		"define-fun":          func(r *Reader, p Pos) error { return r.defineFun(p, "define-fun") },
		"define-const":        func(r *Reader, p Pos) error { return r.defineFun(p, "define-const") },
		"assert":              (*Reader).assert,
		"rule":                (*Reader).rule,
		"query":               (*Reader).query,
		"check-sat":           func(r *Reader, p Pos) error { return r.simple(p, CheckSat) },
		"check-sat-assuming":  (*Reader).checkSatAssuming,
		"push":                func(r *Reader, p Pos) error { return r.pushPop(p, Push) },
		"pop":                 func(r *Reader, p Pos) error { return r.pushPop(p, Pop) },
		"reset":               func(r *Reader, p Pos) error { return r.simple(p, Reset) },
		"reset-assertions":    func(r *Reader, p Pos) error { return r.simple(p, ResetAssertions) },
		"get-model":           func(r *Reader, p Pos) error { return r.simple(p, GetModel) },
		"get-value":           (*Reader).getValue,
		"get-unsat-core":      func(r *Reader, p Pos) error { return r.simple(p, GetUnsatCore) },
		"get-assertions":      func(r *Reader, p Pos) error { return r.simple(p, GetAssertions) },
		"get-interpolants":    (*Reader).getInterpolants,
		"get-projection":      (*Reader).getProjection, // projection.go
		"echo":                (*Reader).echo,
		"exit":                func(r *Reader, p Pos) error { return r.simple(p, Exit) },
		"declare-datatype":    (*Reader).declareDatatypeCmd,  // Datatypes
		"declare-datatypes":   (*Reader).declareDatatypesCmd, // Datatypes
		"declare-codatatypes": unsupportedTheory(errDatatypes),
		"declare-codatatype":  unsupportedTheory(errDatatypes),
		"declare-heap":        unsupportedTheory(errHeap),
		"define-fun-rec":      unsupportedTheory(errRecursive),
		"define-funs-rec":     unsupportedTheory(errRecursive),
	}
}

// unsupportedCommands are commands of SMT-LIB or of common solvers that
// change nothing the reader tracks; they become Unsupported commands.
var unsupportedCommands = map[string]bool{
	"get-proof": true, "get-assignment": true, "get-unsat-assumptions": true,
	"block-model": true, "block-model-values": true, "get-difficulty": true,
	"get-learned-literals": true, "get-timeout-core": true, "get-interpolant": true,
	"get-abduct": true, "simplify": true, "eval": true, "display": true,
	"check-synth": true,
}

func (r *Reader) simple(p Pos, k Kind) error {
	if err := r.closeCommand(k.String()); err != nil {
		return err
	}
	switch k {
	case Reset:
		r.resetState()
	case ResetAssertions:
		r.levels = r.levels[:0]
		r.undoDecls(0)
	case Exit:
		r.done = true
	}
	r.emit(Command{Kind: k, Pos: p})
	return nil
}

func (r *Reader) unsupportedCommand(p Pos, name string) error {
	r.next()
	r.lx.record()
	for r.tok.kind != tokRParen {
		if err := r.skipSexpr(); err != nil {
			return err
		}
	}
	text := "(" + name
	if rest := r.lx.recordedThrough(); rest != ")" {
		text += " " + rest
	} else {
		text += ")"
	}
	r.emit(Command{Kind: Unsupported, Pos: p, Name: name, Text: text})
	return nil
}

// skipSexpr moves past one s-expression.
func (r *Reader) skipSexpr() error {
	depth := 0
	for {
		switch r.tok.kind {
		case tokLParen:
			depth++
		case tokRParen:
			if depth == 0 {
				return r.unexpected("an s-expression")
			}
			depth--
		case tokEOF, tokError:
			return r.unexpected("an s-expression")
		}
		r.next()
		if depth == 0 {
			return nil
		}
	}
}

func (r *Reader) setLogic(p Pos) error {
	if !r.tok.isSymbolName() {
		return r.unexpected("a logic name")
	}
	name, np := string(r.tok.text), r.tok.pos
	r.next()
	if err := r.closeCommand("set-logic"); err != nil {
		return err
	}
	if r.logic != "" {
		return r.errorf(p, "the logic is already set to %s", r.logic)
	}
	if !knownLogic(name) {
		return r.errorf(np, "unknown logic %s (SMT-LIB logics such as QF_LIA, QF_AUFLIRA, LIA, HORN or ALL)", term.QuoteSymbol(name))
	}
	r.logic, r.realNumerals = name, realNumerals(name)
	r.emit(Command{Kind: SetLogic, Pos: p, Name: name})
	return nil
}

// knownLogic reports whether name is a logic of SMT-LIB (QF_AUFLIA, LIA,
// QF_BVFP, cvc5's QF_FFDT, ...: an optional QF_, theories in SMT-LIB's order, an
// arithmetic), z3's HORN and QF_FD, or ALL. A logic of a theory the reader
// does not read is known: the error comes with the first sort or symbol of
// that theory.
func knownLogic(name string) bool {
	switch name {
	case "ALL", "QF_ALL", "HORN", "QF_FD":
		return true
	}
	body := strings.TrimPrefix(name, "QF_")
	rest := body
	for _, th := range []string{"AX", "A", "UF", "BV", "FP", "FF", "DT", "S"} {
		rest = strings.TrimPrefix(rest, th)
	}
	switch rest {
	case "":
		return body != ""
	case "IDL", "RDL", "LIA", "LRA", "LIRA", "NIA", "NRA", "NIRA":
		return true
	}
	return false
}

// realNumerals reports whether numerals denote reals in logic: whether its
// arithmetic is real only (QF_LRA, QF_RDL, QF_UFNRA, ...). HORN, the
// integer and mixed logics and all others read numerals as integers.
func realNumerals(logic string) bool {
	return strings.HasSuffix(logic, "LRA") || strings.HasSuffix(logic, "NRA") ||
		strings.HasSuffix(logic, "RDL")
}

func (r *Reader) attribute(p Pos, k Kind) error {
	if r.tok.kind != tokKeyword {
		return r.unexpected("a keyword")
	}
	kw := string(r.tok.text)
	r.next()
	value := ""
	if r.tok.kind != tokRParen {
		r.lx.record()
		if err := r.skipSexpr(); err != nil {
			return err
		}
		value = r.lx.recorded()
	}
	if err := r.closeCommand(k.String()); err != nil {
		return err
	}
	if k == SetOption && kw == ":global-declarations" {
		r.globalDecls = value == "true"
	}
	r.emit(Command{Kind: k, Pos: p, Keyword: kw, Value: value})
	return nil
}

func (r *Reader) getKeyword(p Pos, k Kind) error {
	if r.tok.kind != tokKeyword {
		return r.unexpected("a keyword")
	}
	kw := string(r.tok.text)
	r.next()
	if err := r.closeCommand(k.String()); err != nil {
		return err
	}
	r.emit(Command{Kind: k, Pos: p, Keyword: kw})
	return nil
}

func (r *Reader) echo(p Pos) error {
	if r.tok.kind != tokString {
		return r.unexpected("a string literal")
	}
	text := string(r.tok.text)
	r.next()
	if err := r.closeCommand("echo"); err != nil {
		return err
	}
	r.emit(Command{Kind: Echo, Pos: p, Text: text})
	return nil
}

func (r *Reader) pushPop(p Pos, k Kind) error {
	n := 1
	np := p
	if r.tok.kind == tokNumeral {
		np = r.tok.pos
		v, err := strconv.Atoi(string(r.tok.text))
		if err != nil || v > 1<<30 {
			return r.errorf(r.tok.pos, "%s: too many levels: %s", k, r.tok.text)
		}
		n = v
		r.next()
	}
	if err := r.closeCommand(k.String()); err != nil {
		return err
	}
	if k == Push {
		r.push(n)
	} else if err := r.pop(np, n); err != nil {
		return err
	}
	r.emit(Command{Kind: k, Pos: p, N: n})
	return nil
}

func (r *Reader) declareFun(p Pos, cmd string) error {
	sym, sp, err := r.symbolName("a function name")
	if err != nil {
		return err
	}
	var domain []*term.Sort
	rng := term.BoolSort
	if cmd != "declare-const" {
		if err := r.expect(tokLParen, "( to start the argument sorts"); err != nil {
			return err
		}
		for r.tok.kind != tokRParen {
			s, err := r.sort()
			if err != nil {
				return err
			}
			domain = append(domain, s)
		}
		r.next()
	}
	if cmd != "declare-rel" {
		if rng, err = r.sort(); err != nil {
			return err
		}
	}
	if err := r.closeCommand(cmd); err != nil {
		return err
	}
	f := r.st.Func(sym.name, domain, rng)
	d := &def{kind: defFunc, fn: f}
	if len(domain) == 0 {
		d.t = r.st.ConstOf(f)
	}
	if err := r.declare(sym, sp, d); err != nil {
		return err
	}
	r.emit(Command{Kind: DeclareFun, Pos: p, Func: f})
	return nil
}

// declareVar reads z3's (declare-var x S): x is a variable that rules and
// queries quantify universally.
func (r *Reader) declareVar(p Pos) error {
	sym, sp, err := r.symbolName("a variable name")
	if err != nil {
		return err
	}
	s, err := r.sort()
	if err != nil {
		return err
	}
	if err := r.closeCommand("declare-var"); err != nil {
		return err
	}
	r.nvars++
	return r.declare(sym, sp, &def{kind: defVar, t: r.st.BoundVar(sym.name, s), index: r.nvars})
}

func (r *Reader) defineFun(p Pos, cmd string) error {
	sym, sp, err := r.symbolName("a function name")
	if err != nil {
		return err
	}
	mark := len(r.locals)
	r.frames = append(r.frames, frame{epoch: r.epoch})
	var params []*term.Term
	var psyms []*symbol
	if cmd == "define-fun" {
		if err := r.expect(tokLParen, "( to start the parameters"); err != nil {
			return err
		}
		r.nlists++
		for r.tok.kind != tokRParen {
			v, vsym, err := r.sortedVar(cmd)
			if err != nil {
				return err
			}
			params = append(params, v)
			psyms = append(psyms, vsym)
		}
		r.next()
		// Parameters are visible in the body only, not in the range sort.
	}
	rng, err := r.sort()
	if err != nil {
		return err
	}
	for i, v := range params {
		r.pushLocal(psyms[i], v, false)
	}
	bodyPos := r.tok.pos
	body, err := r.term()
	if err != nil {
		return err
	}
	fr := r.frames[len(r.frames)-1]
	r.frames = r.frames[:len(r.frames)-1]
	r.popLocals(mark)
	if err := r.closeCommand(cmd); err != nil {
		return err
	}
	if body.Sort() != rng {
		if rng.IsReal() && body.Sort().IsInt() {
			body, _ = r.st.Build(term.OpToReal, body)
		} else {
			return r.errorf(bodyPos, "%s %s: body has sort %v, expected %v", cmd, term.QuoteSymbol(sym.name), body.Sort(), rng)
		}
	}
	for _, v := range freeVars(body) {
		if !containsTerm(params, v) {
			return r.errorf(bodyPos, "%s %s: the body uses %s, a variable of declare-var", cmd, term.QuoteSymbol(sym.name), term.QuoteSymbol(v.Name()))
		}
	}
	if fr.injected {
		if params, body, err = r.hygienic(params, body); err != nil {
			return r.errorf(bodyPos, "%v", err)
		}
	}
	d := &def{kind: defTerm, t: body}
	if len(params) > 0 {
		d = &def{kind: defMacro, t: body, params: params}
	}
	if err := r.declare(sym, sp, d); err != nil {
		return err
	}
	r.emit(Command{Kind: DefineFun, Pos: p, Name: sym.name, Terms: params, Sort: rng, Term: body})
	return nil
}

func (r *Reader) assert(p Pos) error {
	tp := r.tok.pos
	t, name, err := r.termNamed(false)
	if err != nil {
		return err
	}
	if err := r.closeCommand("assert"); err != nil {
		return err
	}
	if err := r.closedFormula(tp, "assert", t); err != nil {
		return err
	}
	r.emit(Command{Kind: Assert, Pos: p, Term: t, Name: name})
	return nil
}

// closedFormula checks that t is Boolean and has no free variables (of
// declare-var).
func (r *Reader) closedFormula(p Pos, cmd string, t *term.Term) error {
	if !t.Sort().IsBool() {
		return r.errorf(p, "%s: term has sort %v, expected Bool", cmd, t.Sort())
	}
	return r.closed(p, cmd, t)
}

func (r *Reader) closed(p Pos, cmd string, t *term.Term) error {
	if t.HasBound() {
		v := freeVars(t)[0]
		return r.errorf(p, "%s: %s is a variable of declare-var: it may occur only in rule and query", cmd, term.QuoteSymbol(v.Name()))
	}
	return nil
}

// rule reads z3's (rule t) and (rule t name): the universal closure of t
// over its declare-var variables. The rule name, like a :named at the top
// of t, is not defined as a symbol.
func (r *Reader) rule(p Pos) error {
	tp := r.tok.pos
	t, _, err := r.termNamed(true)
	if err != nil {
		return err
	}
	if r.tok.isSymbolName() {
		r.next() // the rule name
	}
	if err := r.closeCommand("rule"); err != nil {
		return err
	}
	if !t.Sort().IsBool() {
		return r.errorf(tp, "rule: term has sort %v, expected Bool", t.Sort())
	}
	t, err = r.closure(t)
	if err != nil {
		return r.errorf(tp, "rule: %v", err)
	}
	r.emit(Command{Kind: Assert, Pos: p, Term: t})
	return nil
}

// query reads z3's (query q): q is unreachable iff the clauses with
// (forall (vs) (=> q false)) are satisfiable; z3 answers sat when q is
// reachable, hence the Query mark on the CheckSat. A relation symbol R of
// arity n > 0 as q stands for (R x1 ... xn).
func (r *Reader) query(p Pos) error {
	tp := r.tok.pos
	var q *term.Term
	var vars []*term.Term
	if sym := r.lookup(r.tok.text); r.tok.isSymbolName() && sym != nil && len(sym.local) == 0 &&
		sym.def != nil && sym.def.kind == defFunc && sym.def.fn.Arity() > 0 && sym.def.fn.Range().IsBool() {
		f := sym.def.fn
		vars = make([]*term.Term, f.Arity())
		for i, s := range f.Domain() {
			vars[i] = r.freshVar("q", s)
		}
		var err error
		if q, err = r.st.App(f, vars...); err != nil {
			return r.errorf(tp, "%v", err)
		}
		r.next()
	} else {
		var err error
		if q, _, err = r.termNamed(true); err != nil {
			return err
		}
	}
	for r.tok.kind == tokKeyword { // z3's query options
		r.next()
		if r.tok.kind != tokKeyword && r.tok.kind != tokRParen {
			if err := r.skipSexpr(); err != nil {
				return err
			}
		}
	}
	if err := r.closeCommand("query"); err != nil {
		return err
	}
	if !q.Sort().IsBool() {
		return r.errorf(tp, "query: term has sort %v, expected Bool", q.Sort())
	}
	t, err := r.st.Build(term.OpImplies, q, r.st.False())
	if err == nil && vars != nil {
		t, err = r.st.Quantifier(term.OpForall, vars, t)
	} else if err == nil {
		t, err = r.closure(t)
	}
	if err != nil {
		return r.errorf(tp, "query: %v", err)
	}
	r.emit(Command{Kind: Assert, Pos: p, Term: t, Query: true})
	r.emit(Command{Kind: CheckSat, Pos: p, Query: true})
	return nil
}

func (r *Reader) checkSatAssuming(p Pos) error {
	if err := r.expect(tokLParen, "( to start the assumptions"); err != nil {
		return err
	}
	var ts []*term.Term
	for r.tok.kind != tokRParen {
		tp := r.tok.pos
		t, err := r.term()
		if err != nil {
			return err
		}
		if err := r.closedFormula(tp, "check-sat-assuming", t); err != nil {
			return err
		}
		ts = append(ts, t)
	}
	r.next()
	if err := r.closeCommand("check-sat-assuming"); err != nil {
		return err
	}
	r.emit(Command{Kind: CheckSatAssuming, Pos: p, Terms: ts})
	return nil
}

func (r *Reader) getValue(p Pos) error {
	if err := r.expect(tokLParen, "( to start the terms"); err != nil {
		return err
	}
	var ts []*term.Term
	var names []string
	for r.tok.kind != tokRParen {
		tp := r.tok.pos
		r.lx.record()
		t, err := r.term()
		if err != nil {
			return err
		}
		if err := r.closed(tp, "get-value", t); err != nil {
			return err
		}
		ts = append(ts, t)
		names = append(names, r.lx.recorded())
	}
	if len(ts) == 0 {
		return r.errorf(r.tok.pos, "get-value: expected at least one term")
	}
	r.next()
	if err := r.closeCommand("get-value"); err != nil {
		return err
	}
	r.emit(Command{Kind: GetValue, Pos: p, Terms: ts, Names: names})
	return nil
}

// getInterpolants reads SMTInterpol's (get-interpolants P1 ... Pn): each
// partition is a :named name or (and name ...), listed in post-order; a
// sequence is a chain (each partition the child of the next), and a
// parenthesised group is a subtree whose last partition is the child of
// the next partition after the group at the outer level.
func (r *Reader) getInterpolants(p Pos) error {
	var c Command
	c.Kind, c.Pos = GetInterpolants, p
	root, err := r.interpolantLevel(&c)
	if err != nil {
		return err
	}
	if len(c.Parts) < 2 {
		return r.errorf(p, "get-interpolants needs two partitions or more")
	}
	c.Parents[root] = -1
	if err := r.closeCommand("get-interpolants"); err != nil {
		return err
	}
	r.emit(c)
	return nil
}

// interpolantLevel reads partitions and groups up to the ')' that closes
// the level (not consumed at the top) and returns the level's last
// partition, whose parent the caller sets.
func (r *Reader) interpolantLevel(c *Command) (int, error) {
	var pending []int // partitions waiting for the next partition of this level
	last := -1
	for r.tok.kind != tokRParen {
		if r.tok.kind == tokLParen {
			r.next()
			if r.tok.kind == tokSymbol && string(r.tok.text) == "and" {
				r.next()
				var names []string
				for r.tok.kind != tokRParen {
					sym, _, err := r.symbolName("the name of an assertion")
					if err != nil {
						return 0, err
					}
					names = append(names, sym.name)
				}
				if len(names) == 0 {
					return 0, r.unexpected("the name of an assertion")
				}
				r.next()
				last = r.addPart(c, names, pending)
				pending = []int{last}
				continue
			}
			sub, err := r.interpolantLevel(c)
			if err != nil {
				return 0, err
			}
			r.next()
			pending = append(pending, sub)
			last = -1
			continue
		}
		sym, _, err := r.symbolName("the name of an assertion, (and ...) or a subtree")
		if err != nil {
			return 0, err
		}
		last = r.addPart(c, []string{sym.name}, pending)
		pending = []int{last}
	}
	if last < 0 {
		return 0, r.unexpected("a partition to end the subtree")
	}
	return last, nil
}

func (r *Reader) addPart(c *Command, names []string, children []int) int {
	n := len(c.Parts)
	c.Parts = append(c.Parts, names)
	c.Parents = append(c.Parents, -1)
	for _, ch := range children {
		c.Parents[ch] = n
	}
	return n
}
