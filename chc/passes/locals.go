package passes

import (
	"context"
	"slices"
	"sync"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// EliminateLocals is the pass that eliminates clause-local variables (no
// atom's argument) that the constraint defines by an equality x = t, t
// free of x: t is substituted for x and x leaves the clause.
//
// A local variable that occurs only in bounds by constants (x ≥ 0 ∧ x ≤ 5,
// as Solidity's range checks of a value no other conjunct uses) leaves
// too, with its bounds: they hold of some value, which a derivation
// gives it (the clause is dropped when they contradict each other).
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
	r := newRebuild(s, keptOf(ctx))
	for _, p := range s.Preds {
		r.keepPred(p, nil)
	}
	poll := chc.NewBudget(ctx)
	memo := keptOf(ctx)
	var ca clauseArgs // (c's arguments, in tables kept from clause to clause)
	defer ca.release()
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		if memo.has("locals", c) {
			r.keepClause(c)
			continue
		}
		args := ca.of(c)
		fv := st.SharedFreeConsts(c.Constraint)
		key, keyed := localsKeyOf(c.Constraint, fv, &args)
		if key.mask == 0 {
			memo.add("locals", c)
			r.keepClause(c)
			continue
		}
		out, seen := memo.localsOutcome(key, keyed)
		if !seen {
			out = eliminateLocals(st, c.Constraint, &args)
			memo.addLocalsOutcome(key, keyed, out)
		}
		switch {
		case out.drop:
			r.changed = true
		case out.cons == nil:
			memo.add("locals", c)
			r.keepClause(c)
		default:
			r.rewriteConstraint(c, &args, out.cons, out.defs)
		}
	}
	sys, tr := r.result()
	return sys, tr, nil
}

// A localsOutcome is what EliminateLocals makes of a constraint with a
// given set of local variables: the clause dropped, kept (cons nil), or
// rewritten to cons with the eliminated variables' definitions defs.
type localsOutcome struct {
	drop bool
	cons *term.Term
	defs map[*term.Term]*term.Term
}

// eliminateLocals is EliminateLocals' work on one clause's constraint f,
// args the variables of its atoms: a function of f and of the free
// constants of f that args lacks, nothing else of the clause.
func eliminateLocals(st *term.Store, f *term.Term, args *varSet) localsOutcome {
	return eliminateLocalsIn(st, f, args, true)
}

// eliminateLocalsIn is eliminateLocals, without mayEliminate's test when
// screen is false (the tests compare the two).
func eliminateLocalsIn(st *term.Store, f *term.Term, args *varSet, screen bool) localsOutcome {
	local := func(x *term.Term) bool { return !args.has(x) }
	// The conjuncts without a local variable (most of a Solidity
	// clause's: range checks of its arguments) are set aside: no
	// definition of a local is read off them or substituted into them,
	// and no bound of one is among them; the constraint is the others,
	// with the locals eliminated, and them.
	one := [1]*term.Term{f}
	cs := one[:]
	if f.Op() == term.OpAnd {
		cs = f.Args()
	}
	var withLocal, without []*term.Term
	for i, a := range cs {
		if slices.ContainsFunc(st.SharedFreeConsts(a), local) {
			if without != nil {
				withLocal = append(withLocal, a)
			}
			continue
		}
		if without == nil {
			// (the conjuncts before a are all with a local)
			withLocal = append(make([]*term.Term, 0, len(cs)), cs[:i]...)
			without = make([]*term.Term, 0, len(cs)-i)
		}
		without = append(without, a)
	}
	if len(withLocal) == 0 && without != nil {
		return localsOutcome{}
	}
	if screen && f.IsSimplified() {
		ls := withLocal
		if without == nil {
			ls = cs
		}
		if !mayEliminate(st, ls, args) {
			return localsOutcome{}
		}
	}
	all := func(*term.Term) bool { return true }
	var sv *solved
	switch {
	case without == nil:
		sv = solveDefs(st, f, local, all, false, true)
	case len(withLocal) == 1:
		sv = solveDefs(st, withLocal[0], local, all, false, true)
	default:
		sv = solveDefsOf(st, nil, withLocal, local, all, false, true)
	}
	if sv.isFalse() {
		return localsOutcome{drop: true}
	}
	rest, vals, ok := boundedLocals(st, sv.rest, local)
	if !ok {
		return localsOutcome{drop: true}
	}
	if len(sv.defs) == 0 && len(vals) == 0 {
		return localsOutcome{}
	}
	cons := st.SimplifyAnd(append(append(make([]*term.Term, 0, len(rest)+len(without)), rest...), without...))
	if cons.IsFalse() {
		return localsOutcome{drop: true}
	}
	defs := sv.sub
	if len(vals) > 0 {
		// the definitions may mention a variable given a value
		defs = make(map[*term.Term]*term.Term, len(sv.sub)+len(vals))
		for _, d := range sv.defs {
			defs[d.x] = st.SimplifyMap(d.t, vals)
		}
		for x, v := range vals {
			defs[x] = v
		}
	}
	return localsOutcome{cons: cons, defs: defs}
}

