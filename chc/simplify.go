package chc

import "github.com/seed-f9c3434d/gospacer/term"

// Simplify is the pass that simplifies every clause constraint with
// term.Store.Simplify after propagating constants and equalities into it:
// a conjunct x = t (x a clause variable, t free of x) is substituted into
// the other conjuncts and kept. Clauses whose constraint becomes false are
// removed, and variables that no longer occur leave Vars.
//
// Models translate unchanged. A derivation node of a rewritten clause is a
// node of the original clause with the same values, and any value (the
// default of the sort) for a dropped variable: the new constraint is
// equivalent to the old one and does not mention it.
type Simplify struct{}

// Name is "simplify".
func (Simplify) Name() string { return "simplify" }

// Apply runs the pass on s.
func (Simplify) Apply(s *System) (*System, Translator, error) {
	st := s.St
	r := newRebuild(s)
	for _, p := range s.Preds {
		r.keepPred(p, nil)
	}
	all := func(*term.Term) bool { return true }
	for _, c := range s.Clauses {
		args := argVars(c)
		sv := solveDefs(st, c.Constraint, all, func(x *term.Term) bool { return !args[x] }, true)
		if sv.isFalse() {
			r.changed = true
			continue
		}
		parts := sv.rest
		for _, d := range sv.defs {
			parts = append(parts, st.Eq(d.x, d.t))
		}
		cons := st.Simplify(conj(st, parts))
		if cons.IsFalse() {
			r.changed = true
			continue
		}
		r.rewriteConstraint(c, cons, nil)
	}
	sys, tr := r.result()
	return sys, tr, nil
}

// rewriteConstraint adds c with the constraint cons, equivalent to c's
// constraint given the definitions defs of variables that cons no longer
// mentions. Variables that occur in no atom and not in cons leave Vars;
// a derivation node gets their values from defs, or the default value.
func (r *rebuild) rewriteConstraint(c *Clause, cons *term.Term, defs map[*term.Term]*term.Term) {
	if cons == c.Constraint && len(defs) == 0 {
		r.keepClause(c)
		return
	}
	args := argVars(c)
	inCons := map[*term.Term]bool{}
	for _, x := range term.FreeConsts(cons) {
		inCons[x] = true
	}
	nc := &Clause{Constraint: cons, Origin: c.Origin}
	src := make([]varSource, len(c.Vars))
	for i, x := range c.Vars {
		switch {
		case args[x] || inCons[x]:
			src[i] = fromIndex(len(nc.Vars))
			nc.Vars = append(nc.Vars, x)
		case defs[x] != nil:
			src[i] = fromDefault
			src[i].def = defs[x]
		default:
			src[i] = fromDefault
		}
	}
	if c.Head != nil {
		h := r.atom(c.Head, nil)
		nc.Head = &h
	}
	for i := range c.Body {
		nc.Body = append(nc.Body, r.atom(&c.Body[i], nil))
	}
	r.addClause(nc, c, src)
}
