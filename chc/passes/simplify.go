package passes

import (
	"context"
	"slices"
	"sync"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Simplify is the pass that simplifies every clause constraint with
// term.Store.Simplify after propagating constants and equalities into it:
// a conjunct x = t (x a clause variable, t a value or a variable) is
// substituted into the other conjuncts and kept when x is an atom's
// argument; a local variable x leaves the clause with it (as
// EliminateLocals, which follows Simplify in Default, would make it
// leave: the pass saves it finding the definition again). Clauses whose
// constraint becomes false, or bounds some variable by contradicting
// constants, are removed, and variables that no longer occur leave Vars.
//
// Models translate unchanged. A derivation node of a rewritten clause is a
// node of the original clause with the same values, the value of its
// definition for an eliminated local variable, and any value (the default
// of the sort) for another dropped variable: the new constraint with the
// definitions is equivalent to the old one and does not mention it.
//
// With Relax, a copy x = y between arguments of two different atoms,
// where x occurs in no other conjunct, leaves the constraint and y takes
// x's place in its atom (unless that atom holds y already): the result is
// in the relaxed clause form (chc.System.Relaxed: two atoms may share a
// variable), which the passes that take it read, until Restrict (which
// Preprocess applies at its end) gives the strict form back. A
// derivation node of such a clause gives x y's value.
type Simplify struct {
	Relax bool
	// noShortcut makes the pass do its work on the clauses that
	// simplifyFixpoint recognises too (its tests compare both ways)
	noShortcut bool
}

// Name is "simplify".
func (Simplify) Name() string { return "simplify" }

// Apply runs the pass on s.
func (pass Simplify) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if err := poll.Poll(); err != nil {
		return nil, nil, err
	}
	st := s.St
	r := newRebuild(s, keptOf(ctx))
	for _, p := range s.Preds {
		r.keepPred(p, nil)
	}
	all := func(*term.Term) bool { return true }
	memo := keptOf(ctx)
	relaxed := false
	var ca clauseArgs
	defer ca.release()
	var fx idMap[uint8]
	var lists copyLists // (the lists of one clause at a time)
	var svs solved      // (likewise)
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		if memo.has("simplify", c) {
			r.keepClause(c)
			continue
		}
		if !pass.noShortcut && c.Constraint.IsTrue() {
			// (simplifyFixpoint's conclusion without the arguments
			// read: no conjunct, no variable; the facts and the
			// entries of a program)
			memo.add("simplify", c)
			memo.add("locals", c)
			r.keepClause(c)
			continue
		}
		args := ca.of(c)
		if !pass.noShortcut && simplifyFixpoint(st, c.Constraint, &args, pass.Relax && len(c.Body) > 0, &fx) {
			// (what the work below would conclude: see simplifyFixpoint)
			memo.add("simplify", c)
			if memo != nil && noLocals(st, c.Constraint, &args, nil) {
				memo.add("locals", c)
			}
			r.keepClause(c)
			continue
		}
		f, cs, inert := peelCopiesList(st, c.Constraint, &args, all, &lists)
		var ren *term.TermMap[*term.Term]
		if pass.Relax && len(inert) > 0 && len(c.Body) > 0 {
			inert, ren = relaxCopies(c, inert, args.at)
		}
		sv := solveDefsInto(&svs, st, f, cs, all, func(x *term.Term) bool { return !args.has(x) }, true, len(inert) > 0)
		if sv.isFalse() {
			r.changed = true
			putRenaming(ren)
			continue
		}
		var cons *term.Term
		// the definitions of local variables (no atom's argument): they
		// leave the clause, as EliminateLocals, which follows, would
		// make them leave
		// (the map made as large as needed: the translator keeps it)
		var locals map[*term.Term]*term.Term
		if n := countFunc(sv.defs, func(d def) bool { return !args.has(d.x) }); n > 0 {
			locals = make(map[*term.Term]*term.Term, n)
			for _, d := range sv.defs {
				if !args.has(d.x) {
					locals[d.x] = d.t
				}
			}
		}
		if len(inert) > 0 || len(locals) > 0 || (len(sv.defs) > 0 && !sv.unchanged()) {
			parts := sv.rest
			for _, d := range sv.defs {
				if locals[d.x] == nil {
					parts = append(parts, st.SimplifyEq(d.x, d.t))
				}
			}
			for _, e := range inert {
				// x = y, y as the rest defines it
				parts = append(parts, st.SimplifyEq(e[0], sv.valueOf(e[1])))
			}
			cons = st.SimplifyAnd(parts)
		} else {
			cons = sv.simplifiedOf()
		}
		if cons.IsFalse() || boundsConflict(st, cons) || storesRefute(st, cons) {
			r.changed = true
			putRenaming(ren)
			continue
		}
		if cons == c.Constraint && ren == nil {
			memo.add("simplify", c)
		}
		n := len(r.new.Clauses)
		if ren != nil {
			r.relaxClause(c, &args, cons, locals, ren)
			relaxed = true
		} else {
			r.rewriteConstraint(c, &args, cons, locals)
		}
		nc := r.new.Clauses[n]
		if nc != c && memo != nil && ren == nil {
			// Simplify gives its own result back (it is idempotent:
			// the definitions it read are substituted, and what is
			// left defines nothing)
			memo.add("simplify", nc)
		}
		if memo != nil && noLocals(st, cons, &args, ren) {
			// EliminateLocals keeps a clause without local variables
			// (nc's constraint is cons, its arguments c's, but those
			// that ren renames)
			memo.add("locals", nc)
		}
		putRenaming(ren)
	}
	sys, tr := r.result()
	if relaxed {
		sys.Relaxed = true
	}
	return sys, tr, nil
}

