// Package smtlib reads and writes SMT-LIB 2.6 scripts: the QF_* logics
// over Booleans, integers, reals, arrays and uninterpreted functions,
// HORN scripts, and z3's fixedpoint commands (declare-rel, declare-var,
// rule, query).
//
// # Reading
//
// Parse reads a whole script; a Reader gives the commands one at a time,
// reading no further than the ')' that ends each, so an interactive
// session is answered command by command. Terms are built in a term.Store
// with its checked constructors (Build, App, ConstArray, Quantifier), so
// ill-sorted input is an error, never a panic. Every error is an *Error
// "file:line:col: message"; columns count bytes. Sort errors point at the
// '(' of the offending application, unknown symbols at the symbol.
//
// The lexer (lexer.go) scans its own buffer over an io.Reader and tracks
// line and column per byte. A token's text points into that buffer, valid
// until the next token: the parser turns names into *symbol entries or
// strings before moving on. Recording marks let the reader keep the source
// text of attribute values, get-value terms and unsupported commands.
//
// The parser is recursive descent, one function per construct (terms.go,
// sorts.go, and one method per command in commands.go). Recursion follows
// the nesting of parentheses, which the lexer bounds (maxDepth), so deep
// input is an error rather than a stack overflow.
//
// Names resolve through one table, map[string]*symbol, looked up without
// allocating, behind a cache of one symbol per slot of a hash of the name
// (Reader.recent). A compound sort written with the built-in sort symbols
// alone is read once per distinct text of a reset's scope (sortMemo): the
// lexer skips a text seen before as one group. A symbol holds, innermost first: its let and bound-variable
// bindings (a stack), its declaration or definition, and its built-in
// operator; and separately the sort it names. Declarations never shadow one
// another (a duplicate is an error), so scoping by push/pop is an undo log
// of declarations with a mark per level; (set-option :global-declarations
// true) keeps later declarations out of the log, and reset rebuilds the
// table. Let bindings are the terms already built, so deep lets cost
// nothing to expand.
//
// set-logic accepts the logics of SMT-LIB (QF_LIA, AUFLIRA, QF_BV, ...),
// cvc5's with finite fields (QF_FFDT), z3's HORN and QF_FD, and ALL;
// another name is an error. A theory the reader does not read (floating
// point, strings, sequences, codatatypes, finite fields, sets, bags and
// relations, transcendental functions, Eldarica's heap, recursive
// definitions) is one error at its first sign (a sort, a literal, an
// indexed identifier, a symbol, a command) that names the theory
// (unsupported.go); the README's list of supported input quotes these
// messages. Bit-vectors (bv.go) are read in every logic, HORN included.
//
// The reader normalizes as term's doc describes: comparison chains become
// conjunctions, => nests to the right, / and div to the left; numerals are
// Real in logics whose arithmetic is real only (names ending in LRA, NRA,
// RDL) and Int elsewhere (HORN included), decimals always Real, and
// Build coerces Int to Real where needed. define-fun and define-sort are
// macros expanded at use: no term mentions a defined symbol, but the
// commands remain in the script. (! t :named n) defines n as t.
//
// z3's fixedpoint format: declare-rel is a declare-fun into Bool;
// declare-var declares a variable (a bound variable of the store) and
// emits no command; (rule t) is the assertion of t closed universally over
// its declare-var variables; (query q) is the assertion of (forall (vs)
// (=> q false)) followed by a CheckSat marked Query, which z3 answers sat
// when q is reachable, the opposite of the HORN reading.
//
// # Bound variables
//
// A bound variable is a term named by its symbol and sort, so the reader
// keeps terms unambiguous (hygiene.go): no quantifier binds a variable
// already bound around it, and under a binder of x no other symbol is named
// x. Where the input would break either rule (a let value or a definition
// used under a binder of one of its names, or a binder named like an
// operator), the bound variable gets a fresh name x!k. Then term.Fprint
// prints every term faithfully, and reading the printed script gives back
// the same terms.
//
// # Datatypes
//
// declare-datatypes reads the whole declaration first (the field sorts
// name the datatypes being declared as parameters of a sort expression),
// then declares the group in the store (term.Store.DeclareDatatypes; a
// store that has the same group already keeps it) and the constructors
// and selectors as functions. Testers are not symbols: (_ is C) is read
// as an indexed head and z3's is-C when the name is otherwise unknown;
// testers print as is-C (z3 4.8 reads no (_ is C) under HORN), or as
// (_ is C) when a function is named is-C.
// match becomes a chain of ite over testers, with the pattern variables
// bound to selector terms like let variables. A constructor or selector
// name declared again in another datatype, plain or parametric, is
// overloaded (as cvc5 and z3 allow; a defOverload symbol): the one
// alternative the arguments' sorts, or (as C S), fit is applied, and the
// printer qualifies such constructors.
//
// Parametric datatypes (par, parametric.go) are instantiated as they are
// used: the sort (List Int) becomes a datatype of the store, named List
// with the parameter Int (term.Store.DeclareDatatypeInstances), made
// together with the instances its fields need. A template's constructor
// or selector finds its instance from its arguments' sorts or from
// (as C S); a nullary constructor needs the as. The template's
// declaration is kept (term.Template) and printed with its first
// instance, so scripts over instances are written and read again.
// cvc5's tuples are instances of built-in templates (tuples.go), one per
// number of fields.
//
// # Writing
//
// WriteScript prints commands one per line, terms with term.Fprint, which
// names shared subterms with let. Definitions print as they were read,
// over expanded terms; rules and queries print as the assertions and
// check-sat they became.
//
// # Files
//
//	command.go   Pos, Error, Kind, Command, Script
//	lexer.go     tokens over a refilled buffer; positions; recording
//	reader.go    Reader, Parse, Next, error recovery, the symbol table
//	scope.go     built-ins, declarations and push/pop, local bindings
//	commands.go  one method per command
//	terms.go     terms: applications, let, quantifiers, annotations, as
//	sorts.go     sorts, declare-sort, define-sort; the memo of sort texts
//	unsupported.go  the errors for theories the reader does not read
//	datatypes.go declare-datatypes (2.6 and z3's older form),
//	             declare-datatype, testers ((_ is C) and is-C), match
//	parametric.go  parametric datatypes (par): templates, instances
//	tuples.go    cvc5's tuples (Tuple, tuple, tuple.select/update/project)
//	             and datatype updates ((_ update s) t v)
//	bv.go        bit-vector sorts, literals, indexed operators, symbols
//	hygiene.go   bound-variable naming, define-fun expansion, rule closure
//	write.go     WriteScript, WriteCommand
//	projection.go  reading get-projection
//
// # Naming
//
//	r       *Reader
//	lx      *lexer
//	tok     the current token
//	st      *term.Store
//	sym     *symbol, an entry of the symbol table
//	d       *def (a term-level definition) or *sortDef
//	t, u    *term.Term
//	v, w    bound variables
//	s       *term.Sort (or the Script, in Parse and WriteScript)
//	c       Command
//	p, open positions: of a token, of an application's '('
//	base    the start of a frame on the r.args stack
//	mark    a length of an undo log (r.locals, r.decls) to return to
package smtlib
