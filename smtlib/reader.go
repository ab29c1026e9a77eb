package smtlib

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// A Reader reads the commands of an SMT-LIB script one at a time, keeping
// the symbol table, the push/pop scopes and the logic between commands.
// Terms go into the Store given to NewReader.
type Reader struct {
	lx  *lexer
	tok token // the current token; see the note on token.text
	st  *term.Store

	syms map[string]*symbol
	// recent caches syms by a hash of the name, one symbol a slot: the
	// names of a script recur (variables, sorts, operators), and a hit
	// costs a short hash and a comparison rather than a map access
	recent       *[recentSize]*symbol
	sortMemo     sortMemo // compound sorts of built-in symbols by their text
	logic        string
	realNumerals bool // numerals are Real (Real-only logics)
	globalDecls  bool // :global-declarations

	decls  []declEntry // undo log of declarations
	nvars  int         // declare-var count, for the order of closures
	levels []level     // push levels, innermost last

	// Bindings of let, quantifiers and define-fun parameters.
	locals []*symbol           // undo log: the symbols whose local stack grew
	live   term.TermMap[int32] // the bound variables bound, with their number of bindings
	frames []frame
	epoch  int
	nfresh int
	nlists int // variable lists read, to find a name bound twice in one

	args  []*term.Term // scratch stack for arguments
	binds []letBinding // scratch stack for let bindings
	qsyms []*symbol    // scratch stack for the symbols a quantifier binds

	tuples map[int]*sortDef // cvc5's tuple sorts by their number of fields

	pending []Command
	cmdName string // the name of the command being read, for Error.Command
	done    bool   // exit seen or end of input
	broken  error  // after an internal error the reader is unusable
}

// A level is a run of n push levels opened when the undo log had mark
// entries; (push 1000000) is one level of n = 1000000.
type level struct{ mark, n int }

// A symbol is everything a name stands for: term-level bindings (lets,
// bound variables, parameters) innermost last, the declaration or
// definition in scope, the sort declared or defined under the name, and
// the built-in operator of that name.
type symbol struct {
	name  string
	local []binding
	def   *def
	sort  *sortDef
	op    term.Op    // built-in function symbol; OpTrue/OpFalse for the constants
	list  int        // the variable list being read that binds the symbol
	bound *term.Term // the bound variable of the name last made (of its sort)
}

// A declEntry undoes a declaration: of the sort of sym, or of its term-level
// definition.
type declEntry struct {
	sym  *symbol
	sort bool
	prev *def // what an overloading declaration replaced
}

type binding struct {
	t     *term.Term
	epoch int  // let bindings: when the binding was made
	isLet bool // a let binding, as opposed to a bound variable
}

type defKind uint8

const (
	defFunc     defKind = iota + 1 // declare-fun, declare-const, declare-rel
	defTerm                        // define-fun without parameters, :named
	defMacro                       // define-fun with parameters
	defVar                         // declare-var
	defPar                         // a constructor or selector of a parametric datatype
	defOverload                    // datatype symbols of one name in several datatypes (fns)
)

type def struct {
	kind   defKind
	fn     *term.Func
	t      *term.Term   // defFunc of arity 0: the constant; defTerm: the value; defMacro: the body; defVar: the variable
	params []*term.Term // defMacro
	index  int          // defVar: declaration order
	// defPar: the group, the datatype in it, the constructor, and the
	// selector's field (-1 for the constructor)
	par                 *parGroup
	member, ctor, field int
	alts                []*def // defOverload: defFunc and defPar, in declaration order
}

// A frame is a quantifier or a define-fun whose body is being read. It
// records whether the body used a term built outside the frame (a let
// variable bound outside, a named term, a define-fun), which is how a
// bound variable could meet another symbol of its name (see hygiene.go).
type frame struct {
	epoch    int
	injected bool
}

type letBinding struct {
	sym *symbol
	t   *term.Term
}

// NewReader returns a Reader of the named input (the name is used in
// positions) that builds terms in st. When r tells its size, st makes
// room for its terms first (see reserveFor).
func NewReader(name string, r io.Reader, st *term.Store) *Reader {
	n := inputSize(r)
	reserveFor(st, n)
	rd := &Reader{lx: newLexer(name, r, n), st: st}
	rd.resetState()
	return rd
}