// countFunc is the number of elements of s that f holds for.
func countFunc[T any](s []T, f func(T) bool) int {
	n := 0
	for _, x := range s {
		if f(x) {
			n++
		}
	}
	return n
}

// simplifyFixpoint reports whether Simplify gives back a clause with the
// constraint f and atom arguments args as it is, in one reading of f's
// conjuncts instead of Simplify's work; false when unsure. copies tells
// whether the copies x = y between arguments may be taken out of the
// clause (Relax, with a body atom), which it then gives up on. It says
// so when f is simplified and
//
//   - every conjunct that simpleEq reads (x = v for a value v, a
//     Boolean literal, x = y) is on arguments that no other conjunct
//     mentions: unionSimple defines x as v, which changes no other
//     conjunct (their conjunction, a part of f's, is its own
//     simplification), and x is no local variable to eliminate; a copy
//     x = y (in a conjunction) is one that peelCopies sets aside, which
//     Simplify adds back as SimplifyEq(x, y), as it adds x = v as
//     SimplifyEq(x, v): each must be the conjunct itself. Without
//     copies to take out, the argument of lower ID of a copy may occur
//     in other conjuncts (not in another that simpleEq reads): it is
//     the representative of the class {x, y} (two arguments, of one
//     rank: see unionSimple), the other is defined as it, which changes
//     no other conjunct, and the copy is written back;
//   - no other conjunct gives a definition by a value or a variable
//     (definition, as solveDefs' simple phase reads it: every variable
//     of such a conjunct is undefined);
//   - f is not refuted by its bounds or stores (boundsConflict,
//     storesRefute).
//
// Then solveDefs leaves the other conjuncts as they are, with the
// definitions read unchanged (solved.unchanged), the constraint is f and
// the clause is kept. seen is scratch, left empty.
func simplifyFixpoint(st *term.Store, f *term.Term, args *varSet, copies bool, seen *idMap[uint8]) bool {
	if !f.IsSimplified() || f.IsFalse() || !f.Sort().IsBool() {
		return false
	}
	var one [1]*term.Term
	var cs []*term.Term
	switch {
	case f.Op() == term.OpAnd:
		cs = f.Args() // (Simplify's conjunction is flat)
	case !f.IsTrue():
		one[0] = f
		cs = one[:]
	}
	// the arguments that the conjuncts simpleEq reads mention (seen:
	// only, or inCopy for a copy's two), then a check that no other
	// conjunct mentions those that are only, while those of a copy that
	// another conjunct mentions become used
	const only, inCopy, used = 1, 2, 3
	defer seen.Clear()
	defined, inert := 0, false
	for _, a := range cs {
		x, y := simpleEq(st, a)
		if x == nil {
			continue
		}
		if !args.has(x) || seen.Get(x) != 0 {
			return false
		}
		seen.Set(x, only)
		defined++
		if y.Op() == term.OpConst {
			if copies || f.Op() != term.OpAnd || !args.has(y) || seen.Get(y) != 0 {
				return false
			}
			seen.Set(x, inCopy)
			seen.Set(y, inCopy)
			inert = true
		}
	}
	all := func(*term.Term) bool { return true }
	prefer := func(x *term.Term) bool { return !args.has(x) }
	var single [1]*term.Term
	for _, a := range cs {
		if x, _ := simpleEq(st, a); x != nil {
			continue
		}
		if defined > 0 {
			var fv []*term.Term
			if a.Op() == term.OpConst {
				single[0] = a
				fv = single[:]
			} else if a.NumArgs() > 0 {
				fv = st.SharedFreeConsts(a)
			}
			for _, x := range fv {
				switch seen.Get(x) {
				case only:
					return false
				case inCopy:
					seen.Set(x, used)
				}
			}
		}
		switch a.Op() {
		case term.OpConst, term.OpNot, term.OpEq:
			if x, t := definition(st, a, all, prefer, true); x != nil && (t.IsValue() || t.IsConst()) {
				return false
			}
		}
	}
	if inert {
		// A copy x = y of which one side, say x, occurs in no other
		// conjunct is one that peelCopies sets aside (x first, as
		// simpleEq reads the copy), and Simplify writes it back as
		// SimplifyEq(x, y): y is no variable that another conjunct
		// defines (those give no definition, and no other conjunct
		// simpleEq reads mentions y). A copy whose two sides occur
		// elsewhere would be read by unionSimple, which defines one as
		// the other: no fixpoint then. The definitions x = v are
		// written back as SimplifyEq(x, v).
		for _, a := range cs {
			x, y := simpleEq(st, a)
			switch {
			case x == nil:
			case y.Op() != term.OpConst || seen.Get(x) == inCopy:
				if st.SimplifyEq(x, y) != a {
					return false
				}
			case seen.Get(y) == inCopy:
				if st.SimplifyEq(y, x) != a {
					return false
				}
			default:
				return false
			}
		}
	}
	return !boundsConflict(st, f) && !storesRefute(st, f)
}

