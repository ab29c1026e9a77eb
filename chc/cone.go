package chc

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/term"
)

// RemoveUnreachable is the pass that removes the predicates that cannot
// be derived (no clause chain from the facts reaches them) and those from
// which no query can be reached, with every clause that mentions them.
//
// Models: an underivable predicate is false, a predicate that reaches no
// query is true; both satisfy every removed clause. Derivations of the new
// system use only kept clauses and translate unchanged.
type RemoveUnreachable struct{}

// Name is "cone".
func (RemoveUnreachable) Name() string { return "cone" }

// Apply runs the pass on s.
func (RemoveUnreachable) Apply(ctx context.Context, s *System) (*System, Translator, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	st := s.St
	derivable := map[*Pred]bool{}
	for changed := true; changed; {
		changed = false
		for _, c := range s.Clauses {
			if c.Head == nil || derivable[c.Head.Pred] {
				continue
			}
			ok := true
			for i := range c.Body {
				ok = ok && derivable[c.Body[i].Pred]
			}
			if ok {
				derivable[c.Head.Pred] = true
				changed = true
			}
		}
	}
	// useful: derivable and reaching a query through clauses whose body
	// predicates are all derivable
	useful := map[*Pred]bool{}
	live := func(c *Clause) bool {
		for i := range c.Body {
			if !derivable[c.Body[i].Pred] {
				return false
			}
		}
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, c := range s.Clauses {
			if !live(c) || (c.Head != nil && !useful[c.Head.Pred]) {
				continue
			}
			for i := range c.Body {
				if p := c.Body[i].Pred; !useful[p] {
					useful[p] = true
					changed = true
				}
			}
		}
	}
	r := newRebuild(s)
	for _, p := range s.Preds {
		switch {
		case useful[p]:
			r.keepPred(p, nil)
		case derivable[p]:
			r.removePred(p, func(Model) (*term.Term, error) { return st.True(), nil })
		default:
			r.removePred(p, func(Model) (*term.Term, error) { return st.False(), nil })
		}
	}
	for _, c := range s.Clauses {
		if live(c) && (c.Head == nil || useful[c.Head.Pred]) {
			r.keepClause(c)
		} else {
			r.changed = true
		}
	}
	sys, tr := r.result()
	return sys, tr, nil
}
