package gospacer

import (
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A Builder makes a System from clauses written as formulas, the way
// they are written in SMT-LIB: a rule is an implication body ⇒ head
// whose free constants are its variables (universally quantified; a
// quantifier of one's own is fine too), a query is a formula whose
// reachability is asked (query ⇒ false). Rules go through the same reader
// as files (chc.FromScript), so every shape a HORN file may take is
// accepted, arguments are normalised, and what is not a Horn clause is an
// error naming the rule.
//
// Errors stick: the first error of Pred, Rule or Query is kept; later
// Rule and Query calls return it and add nothing, System returns it and
// Err reports it. A sequence of calls may thus be checked once, at the
// end:
//
//	b.Rule(r1)
//	b.Rule(r2)
//	b.Query(q)
//	sys, err := b.System() // the first error of the three, if any
//
// A Builder is not safe for concurrent use.
type Builder struct {
	sys    *System
	preds  map[*term.Func]*Pred
	clause int // rules and queries added
	err    error
	// vars are the caller's names of each predicate's parameters: the
	// arguments of its first application to distinct constants in a
	// rule (a Fixedpoint prints its lemmas over them)
	vars map[*Pred][]*term.Term
}

// NewBuilder returns a Builder over st (nil: a new store).
func NewBuilder(st *term.Store) *Builder {
	if st == nil {
		st = term.NewStore()
	}
	return &Builder{sys: &System{St: st}, preds: map[*term.Func]*Pred{}}
}

// Store is the term store the formulas must be built in.
func (b *Builder) Store() *term.Store { return b.sys.St }

// Pred declares the predicate name over the given sorts and returns its
// symbol: apply it with Store().Apply(f, args...). A predicate without
// arguments is Store().ConstOf(f). An unsupported sort makes the next
// Rule, Query or System return the error.
func (b *Builder) Pred(name string, sorts ...*term.Sort) *term.Func {
	f := b.sys.St.Func(name, sorts, term.BoolSort)
	if err := b.Register(f); err != nil && b.err == nil {
		b.err = err
	}
	return f
}

// Register makes symbols declared elsewhere (Store().Func(name, domain,
// term.BoolSort)) predicates of the system; registering one twice is a
// no-op.
func (b *Builder) Register(fs ...*term.Func) error {
	for _, f := range fs {
		if f == nil {
			return errors.New("gospacer: Register: nil symbol")
		}
		if b.preds[f] != nil {
			continue
		}
		if f.Range() != term.BoolSort {
			return fmt.Errorf("gospacer: %s is of range %s: a predicate's range is Bool", term.QuoteSymbol(f.Name()), f.Range())
		}
		for _, s := range f.Domain() {
			if !chc.SupportedSort(s) {
				return fmt.Errorf("gospacer: predicate %s: sort %s is not supported (Bool, Int, Real, bit-vectors, datatypes and arrays of them are)", term.QuoteSymbol(f.Name()), s)
			}
		}
		b.preds[f] = b.sys.NewPred(f)
	}
	return nil
}

// Rule adds the Horn clause r, a Boolean formula such as
//
//	st.Implies(st.And(st.Apply(inv, x), st.Eq(y, st.Add(x, st.Int(1)))), st.Apply(inv, y))
//
// whose free constants are its variables. The error says why r is not a
// Horn clause over the registered predicates; it sticks (Err, System),
// and r is not added.
func (b *Builder) Rule(r *term.Term) error {
	return b.add(r, false, true)
}

// Query adds the query q ⇒ false: q is a formula over predicates and
// constraints (st.And(st.Apply(inv, x), st.Lt(x, st.Int(0)))), its free
// constants existential. The system is then Sat when no instance of q is
// derivable. An error sticks as Rule's does.
func (b *Builder) Query(q *term.Term) error {
	return b.add(q, true, true)
}

// System returns the system of the rules and queries added so far, or
// the first error of Pred, Rule or Query: never a system without a
// rejected rule. Later additions do not change a system already
// returned.
func (b *Builder) System() (*System, error) {
	if b.err != nil {
		return nil, b.err
	}
	s := *b.sys
	s.Clauses = append([]*chc.Clause(nil), b.sys.Clauses...)
	return &s, nil
}

// Err is the first error of Pred, Rule or Query, or nil.
func (b *Builder) Err() error { return b.err }

// add adds f as a rule or a query; its error sticks when stick is set
// (a Fixedpoint's AddRule, as z3's add_rule, leaves the rules usable
// after a rejected one).
func (b *Builder) add(f *term.Term, query, stick bool) error {
	if b.err != nil {
		return b.err
	}
	err := b.addClauses(f, query)
	if err != nil && stick {
		b.err = err
	}
	return err
}

func (b *Builder) addClauses(f *term.Term, query bool) error {
	index := b.clause + 1
	what := "rule"
	if query {
		what = "query"
	}
	fail := func(msg string) error {
		return fmt.Errorf("gospacer: %s %d: %s", what, index, msg)
	}
	if f == nil || f.Sort() != term.BoolSort {
		return fail("not a Boolean formula")
	}
	st := b.sys.St
	if !chc.InStore(st, f) {
		return fail("a formula of another store: build formulas with the Builder's Store")
	}
	if query {
		f = st.Not(f)
	}
	clauses, err := b.read(f)
	if err != nil {
		var se *smtlib.Error
		if errors.As(err, &se) {
			return fail(se.Msg)
		}
		return fail(err.Error())
	}
	b.clause = index
	if !query {
		b.nameParams(f)
	}
	for _, c := range clauses {
		c.Origin = fmt.Sprintf("%s %d", what, index)
	}
	b.sys.Clauses = append(b.sys.Clauses, clauses...)
	return nil
}

// read turns f into clauses over the Builder's predicates: f closed over
// its free constants goes through chc.FromScript with the predicates it
// mentions declared, and the atoms of the clauses it gives are moved to
// the Builder's predicates (their arguments are clause variables, so the
// predicates' parameters do not matter).
func (b *Builder) read(f *term.Term) ([]*chc.Clause, error) {
	st := b.sys.St
	script := &smtlib.Script{}
	var vars []*term.Term
	declared := map[*term.Func]bool{}
	for u := range term.PostOrder(f) {
		if !chc.InStore(st, u) {
			return nil, fmt.Errorf("%s is a term of another store: build formulas with the Builder's Store", term.Sprint(u))
		}
		switch u.Op() {
		case term.OpApply, term.OpConst:
			if b.preds[u.Func()] != nil {
				if !declared[u.Func()] {
					declared[u.Func()] = true
					script.Commands = append(script.Commands, smtlib.Command{Kind: smtlib.DeclareFun, Func: u.Func()})
				}
			} else if u.Op() == term.OpConst {
				vars = append(vars, u)
			} else if u.Func().Range() == term.BoolSort {
				return nil, fmt.Errorf("%s is not a registered predicate (Pred or Register makes one)", term.QuoteSymbol(u.Func().Name()))
			} else {
				return nil, fmt.Errorf("uninterpreted function %s: only predicates are supported in CHCs", term.QuoteSymbol(u.Func().Name()))
			}
		}
	}
	if len(vars) > 0 {
		bound := make([]*term.Term, len(vars))
		taken := boundNames(f)
		for i, v := range vars {
			name := v.Name()
			for taken[name] {
				name += "'"
			}
			taken[name] = true
			bound[i] = st.BoundVar(name, v.Sort())
		}
		f = st.Forall(bound, st.Substitute(f, vars, bound))
	}
	script.Commands = append(script.Commands, smtlib.Command{Kind: smtlib.Assert, Term: f})
	s, err := chc.FromScript(st, script)
	if err != nil {
		return nil, err
	}
	for _, c := range s.Clauses {
		if c.Head != nil {
			c.Head.Pred = b.preds[c.Head.Pred.Func]
		}
		for j := range c.Body {
			c.Body[j].Pred = b.preds[c.Body[j].Pred.Func]
		}
	}
	return s.Clauses, nil
}

// boundNames are the names of the bound variables of f.
func boundNames(f *term.Term) map[string]bool {
	names := map[string]bool{}
	if !f.HasBound() && !f.HasQuantifier() {
		return names
	}
	for u := range term.PostOrder(f) {
		if u.Op() == term.OpBound {
			names[u.Name()] = true
		}
	}
	return names
}

// nameParams records, for each predicate without names yet, the
// arguments of its first application in f when they are distinct
// constants: st.Apply(inv, x, y) names inv's parameters x and y.
func (b *Builder) nameParams(f *term.Term) {
	for u := range term.PostOrder(f) {
		if u.Op() != term.OpApply {
			continue
		}
		p := b.preds[u.Func()]
		if p == nil || b.vars[p] != nil {
			continue
		}
		args := u.Args()
		seen := map[*term.Term]bool{}
		for _, a := range args {
			if a.Op() != term.OpConst || seen[a] || b.preds[a.Func()] != nil {
				args = nil
				break
			}
			seen[a] = true
		}
		if args != nil {
			if b.vars == nil {
				b.vars = map[*Pred][]*term.Term{}
			}
			b.vars[p] = append([]*term.Term(nil), args...)
		}
	}
}

// callerVars are the caller's names of p's parameters (see nameParams),
// or its parameters when no rule names them.
func (b *Builder) callerVars(p *Pred) []*term.Term {
	if v := b.vars[p]; v != nil {
		return v
	}
	return p.Params
}
