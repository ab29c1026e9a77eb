package chc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Read parses an SMT-LIB HORN script, or a script in z3's fixedpoint format
// (declare-rel, rule, query), into a System. Every error is an
// *smtlib.Error "file:line:col: message".
func Read(name string, r io.Reader, st *term.Store) (*System, *smtlib.Script, error) {
	script, err := smtlib.Parse(name, r, st)
	if err != nil {
		return nil, nil, err
	}
	s, err := FromScript(st, script)
	return s, script, err
}

// FromScript builds the System of a parsed script: declared Boolean
// functions are predicates, assertions are read as conjunctions of Horn
// clauses (see ScriptReader), and at most one (query ...) of z3's fixedpoint
// format is the query. Commands that do not change the clauses
// (check-sat, get-model, get-proof, echo, ...) are ignored. Input outside
// the fragment is an *smtlib.Error naming the command.
func FromScript(st *term.Store, script *smtlib.Script) (*System, error) {
	return fromScript(NewBudget(context.Background()), st, script, false)
}

func fromScript(poll *Budget, st *term.Store, script *smtlib.Script, relaxed bool) (*System, error) {
	b := NewScriptReader(st)
	b.SetRelaxed(relaxed)
	queries := 0
	for i := range script.Commands {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		c := &script.Commands[i]
		if c.Kind == smtlib.CheckSat && c.Query {
			if queries++; queries > 1 {
				return nil, &smtlib.Error{Pos: c.Pos, Msg: "more than one query: a system has one (query ...); the command line answers each in turn"}
			}
		}
		if err := b.Add(c); err != nil {
			return nil, err
		}
	}
	return b.System(), nil
}

// A ScriptReader reads the commands of a HORN script (or of z3's fixedpoint
// format) one at a time and gives, at any point, the System of the clauses
// in force: what a check-sat there decides. Declared functions into Bool
// are predicates; each assertion is put in clausal form (clausal.go: the
// quantifiers opened, negations pushed to the atoms, disjunctions
// distributed) and each clause must then have at most one positive
// predicate atom. push, pop, reset and reset-assertions scope the
// predicates and clauses; the clauses of a (query ...) stay in force until
// the next query replaces them.
//
// A declared constant or function into another sort is outside CHC: it is
// an error where a clause uses it (naming the symbol and its declaration),
// and harmless otherwise.
type ScriptReader struct {
	rd    reader
	rules []*Clause
	query []*Clause // the clauses of the last (query ...)
	marks []builderMark
	// skipped are the assertions left out (System.Skipped)
	skipped []string
	relaxed bool // SetRelaxed
}

// A builderMark records what a push (of n levels) returns to.
type builderMark struct {
	preds, rules, skipped int
	query                 []*Clause
	n                     int
}

// NewScriptReader returns a ScriptReader of systems over st, the store
// the script's terms are in.
func NewScriptReader(st *term.Store) *ScriptReader {
	b := &ScriptReader{}
	b.reset(st)
	return b
}

// SetRelaxed sets the clause form of the clauses read from now on: with
// on, the relaxed form of preprocessing (see System.Relaxed: a variable
// two atoms of a clause share stays shared, without a copy x' = x in
// the constraint), and the systems System gives are Relaxed; the strict
// form (every argument of a clause a distinct variable) is the default.
// A caller that preprocesses (pipeline.Solve does, unless told not to)
// reads faster in the relaxed form, and preprocessing starts from it.
func (b *ScriptReader) SetRelaxed(on bool) {
	b.relaxed = on
	b.rd.relaxed = on
}

func (b *ScriptReader) reset(st *term.Store) {
	b.rd = reader{sys: &System{St: st}, outside: map[*term.Func]smtlib.Pos{}, relaxed: b.relaxed}
	b.rd.cl = newClausifier(&b.rd)
	b.rules, b.query, b.marks, b.skipped = nil, nil, nil, nil
}

