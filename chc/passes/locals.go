package passes

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// EliminateLocals is the pass that eliminates clause-local variables (no
// atom's argument) that the constraint defines by an equality x = t, t
// free of x: t is substituted for x and x leaves the clause.
//
// Models translate unchanged. A derivation node of a rewritten clause is a
// node of the original clause whose eliminated variables take the values
// of their definitions under the node's values.
type EliminateLocals struct{}

// Name is "locals".
func (EliminateLocals) Name() string { return "locals" }

// Apply runs the pass on s.
func (EliminateLocals) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	st := s.St
	r := newRebuild(s)
	for _, p := range s.Preds {
		r.keepPred(p, nil)
	}
	yes := func(*term.Term) bool { return true }
	poll := chc.NewBudget(ctx)
	memo := keptOf(ctx)
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		if memo.has("locals", c) {
			r.keepClause(c)
			continue
		}
		args := argVars(c)
		if !hasLocal(c.Constraint, &args) {
			memo.add("locals", c)
			r.keepClause(c)
			continue
		}
		sv := solveDefs(st, c.Constraint, func(x *term.Term) bool { return !args.has(x) }, yes, false)
		if sv.isFalse() {
			r.changed = true
			continue
		}
		if len(sv.defs) == 0 {
			memo.add("locals", c)
			r.keepClause(c)
			continue
		}
		cons := st.Simplify(chc.Conj(st, sv.rest))
		if cons.IsFalse() {
			r.changed = true
			continue
		}
		r.rewriteConstraint(c, cons, sv.sub)
	}
	sys, tr := r.result()
	return sys, tr, nil
}

// hasLocal reports whether f mentions a constant that is not in args.
func hasLocal(f *term.Term, args *varSet) bool {
	for u := range term.PostOrder(f) {
		if u.Op() == term.OpConst && !args.has(u) {
			return true
		}
	}
	return false
}