// peelCopies parts the constraint f of a clause with atom arguments
// args into the copies x = y between two arguments where x occurs in no
// other conjunct of f and can allows x (the head's arguments that a clause passes on
// unchanged: most of a Solidity clause's conjuncts), as pairs (x, y), and
// the conjunction of the other conjuncts. Substituting y for x (or x for
// y) changes no other conjunct, so Simplify need not read the copies: it
// simplifies the rest and adds x = y back, y as the rest defines it. The
// conjunction is f itself when no conjunct is such a copy.
func peelCopies(st *term.Store, f *term.Term, args *varSet, can func(x *term.Term) bool) (*term.Term, [][2]*term.Term) {
	g, cs, inert := peelCopiesList(st, f, args, can, nil)
	if cs != nil {
		g = chc.Conj(st, cs)
	}
	return g, inert
}

// peelCopiesList is peelCopies giving the other conjuncts, when there
// are two or more, as a slice (cs, the conjunction nil) instead of their
// conjunction, which solveDefsOf reads without it being built. With
// into, the lists are into's, which the next call with it overwrites.
func peelCopiesList(st *term.Store, f *term.Term, args *varSet, can func(x *term.Term) bool, into *copyLists) (g *term.Term, cs []*term.Term, inert [][2]*term.Term) {
	if f.Op() != term.OpAnd || f.NumArgs() < 2 {
		return f, nil, nil
	}
	cs = f.Args()
	// (most constraints of the relaxed form have no copy: no tables then)
	first := slices.IndexFunc(cs, func(a *term.Term) bool {
		x, y := simpleEq(st, a)
		return x != nil && y.Op() == term.OpConst && args.has(x) && args.has(y)
	})
	if first < 0 {
		return f, nil, nil
	}
	// the copies met (x, y, each an argument) by conjunct, and how many
	// conjuncts mention each variable
	sc := copyScratches.Get().(*copyScratch)
	defer func() {
		sc.count.Clear()
		clear(sc.pairs)
		sc.pairs = sc.pairs[:0]
		copyScratches.Put(sc)
	}()
	count := &sc.count
	sc.pairs = grown(sc.pairs, len(cs))
	pairs := sc.pairs
	for k, a := range cs[first:] {
		if x, y := simpleEq(st, a); x != nil && y.Op() == term.OpConst && args.has(x) && args.has(y) {
			pairs[first+k] = [2]*term.Term{x, y}
		}
	}
	var flat [3]*term.Term
	for k, a := range cs {
		if x, y := pairs[k][0], pairs[k][1]; x != nil {
			count.Set(x, count.Get(x)+1)
			count.Set(y, count.Get(y)+1)
			continue
		}
		switch {
		case a.Op() == term.OpConst:
			count.Set(a, count.Get(a)+1)
		case a.NumArgs() > 0:
			for _, x := range flatConsts(st, a, &flat) {
				count.Set(x, count.Get(x)+1)
			}
		}
	}
	var rest []*term.Term
	if into != nil {
		inert, rest = into.inert[:0], into.rest[:0]
		defer func() { into.inert, into.rest = inert[:0], rest[:0] }()
	} else {
		inert = make([][2]*term.Term, 0, len(cs))
		rest = make([]*term.Term, 0, len(cs))
	}
	for k, a := range cs {
		x, y := pairs[k][0], pairs[k][1]
		switch {
		case x == nil:
			rest = append(rest, a)
		case count.Get(x) == 1 && can(x):
			inert = append(inert, [2]*term.Term{x, y})
		case count.Get(y) == 1 && can(y):
			inert = append(inert, [2]*term.Term{y, x})
		default:
			rest = append(rest, a)
		}
	}
	if len(inert) == 0 {
		return f, nil, nil
	}
	if len(rest) < 2 {
		return chc.Conj(st, rest), nil, inert
	}
	return nil, rest, inert
}