// mayEliminate reports whether eliminateLocals may find work in the
// conjuncts cs of a simplified constraint, those with a local variable
// (one args lacks): false only when none can define a local and no local
// of arithmetic sort occurs in bounds alone (see boundShape). A definition is read off a Boolean local or its
// negation, an equality with a local as a side, or an arithmetic equality
// with a local among the summands of a side (solveDefs reads no other,
// and with none the later rounds find none either, since they only
// substitute definitions); a local leaves with its bounds when every
// conjunct that has it is a comparison with no other free constant
// (boundedLocals). Most clauses that a later EliminateLocals meets again
// rebuilt by Inline or RemoveUnusedArgs, with locals in array reads and
// in comparisons of several variables only, end here, without the
// definitions' search (its simplification and linear forms).
func mayEliminate(st *term.Store, cs []*term.Term, args *varSet) bool {
	local := func(x *term.Term) bool { return x.Op() == term.OpConst && !args.has(x) }
	// bounds: the locals that are the one free constant of a
	// comparison, each a candidate until another conjunct has it
	var bounds []*term.Term
	for _, a := range cs {
		switch a.Op() {
		case term.OpConst:
			if local(a) {
				return true
			}
			continue
		case term.OpNot:
			if b := a.Arg(0); local(b) {
				return true
			}
		case term.OpEq:
			if a.NumArgs() != 2 {
				break
			}
			l, r := a.Arg(0), a.Arg(1)
			if local(l) || local(r) {
				return true
			}
			if l.Sort().IsArith() && (linearLocal(l, args) || linearLocal(r, args)) {
				return true
			}
		}
		if boundShape(a) {
			if fv := st.SharedFreeConsts(a); len(fv) == 1 && local(fv[0]) && fv[0].Sort().IsArith() && !slices.Contains(bounds, fv[0]) {
				bounds = append(bounds, fv[0])
			}
		}
	}
	if len(bounds) == 0 {
		return false
	}
	// a candidate stays one when each conjunct that has it has it
	// alone, as a comparison
	for _, x := range bounds {
		busy := false
		for _, a := range cs {
			if a.Op() == term.OpConst {
				continue // (a Boolean: no list of it made)
			}
			fv := st.SharedFreeConsts(a)
			if !slices.Contains(fv, x) {
				continue
			}
			if len(fv) == 1 && boundShape(a) {
				continue
			}
			busy = true
			break
		}
		if !busy {
			return true
		}
	}
	return false
}

