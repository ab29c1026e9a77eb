package passes

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// WithKept gives ctx a memo of kept clauses, as Preprocess does, and a
// function reporting whether a pass recorded c in it.
func WithKept(ctx context.Context) (context.Context, func(c *chc.Clause) bool) {
	k := &kept{}
	return context.WithValue(ctx, keptKey{}, k), func(c *chc.Clause) bool {
		return k.has("simplify", c) || k.has("locals", c)
	}
}

// InlineCopies is the copies count of Inline's state on s (see
// inliner.copies), by clause index.
func InlineCopies(s *chc.System) (func(i int, bound bool) int, error) {
	in, err := newInliner(chc.NewBudget(context.Background()), s)
	if err != nil {
		return nil, err
	}
	return in.copies, nil
}

// Rename is Inline's rename of t under m.
func Rename(st *term.Store, t *term.Term, m map[*term.Term]*term.Term) *term.Term {
	return (&inliner{st: st}).rename(t, m)
}

// InlineBounds are the size bounds of Inline's state on s by clause
// index: crudeBound, sizeBound and size (see inliner.sizeBound), each
// asked in the order of the argument.
func InlineBounds(s *chc.System) (func(i int, order [3]int) [3]int, error) {
	in, err := newInliner(chc.NewBudget(context.Background()), s)
	if err != nil {
		return nil, err
	}
	fs := [3]func(int) int{in.crudeBound, in.sizeBound, in.size}
	return func(i int, order [3]int) (out [3]int) {
		for _, k := range order {
			out[k] = fs[k](i)
		}
		return out
	}, nil
}

// InlineProjection is Inline's projection of clause i of s (see
// inliner.project): whether it projects, and its definitions.
func InlineProjection(s *chc.System) (func(i int) (bool, map[*term.Term]*term.Term), error) {
	in, err := newInliner(chc.NewBudget(context.Background()), s)
	if err != nil {
		return nil, err
	}
	return func(i int) (bool, map[*term.Term]*term.Term) {
		pr := in.project(i)
		return pr.ok, pr.sub
	}, nil
}

// CanonicalVars reports whether c's variables are in the order
// canonicalConsts gives them (the atoms' arguments, then the others of
// the constraint in their order) with none missing or left over.
func CanonicalVars(c *chc.Clause) bool {
	nc := *c
	remap := canonicalConsts(&nc, nil)
	for i, j := range remap {
		if int(j) != i {
			return false
		}
	}
	return len(nc.Vars) == len(c.Vars)
}

// CheckForm is the check of the relaxed form that the passes which take
// it make of their input (see checkForm), without a Preprocess memo.
func CheckForm(s *chc.System) error {
	ctx := context.Background()
	return checkForm(ctx, chc.NewBudget(ctx), s)
}

// WithKeptBy is WithKept with a function reporting whether the memo
// records c as kept by the pass of the name given ("simplify",
// "locals").
func WithKeptBy(ctx context.Context) (context.Context, func(pass string, c *chc.Clause) bool) {
	k := &kept{}
	return context.WithValue(ctx, keptKey{}, k), k.has
}

// InlineProjectionSlow is InlineProjection without project's shortcut
// (see inliner.bodyArgUnconstrained): the projection solved, and
// whether the shortcut applies to the clause.
func InlineProjectionSlow(s *chc.System) func(i int) (ok bool, sub map[*term.Term]*term.Term, shortcut bool) {
	in := &inliner{s: s, st: s.St, argSet: new(term.TermMap[bool]), seenArgs: new(term.TermMap[bool])}
	return func(i int) (bool, map[*term.Term]*term.Term, bool) {
		d := s.Clauses[i]
		for _, x := range d.Head.Args {
			in.argSet.Set(x, true)
		}
		defer in.argSet.Clear()
		short := in.bodyArgUnconstrained(d, in.argSet)
		pr := &projection{}
		in.solveProjection(pr, d, in.argSet)
		return pr.ok, pr.sub, short
	}
}

// SmallSize is Inline's count of a conjunct's nodes (see smallSize).
func SmallSize(t *term.Term) int { return smallSize(t) }

// InlineMergedLocals runs Inline's loop on s and returns, over the
// merged clauses with a head that keep a local variable (those project
// refuses at once, see merge.local), how many there were and how many
// of them the projection solved (without that shortcut) accepts. A
// system that is not in the form Inline takes (see checkForm) has none.
func InlineMergedLocals(s *chc.System) (locals, projected int, err error) {
	ctx := context.Background()
	poll := chc.NewBudget(ctx)
	if checkForm(ctx, poll, s) != nil {
		return 0, 0, nil
	}
	in, err := newInliner(poll, s)
	if err != nil {
		return 0, 0, err
	}
	defer in.release()
	for {
		p, ds := in.pick(poll)
		if p == nil {
			break
		}
		if err := in.inline(poll, p, ds); err != nil {
			return 0, 0, err
		}
	}
	for i, inf := range in.info {
		d := in.cls[i]
		if inf.merge == nil || !inf.merge.local || d.Head == nil {
			continue
		}
		locals++
		head := in.argSet
		for _, x := range d.Head.Args {
			head.Set(x, true)
		}
		pr := &projection{}
		if !in.bodyArgUnconstrained(d, head) {
			in.solveProjection(pr, d, head)
		}
		head.Clear()
		if pr.ok {
			projected++
		}
	}
	return locals, projected, nil
}

// InlineProjectionSolved is InlineProjectionSlow without the shortcut,
// and with split unset the whole constraint solved, the conjuncts that
// mention only head arguments too (see inliner.headOnly): whether clause
// i projects, its definitions and the rest of its projection.
func InlineProjectionSolved(s *chc.System, split bool) func(i int) (ok bool, sub map[*term.Term]*term.Term, rest *term.Term) {
	in := &inliner{s: s, st: s.St, argSet: new(term.TermMap[bool]), seenArgs: new(term.TermMap[bool])}
	return func(i int) (bool, map[*term.Term]*term.Term, *term.Term) {
		d := s.Clauses[i]
		for _, x := range d.Head.Args {
			in.argSet.Set(x, true)
		}
		defer in.argSet.Clear()
		pr := &projection{}
		in.solveProjectionOf(pr, d, in.argSet, split)
		return pr.ok, pr.sub, pr.rest
	}
}

// InlineCanonicalChecked runs Inline's merges on s, each merged clause's
// table of the constraint's variables (canonicalMerged's, by its
// shortcut or not) compared with the one read off the whole constraint:
// the merges that took the shortcut, those among them whose constraint
// has a variable that is no atom argument, those that read the whole
// constraint, and the mismatches.
func InlineCanonicalChecked(s *chc.System) (short, shortLocal, full, mismatch int, err error) {
	ctx := context.Background()
	poll := chc.NewBudget(ctx)
	if checkForm(ctx, poll, s) != nil {
		return 0, 0, 0, 0, nil
	}
	in, err := newInliner(poll, s)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	defer in.release()
	in.canonical = &canonicalCheck{}
	for {
		p, ds := in.pick(poll)
		if p == nil {
			break
		}
		if err := in.inline(poll, p, ds); err != nil {
			return 0, 0, 0, 0, err
		}
	}
	cc := in.canonical
	return cc.short, cc.shortLocal, cc.full, cc.mismatch, nil
}
