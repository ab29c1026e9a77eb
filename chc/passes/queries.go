package passes

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/chc"
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
func (InlineIntoQueries) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if err := poll.Poll(); err != nil {
		return nil, nil, err
	}
	if err := checkForm(ctx, poll, s); err != nil {
		return nil, nil, err
	}
	ps := queryOnly(s)
	if len(ps) == 0 {
		return s, Identity{}, nil
	}
	out, tr := inlineQueryOnly(s, ps, keptOf(ctx))
	return out, tr, nil
}

// queryOnly are the predicates of s that InlineIntoQueries eliminates.
// They are independent: a defining clause of one has a head, so the
// predicates of its body are not query-only, and all go in one round.
func queryOnly(s *chc.System) map[*chc.Pred]bool {
	ok := map[*chc.Pred]bool{}
	bad := map[*chc.Pred]bool{}
	for _, c := range s.Clauses {
		for i := range c.Body {
			p := c.Body[i].Pred
			if c.Head != nil || len(c.Body) != 1 || !overArgs(s.St, c) {
				bad[p] = true
			} else {
				ok[p] = true
			}
		}
	}
	out := map[*chc.Pred]bool{}
	for _, p := range s.Preds {
		if ok[p] && !bad[p] {
			out[p] = true
		}
	}
	return out
}

// overArgs reports whether c's constraint mentions only the arguments of
// its atoms (free constants memoized by the store).
func overArgs(st *term.Store, c *chc.Clause) bool {
	args := argVars(c)
	for _, x := range st.SharedFreeConsts(c.Constraint) {
		if !args.has(x) {
			return false
		}
	}
	return true
}

// inlineQueryOnly eliminates the predicates ps, which only queries use;
// memo is the memo of the Preprocess call (nil: none), which the clauses
// kept on renumbered predicates keep (see rebuild.memo).
func inlineQueryOnly(s *chc.System, ps map[*chc.Pred]bool, memo *kept) (*chc.System, Translator) {
	st := s.St
	defs, uses := map[*chc.Pred][]*chc.Clause{}, map[*chc.Pred][]*chc.Clause{}
	for _, c := range s.Clauses {
		switch {
		case c.Head != nil && ps[c.Head.Pred]:
			defs[c.Head.Pred] = append(defs[c.Head.Pred], c)
		case len(c.Body) == 1 && ps[c.Body[0].Pred]:
			uses[c.Body[0].Pred] = append(uses[c.Body[0].Pred], c)
		}
	}
	r := newRebuild(s, memo)
	for _, q := range s.Preds {
		if !ps[q] {
			r.keepPred(q, nil)
		}
	}
	for _, q := range s.Preds {
		if !ps[q] {
			continue
		}
		p := q
		r.removePred(p, func(chc.Model) (*term.Term, error) {
			nots := make([]*term.Term, len(uses[p]))
			for i, u := range uses[p] {
				nots[i] = st.Not(st.Substitute(u.Constraint, u.Body[0].Args, p.Params))
			}
			return st.Simplify(st.And(nots...)), nil
		})
	}
	for _, c := range s.Clauses {
		switch {
		case c.Head != nil && ps[c.Head.Pred]:
		case len(c.Body) == 1 && ps[c.Body[0].Pred]:
			for _, d := range defs[c.Body[0].Pred] {
				inlineInto(r, c, d, len(uses[c.Body[0].Pred]) == 1)
			}
		default:
			r.keepClause(c)
		}
	}
	r.changed = true
	return r.result()
}

// inlineInto adds to r the query c, whose one body atom is d's head
// predicate, with that atom replaced by d's body and constraint. With
// only set, c is the one query d's predicate is inlined into: d's
// variables other than its head arguments serve the new clause as they
// are (d leaves the system, and no other clause made from it has them),
// without fresh variables and their renaming.
func inlineInto(r *rebuild, c *chc.Clause, d *chc.Clause, only bool) {
	st := r.old.St
	a := &c.Body[0]
	nc := &chc.Clause{Origin: c.Origin + ", " + a.Pred.Name() + " inlined", Vars: append([]*term.Term(nil), c.Vars...)}
	index := map[*term.Term]int{}
	for i, x := range c.Vars {
		index[x] = i
	}
	ren := map[*term.Term]*term.Term{}
	for i, x := range d.Head.Args {
		ren[x] = a.Args[i]
	}
	src := make([]varSource, len(d.Vars))
	for i, v := range d.Vars {
		if y, ok := ren[v]; ok {
			src[i] = fromIndex(index[y])
			continue
		}
		f := v
		if _, inC := index[v]; !only || inC {
			// (a variable of c too, were clauses ever to share one:
			// renamed apart all the same)
			f = st.Fresh(v.Name(), v.Sort())
			ren[v] = f
		}
		src[i] = fromIndex(len(nc.Vars))
		nc.Vars = append(nc.Vars, f)
	}
	for k := range d.Body {
		b := &d.Body[k]
		args := make([]*term.Term, len(b.Args))
		for i, x := range b.Args {
			if args[i] = ren[x]; args[i] == nil {
				args[i] = x // (only: d's own variable)
			}
		}
		nc.Body = append(nc.Body, chc.Atom{Pred: r.preds.get(b.Pred), Args: args})
	}
	nc.Constraint = st.Simplify(chc.Conj(st, []*term.Term{c.Constraint, st.SubstituteMap(d.Constraint, ren)}))
	csrc := make([]varSource, len(c.Vars))
	for i := range csrc {
		csrc[i] = fromIndex(i)
	}
	remap := canonicalConsts(nc, st.SharedFreeConsts(nc.Constraint))
	remapSources(csrc, remap)
	remapSources(src, remap)
	r.changed = true
	r.add(nc, &origin{back: func(_ *chc.Budget, n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
		dvals, err := sourceValues(st, n, nil, d, src)
		if err != nil {
			return nil, err
		}
		vals, err := sourceValues(st, n, nil, c, csrc)
		if err != nil {
			return nil, err
		}
		child := &chc.Node{Clause: d, Values: dvals, Children: append([]*chc.Node(nil), kids...)}
		return &chc.Node{Clause: c, Values: vals, Children: []*chc.Node{child}}, nil
	}})
}
