package chc

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/term"
)

// InlineIntoQueries is the pass that eliminates the predicates that only
// queries use: a predicate P whose every occurrence in a body is the one
// body atom of a query P(ȳ) ∧ ψ(ȳ) ⇒ false, ψ over ȳ alone (no other
// variable), is replaced in each such query by each of its defining
// clauses' bodies and constraints (as Inline does), and leaves the
// system. CHC-COMP's `fail` predicates are the common case: a clause
// Inv(x̄) ∧ φ ⇒ fail and the query fail ⇒ false become Inv(x̄) ∧ φ ⇒ false,
// and a linear system of one loop predicate stays one loop without a
// location for fail (transition-system engines then need one step less
// and no location variable).
//
// Inline cannot take such P, because its model would be the projection
// of its defining clauses, which mention other variables than P's
// arguments. Here the model is the weakest instead: P(ȳ) := ⋀ ¬ψ(ȳ) over
// the queries that use P. It satisfies those queries, and a defining
// clause B ∧ φ ⇒ P(ā) holds exactly when B ∧ φ ∧ ψ(ā) ⇒ false does for
// each query: the new clauses. A derivation node of a new query splits
// into the query's node and the defining clause's node, as for Inline.
type InlineIntoQueries struct{}

// Name is "query-inline".
func (InlineIntoQueries) Name() string { return "query-inline" }

// Apply runs the pass on s.
func (InlineIntoQueries) Apply(ctx context.Context, s *System) (*System, Translator, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if err := checkNormal(s); err != nil {
		return nil, nil, err
	}
	out, tr := eliminateEach(s, func(cur *System) (*System, Translator) {
		if p := pickQueryOnly(cur); p != nil {
			return inlineQueryOnly(cur, p)
		}
		return nil, nil
	})
	return out, tr, nil
}

// eliminateEach applies step, which eliminates one predicate (nil when
// none qualifies), until it returns nil or as often as s has predicates,
// then renumbers the predicates: the pass loop of Inline and
// InlineIntoQueries. The translator chains the steps'.
func eliminateEach(s *System, step func(cur *System) (*System, Translator)) (*System, Translator) {
	var trs chain
	cur := s
	for range len(s.Preds) {
		next, tr := step(cur)
		if next == nil {
			break
		}
		trs = append(trs, tr)
		cur = next
	}
	if len(trs) == 0 {
		return s, Identity{}
	}
	if next, tr := renumber(cur); next != cur {
		trs = append(trs, tr)
		cur = next
	}
	return cur, trs
}

// pickQueryOnly is the first predicate of s that InlineIntoQueries may
// eliminate, or nil.
func pickQueryOnly(s *System) *Pred {
	ok := map[*Pred]bool{}
	bad := map[*Pred]bool{}
	for _, c := range s.Clauses {
		for i := range c.Body {
			p := c.Body[i].Pred
			if c.Head != nil || len(c.Body) != 1 || !overArgs(c) {
				bad[p] = true
			} else {
				ok[p] = true
			}
		}
	}
	for _, p := range s.Preds {
		if ok[p] && !bad[p] {
			return p
		}
	}
	return nil
}

// overArgs reports whether c's constraint mentions only the arguments of
// its atoms.
func overArgs(c *Clause) bool {
	args := argVars(c)
	for _, x := range term.FreeConsts(c.Constraint) {
		if !args[x] {
			return false
		}
	}
	return true
}

// inlineQueryOnly eliminates p, which only queries use.
func inlineQueryOnly(s *System, p *Pred) (*System, Translator) {
	st := s.St
	var defs, uses []*Clause
	for _, c := range s.Clauses {
		switch {
		case c.Head != nil && c.Head.Pred == p:
			defs = append(defs, c)
		case len(c.Body) == 1 && c.Body[0].Pred == p:
			uses = append(uses, c)
		}
	}
	r := newRebuild(s)
	r.stale = true
	for _, q := range s.Preds {
		if q != p {
			r.keepPred(q, nil)
		}
	}
	r.removePred(p, func(Model) (*term.Term, error) {
		nots := make([]*term.Term, len(uses))
		for i, q := range uses {
			nots[i] = st.Not(st.Substitute(q.Constraint, q.Body[0].Args, p.Params))
		}
		return st.Simplify(st.And(nots...)), nil
	})
	for _, c := range s.Clauses {
		switch {
		case c.Head != nil && c.Head.Pred == p:
		case len(c.Body) == 1 && c.Body[0].Pred == p:
			for _, d := range defs {
				r.inlineInto(c, p, d)
			}
		default:
			r.keepClause(c)
		}
	}
	r.changed = true
	return r.result()
}