// boundShape reports whether a has the shape of a bound that readBound
// may read: an arithmetic comparison or its negation (not of an
// equality).
func boundShape(a *term.Term) bool {
	neg := a.Op() == term.OpNot
	if neg {
		a = a.Arg(0)
	}
	switch a.Op() {
	case term.OpLe, term.OpGe, term.OpLt, term.OpGt:
	case term.OpEq:
		if neg {
			return false
		}
	default:
		return false
	}
	return a.NumArgs() == 2 && a.Arg(0).Sort().IsArith()
}

// linearLocal reports whether a local variable (one args lacks) is a
// summand of t, through sums, differences, negations, products,
// divisions and conversions to Real: where a linear form of t has it as
// a variable (and so where arithDefinition may solve for it).
func linearLocal(t *term.Term, args *varSet) bool {
	switch t.Op() {
	case term.OpConst:
		return !args.has(t)
	case term.OpAdd, term.OpSub, term.OpNeg, term.OpMul, term.OpDiv, term.OpToReal:
		for _, u := range t.Args() {
			if linearLocal(u, args) {
				return true
			}
		}
	}
	return false
}

// A localsKey names what eliminateLocals reads of a clause: its
// constraint f and, as a mask over f's free constants (in the order of
// term.Store.SharedFreeConsts), those that are local. Clauses that
// Simplify or Inline rebuilt (new clauses on the same constraint and
// arguments) share their key with the clause they came from.
type localsKey struct {
	f    *term.Term
	mask uint64
}

