package passes

import (
	"context"
	"sync"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// RemoveUnusedArgs is the pass that removes unused predicate arguments:
// position i of P is unused when, in every clause with P in its body, the
// variable at position i occurs nowhere else in the clause (in a
// normalised clause: not in the constraint). The new predicates have the
// used positions only; a head argument at a removed position stays in the
// clause as a local variable when the constraint mentions it.
//
// Models: the new predicate's parameters are the old one's at the kept
// positions, so its formula is the old predicate's. Derivations: a removed
// body argument takes the value of the child's head argument (it is free in
// the clause), a removed head argument that the constraint does not
// mention the default value of its sort.
type RemoveUnusedArgs struct{}

// Name is "args".
func (RemoveUnusedArgs) Name() string { return "args" }

// Apply runs the pass on s.
func (RemoveUnusedArgs) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if err := poll.Poll(); err != nil {
		return nil, nil, err
	}
	if err := checkForm(ctx, poll, s); err != nil {
		return nil, nil, err
	}
	// by predicate ID (their indices: checkForm checked)
	used := make([][]bool, len(s.Preds))
	for _, p := range s.Preds {
		used[p.ID] = make([]bool, p.Arity())
	}
	// the pass's tables, kept from pass to pass (a table made anew
	// allocates its pages again: most of what the pass allocated)
	sc := argsScratches.Get().(*argsScratch)
	defer func() {
		sc.occurs.Clear()
		sc.seen.Clear()
		sc.bodyArg.Clear()
		argsScratches.Put(sc)
	}()
	inCons := &sc.occurs // per clause: cleared, not made anew
	seen := &sc.seen     // markShared's scratch
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		for _, x := range s.St.SharedFreeConsts(c.Constraint) {
			inCons.Set(x, true)
		}
		if s.Relaxed {
			// an argument that another atom shares is used too (the
			// strict form would have its copy in the constraint)
			markShared(c, inCons, seen)
		}
		for j := range c.Body {
			b := &c.Body[j]
			u := used[b.Pred.ID]
			for i, y := range b.Args {
				if inCons.Get(y) {
					u[i] = true
				}
			}
		}
		inCons.Clear()
	}
	keep := make([][]int, len(s.Preds))
	all := true
	for _, p := range s.Preds {
		k := make([]int, 0, p.Arity())
		for i, u := range used[p.ID] {
			if u {
				k = append(k, i)
			}
		}
		keep[p.ID] = k
		all = all && len(k) == p.Arity()
	}
	if all {
		// every argument is used: s as it is (what the rebuild gives)
		return s, Identity{}, nil
	}
	r := newRebuild(s, keptOf(ctx))
	for _, p := range s.Preds {
		r.keepPred(p, keep[p.ID])
	}
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		r.dropArgs(c, keep, sc)
	}
	sys, tr := r.result()
	return sys, tr, nil
}

// dropArgs adds c with its atoms restricted to the kept positions (by
// predicate ID); sc is scratch, left empty.
func (r *rebuild) dropArgs(c *chc.Clause, keep [][]int, sc *argsScratch) {
	same := c.Head == nil || len(keep[c.Head.Pred.ID]) == c.Head.Pred.Arity()
	for j := range c.Body {
		same = same && len(keep[c.Body[j].Pred.ID]) == c.Body[j].Pred.Arity()
	}
	if same {
		r.keepClause(c)
		return
	}
	nc := &chc.Clause{Constraint: c.Constraint, Origin: c.Origin, Body: make([]chc.Atom, len(c.Body))}
	defer func() {
		sc.occurs.Clear()
		sc.bodyArg.Clear()
		sc.seen.Clear()
	}()
	consts := r.old.St.SharedFreeConsts(c.Constraint)
	for _, x := range consts {
		sc.occurs.Set(x, true)
	}
	if c.Head != nil {
		h := r.atom(c.Head, keep[c.Head.Pred.ID])
		nc.Head = &h
		for _, x := range h.Args {
			sc.occurs.Set(x, true)
			sc.seen.Set(x, true)
		}
	}
	// bodyArg: where a removed body argument comes from, its atom and
	// position, each plus one
	for j := range c.Body {
		b := &c.Body[j]
		a := r.atom(b, keep[b.Pred.ID])
		nc.Body[j] = a
		for _, x := range a.Args {
			sc.occurs.Set(x, true)
			sc.seen.Set(x, true)
		}
		for i, x := range b.Args {
			sc.bodyArg.Set(x, [2]int32{int32(j + 1), int32(i + 1)})
		}
	}
	src := make([]varSource, len(c.Vars))
	for i, x := range c.Vars {
		if sc.occurs.Get(x) {
			src[i] = fromIndex(len(nc.Vars))
			nc.Vars = append(nc.Vars, x)
			continue
		}
		src[i] = fromDefault
		if ja := sc.bodyArg.Get(x); ja[0] != 0 {
			src[i].child, src[i].arg = ja[0]-1, ja[1]-1
		}
	}
	r.addClauseConsts(nc, c, src, consts)
	// What the memo records of c holds of nc when every argument
	// removed that the constraint mentions is an argument of nc still
	// (seen): Simplify and EliminateLocals read of the atoms only which
	// variables of the constraint are arguments (and which atom's,
	// which is the same then: a variable of the constraint is at no
	// removed position), and the normal and relaxed forms hold of
	// fewer arguments. The later Simplify and EliminateLocals then pass
	// over the clauses whose removed arguments were unused, most of
	// them, as they passed over c.
	inCons := varSet{list: consts, sorted: true}
	for x := range atomArgs(c) {
		if !sc.seen.Get(x) && inCons.has(x) {
			return
		}
	}
	r.memo.carry(c, nc)
}

// An argsScratch holds RemoveUnusedArgs' tables between calls: the
// variables of a clause's constraint (then of the new clause, in
// dropArgs), where a removed body argument comes from (dropArgs), and
// markShared's scratch (the new clause's arguments, in dropArgs). Each
// is left empty.
type argsScratch struct {
	occurs  term.TermMap[bool]
	bodyArg term.TermMap[[2]int32]
	seen    term.TermMap[bool]
}

var argsScratches = sync.Pool{New: func() any { return new(argsScratch) }}

// markShared adds to inCons the variables of c that are arguments of two
// atoms (the relaxed clause form). seen is scratch, left empty.
func markShared(c *chc.Clause, inCons, seen *term.TermMap[bool]) {
	sharedArgs(c, seen, func(x *term.Term) { inCons.Set(x, true) })
}