// Add reads one command. A declaration of a predicate, an assertion, push,
// pop and the resets change the clauses in force; the other commands have
// no effect here. An assertion that is not a conjunction of Horn clauses,
// a predicate over an unsupported sort, and declare-sort are errors
// (*smtlib.Error), after which the clauses are as they were; an assertion
// with a quantifier inside a constraint is left out and listed in
// System.Skipped (unsat answers hold without it, sat ones do not).
func (b *ScriptReader) Add(c *smtlib.Command) error {
	rd := &b.rd
	rd.pos = c.Pos
	switch c.Kind {
	case smtlib.DeclareFun:
		return rd.declare(c.Func)
	case smtlib.DeclareSort:
		return rd.errorf("declare-sort is not supported in a HORN script: predicates range over Bool, Int, Real, bit-vectors and arrays of them")
	case smtlib.Assert:
		cls, err := rd.assertion(c.Term)
		var e *smtlib.Error
		if errors.As(err, &e) && e.Msg == quantifiedConstraint && !c.Query {
			// outside CHC, but leaving it out keeps unsat answers
			// sound: skipped, and a sat answer becomes unknown
			b.skipped = append(b.skipped, e.Error())
			return nil
		}
		if err != nil {
			return err
		}
		if c.Query {
			b.query = cls
		} else {
			b.rules = append(b.rules, cls...)
		}
	case smtlib.Push:
		b.marks = append(b.marks, builderMark{len(rd.sys.Preds), len(b.rules), len(b.skipped), b.query, c.N})
	case smtlib.Pop:
		for n := c.N; n > 0 && len(b.marks) > 0; {
			m := &b.marks[len(b.marks)-1]
			k := min(n, m.n)
			m.n, n = m.n-k, n-k
			if m.n == 0 {
				b.popTo(*m)
				b.marks = b.marks[:len(b.marks)-1]
			}
		}
	case smtlib.Reset:
		b.reset(rd.sys.St)
	case smtlib.ResetAssertions:
		b.rules, b.query, b.marks, b.skipped = nil, nil, nil, nil
	}
	return nil
}

func (b *ScriptReader) popTo(m builderMark) {
	rd := &b.rd
	for _, p := range rd.sys.Preds[m.preds:] {
		rd.preds[p.Func.ID()] = nil
	}
	rd.sys.Preds = rd.sys.Preds[:m.preds:m.preds]
	b.rules = b.rules[:m.rules:m.rules]
	b.skipped = b.skipped[:m.skipped:m.skipped]
	b.query = m.query
}

// System is the system of the predicates and clauses in force. It shares
// predicates and clauses with the ScriptReader, which never changes them, and
// is in the fixedpoint format while a (query ...) is in force.
func (b *ScriptReader) System() *System {
	rd := &b.rd
	s := &System{
		St:               rd.sys.St,
		Preds:            slices.Clip(slices.Clone(rd.sys.Preds)),
		Clauses:          append(slices.Clone(b.rules), b.query...),
		FixedpointFormat: b.query != nil,
		Skipped:          slices.Clone(b.skipped),
		Relaxed:          b.relaxed,
	}
	markNormal(s) // the reader's clauses are in normal form
	return s
}

// IsHornScript reports whether a script is a CHC problem: its logic is
// HORN, it is in z3's fixedpoint format (it has a query), or, as z3
// recognises Horn clauses without (set-logic HORN), it sets no
// quantifier-free logic and asserts a quantified formula over a declared
// predicate (a function into Bool).
func IsHornScript(s *smtlib.Script) bool {
	if s.Logic == "HORN" {
		return true
	}
	preds := map[*term.Func]bool{}
	quantified := []*term.Term{}
	for i := range s.Commands {
		c := &s.Commands[i]
		switch {
		case c.Kind == smtlib.CheckSat && c.Query:
			return true
		case c.Kind == smtlib.DeclareFun && c.Func.Range().IsBool():
			preds[c.Func] = true
		case c.Kind == smtlib.Assert && c.Term.HasQuantifier():
			quantified = append(quantified, c.Term)
		}
	}
	if strings.HasPrefix(s.Logic, "QF_") || len(preds) == 0 {
		return false
	}
	for _, t := range quantified {
		for u := range term.PostOrder(t) {
			if (u.Op() == term.OpApply || u.Op() == term.OpConst) && preds[u.Func()] {
				return true
			}
		}
	}
	return false
}