// copyLists holds the lists of peelCopiesList from clause to clause.
type copyLists struct {
	inert [][2]*term.Term
	rest  []*term.Term
}

// clauseArgs holds the atom arguments of a clause (see of), in tables
// that it reuses from clause to clause; release gives them back.
type clauseArgs struct {
	sc *clauseArgsScratch
}

// A clauseArgsScratch is the tables of clauseArgs.
type clauseArgsScratch struct {
	atomOf idMap[int32]
	list   []*term.Term
}

var clauseArgsScratches = sync.Pool{New: func() any { return new(clauseArgsScratch) }}

// of is the set of c's atom arguments, argVars(c), valid until the next
// call of of or release: its list is every atom's arguments in order
// (the head first), and its table at gives each argument its atom plus
// one (the head 1, the body from 2; relaxCopies reads it), or -1 for an
// argument of several atoms.
func (ca *clauseArgs) of(c *chc.Clause) varSet {
	if ca.sc == nil {
		ca.sc = clauseArgsScratches.Get().(*clauseArgsScratch)
	}
	sc := ca.sc
	sc.atomOf.Clear()
	clear(sc.list)
	list := sc.list[:0]
	mark := func(a *chc.Atom, k int32) {
		for _, x := range a.Args {
			if j := sc.atomOf.Get(x); j != 0 && j != k {
				sc.atomOf.Set(x, -1)
			} else {
				sc.atomOf.Set(x, k)
			}
			list = append(list, x)
		}
	}
	if c.Head != nil {
		mark(c.Head, 1)
	}
	for j := range c.Body {
		mark(&c.Body[j], int32(j+2))
	}
	sc.list = list
	return varSet{list: list, at: &sc.atomOf}
}

// release gives the tables of ca back.
func (ca *clauseArgs) release() {
	if ca.sc != nil {
		ca.sc.atomOf.Clear()
		clear(ca.sc.list)
		ca.sc.list = ca.sc.list[:0]
		clauseArgsScratches.Put(ca.sc)
		ca.sc = nil
	}
}

// A copyScratch holds peelCopies' tables between calls.
type copyScratch struct {
	count idMap[int32]
	pairs [][2]*term.Term
}

var copyScratches = sync.Pool{New: func() any { return new(copyScratch) }}

