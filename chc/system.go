package chc

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// A Pred is an uninterpreted predicate of a system. Params are its
// canonical argument constants: a model's formula for the predicate
// mentions no other constant.
type Pred struct {
	ID     int // index in System.Preds
	Func   *term.Func
	Params []*term.Term
}

// Name is the predicate's name.
func (p *Pred) Name() string { return p.Func.Name() }

// Arity is the number of arguments.
func (p *Pred) Arity() int { return len(p.Params) }

// String is the name.
func (p *Pred) String() string { return p.Func.Name() }

// Instantiate is the formula f over p's Params with args substituted for
// them.
func (p *Pred) Instantiate(st *term.Store, f *term.Term, args []*term.Term) *term.Term {
	if len(p.Params) == 0 {
		return f
	}
	return st.Substitute(f, p.Params, args)
}

// OverParams reports whether the formula f mentions only p's parameters
// and applies no function: a quick test for a predicate of few
// parameters (false for others, which a caller checks with a map).
func (p *Pred) OverParams(f *term.Term) bool {
	if p.Arity() > 16 {
		return false
	}
	for u := range term.PostOrder(f) {
		switch u.Op() {
		case term.OpApply:
			return false
		case term.OpConst:
			if !slices.Contains(p.Params, u) {
				return false
			}
		}
	}
	return true
}

// An Atom is a predicate applied to clause variables.
type Atom struct {
	Pred *Pred
	Args []*term.Term
}

// A Clause is body ∧ constraint ⇒ head. Head is nil for a query (head
// false). Vars are the clause's own local constants: every constant the
// atoms and the constraint mention is one of them. In a normalised clause
// (as Read and every pass produce) each argument of every atom is a distinct
// element of Vars; relations between them live in Constraint.
type Clause struct {
	Head       *Atom
	Body       []Atom
	Constraint *term.Term
	Vars       []*term.Term
	Origin     string // where the clause came from: "file:line:col", or the pass that made it
}

// IsQuery reports whether the head is false.
func (c *Clause) IsQuery() bool { return c.Head == nil }

// IsFact reports whether the body has no predicate.
func (c *Clause) IsFact() bool { return len(c.Body) == 0 }

// A System is a set of constrained Horn clauses over one term store.
type System struct {
	St      *term.Store
	Preds   []*Pred
	Clauses []*Clause
	// FixedpointFormat is true when the input was in z3's fixedpoint format
	// (declare-rel/rule/query): z3 answers such a file sat when the query
	// is reachable, the opposite of the HORN reading.
	FixedpointFormat bool
	// Skipped lists the clauses the reader left out because they are
	// outside the fragment (a quantifier inside a constraint), as
	// file:line:col: reason. Leaving clauses out removes derivations
	// only, so an unsat answer holds for the input; a sat answer does
	// not, and pipeline.Solve turns it into unknown.
	Skipped []string
	// Relaxed is true for a system in the relaxed clause form: two atoms
	// of a clause may share a variable (the arguments of one atom are
	// still distinct), so that an argument passed on unchanged needs no
	// copy x' = x in the constraint. The reader gives it when asked
	// (ScriptReader.SetRelaxed, ReadRelaxed: the command line and the
	// root package, which preprocess), Normalize keeps it, and the passes
	// of preprocessing work in it from Simplify{Relax: true} to Restrict,
	// which Preprocess applies at its end. Engines take the strict form
	// only (pipeline.Solve restricts a relaxed system it does not
	// preprocess); the witness checker and derivation replay take
	// either, since a clause means the same in both: for all its
	// variables, body ∧ constraint ⇒ head.
	Relaxed bool

	// normal records the system as the reader or Normalize made it, in
	// normal form (see normalMark); nil for a system built by hand.
	normal *normalMark
}

// NewPred adds a predicate named like f with fresh canonical parameters.
func (s *System) NewPred(f *term.Func) *Pred {
	p := &Pred{ID: len(s.Preds), Func: f, Params: make([]*term.Term, 0, f.Arity())}
	for i, srt := range f.Domain() {
		p.Params = append(p.Params, s.St.Fresh(f.Name()+"!"+strconv.Itoa(i), srt))
	}
	s.Preds = append(s.Preds, p)
	return p
}

// IsLinear reports whether every clause has at most one body atom.
func (s *System) IsLinear() bool {
	for _, c := range s.Clauses {
		if len(c.Body) > 1 {
			return false
		}
	}
	return true
}

// String prints the system as HORN (see Write).
func (s *System) String() string {
	var b strings.Builder
	_ = Write(&b, s)
	return b.String()
}

// Answer is the verdict on a system.
type Answer uint8

// The answers. Sat: the clauses have a model (the program is safe). Unsat:
// a derivation of false exists.
const (
	Unknown Answer = iota
	Sat
	Unsat
)

func (a Answer) String() string {
	switch a {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// A Model maps each predicate to a quantifier-free formula over its
// Params. A predicate the map lacks is false. The formulas apply no
// function but ones with a recursive definition (term.RecDef: folds over
// a datatype, which WriteModel prints as define-fun-rec).
type Model map[*Pred]*term.Term

// Lookup is m's formula for p, false when there is none.
func (m Model) Lookup(st *term.Store, p *Pred) *term.Term {
	if f, ok := m[p]; ok && f != nil {
		return f
	}
	return st.False()
}

// A Node of a derivation is a ground instance of a clause: Values give the
// clause's Vars in order, Children derive the body atoms in order.
type Node struct {
	Clause   *Clause
	Values   []*term.Term
	Children []*Node
}

// Result is an engine's answer with its witness: a Model for Sat, the root
// of a derivation (a query node) for Unsat, a Reason for Unknown (an
// error wrapping one of ErrTimeout, ErrMemory, ErrCanceled, ErrIncomplete
// or ErrInternal).
type Result struct {
	Answer     Answer
	Model      Model
	Derivation *Node
	Reason     error
	Stats      []Stat
}

// An Engine decides a system. Solve returns Unknown, never a guess, when it
// cannot decide, and when ctx is done. Engines are called through the
// pipeline (chc/pipeline's Solve), which preprocesses the system, guards the engine
// and checks its witness; an engine neither preprocesses nor checks.
type Engine interface {
	Solve(ctx context.Context, s *System) Result
}

// AnswerText is the answer in the input's convention: CHC-COMP's (sat:
// the clauses have a model) for HORN scripts, z3's (sat: the query is
// reachable) for its fixedpoint format.
func (s *System) AnswerText(a Answer) string {
	if s.FixedpointFormat {
		switch a {
		case Sat:
			return "unsat"
		case Unsat:
			return "sat"
		}
	}
	return a.String()
}