type reader struct {
	sys     *System
	preds   []*Pred                   // by the ID of their Func
	outside map[*term.Func]smtlib.Pos // declared functions into other sorts than Bool
	cl      *clausifier
	pos     smtlib.Pos
	origin  struct { // pos as a string, made once for the clauses of an assertion
		pos smtlib.Pos
		s   string
	}
	relaxed bool // ScriptReader.SetRelaxed
	// the tables of one assertion, kept for the next: the constants
	// its quantifiers opened into, and the argument variables taken
	isLocal term.TermMap[bool]
	used    term.TermMap[int]
}

func (rd *reader) errorf(format string, args ...any) error {
	return &smtlib.Error{Pos: rd.pos, Msg: fmt.Sprintf(format, args...)}
}

func (rd *reader) declare(f *term.Func) error {
	if f.Range() != term.BoolSort {
		rd.outside[f] = rd.pos
		return nil
	}
	for _, s := range f.Domain() {
		if !supportedSort(s) {
			return rd.errorf("predicate %s: sort %s is not supported (Bool, Int, Real, bit-vectors, datatypes and arrays of them are)", term.QuoteSymbol(f.Name()), s)
		}
	}
	rd.addPred(rd.sys.NewPred(f))
	return nil
}

func supportedSort(s *term.Sort) bool { return supportedIn(s, nil) }