// rewriteConstraint adds c with the constraint cons, equivalent to c's
// constraint given the definitions defs of variables that cons no longer
// mentions; args are c's atom arguments (argVars). Variables that occur in
// no atom and not in cons leave Vars; a derivation node gets their values
// from defs, or the default value (see addRewritten).
func (r *rebuild) rewriteConstraint(c *chc.Clause, args *varSet, cons *term.Term, defs map[*term.Term]*term.Term) {
	if cons == c.Constraint && len(defs) == 0 {
		r.keepClause(c)
		return
	}
	inCons := &varSet{list: r.old.St.SharedFreeConsts(cons), sorted: true}
	nc := &chc.Clause{Constraint: cons, Origin: c.Origin}
	if c.Head != nil {
		h := r.atom(c.Head, nil)
		nc.Head = &h
	}
	if len(c.Body) > 0 {
		nc.Body = make([]chc.Atom, len(c.Body))
		for i := range c.Body {
			nc.Body[i] = r.atom(&c.Body[i], nil)
		}
	}
	r.addRewritten(c, nc, args, inCons, defs, nil)
}

// storesRefute reports whether the conjuncts x = (store ...) of f (x an
// array variable the store does not mention), substituted into the other
// conjuncts, make them false: a read of x at an index the stores write
// (Solidity's memory arrays: x = (store y 0 42) ∧ ¬(select x 0) = 42)
// that Simplify, which substitutes variables and values only, leaves.
// f is simplified (Simplify's result).
func storesRefute(st *term.Store, f *term.Term) bool {
	if f.Op() != term.OpAnd {
		return false
	}
	// (most constraints have no store: no lists then)
	if !slices.ContainsFunc(f.Args(), storeDef) {
		return false
	}
	// the definitions x = t, the first of each x (sub, by the keys in
	// the order met), and the other conjuncts, in recycled tables (a
	// Solidity clause's constraint has stores in most rounds)
	sc := storeScratches.Get().(*storeScratch)
	defer func() {
		sc.sub.Clear()
		clear(sc.keys)
		clear(sc.clean)
		clear(sc.dirty)
		sc.keys, sc.clean, sc.dirty = sc.keys[:0], sc.clean[:0], sc.dirty[:0]
		storeScratches.Put(sc)
	}()
	sub := &sc.sub
	keys, others := sc.keys[:0], sc.clean[:0]
	bound := false
	for _, a := range f.Args() {
		if a.Op() == term.OpEq && a.NumArgs() == 2 {
			x, t := a.Arg(0), a.Arg(1)
			if x.Op() != term.OpConst {
				x, t = t, x
			}
			if x.Op() == term.OpConst && t.Op() == term.OpStore && sub.Get(x) == nil && !mentions(t, x) {
				sub.Set(x, t)
				keys = append(keys, x)
				bound = bound || t.HasBound()
				continue
			}
		}
		others = append(others, a)
	}
	sc.keys, sc.clean = keys, others
	if len(keys) == 0 || len(others) == 0 {
		return false
	}
	reads := func(a *term.Term) bool {
		return slices.ContainsFunc(st.SharedFreeConsts(a), func(x *term.Term) bool { return sub.Get(x) != nil })
	}
	k := slices.IndexFunc(others, reads)
	if k < 0 {
		// no conjunct reads a variable the stores define: the others
		// are conjuncts of the simplified f, which is not false
		return false
	}
	// A definition may mention a variable another one defines: the
	// substitution is one step, which is sound (each x = t holds).
	if bound {
		// (SimplifyConjunctsFunc takes images without bound
		// variables)
		m := make(map[*term.Term]*term.Term, len(keys))
		for _, x := range keys {
			m[x] = sub.Get(x)
		}
		return st.SimplifyMap(chc.Conj(st, others), m).IsFalse()
	}
	// The conjunction of the others under the substitution, as
	// SimplifyMap(Conj(others), sub) simplifies it, without building the
	// conjunction or its image: the conjuncts that read a variable the
	// stores define (dirty) simplified under it, the others (clean,
	// simplified: their own images) as they are; false when the
	// conjunction is false.
	clean, dirty := others[:k], append(sc.dirty[:0], others[k])
	for _, a := range others[k+1:] {
		if reads(a) {
			dirty = append(dirty, a)
		} else {
			clean = append(clean, a) // (in place: behind the reading)
		}
	}
	out, ok := st.SimplifyConjunctsFunc(sc.out[:0], clean, dirty, keys, sub.Get)
	clear(out)
	sc.dirty, sc.out = dirty, out[:0]
	return !ok
}