// Continue makes r read its next commands from src, named name in
// positions, keeping its declarations, scopes and options: a console
// that receives a script in pieces (script.Session.Exec) reads each piece
// with the same Reader. Commands of the last input not yet returned come
// first. A Reader after an internal error stays unusable (Broken).
func (r *Reader) Continue(name string, src io.Reader) {
	r.lx = newLexer(name, src, inputSize(src))
	r.tok = token{}
	r.done = false
}

// Broken reports whether r met an internal error: Next returns it again
// and reads no further.
func (r *Reader) Broken() bool { return r.broken != nil }

// Parse reads a whole script. It stops at the first error, returning the
// commands read before it together with the error, an *Error. Reading
// stops at (exit): what follows is not read.
func Parse(name string, r io.Reader, st *term.Store) (*Script, error) {
	rd := NewReader(name, r, st)
	s := &Script{}
	for {
		c, err := rd.Next()
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return s, err
		}
		if c.Kind == SetLogic && s.Logic == "" {
			s.Logic = c.Name
		}
		s.Commands = appendCommand(s.Commands, c)
	}
}

// reserveFor makes room in st for the terms of an input of n bytes (see
// inputSize; negative: unknown), so that the store's tables do not grow
// step by step while the script is read and its clauses preprocessed:
// about one term per 5 bytes of input (CHC-COMP's files, read and
// preprocessed), at most 2^20 terms.
func reserveFor(st *term.Store, n int) {
	if n > 0 {
		st.Reserve(min(n/5, 1<<20))
	}
}

// inputSize is the number of bytes left in r when r tells it (a string
// or byte reader, a file, or a reader with a Len method), else -1. A
// wrapper of a file (the CLI's reader) tells the file's size by a Stat
// method of its own.
func inputSize(r io.Reader) int {
	switch r := r.(type) {
	case interface{ Len() int }:
		return r.Len()
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := r.Stat(); err == nil && fi.Mode().IsRegular() {
			return int(min(fi.Size(), 1<<30))
		}
	}
	return -1
}

// appendCommand appends c to cs, doubling the capacity when it is full:
// append grows a large slice by a quarter at a time, which copies a long
// script's commands about five times over, doubling twice.
func appendCommand(cs []Command, c Command) []Command {
	if len(cs) == cap(cs) {
		cs = slices.Grow(cs, max(len(cs), 16))
	}
	return append(cs, c)
}

// Logic is the logic set by the last set-logic, "" if none.
func (r *Reader) Logic() string { return r.logic }

// Next returns the next command, or io.EOF after (exit) or at the end of
// the input. A command with an error has no effect, except for names
// defined with :named before the error; the next call of Next continues
// after that command. Commands the reader expands (z3's query) give
// several commands; z3's declare-var gives none.
func (r *Reader) Next() (c Command, err error) {
	if r.broken != nil {
		return Command{}, r.broken
	}
	defer func() {
		// A last-resort safety net: a panic here is a bug in this package
		// or in term, reported as an error rather than a crash.
		if p := recover(); p != nil {
			r.broken = &Error{Pos: r.tok.pos, Msg: fmt.Sprintf("internal error: %v", p)}
			c, err = Command{}, r.broken
		}
	}()
	for len(r.pending) == 0 {
		if r.done {
			return Command{}, io.EOF
		}
		r.cmdName = ""
		if err := r.command(); err != nil {
			r.recover()
			if e, ok := err.(*Error); ok && e.Command == "" {
				e.Command = r.cmdName
			}
			return Command{}, err
		}
	}
	c = r.pending[0]
	r.pending[0] = Command{}
	if len(r.pending) == 1 {
		// empty: start over at the front, so that the next command
		// reuses the array instead of appending past its end
		r.pending = r.pending[:0]
	} else {
		r.pending = r.pending[1:]
	}
	return c, nil
}

// recover undoes the bindings of the failed command and skips to its end.
func (r *Reader) recover() {
	r.popLocals(0)
	r.frames = r.frames[:0]
	r.args = r.args[:0]
	r.binds = r.binds[:0]
	r.lx.rec = -1
	for r.lx.depth() > 0 && !r.atEnd() {
		r.next()
	}
	if r.atEnd() {
		r.done = true
	}
}

