package chc

import (
	"context"
	"fmt"
	"io"

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
// functions are predicates, assertions are clauses. Input outside the
// fragment (uninterpreted functions or constants of other ranges, sorts
// other than Bool, Int, Real and arrays of them, quantifiers inside a
// constraint, a clause that is not Horn) is an error naming the command.
func FromScript(st *term.Store, script *smtlib.Script) (*System, error) {
	return fromScript(NewBudget(context.Background()), st, script)
}

func fromScript(poll *Budget, st *term.Store, script *smtlib.Script) (*System, error) {
	rd := &reader{sys: &System{St: st}, preds: map[*term.Func]*Pred{}}
	queries := 0
	for i := range script.Commands {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		c := &script.Commands[i]
		rd.pos = c.Pos
		switch c.Kind {
		case smtlib.SetLogic, smtlib.SetInfo, smtlib.SetOption, smtlib.GetInfo, smtlib.GetOption,
			smtlib.DefineFun, smtlib.DefineSort, smtlib.GetModel, smtlib.Echo, smtlib.Exit:
		case smtlib.DeclareFun:
			if err := rd.declare(c.Func); err != nil {
				return nil, err
			}
		case smtlib.Assert:
			if err := rd.assertion(c.Term); err != nil {
				return nil, err
			}
		case smtlib.CheckSat:
			if c.Query {
				rd.sys.FixedpointFormat = true
				queries++
				if queries > 1 {
					return nil, rd.errorf("more than one query: only one (query ...) per file is supported")
				}
			}
		default:
			return nil, rd.errorf("%s is not supported in a HORN script", c.Kind)
		}
	}
	return rd.sys, nil
}

type reader struct {
	sys   *System
	preds map[*term.Func]*Pred
	pos   smtlib.Pos
}

func (rd *reader) errorf(format string, args ...any) error {
	return &smtlib.Error{Pos: rd.pos, Msg: fmt.Sprintf(format, args...)}
}

func (rd *reader) declare(f *term.Func) error {
	if f.Range() != term.BoolSort {
		return rd.errorf("uninterpreted function or constant %s of sort %s: only predicates (into Bool) are supported in CHCs", term.QuoteSymbol(f.Name()), f.Range())
	}
	for _, s := range f.Domain() {
		if !supportedSort(s) {
			return rd.errorf("predicate %s: sort %s is not supported (Bool, Int, Real and arrays of them are)", term.QuoteSymbol(f.Name()), s)
		}
	}
	rd.preds[f] = rd.sys.NewPred(f)
	return nil
}

func supportedSort(s *term.Sort) bool {
	switch s.Kind() {
	case term.KindBool, term.KindInt, term.KindReal:
		return true
	case term.KindArray:
		return supportedSort(s.Index()) && supportedSort(s.Elem())
	}
	return false
}

// pred is the predicate t applies, or nil.
func (rd *reader) pred(t *term.Term) *Pred {
	if t.Op() == term.OpApply || t.Op() == term.OpConst {
		return rd.preds[t.Func()]
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

// clauseBuilder collects one assertion's premises.
type clauseBuilder struct {
	locals []*term.Term // constants standing for bound variables, in binding order
	body   []Atom
	cons   []*term.Term
	negs   []*term.Term // negated predicate applications among the premises
}

// open replaces the bound variables of quantifier q by fresh constants.
func (rd *reader) open(cb *clauseBuilder, q *term.Term) *term.Term {
	st := rd.sys.St
	n := q.NumArgs() - 1
	vars := q.Args()[:n]
	consts := make([]*term.Term, n)
	for i, v := range vars {
		consts[i] = st.Fresh(v.Name(), v.Sort())
	}
	cb.locals = append(cb.locals, consts...)
	return st.Substitute(q.Arg(n), vars, consts)
}

func (rd *reader) assertion(t *term.Term) error {
	return rd.split(&clauseBuilder{}, t)
}

// split reads t as the consequent of the premises collected in cb.
func (rd *reader) split(cb *clauseBuilder, t *term.Term) error {
	st := rd.sys.St
	switch t.Op() {
	case term.OpForall:
		return rd.split(cb, rd.open(cb, t))
	case term.OpImplies:
		if err := rd.premise(cb, t.Arg(0)); err != nil {
			return err
		}
		return rd.split(cb, t.Arg(1))
	case term.OpNot:
		if err := rd.premise(cb, t.Arg(0)); err != nil {
			return err
		}
		return rd.finish(cb, nil)
	case term.OpAnd:
		for _, a := range t.Args() {
			cp := *cb
			cp.body = append([]Atom(nil), cb.body...)
			cp.cons = append([]*term.Term(nil), cb.cons...)
			cp.negs = append([]*term.Term(nil), cb.negs...)
			cp.locals = append([]*term.Term(nil), cb.locals...)
			if err := rd.split(&cp, a); err != nil {
				return err
			}
		}
		return nil
	case term.OpOr:
		var head *term.Term
		for _, a := range t.Args() {
			if rd.pred(a) != nil && head == nil {
				head = a
				continue
			}
			if err := rd.premise(cb, st.Not(a)); err != nil {
				return err
			}
		}
		if head == nil {
			return rd.finish(cb, nil)
		}
		return rd.split(cb, head)
	case term.OpFalse:
		return rd.finish(cb, nil)
	}
	if rd.pred(t) != nil {
		return rd.finish(cb, t)
	}
	if t.HasQuantifier() {
		return rd.errorf("quantifier inside a constraint: not a CHC")
	}
	if rd.hasPred(t) {
		return rd.errorf("predicate under %s in the head: not a Horn clause", t.Op())
	}
	if err := rd.premise(cb, st.Not(t)); err != nil {
		return err
	}
	return rd.finish(cb, nil)
}

// premise adds the premise t to cb.
func (rd *reader) premise(cb *clauseBuilder, t *term.Term) error {
	switch t.Op() {
	case term.OpAnd:
		for _, a := range t.Args() {
			if err := rd.premise(cb, a); err != nil {
				return err
			}
		}
		return nil
	case term.OpExists:
		return rd.premise(cb, rd.open(cb, t))
	case term.OpTrue:
		return nil
	case term.OpNot:
		if p := rd.pred(t.Arg(0)); p != nil {
			cb.negs = append(cb.negs, t.Arg(0))
			return nil
		}
		if a := t.Arg(0); a.Op() == term.OpNot {
			return rd.premise(cb, a.Arg(0))
		}
	}
	if p := rd.pred(t); p != nil {
		cb.body = append(cb.body, Atom{Pred: p, Args: append([]*term.Term(nil), t.Args()...)})
		return nil
	}
	if t.HasQuantifier() {
		return rd.errorf("quantifier inside a constraint: not a CHC")
	}
	if rd.hasPred(t) {
		return rd.errorf("predicate under %s in a clause body: not a Horn clause", t.Op())
	}
	cb.cons = append(cb.cons, t)
	return nil
}

// finish makes the clause of cb with the given head (nil: false) and
// normalises it: every atom argument becomes a distinct clause variable.
func (rd *reader) finish(cb *clauseBuilder, head *term.Term) error {
	st := rd.sys.St
	if len(cb.negs) > 0 {
		// ¬Q(x) among the premises: Q(x) is the head if the head is false.
		if head != nil || len(cb.negs) > 1 {
			return rd.errorf("more than one positive predicate occurrence: not a Horn clause")
		}
		head = cb.negs[0]
	}
	isLocal := map[*term.Term]bool{}
	for _, v := range cb.locals {
		isLocal[v] = true
	}
	for _, c := range cb.cons {
		for _, v := range term.FreeConsts(c) {
			if !isLocal[v] {
				return rd.errorf("constant %s is not a clause variable", term.QuoteSymbol(v.Name()))
			}
		}
	}
	for _, t := range append([]*term.Term{head}, cb.negs...) {
		if t != nil {
			for _, a := range t.Args() {
				if rd.hasPred(a) {
					return rd.errorf("predicate inside an argument of %s: not a CHC", term.QuoteSymbol(t.Func().Name()))
				}
			}
		}
	}
	for _, b := range cb.body {
		for _, a := range b.Args {
			if rd.hasPred(a) {
				return rd.errorf("predicate inside an argument of %s: not a CHC", term.QuoteSymbol(b.Pred.Name()))
			}
		}
	}
	cl := &Clause{Origin: rd.pos.String()}
	used := map[*term.Term]bool{}
	var vars []*term.Term
	arg := func(a *term.Term) *term.Term {
		if isLocal[a] && !used[a] {
			used[a] = true
			vars = append(vars, a)
			return a
		}
		v := st.Fresh("a", a.Sort())
		used[v] = true
		vars = append(vars, v)
		cb.cons = append(cb.cons, st.Eq(v, a))
		return v
	}
	atom := func(t *term.Term) Atom {
		p := rd.pred(t)
		args := make([]*term.Term, len(t.Args()))
		for i, a := range t.Args() {
			args[i] = arg(a)
		}
		return Atom{Pred: p, Args: args}
	}
	if head != nil {
		h := atom(head)
		cl.Head = &h
	}
	for _, b := range cb.body {
		args := make([]*term.Term, len(b.Args))
		for i, a := range b.Args {
			args[i] = arg(a)
		}
		cl.Body = append(cl.Body, Atom{Pred: b.Pred, Args: args})
	}
	cl.Constraint = conj(st, cb.cons)
	inCons := map[*term.Term]bool{}
	for _, v := range term.FreeConsts(cl.Constraint) {
		inCons[v] = true
	}
	for _, v := range cb.locals {
		if inCons[v] && !used[v] {
			used[v] = true
			vars = append(vars, v)
		}
	}
	cl.Vars = vars
	rd.sys.Clauses = append(rd.sys.Clauses, cl)
	return nil
}

// conj is the conjunction of ts: true for none, the term itself for one.
func conj(st *term.Store, ts []*term.Term) *term.Term {
	switch len(ts) {
	case 0:
		return st.True()
	case 1:
		return ts[0]
	}
	return st.And(ts...)
}