// A storeScratch holds storesRefute's tables between calls.
type storeScratch struct {
	sub                     idMap[*term.Term]
	keys, clean, dirty, out []*term.Term
}

var storeScratches = sync.Pool{New: func() any { return new(storeScratch) }}

// storeDef reports whether a is an equality of a constant and a store
// (either way round), which storesRefute reads.
func storeDef(a *term.Term) bool {
	if a.Op() != term.OpEq || a.NumArgs() != 2 {
		return false
	}
	x, t := a.Arg(0), a.Arg(1)
	return (x.Op() == term.OpConst && t.Op() == term.OpStore) || (t.Op() == term.OpConst && x.Op() == term.OpStore)
}

// A bound on a variable: its value is ≥ (or >, when strict) lo.
type bound struct {
	val    num.Rat
	strict bool
	set    bool
}

// boundsConflict reports whether the conjuncts of f that bound a single
// variable by a constant contradict each other: a cheap refutation that
// term.Store.Simplify does not make (x > 2 ∧ x ≤ 0).
func boundsConflict(st *term.Store, f *term.Term) bool {
	if f.Op() != term.OpAnd {
		return false // one conjunct: Simplify has decided it
	}
	// the bounds of each variable met, lower and upper, by the index
	// (plus one) that at gives (recycled tables: a clause mostly bounds
	// a few variables, a few times)
	sc := boundScratches.Get().(*boundScratch)
	defer func() {
		sc.at.Clear()
		clear(sc.bounds)
		sc.bounds = sc.bounds[:0]
		boundScratches.Put(sc)
	}()
	of := func(x *term.Term) *[2]bound {
		i := sc.at.Get(x)
		if i == 0 {
			sc.bounds = append(sc.bounds, [2]bound{})
			i = int32(len(sc.bounds))
			sc.at.Set(x, i)
		}
		return &sc.bounds[i-1]
	}
	const lo, hi = 0, 1
	tighten := func(side int, x *term.Term, v num.Rat, strict bool, upper bool) {
		b := &of(x)[side]
		if !b.set {
			// the first bound (no comparison: Solidity's range checks
			// compare 256-bit numerals, which Cmp makes big numbers for)
			b.val, b.strict, b.set = v, strict, true
			return
		}
		c := cmpBounds(v, b.val)
		if upper {
			c = -c
		}
		if c > 0 || (c == 0 && strict) {
			b.val, b.strict, b.set = v, strict, true
		}
	}
	cs := f.Args() // (Simplify's conjunction is flat)
	if !f.IsSimplified() {
		cs = term.Conjuncts(nil, f)
	}
	for _, a := range cs {
		x, v, kind, strict, ok := readBound(st, a)
		switch {
		case !ok:
		case kind == boundEq:
			tighten(lo, x, v, false, false)
			tighten(hi, x, v, false, true)
		case kind == boundUpper:
			tighten(hi, x, v, strict, true)
		default:
			tighten(lo, x, v, strict, false)
		}
	}
	for i := range sc.bounds {
		l, h := &sc.bounds[i][lo], &sc.bounds[i][hi]
		if !l.set || !h.set {
			continue
		}
		c := cmpBounds(l.val, h.val)
		if c > 0 || (c == 0 && (l.strict || h.strict)) {
			return true
		}
	}
	return false
}

// cmpBounds is a.Cmp(b), decided by the signs when they differ: a
// 256-bit bound (Solidity's range checks) against 0 makes no big numbers.
func cmpBounds(a, b num.Rat) int {
	if sa, sb := a.Sign(), b.Sign(); sa != sb {
		if sa < sb {
			return -1
		}
		return 1
	}
	return a.Cmp(b)
}

// A boundScratch holds boundsConflict's tables between calls.
type boundScratch struct {
	at     idMap[int32]
	bounds [][2]bound
}

var boundScratches = sync.Pool{New: func() any { return new(boundScratch) }}

// oneConst is the single constant that the atom a mentions, which a
// bound on one variable does, or nil; it gives up (nil) on large atoms.
func oneConst(a *term.Term) *term.Term {
	var x *term.Term
	budget := 64
	var walk func(t *term.Term) bool
	walk = func(t *term.Term) bool {
		if budget--; budget < 0 {
			return false
		}
		if t.Op() == term.OpConst {
			if x != nil && x != t {
				return false
			}
			x = t
			return true
		}
		for _, u := range t.Args() {
			if !walk(u) {
				return false
			}
		}
		return true
	}
	if !walk(a) {
		return nil
	}
	return x
}