// localsKeyOf is the key of the constraint f with free constants fv in a
// clause whose atoms' variables are args; keyed is false when f has more
// than 64 free constants (no key: mask is then 1 when some constant is
// local, 0 when none is).
func localsKeyOf(f *term.Term, fv []*term.Term, args *varSet) (key localsKey, keyed bool) {
	key.f = f
	if len(fv) > 64 {
		if slices.ContainsFunc(fv, func(x *term.Term) bool { return !args.has(x) }) {
			key.mask = 1
		}
		return key, false
	}
	for i, x := range fv {
		if !args.has(x) {
			key.mask |= 1 << i
		}
	}
	return key, true
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

// splitLocal parts the conjuncts of f into those with a variable that
// args does not hold (local) and the others (kept), each in f's order, in
// one walk of f.
func splitLocal(f *term.Term, args *varSet) (local, kept []*term.Term) {
	cs := term.Conjuncts(nil, f)
	m := localMarks.Get().(*term.TermMap[uint8])
	defer func() {
		m.Clear()
		localMarks.Put(m)
	}()
	// m: 2 for a term with a local variable, 1 for one without
	for u := range term.PostOrder(f) {
		r := uint8(1)
		if u.Op() == term.OpConst {
			if !args.has(u) {
				r = 2
			}
		} else {
			for _, a := range u.Args() {
				if m.Get(a) == 2 {
					r = 2
					break
				}
			}
		}
		m.Set(u, r)
	}
	for _, a := range cs {
		if m.Get(a) == 2 {
			local = append(local, a)
		} else {
			kept = append(kept, a)
		}
	}
	return local, kept
}

// localMarks recycles the tables of splitLocal.
var localMarks = sync.Pool{New: func() any { return new(term.TermMap[uint8]) }}

// boundedLocals drops from the conjuncts cs the variables that can allows
// and that occur in cs only in bounds by constants (see readBound),
// together with those bounds, and gives each a value within them (vals).
// ok is false when the bounds of one such variable contradict each other.
// rest is cs itself when no variable leaves.
func boundedLocals(st *term.Store, cs []*term.Term, can func(x *term.Term) bool) (rest []*term.Term, vals map[*term.Term]*term.Term, ok bool) {
	sc := boundedScratches.Get().(*boundedScratch)
	ivs := sc.ivs[:0]
	defer func() {
		sc.index.Clear()
		clear(ivs)
		sc.ivs = ivs[:0]
		boundedScratches.Put(sc)
	}()
	// index: a variable's interval plus one; of: by conjunct, its
	// interval plus one, 0 for the others
	index := &sc.index
	sc.of = grown(sc.of, len(cs))
	of := sc.of
	for i, a := range cs {
		// a bound is a comparison (or its negation) whose one free
		// constant is the variable bounded: the others are not read
		if op := a.Op(); op != term.OpNot && op != term.OpLe && op != term.OpGe && op != term.OpEq && op != term.OpLt && op != term.OpGt {
			continue
		}
		if fv := st.SharedFreeConsts(a); len(fv) != 1 || !can(fv[0]) {
			continue
		}
		x, v, kind, strict, ok := readBound(st, a)
		if !ok || !can(x) {
			continue
		}
		k := index.Get(x)
		if k == 0 {
			ivs = append(ivs, localInterval{x: x})
			k = int32(len(ivs))
			index.Set(x, k)
		}
		of[i] = k
		iv := &ivs[k-1]
		if kind != boundUpper {
			tightenBound(&iv.lo, v, strict, false)
		}
		if kind != boundLower {
			tightenBound(&iv.hi, v, strict, true)
		}
	}
	if len(ivs) == 0 {
		return cs, nil, true
	}
	for i, a := range cs {
		if of[i] != 0 {
			continue
		}
		if a.Op() == term.OpConst {
			// (a Boolean variable: no list of it made)
			if k := index.Get(a); k != 0 {
				ivs[k-1].busy = true
			}
			continue
		}
		for _, y := range st.SharedFreeConsts(a) {
			if k := index.Get(y); k != 0 {
				ivs[k-1].busy = true
			}
		}
	}
	for k := range ivs {
		iv := &ivs[k]
		if iv.busy {
			continue
		}
		v, ok := within(iv.lo, iv.hi, iv.x.Sort().IsInt())
		if !ok {
			return nil, nil, false
		}
		if vals == nil {
			vals = map[*term.Term]*term.Term{}
		}
		vals[iv.x] = st.Num(v, iv.x.Sort())
	}
	if vals == nil {
		return cs, nil, true
	}
	for i, a := range cs {
		if of[i] == 0 || ivs[of[i]-1].busy {
			rest = append(rest, a)
		}
	}
	return rest, vals, true
}

// A boundedScratch holds boundedLocals' tables between calls.
type boundedScratch struct {
	index term.TermMap[int32]
	of    []int32
	ivs   []localInterval
}

// A localInterval is the bounds boundedLocals met of a variable x.
type localInterval struct {
	x      *term.Term
	lo, hi bound
	busy   bool // x occurs in a conjunct other than its bounds
}

var boundedScratches = sync.Pool{New: func() any { return new(boundedScratch) }}

// tightenBound makes b the tighter of b and the bound v (strict or not),
// an upper bound when upper is set.
func tightenBound(b *bound, v num.Rat, strict, upper bool) {
	c := v.Cmp(b.val)
	if upper {
		c = -c
	}
	if !b.set || c > 0 || (c == 0 && strict) {
		b.val, b.strict, b.set = v, strict, true
	}
}

// within is a value between the bounds lo and hi (each set or not), an
// integer when isInt (whose bounds readBound made integral and not
// strict); ok is false when there is none.
func within(lo, hi bound, isInt bool) (v num.Rat, ok bool) {
	one := num.NewRat(1, 1)
	switch {
	case lo.set && hi.set:
		c := lo.val.Cmp(hi.val)
		switch {
		case c > 0 || (c == 0 && (lo.strict || hi.strict)):
			return v, false
		case c == 0 || isInt || (!lo.strict && !hi.strict):
			return lo.val, true
		}
		return lo.val.Add(hi.val).Quo(num.NewRat(2, 1)), true
	case lo.set:
		if lo.strict {
			return lo.val.Add(one), true
		}
		return lo.val, true
	case hi.set:
		if hi.strict {
			return hi.val.Sub(one), true
		}
		return hi.val, true
	}
	return num.Rat{}, true
}
