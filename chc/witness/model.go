package witness

import (
	"slices"

	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// CheckModel checks that m is a model of s: for each clause, with every
// predicate replaced by its formula, body ∧ constraint ∧ ¬head must be
// unsatisfiable, which a fresh smt solver decides per clause. The formulas
// must be quantifier-free and mention only their predicate's parameters.
// The error names the first clause that fails, or says why a clause could
// not be decided.
func CheckModel(ctx context.Context, s *chc.System, m chc.Model) error {
	st := s.St
	poll := chc.NewBudget(ctx)
	for _, p := range s.Preds {
		if err := poll.Step(); err != nil {
			return err
		}
		f := m.Lookup(st, p)
		if f.Sort() != term.BoolSort {
			return fmt.Errorf("chc: model of %s is not Boolean", p.Name())
		}
		if f.HasQuantifier() || f.HasBound() {
			return fmt.Errorf("chc: model of %s has a quantifier or a bound variable", p.Name())
		}
		if p.OverParams(f) {
			continue
		}
		own := map[*term.Term]bool{}
		for _, x := range p.Params {
			own[x] = true
		}
		for _, c := range term.FreeConsts(f) {
			if !own[c] {
				return fmt.Errorf("chc: model of %s mentions %s, not one of its arguments", p.Name(), c.Name())
			}
		}
		for _, fn := range term.Funcs(f) {
			if fn.Rec() == nil {
				return fmt.Errorf("chc: model of %s applies the function %s", p.Name(), fn.Name())
			}
		}
	}
	rec, err := recursiveFuncs(ctx, s, m)
	if err != nil {
		return err
	}
	mc := &modelChecker{from: st, m: m, rec: rec}
	if n := st.NumTerms(); n < inPlaceTerms {
		mc.inPlace = n + inPlaceGrowth
	}
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return err
		}
		if msg := mc.clause(ctx, c); msg != "" {
			return &chc.ClauseError{Index: i, Clause: c, Msg: msg}
		}
	}
	return nil
}

// A modelChecker checks the clauses of a system one by one (see
// CheckModel). A small system it checks in its own store (see
// inPlaceTerms); a large one in a scratch store of its own, renewed as it
// grows, so that what it builds per clause is garbage afterwards and its
// tables stay as small as a few clauses: the check of a system is linear
// in its size.
type modelChecker struct {
	from *term.Store
	m    chc.Model
	rec  *recInfo     // the model's defined functions, nil when none
	st   *term.Store  // scratch, or from (see inPlaceTerms)
	cp   *term.Copier // from → st, nil when st is from
	// the clauses are checked in from while it has fewer terms than this
	inPlace int
	forms   map[*chc.Pred]*formInfo
	// forcedClause's scratch: the values of a clause's variables and of
	// an atom's parameters, which variables it needs and has forced
	vals, pvals *term.Model
	need        []bool
	atoms       []*chc.Atom
	// scratchClause's: the reductions' tables, the body's conjuncts
	red  reduceScratch
	conj []*term.Term
	// forcing's: the positions of a clause's variables
	index map[*term.Term]int
	// bodyConjuncts's
	bodyConj []*term.Term
	bodySet  map[*term.Term]bool
}

// scratchTerms is the size past which the scratch store is renewed.
const scratchTerms = 1 << 14

// A system whose store has fewer than inPlaceTerms terms is checked in
// its own store, up to inPlaceGrowth terms more: copying each clause into
// a scratch store costs more than the check of most clauses, and the smt
// solvers' tables in a store that size are a fraction of a millisecond
// to allocate. A larger system, or once its store has grown that much,
// is checked in the scratch store.
const (
	inPlaceTerms  = 1 << 16
	inPlaceGrowth = 1 << 15
)

// A copier is a term.Copier into the scratch store, or with none (the
// check in the system's own store) the identity.
type copier struct{ cp *term.Copier }

func (c copier) Term(t *term.Term) *term.Term {
	if c.cp == nil {
		return t
	}
	return c.cp.Term(t)
}

