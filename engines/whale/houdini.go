package whale

import (
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Closing by Houdini (an addition to the paper, see doc.go): the pairs
// WHALE guesses for different ARGs of a predicate, each true of one
// calling context, often combine into an invariant that no single ARG's
// specification is. Every guard ⇒ summary pair, its summary, the
// literals of its summary, and the bounds the facts give the arguments
// (x = c as x <= c and x >= c) become candidates of the predicate; the
// largest subset of the candidates that is inductive (every clause, with
// the candidates of its body atoms assumed, implies those of its head) is
// computed by dropping, for each clause in turn, the head candidates a
// model of the clause refutes (Flanagan and Leino's Houdini). If that
// invariant makes every query unsatisfiable it is a model; otherwise its
// candidates are invariants of every derivation, which each ARG's
// clause instances assume from then on (they only remove executions that
// no derivation has).

// addPair adds the candidates a guard/summary pair gives.
func (r *run) addPairCandidates(pred *chc.Pred, pr pair) {
	st := r.st
	r.pool.Add(pred, st.Implies(pr.guard, pr.sum))
	r.pool.Add(pred, pr.sum)
	for _, l := range houdini.Literals(st, pr.sum, nil) {
		r.pool.Add(pred, l)
		if !pr.guard.IsTrue() {
			r.pool.Add(pred, st.Implies(pr.guard, l))
		}
	}
}

// constraint is the clause's constraint as WHALE sees it (its template).
func (r *run) constraint(c *chc.Clause) *term.Term { return r.template(c).cons }

// houdini computes the largest inductive subset of the candidates. It
// returns the model when the subset also excludes every query, else nil;
// the subset becomes r.inv.
func (r *run) houdini() (chc.Model, error) {
	st := r.st
	r.stats.houdiniRuns++
	r.pool.Added = 0
	t0 := time.Now()
	keep, checks, err := houdini.Run(r.ctx, r.sys, r.pool.Cands, houdini.Options{Constraint: r.constraint})
	r.stats.houdiniChecks += checks
	r.stats.smtChecks += checks
	r.stats.smtTime += time.Since(t0)
	if err != nil {
		return nil, err
	}
	conj := func(p *chc.Pred, args []*term.Term) *term.Term {
		return p.Instantiate(st, st.And(keep[p.ID]...), args)
	}
	grew := r.inv == nil
	inv := make([]*term.Term, len(r.sys.Preds))
	for _, p := range r.sys.Preds {
		inv[p.ID] = st.Simplify(st.And(keep[p.ID]...))
		grew = grew || r.inv[p.ID] != inv[p.ID]
	}
	if grew {
		for k, v := range r.implied {
			if !v {
				delete(r.implied, k)
			}
		}
	}
	r.inv = make([]*term.Term, len(r.sys.Preds))
	for _, p := range r.sys.Preds {
		r.inv[p.ID] = st.Simplify(st.And(keep[p.ID]...))
		r.log.Tracef("Houdini keeps %d of %d candidates of %s: %s", len(keep[p.ID]), len(r.pool.Cands[p.ID]), p, short(r.inv[p.ID]))
	}
	for _, c := range r.sys.Clauses {
		if c.Head != nil {
			continue
		}
		parts := []*term.Term{r.template(c).cons}
		for _, b := range c.Body {
			parts = append(parts, conj(b.Pred, b.Args))
		}
		r.stats.houdiniChecks++
		m, err := r.check(st.And(parts...))
		if err != nil || m != nil {
			return nil, err
		}
	}
	model := chc.Model{}
	for _, p := range r.sys.Preds {
		model[p] = r.inv[p.ID]
	}
	return model, nil
}
