package passes

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// RemoveUnreachable is the pass that removes the predicates that cannot
// be derived (no clause chain from the facts reaches them) and those from
// which no query can be reached, with every clause that mentions them.
//
// Models: an underivable predicate is false, a predicate that reaches no
// query is true; both satisfy every removed clause. Derivations of the new
// system use only kept clauses and translate unchanged.
//
// Both closures are worklists, linear in the size of the system: a
// clause's count of body atoms not yet derivable drops as their
// predicates become derivable (unit propagation of Horn-SAT), and
// usefulness flows from the queries back through the live clauses.
type RemoveUnreachable struct{}

// Name is "cone".
func (RemoveUnreachable) Name() string { return "cone" }

// Apply runs the pass on s.
func (RemoveUnreachable) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if err := poll.Poll(); err != nil {
		return nil, nil, err
	}
	if err := chc.CheckPreds(poll, s); err != nil {
		return nil, nil, err
	}
	st := s.St
	n := len(s.Preds)
	derivable, waiting, err := closure(poll, s)
	if err != nil {
		return nil, nil, err
	}
	heads := make([][]int32, n) // clauses by head predicate
	for i, c := range s.Clauses {
		if c.Head != nil {
			heads[c.Head.Pred.ID] = append(heads[c.Head.Pred.ID], int32(i))
		}
	}
	var work []int
	// useful: derivable and reaching a query through live clauses (whose
	// body predicates are all derivable)
	useful := make([]bool, n)
	use := func(c *chc.Clause) {
		for j := range c.Body {
			if p := c.Body[j].Pred.ID; !useful[p] {
				useful[p] = true
				work = append(work, p)
			}
		}
	}
	for i, c := range s.Clauses {
		if c.Head == nil && waiting[i] == 0 {
			use(c)
		}
	}
	err = drain(poll, &work, func(p int) {
		for _, i := range heads[p] {
			if waiting[i] == 0 {
				use(s.Clauses[i])
			}
		}
	})
	if err != nil {
		return nil, nil, err
	}
	r := newRebuild(s, keptOf(ctx))
	for _, p := range s.Preds {
		switch {
		case useful[p.ID]:
			r.keepPred(p, nil)
		case derivable[p.ID]:
			r.removePred(p, func(chc.Model) (*term.Term, error) { return st.True(), nil })
		default:
			r.removePred(p, func(chc.Model) (*term.Term, error) { return st.False(), nil })
		}
	}
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		if waiting[i] == 0 && (c.Head == nil || useful[c.Head.Pred.ID]) {
			r.keepClause(c)
		} else {
			r.changed = true
		}
	}
	sys, tr := r.result()
	return sys, tr, nil
}

// Derivable marks (by predicate ID) the predicates of s that the clauses
// can derive, ignoring the constraints: the least fixpoint from the
// facts, in time linear in the size of s. The IDs of s's predicates must
// be their indices, as in every system Read and the passes make.
func Derivable(s *chc.System) []bool {
	d, _, _ := closure(chc.NewBudget(context.Background()), s)
	return d
}

// closure is Derivable, polling b, with per clause the number of its body
// atoms whose predicate is not derivable (0: the clause is live). It is
// unit propagation of Horn-SAT: a clause's count drops as the predicates
// of its body atoms become derivable.
func closure(poll *chc.Budget, s *chc.System) (derivable []bool, waiting []int, err error) {
	n := len(s.Preds)
	inBody := make([][]int32, n) // clauses by body predicate, once per atom
	waiting = make([]int, len(s.Clauses))
	derivable = make([]bool, n)
	var work []int
	derive := func(p int) {
		if !derivable[p] {
			derivable[p] = true
			work = append(work, p)
		}
	}
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		for j := range c.Body {
			p := c.Body[j].Pred.ID
			inBody[p] = append(inBody[p], int32(i))
		}
		waiting[i] = len(c.Body)
		if c.Head != nil && len(c.Body) == 0 {
			derive(c.Head.Pred.ID)
		}
	}
	err = drain(poll, &work, func(p int) {
		for _, i := range inBody[p] {
			if waiting[i]--; waiting[i] == 0 && s.Clauses[i].Head != nil {
				derive(s.Clauses[i].Head.Pred.ID)
			}
		}
	})
	return derivable, waiting, err
}

// drain pops the predicates of the worklist *work and visits them (which
// may push more) until it is empty, polling.
func drain(poll *chc.Budget, work *[]int, visit func(p int)) error {
	for len(*work) > 0 {
		if err := poll.Step(); err != nil {
			return err
		}
		p := (*work)[len(*work)-1]
		*work = (*work)[:len(*work)-1]
		visit(p)
	}
	return nil
}