func (c copier) Terms(ts []*term.Term) []*term.Term {
	if c.cp == nil {
		return ts
	}
	return c.cp.Terms(ts)
}

// clause checks c: body ∧ constraint ∧ ¬head, with the model's formulas
// instantiated, must be unsatisfiable. It returns what fails, or "".
//
// When the equalities among the conjuncts force the value of every
// variable (x = 3, y = x + 1, and the like, the clauses of straight-line
// code), evaluation under the forced values decides: first without
// instantiating the formulas (forcedClause, which adds no term to the
// system's store but the values it computes), else in a scratch store
// (see forced). Otherwise, in the scratch store, the body's equalities
// and bounds refute most goals by rewriting (reduce); an smt solver gets
// the goals left, with the part of the reduced body they depend on
// (cone); only a clause that this does not refute is decided whole by
// the smt solver, which says what fails. The scratch store's renewal at
// scratchTerms keeps the solvers' tables (which grow with the largest
// term ID of its store) small.
func (mc *modelChecker) clause(ctx context.Context, c *chc.Clause) string {
	if holds, vals, ok := mc.forcedClause(c); ok {
		if holds {
			return "does not hold under the model: " + counterexample(vals, c.Vars)
		}
		return ""
	}
	return mc.scratchClause(ctx, c)
}

// scratchClause is clause in the scratch store, with forced or the smt
// solver.
func (mc *modelChecker) scratchClause(ctx context.Context, c *chc.Clause) string {
	switch {
	case mc.from.NumTerms() < mc.inPlace:
		// a small system: its own store, without copies
		mc.st, mc.cp = mc.from, nil
	case mc.st == nil || mc.st == mc.from || mc.st.NumTerms() > scratchTerms:
		mc.st = term.NewStore()
		mc.cp = term.NewCopier(mc.from, mc.st)
	}
	st, cp := mc.st, copier{mc.cp}
	inst := func(a *chc.Atom) *term.Term {
		f := cp.Term(mc.m.Lookup(mc.from, a.Pred))
		if a.Pred.Arity() == 0 {
			return f
		}
		return substituteUsed(st, f, cp.Terms(a.Pred.Params), cp.Terms(a.Args))
	}
	parts := []*term.Term{cp.Term(c.Constraint)}
	for j := range c.Body {
		parts = append(parts, inst(&c.Body[j]))
	}
	body := st.And(parts...)
	// the negations of the head formula's conjuncts, each refuted on its
	// own: a model's formula is a conjunction of lemmas, and refuting its
	// negation whole is a search through their disjunction
	var goals []*term.Term
	if c.Head != nil {
		h := inst(c.Head)
		parts = append(parts, st.Not(h))
		// a conjunct of the head's formula that is a conjunct of the body
		// (the same term: the store shares it) holds: nothing to refute
		in := mc.bodyConjuncts(body)
		var hs []*term.Term
		if h.Op() == term.OpAnd {
			hs = h.Args()
		} else {
			hs = []*term.Term{h}
		}
		for _, a := range hs {
			if !in(a) {
				goals = append(goals, st.Not(a))
			}
		}
		if len(goals) == 0 {
			return ""
		}
	} else {
		goals = []*term.Term{st.True()} // a query: the body alone
	}
	phi := st.And(parts...)
	if holds, model, ok := forced(st, phi); ok {
		if holds {
			return "does not hold under the model: " + counterexample(model, cp.Terms(c.Vars))
		}
		return ""
	}
	if mc.rec != nil { // the instances of the definitions (recursive.go)
		body = st.And(append([]*term.Term{body}, mc.rec.axioms(st, phi)...)...)
	}
	// the body's equalities and bounds refute most goals; the smt solver
	// gets the rest, reduced, with the part of the body they depend on
	mc.conj = term.Conjuncts(mc.conj[:0], body)
	red := reduceIn(st, mc.conj, &mc.red)
	var left []*term.Term
	for _, g := range goals {
		if r, ok := red.refutes(g); !ok {
			left = append(left, r)
		}
	}
	if len(left) == 0 {
		return ""
	}
	kept := red.conjuncts
	if !slices.ContainsFunc(left, (*term.Term).IsTrue) {
		// (a goal true, a query's or a head conjunct the equalities
		// falsify, needs the body unsatisfiable: all of it is kept)
		kept, _ = cone(kept, left)
	}
	if mc.refuted(ctx, st.And(kept...), left) {
		return ""
	}
	return mc.decide(ctx, c, body, goals)
}