// atEnd reports whether the input is exhausted (or failed).
func (r *Reader) atEnd() bool {
	return r.tok.kind == tokEOF || r.lx.eof && r.lx.r == r.lx.w
}

func (r *Reader) next() { r.lx.nextInto(&r.tok) }

func (r *Reader) errorf(p Pos, format string, args ...any) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// unexpected reports the current token where something else was expected.
// A ( on a later line where a form's ) was expected is most likely the
// next form after an unclosed one: the error is then at the unclosed (.
func (r *Reader) unexpected(what string) *Error {
	t := &r.tok
	if n := r.lx.depth(); t.kind == tokLParen && n >= 2 && strings.HasPrefix(what, ")") {
		if open := r.lx.opens[n-2]; open.Line < t.pos.Line {
			return r.errorf(open, "this ( is not closed: expected %s before the ( at %d:%d", what, t.pos.Line, t.pos.Col)
		}
	}
	switch t.kind {
	case tokError:
		return r.errorf(t.pos, "%s", t.text)
	case tokEOF:
		if n := r.lx.depth(); n > 0 {
			return r.errorf(r.lx.opens[n-1], "unclosed parenthesis: the input ends before its )")
		}
		return r.errorf(t.pos, "unexpected end of input, expected %s", what)
	case tokSymbol, tokNumeral, tokDecimal, tokKeyword, tokHex, tokBinary:
		return r.errorf(t.pos, "unexpected %s %s, expected %s", tokNames[t.kind], t.text, what)
	case tokQuoted:
		return r.errorf(t.pos, "unexpected symbol %s, expected %s", term.QuoteSymbol(string(t.text)), what)
	}
	return r.errorf(t.pos, "unexpected %s, expected %s", tokNames[t.kind], what)
}

// expect checks that the current token is k and moves past it.
func (r *Reader) expect(k tokKind, what string) error {
	if r.tok.kind != k {
		return r.unexpected(what)
	}
	r.next()
	return nil
}

// closeCommand checks that the current token is the ')' ending the command.
// It does not read further: an interactive user gets the answer first.
func (r *Reader) closeCommand(name string) error {
	if r.tok.kind != tokRParen {
		return r.unexpected(") to end " + name)
	}
	return nil
}

// symbolName checks that the current token is a symbol, returns it and
// moves past it.
func (r *Reader) symbolName(what string) (*symbol, Pos, error) {
	if !r.tok.isSymbolName() {
		return nil, r.tok.pos, r.unexpected(what)
	}
	if r.tok.kind == tokSymbol && isReserved(r.tok.text) {
		return nil, r.tok.pos, r.errorf(r.tok.pos, "%s is a reserved word, expected %s", r.tok.text, what)
	}
	sym, p := r.intern(r.tok.text), r.tok.pos
	r.next()
	return sym, p, nil
}

func isReserved(b []byte) bool {
	switch string(b) {
	case "!", "_", "as", "let", "forall", "exists", "match", "par",
		"BINARY", "DECIMAL", "HEXADECIMAL", "NUMERAL", "STRING":
		return true
	}
	return false
}

// intern returns the symbol for name, creating it.
func (r *Reader) intern(name []byte) *symbol {
	if s := r.lookup(name); s != nil {
		return s
	}
	s := &symbol{name: string(name)}
	r.syms[s.name] = s
	r.recent[symSlot(name)] = s
	return s
}

// lookup returns the symbol for name, or nil.
func (r *Reader) lookup(name []byte) *symbol {
	slot := symSlot(name)
	if s := r.recent[slot]; s != nil && s.name == string(name) {
		return s
	}
	s := r.syms[string(name)]
	if s != nil {
		r.recent[slot] = s
	}
	return s
}

// recentSize is the number of slots of Reader.recent, a power of two.
const recentSize = 1 << 9

// symSlot is the slot of name in Reader.recent: FNV-1a of its bytes.
func symSlot(name []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range name {
		h = (h ^ uint32(c)) * 16777619
	}
	return (h ^ h>>16) & (recentSize - 1)
}