// The kinds of bound readBound reads.
const (
	boundLower = iota // x ≥ v, or x > v when strict
	boundUpper        // x ≤ v, or x < v when strict
	boundEq           // x = v
)

// readBound reads the literal a as a bound of a single variable x by a
// constant v, of the kind given; an integer variable's bounds are
// integral and not strict.
func readBound(st *term.Store, a *term.Term) (x *term.Term, v num.Rat, kind int, strict, ok bool) {
	neg := false
	if a.Op() == term.OpNot {
		neg, a = true, a.Arg(0)
	}
	op := a.Op()
	if op != term.OpLe && op != term.OpGe && op != term.OpEq && op != term.OpLt && op != term.OpGt {
		return nil, v, 0, false, false
	}
	if a.NumArgs() != 2 || !a.Arg(0).Sort().IsArith() || (neg && op == term.OpEq) {
		return nil, v, 0, false, false
	}
	var k num.Rat
	if l, r := a.Arg(0), a.Arg(1); l.Op() == term.OpConst && r.Op() == term.OpNum {
		// x op v, Simplify's form of a bound: no linear form (and no
		// arithmetic on the 256-bit numerals of Solidity's range checks)
		x, v, k = l, r.Num(), num.NewRat(1, 1)
	} else {
		if x := oneConst(a); x == nil || !x.Sort().IsArith() {
			// (most conjuncts: no need of the linear form; nor when the
			// constant is no number, an array read at a value as in
			// Solidity's range checks of array elements: the linear form
			// has a variable other than a constant then)
			return nil, v, 0, false, false
		}
		l, ok := linearDiff(st, a.Arg(0), a.Arg(1))
		if !ok || len(l.Vars) != 1 || l.Vars[0].Op() != term.OpConst {
			return nil, v, 0, false, false
		}
		// k·x + c op 0, i.e. x op' -c/k
		x, k = l.Vars[0], l.Coeffs[0]
		v = l.Const.Neg().Quo(k)
	}
	isInt := x.Sort().IsInt()
	// normalise to x ≤ v, x < v, x ≥ v, x > v or x = v
	upper := false
	switch op {
	case term.OpLe:
		upper = true
	case term.OpLt:
		upper, strict = true, true
	case term.OpGt:
		strict = true
	case term.OpEq:
		if isInt && !v.IsInt() {
			// no integer: x ≥ ceil(v) and x ≤ floor(v) say so; as an
			// equality it is left to the caller's other rules
			return nil, v, 0, false, false
		}
		return x, v, boundEq, false, true
	}
	if k.Sign() < 0 {
		upper = !upper
	}
	if neg {
		upper, strict = !upper, !strict
	}
	switch {
	case isInt && v.IsInt():
		// (no rounding: Floor and Ceil build big integers anew)
		if strict {
			if upper {
				v = v.Sub(num.NewRat(1, 1))
			} else {
				v = v.Add(num.NewRat(1, 1))
			}
		}
		strict = false
	case isInt:
		// integral bounds: x < v is x ≤ ceil(v)-1, x > v is x ≥ floor(v)+1
		if upper {
			if strict {
				v = num.RatFromInt(v.Ceil()).Sub(num.NewRat(1, 1))
			} else {
				v = num.RatFromInt(v.Floor())
			}
		} else {
			if strict {
				v = num.RatFromInt(v.Floor()).Add(num.NewRat(1, 1))
			} else {
				v = num.RatFromInt(v.Ceil())
			}
		}
		strict = false
	}
	kind = boundLower
	if upper {
		kind = boundUpper
	}
	return x, v, kind, strict, true
}

// noLocals reports whether every free constant of the constraint f is an
// atom argument, args, that ren does not rename (nil: none): then
// EliminateLocals keeps the clause (see localsKeyOf).
func noLocals(st *term.Store, f *term.Term, args *varSet, ren *term.TermMap[*term.Term]) bool {
	for _, x := range st.SharedFreeConsts(f) {
		if !args.has(x) || (ren != nil && ren.Get(x) != nil) {
			return false
		}
	}
	return true
}