func supportedIn(s *term.Sort, seen []*term.Sort) bool {
	switch s.Kind() {
	case term.KindBool, term.KindInt, term.KindReal:
		return true
	case term.KindBitVec: // Bit-vectors
		return true
	case term.KindArray:
		return supportedIn(s.Index(), seen) && supportedIn(s.Elem(), seen)
	case term.KindDatatype: // Datatypes: supported when every field is
		if slices.Contains(seen, s) {
			return true
		}
		seen = append(seen, s)
		for _, c := range s.Datatype().Constructors() {
			for _, f := range c.Domain() {
				if !supportedIn(f, seen) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// addPred records p as the predicate of its Func.
func (rd *reader) addPred(p *Pred) {
	if id := int(p.Func.ID()); id >= len(rd.preds) {
		rd.preds = append(rd.preds, make([]*Pred, id+1-len(rd.preds))...)
	}
	rd.preds[p.Func.ID()] = p
}

// pred is the predicate t applies, or nil.
func (rd *reader) pred(t *term.Term) *Pred {
	if t.Op() == term.OpApply || t.Op() == term.OpConst {
		if id := int(t.Func().ID()); id < len(rd.preds) {
			if p := rd.preds[id]; p != nil && p.Func == t.Func() {
				return p
			}
		}
		return nil
	}
	return nil
}

// hasPred reports whether a predicate occurs in t.
func (rd *reader) hasPred(t *term.Term) bool {
	for u := range term.PostOrder(t) {
		if rd.pred(u) != nil {
			return true
		}
	}
	return false
}

// assertion reads the closed formula t as Horn clauses.
func (rd *reader) assertion(t *term.Term) ([]*Clause, error) {
	lits, locals, err := rd.cl.clauses(t)
	if err != nil {
		return nil, err
	}
	isLocal := &rd.isLocal
	defer isLocal.Clear()
	for _, v := range locals {
		isLocal.Set(v, true)
	}
	var out []*Clause
	for _, l := range lits {
		cl, err := rd.hornClause(l, locals, isLocal)
		if err != nil {
			return nil, err
		}
		if cl != nil {
			out = append(out, cl)
		}
	}
	return out, nil
}

// hornClause makes the clause of the disjunction lits and normalises it:
// every atom argument becomes a distinct clause variable (in the relaxed
// form, distinct within its atom; see argVars). A clause with
// several positive atoms is an error, unless one of them is also negative
// (a tautology): then it is nil. A Horn tautology (P ∧ φ ⇒ P) stays, so
// that a system reads back from its print as it was. locals are the
// constants the assertion's quantifiers opened into, in order.
func (rd *reader) hornClause(lits []lit, locals []*term.Term, isLocal *term.TermMap[bool]) (*Clause, error) {
	st := rd.sys.St
	var heads, body, cons []*term.Term
	for _, l := range lits {
		switch {
		case rd.pred(l.t) == nil && l.neg:
			cons = append(cons, l.t)
		case rd.pred(l.t) == nil:
			cons = append(cons, st.Not(l.t))
		case l.neg:
			body = append(body, l.t)
		case !slices.Contains(heads, l.t):
			heads = append(heads, l.t)
		}
	}
	if len(heads) > 1 {
		for _, h := range heads {
			if slices.Contains(body, h) {
				return nil, nil // a tautology, Horn or not
			}
		}
		return nil, rd.errorf("more than one positive predicate occurrence (%s and %s): not a Horn clause", term.Sprint(heads[0]), term.Sprint(heads[1]))
	}
	var head *term.Term
	if len(heads) == 1 {
		head = heads[0]
	}
	for _, t := range cons {
		if err := rd.inClause(t, isLocal); err != nil {
			return nil, err
		}
	}
	for _, t := range append(body, heads...) {
		for _, a := range t.Args() {
			if rd.pred(a) != nil || (!a.Op().IsLeaf() && rd.hasPred(a)) {
				return nil, rd.errorf("predicate inside an argument of %s: not a CHC", term.QuoteSymbol(t.Func().Name()))
			}
			if err := rd.inClause(a, isLocal); err != nil {
				return nil, err
			}
		}
	}

	if rd.origin.pos != rd.pos {
		rd.origin.pos, rd.origin.s = rd.pos, rd.pos.String()
	}
	cl := &Clause{Origin: rd.origin.s}
	var vars []*term.Term
	args := argVars{st: st, isVar: isLocal.Get, relaxed: rd.relaxed, used: &rd.used}
	defer rd.used.Clear()
	took := func(v *term.Term, _ bool) { vars = append(vars, v) }
	if head != nil {
		h := args.atom(rd.pred(head), head.Args(), took)
		cl.Head = &h
	}
	for _, b := range body {
		cl.Body = append(cl.Body, args.atom(rd.pred(b), b.Args(), took))
	}
	cons = append(cons, args.eqs...)
	cl.Constraint = Conj(st, cons)
	inCons := term.FreeConsts(cl.Constraint) // sorted by ID
	for _, v := range locals {
		if _, ok := slices.BinarySearchFunc(inCons, v, term.CompareID); ok && args.used.Get(v) == 0 {
			args.used.Set(v, 1)
			vars = append(vars, v)
		}
	}
	cl.Vars = vars
	return cl, nil
}

// inClause checks that the constraint or argument t mentions no constant
// but the clause's variables and no uninterpreted function.
func (rd *reader) inClause(t *term.Term, isLocal *term.TermMap[bool]) error {
	if t.Op() == term.OpConst && isLocal.Get(t) {
		return nil // an atom's argument, mostly
	}
	ok := true
	for u := range term.PostOrder(t) {
		if (u.Op() == term.OpConst && !isLocal.Get(u)) || u.Op() == term.OpApply {
			ok = false
			break
		}
	}
	if ok {
		return nil
	}
	for _, v := range term.FreeConsts(t) {
		if isLocal.Get(v) {
			continue
		}
		if p, ok := rd.outside[v.Func()]; ok {
			return rd.errorf("uninterpreted constant %s of sort %s (declared at %s) in a clause: outside CHC, whose clauses mention predicates and their own variables only; quantify it in each clause or pass it as a predicate argument",
				term.QuoteSymbol(v.Name()), v.Sort(), shortPos(p, rd.pos))
		}
		return rd.errorf("constant %s is not a clause variable", term.QuoteSymbol(v.Name()))
	}
	for _, f := range term.Funcs(t) {
		if p, ok := rd.outside[f]; ok {
			return rd.errorf("uninterpreted function %s into %s (declared at %s) in a clause: outside CHC, whose clauses apply predicates and interpreted functions only",
				term.QuoteSymbol(f.Name()), f.Range(), shortPos(p, rd.pos))
		}
		return rd.errorf("function %s is not a predicate of the script", term.QuoteSymbol(f.Name()))
	}
	return nil
}

// shortPos is p as "line:col", with the file when it is not at's.
func shortPos(p, at smtlib.Pos) string {
	if p.File != at.File {
		return p.String()
	}
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// Conj is the conjunction of ts: true for none, the term itself for one.
func Conj(st *term.Store, ts []*term.Term) *term.Term {
	switch len(ts) {
	case 0:
		return st.True()
	case 1:
		return ts[0]
	}
	return st.And(ts...)
}