// refuted reports whether body ∧ g is unsatisfiable for every goal g (the
// smt solver says unsat); false when some goal is not refuted, whatever
// the reason.
func (mc *modelChecker) refuted(ctx context.Context, body *term.Term, goals []*term.Term) bool {
	st := mc.st
	sv := smt.New(st, smt.Options{})
	lin := newLinearizer(st)
	if err := sv.Assert(lin.abstract(body)); err != nil {
		return false
	}
	for _, g := range goals {
		res, err := sv.Check(ctx, lin.abstract(g))
		if err != nil || res != smt.Unsat {
			return false
		}
	}
	return true
}

// decide is scratchClause's last resort: the smt solver on body ∧ g for
// each goal g, which says what fails.
func (mc *modelChecker) decide(ctx context.Context, c *chc.Clause, body *term.Term, goals []*term.Term) string {
	st, cp := mc.st, copier{mc.cp}
	sv := smt.New(st, smt.Options{})
	lin := newLinearizer(st) // non-linear terms are abstracted, see nonlinear.go
	if err := sv.Assert(lin.abstract(body)); err != nil {
		return "cannot be checked: " + err.Error()
	}
	for _, g := range goals {
		var assume []*term.Term
		if !g.IsTrue() {
			assume = []*term.Term{lin.abstract(g)}
		}
		whole := st.And(body, g)
		res, err := sv.Check(ctx, assume...)
		switch {
		case err != nil:
			return "cannot be checked: " + err.Error()
		case res == smt.Sat && chc.NonLinear(st, whole) != nil && !holds(sv.Model(), whole):
			return "cannot be checked: non-linear arithmetic " + term.Sprint(chc.NonLinear(st, whole))
		case res == smt.Sat:
			return "does not hold under the model: " + counterexample(sv.Model(), cp.Terms(c.Vars))
		case res != smt.Unsat:
			return "cannot be checked: " + sv.ReasonUnknown()
		}
	}
	return ""
}

// substituteUsed is st.Substitute(f, params, args) with only the pairs
// of the params f mentions: a model's formula reads a few of a
// predicate's parameters (Solidity's have dozens), and Substitute's
// tables cost as much as the pairs it is given.
func substituteUsed(st *term.Store, f *term.Term, params, args []*term.Term) *term.Term {
	fc := st.SharedFreeConsts(f)
	if len(fc)*len(params) > 1<<12 {
		return st.Substitute(f, params, args)
	}
	var from, to []*term.Term
	for _, c := range fc {
		// the last pair of a param wins, as in Substitute's map
		for i := len(params) - 1; i >= 0; i-- {
			if params[i] == c {
				from, to = append(from, c), append(to, args[i])
				break
			}
		}
	}
	if len(from) == 0 {
		return f
	}
	return st.Substitute(f, from, to)
}

// bodyConjuncts reports whether a term is one of the top-level conjuncts
// of body (or body itself), until the next call (its tables are mc's).
func (mc *modelChecker) bodyConjuncts(body *term.Term) func(*term.Term) bool {
	cs := term.Conjuncts(mc.bodyConj[:0], body)
	mc.bodyConj = cs
	if len(cs) <= smallSet {
		return func(a *term.Term) bool {
			for _, c := range cs {
				if c == a {
					return true
				}
			}
			return a.IsTrue()
		}
	}
	if mc.bodySet == nil {
		mc.bodySet = make(map[*term.Term]bool, len(cs))
	}
	set := mc.bodySet
	clear(set)
	for _, c := range cs {
		set[c] = true
	}
	return func(a *term.Term) bool { return set[a] || a.IsTrue() }
}
