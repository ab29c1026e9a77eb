package passes

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A projection records whether the variables of a defining clause other
// than its head arguments are defined over them (sub), so that the body
// and constraint projected on the head arguments are quantifier-free;
// values and rest are the constraint with the definitions substituted,
// which with them is equivalent to the clause's constraint: values are
// its conjuncts x = v for a head argument x and a value v (a clause of
// straight-line code gives every head argument one), rest the others.
type projection struct {
	ok     bool
	sub    map[*term.Term]*term.Term
	values []def                     // few, mostly: a list
	vmap   map[*term.Term]*term.Term // values past smallSet of them
	rest   *term.Term
}

// value is the value pr.values gives x, or nil.
func (pr *projection) value(x *term.Term) *term.Term {
	if pr.vmap != nil {
		return pr.vmap[x]
	}
	for _, d := range pr.values {
		if d.x == x {
			return d.t
		}
	}
	return nil
}

// addValue records the value v of x.
func (pr *projection) addValue(x, v *term.Term) {
	pr.values = append(pr.values, def{x, v})
	switch {
	case pr.vmap != nil:
		pr.vmap[x] = v
	case len(pr.values) > smallSet:
		pr.vmap = make(map[*term.Term]*term.Term, 2*len(pr.values))
		for _, d := range pr.values {
			pr.vmap[d.x] = d.t
		}
	}
}

// setRest sets pr.values and pr.rest from the constraint f of a clause
// with head arguments head. When no conjunct gives a value, the rest is
// f itself when f is flat (no conjunct a conjunction or true: its
// conjuncts, conjoined again, intern to f), without a list of them or a
// conjunction looked up.
func (pr *projection) setRest(st *term.Store, f *term.Term, head *term.TermMap[bool]) {
	one := [1]*term.Term{f}
	cs, flat := one[:], true
	if f.Op() == term.OpAnd {
		cs = f.Args()
		if slices.ContainsFunc(cs, func(a *term.Term) bool { return a.Op() == term.OpAnd || a.IsTrue() }) {
			cs, flat = term.Conjuncts(nil, f), false
		}
	}
	var rest []*term.Term
	taken := false // (rest holds the conjuncts before the first value too)
	for i, a := range cs {
		if a.Op() == term.OpEq && a.NumArgs() == 2 {
			x, v := a.Arg(0), a.Arg(1)
			if v.Op() == term.OpConst {
				x, v = v, x
			}
			if head.Get(x) && v.IsValue() && pr.value(x) == nil {
				if !taken {
					rest, taken = append(rest, cs[:i]...), true
				}
				pr.addValue(x, v)
				continue
			}
		}
		if taken {
			rest = append(rest, a)
		}
	}
	switch {
	case taken:
		pr.rest = chc.Conj(st, rest)
	case flat:
		pr.rest = f
	default:
		pr.rest = chc.Conj(st, cs)
	}
}

// project decides whether the variables of clause i other than its head
// arguments are defined over them, memoized.
func (in *inliner) project(i int) *projection {
	if pr := in.info[i].proj; pr != nil {
		return pr
	}
	pr := &projection{}
	in.info[i].proj = pr
	st, d := in.st, in.cls[i]
	head := in.argSet // (d's head arguments: emptied at the end)
	for _, x := range d.Head.Args {
		head.Set(x, true)
	}
	defer head.Clear()
	if m := in.info[i].merge; m != nil && m.local {
		// A merged clause keeps a local variable only when merge's
		// solveDefs found no definition of it over the clause's
		// arguments (which the locals solved before it may use), so
		// none over the head arguments alone: project would refuse d
		// after solving its constraint. (Refusing is safe whatever
		// solveDefs would find: d stays, and so does its predicate.)
		return pr
	}
	if len(d.Vars) == len(d.Head.Args) {
		// no variable but the head arguments
		pr.ok = true
		pr.setRest(st, d.Constraint, head)
		return pr
	}
	if in.bodyArgUnconstrained(d, head) {
		// such an argument is defined by no conjunct: what solveProjection
		// finds, without solving the constraint
		return pr
	}
	in.solveProjection(pr, d, head)
	return pr
}

// solveProjection sets pr, the projection of d, whose head arguments are
// marked in head, from the definitions solveDefs reads off d's constraint.
func (in *inliner) solveProjection(pr *projection, d *chc.Clause, head *term.TermMap[bool]) {
	in.solveProjectionOf(pr, d, head, true)
}

// solveProjectionOf is solveProjection, which solves the conjuncts that
// mention only head arguments too when split is not set (see headOnly).
func (in *inliner) solveProjectionOf(pr *projection, d *chc.Clause, head *term.TermMap[bool], split bool) {
	st := in.st
	notHead := func(x *term.Term) bool { return !head.Get(x) }
	// the copies x = y of an argument x that no other conjunct mentions:
	// x is y as the rest defines it, without solving them
	args := argVars(d)
	f, aside := d.Constraint, []*term.Term(nil)
	if split {
		f, aside = in.headOnly(f, head)
	}
	f, copies := peelCopies(st, f, &args, notHead)
	sv := solveDefs(st, f, notHead, func(*term.Term) bool { return true }, false, true)
	if sv.isFalse() {
		return
	}
	if len(aside) > 0 {
		sv.rest = append(aside, sv.rest...)
	}
	if len(copies) > 0 {
		if sv.sub == nil {
			sv.sub = make(map[*term.Term]*term.Term, len(copies))
		}
		for _, e := range copies {
			sv.sub[e[0]] = sv.valueOf(e[1])
		}
	}
	ok := true
	need := func(x *term.Term) {
		if head.Get(x) || !ok {
			return
		}
		t := sv.sub[x]
		if t == nil {
			ok = false
			return
		}
		for _, y := range st.SharedFreeConsts(t) {
			ok = ok && head.Get(y)
		}
	}
	// (the free constants of d's constraint, conjunct by conjunct: the
	// store keeps no list of them all for a clause that merge made)
	for x := range conjunctConsts(st, d.Constraint) {
		need(x)
	}
	for j := range d.Body {
		for _, x := range d.Body[j].Args {
			need(x)
		}
	}
	rest := chc.Conj(st, sv.rest)
	if len(aside) > 0 {
		// (a conjunct solved may now repeat one set aside: SimplifyAnd
		// drops repeats, as solving the whole does, and simplifies no
		// conjunct again)
		if rest = st.SimplifyAnd(sv.rest); rest.IsFalse() {
			return
		}
	}
	pr.ok, pr.sub = ok, sv.sub
	pr.setRest(st, rest, head)
}

// headOnly parts the constraint f of a defining clause, whose head
// arguments are marked in head, into the conjunction of the conjuncts
// that mention another variable and the list of those that do not
// (nil when none or all do not: f itself then). Only the former can
// define a variable that is no head argument, and the definitions
// leave the latter as they are (they mention no variable defined): the
// projection solves the former alone, with the same definitions, and
// adds the latter to its rest. (About half the conjuncts of the merged
// clauses that project bound head arguments only.)
func (in *inliner) headOnly(f *term.Term, head *term.TermMap[bool]) (*term.Term, []*term.Term) {
	if f.Op() != term.OpAnd {
		return f, nil
	}
	cs := f.Args()
	only := func(a *term.Term) bool {
		for _, x := range in.st.SharedFreeConsts(a) {
			if !head.Get(x) {
				return false
			}
		}
		return true
	}
	k := 0
	for _, a := range cs {
		if only(a) {
			k++
		}
	}
	if k == 0 || k == len(cs) {
		return f, nil
	}
	aside := make([]*term.Term, 0, k)
	other := make([]*term.Term, 0, len(cs)-k)
	for _, a := range cs {
		if only(a) {
			aside = append(aside, a)
		} else {
			other = append(other, a)
		}
	}
	return chc.Conj(in.st, other), aside
}

// bodyArgUnconstrained reports whether an argument of a body atom of d is
// no head argument (marked in head) and no free constant of d's
// constraint: then solveDefs defines it by nothing (a definition is a
// conjunct that mentions its variable, and so are peelCopies' copies)
// and project refuses d. A third of the clauses project refuses have
// one, and the test costs a look at the body arguments, and at the
// constraint's free constants (memoized by the store) only when some
// body argument is no head argument.
func (in *inliner) bodyArgUnconstrained(d *chc.Clause, head *term.TermMap[bool]) bool {
	other := false
	for j := range d.Body {
		for _, x := range d.Body[j].Args {
			other = other || !head.Get(x)
		}
	}
	if !other {
		return false
	}
	inCons := in.seenArgs // (emptied at the end)
	defer inCons.Clear()
	for x := range conjunctConsts(in.st, d.Constraint) {
		inCons.Set(x, true)
	}
	for j := range d.Body {
		for _, x := range d.Body[j].Args {
			if !head.Get(x) && !inCons.Get(x) {
				return true
			}
		}
	}
	return false
}

// inline eliminates p, defined by the clauses ds, which project: every
// live clause that uses p becomes one merged clause per defining clause,
// in its place.
func (in *inliner) inline(poll *chc.Budget, p *chc.Pred, ds []int) error {
	defining := make([]*chc.Clause, len(ds))
	projs := make([]*projection, len(ds))
	for k, di := range ds {
		defining[k], projs[k] = in.cls[di], in.project(di)
	}
	us := append([]int(nil), in.live(&in.using[p.ID])...)
	for _, di := range ds {
		in.kill(di)
	}
	in.gone[p.ID] = true
	in.removal = append(in.removal, removal{p, defining, projs})
	touched := func(c *chc.Clause) {
		if c.Head != nil {
			in.push(c.Head.Pred)
		}
		for j := range c.Body {
			in.push(c.Body[j].Pred)
		}
	}
	for _, d := range defining {
		touched(d)
	}
	// own: each defining clause is merged once, into the one occurrence
	// of p, and leaves: its variables can serve the merged clause
	own := len(us) == 1 && occurrences(in.cls[us[0]], p) == 1
	for _, ui := range us {
		c := in.cls[ui]
		at := int(in.info[ui].prev)
		for k := range ds {
			if err := poll.Step(); err != nil {
				return err
			}
			nc, m := in.merge(c, p, defining[k], projs[k], own)
			if nc == nil {
				continue
			}
			i := in.add(nc, m)
			in.link(i, at)
			at = i
		}
		in.kill(ui)
		touched(c)
	}
	return nil
}

// merge is c with every occurrence of p in its body replaced by d's body
// and constraint, renamed apart per occurrence: d's head arguments become
// the occurrence's arguments, the arguments of d's body atoms fresh
// variables equal to their definitions (pr), and d's other variables
// their definitions. It is nil when the merged constraint is false. With
// own set, d is merged once and leaves: its body atoms' arguments serve
// as they are, without fresh variables (the store's fresh names cost).
func (in *inliner) merge(c *chc.Clause, p *chc.Pred, d *chc.Clause, pr *projection, own bool) (*chc.Clause, *merge) {
	st := in.st
	// index: the position of each of c's variables, plus one (and of
	// the fresh ones, after them: those of nc, for canonicalMerged)
	index := varIndexes.Get().(*term.TermMap[int32])
	defer func() {
		index.Clear()
		varIndexes.Put(index)
	}()
	for i, x := range c.Vars {
		index.Set(x, int32(i+1))
	}
	bodyArg, onto, fresh, taken := in.bodyArg, in.onto, in.fresh, in.taken
	defer bodyArg.Clear()
	defer onto.Clear()
	defer fresh.Clear()
	defer taken.Clear()
	for k := range d.Body {
		for _, x := range d.Body[k].Args {
			bodyArg.Set(x, true)
		}
	}
	// (nc's Origin is c's and p's: set by result for the clauses that
	// stay, see mergedOrigin, since most merged clauses are merged again)
	// (nc.Vars: a scratch list, c's variables and the fresh ones, which
	// canonicalMerged replaces)
	in.vars = append(in.vars[:0], c.Vars...)
	nc := &chc.Clause{Vars: in.vars}
	// the occurrences' arguments that d's constraint gives a value: they
	// leave the clause, replaced by their values
	elim := table(&in.elim)
	elimOrder := in.elimOrder[:0] // elim's keys in order
	// parts: the conjuncts that d brings, c's constraint apart; those of
	// a single occurrence of p are renamed and simplified in one walk
	// (see renameSimplify), the others renamed now and simplified under
	// elim once every occurrence gave its values
	parts := in.parts[:0]
	once := occurrences(c, p) == 1
	var pending []*term.Term // (once: what the occurrence brings, not renamed)
	bring := func(t *term.Term) {
		if once {
			pending = append(pending, t)
		} else {
			parts = append(parts, part{in.renameBy(t, onto.Get), false})
		}
	}
	segs := make([]segment, len(c.Body))
	for j := range c.Body {
		a := &c.Body[j]
		if a.Pred != p {
			segs[j] = segment{start: len(nc.Body), count: 1}
			nc.Body = append(nc.Body, *a)
			continue
		}
		// onto renames d's head arguments to the occurrence's arguments.
		onto.Clear()
		fresh.Clear()
		taken.Clear()
		for i, x := range d.Head.Args {
			y := a.Args[i]
			onto.Set(x, y)
			if bodyArg.Get(x) {
				// (the relaxed form: x is an argument of d's body
				// too, which y takes)
				fresh.Set(x, y)
				taken.Set(y, true)
			}
			if v := pr.value(x); v != nil {
				if elim[y] != nil {
					// (the relaxed form: another occurrence gave y a
					// value) both hold
					parts = append(parts, part{st.Eq(y, v), false})
					continue
				}
				elim[y] = v
				elimOrder = append(elimOrder, y)
			}
		}
		src := make([]int32, len(d.Vars))
		for i, v := range d.Vars {
			switch y := onto.Get(v); {
			case y != nil: // a head argument
				src[i] = index.Get(y) - 1
			case bodyArg.Get(v) && reuse(v, pr, onto, taken):
				// defined as a head argument of d: the occurrence's
				// argument serves, renamed apart already (no fresh
				// variable, no equality to solve away)
				y := onto.Get(pr.sub[v])
				taken.Set(y, true)
				fresh.Set(v, y)
				src[i] = index.Get(y) - 1
			case bodyArg.Get(v):
				f := v // (own: d's variable, which no other clause has)
				if !own || index.Get(v) != 0 {
					// (shared with c, were clauses ever to share a
					// variable: renamed apart all the same)
					f = st.Fresh(v.Name(), v.Sort())
				}
				fresh.Set(v, f)
				src[i] = int32(len(nc.Vars))
				nc.Vars = append(nc.Vars, f)
				index.Set(f, int32(len(nc.Vars)))
				bring(st.Eq(f, pr.sub[v]))
			default:
				// defined (see segment), or occurs nowhere: any value
				src[i] = -1
			}
		}
		switch {
		case once && pr.rest.Op() == term.OpAnd:
			// (its conjuncts, each a root of renameSimplify's walk:
			// those that are atoms over variables without a walk, and
			// no conjunction of the renamed ones built but the merged
			// clause's)
			pending = append(pending, pr.rest.Args()...)
		case !pr.rest.IsTrue():
			bring(pr.rest)
		}
		if len(pending) > 0 {
			// onto takes each head argument x of d on to its final
			// image: the occurrence's argument y, or y's value, which is
			// what renaming and then substituting elim gives it (elim is
			// final once the single occurrence's head arguments are
			// read; onto is not read after, but by renameSimplify)
			for _, x := range d.Head.Args {
				y := onto.Get(x)
				if v := elim[y]; v != nil {
					y = v
				}
				if y == x {
					y = nil
				}
				onto.Set(x, y)
			}
			rs, ok := in.renameSimplify(in.renamed[:0], pending, onto, elim)
			if !ok {
				rs = append(rs, st.False())
			}
			for _, a := range rs {
				parts = append(parts, part{a, true})
			}
			in.renamed = rs[:0]
		}
		segs[j] = segment{start: len(nc.Body), count: len(d.Body), src: src, pr: pr}
		for k := range d.Body {
			b := &d.Body[k]
			args := make([]*term.Term, len(b.Args))
			for i, x := range b.Args {
				args[i] = fresh.Get(x)
			}
			nc.Body = append(nc.Body, chc.Atom{Pred: b.Pred, Args: args})
		}
	}
	if c.Head != nil {
		h := *c.Head
		nc.Head = &h
	}
	// The arguments of the inlined occurrences are local variables now:
	// those with a value leave at once; eliminate those the constraint
	// defines, as EliminateLocals would, so that merged clauses stay
	// small and project has nothing to solve on them.
	//
	// Only the conjuncts with a local variable can define one: those
	// without (c's constraint on its arguments, mostly, which grows with
	// every merge) are kept aside, so that a merge costs what the
	// inlined clause brings. Simplify treats a conjunction's conjuncts
	// one by one, so the result is the one of solving the whole. The
	// conjuncts of c's constraint that mention no variable given a value
	// are simplified already and are not walked: their free constants
	// are memoized (in.consts), so that only the conjuncts at the seam
	// cost a walk.
	args := in.argSet // (nc's arguments: a table of the inliner, emptied at the end)
	setArgs(args, nc)
	defer args.Clear()
	// (the relaxed form: an occurrence's argument with a value may be an
	// argument of another atom, which keeps it: its value is substituted
	// as for the others, and it keeps it as a conjunct instead of leaving,
	// as its copy in the strict form would)
	var valued []*term.Term
	for _, y := range elimOrder {
		if args.Get(y) {
			valued = append(valued, st.SimplifyEq(y, elim[y]))
		}
	}
	local, kept := in.local[:0], in.kept[:0]
	falsified := false
	var one [1]*term.Term
	add := func(b *term.Term) {
		cs := one[:]
		if one[0] = b; b.Op() == term.OpAnd || b.IsTrue() {
			// (a conjunct alone: no list; a conjunction's in the
			// inliner's scratch list, read before the next add)
			in.split = term.Conjuncts(in.split[:0], b)
			cs = in.split
		}
		for _, a := range cs {
			if a.IsFalse() {
				falsified = true
			}
			isLocal := false
			for _, x := range in.st.SharedFreeConsts(a) {
				if !args.Get(x) {
					isLocal = true
					break
				}
			}
			if isLocal {
				local = append(local, a)
			} else {
				kept = append(kept, a)
			}
		}
	}
	// (c's conjuncts: whether one mentions a variable given a value, and
	// whether it is local, in one look at its free constants; elim's keys
	// are elimOrder's so far, marked in a table)
	hasValue := in.hasValue
	defer hasValue.Clear()
	for _, y := range elimOrder {
		hasValue.Set(y, true)
	}
	in.conj = term.Conjuncts(in.conj[:0], c.Constraint)
	// touched: c's conjuncts that mention a variable given a value, all
	// simplified under elim in one walk (one simplifier's tables, not
	// one per conjunct; their conjuncts are those each gives, the
	// repeats apart, which the merged constraint drops too)
	touched := in.touched[:0]
	for _, a := range in.conj {
		dirty, isLocal := false, false
		for _, x := range in.st.SharedFreeConsts(a) {
			if hasValue.Get(x) {
				dirty = true
				break
			}
			isLocal = isLocal || !args.Get(x)
		}
		if dirty {
			touched = append(touched, a)
			continue
		}
		b := st.Simplify(a)
		if b != a {
			add(b)
			continue
		}
		// (add(a), its free constants read: a conjunct, neither a
		// conjunction nor true)
		falsified = falsified || a.IsFalse()
		if isLocal {
			local = append(local, a)
		} else {
			kept = append(kept, a)
		}
	}
	if len(touched) > 0 {
		rs, ok := st.SimplifyConjuncts(in.simplified[:0], nil, touched, elim)
		if !ok {
			falsified = true
		}
		for _, a := range rs {
			add(a)
		}
		in.touched, in.simplified = touched[:0], rs[:0]
	}
	for _, a := range parts {
		if a.simplified {
			add(a.t)
		} else {
			add(st.SimplifyMap(a.t, elim))
		}
	}
	for _, a := range valued {
		add(a)
	}
	if falsified {
		return nil, nil
	}
	// (the scratch lists, grown, kept for the next merge)
	in.elimOrder, in.parts, in.local, in.kept = elimOrder[:0], parts[:0], local[:0], kept[:0]
	var solved []def // the locals solveDefs defines
	if len(local) > 0 {
		sv := solveDefs(st, st.SimplifyAnd(local), func(x *term.Term) bool { return !args.Get(x) }, func(*term.Term) bool { return true }, false, false)
		if sv.isFalse() {
			return nil, nil
		}
		if len(sv.defs) > 0 {
			local = sv.rest
			solved = sv.defs
			for _, d := range sv.defs {
				elim[d.x] = d.t
			}
		}
	}
	cons := st.SimplifyAnd(append(kept, local...))
	if cons.IsFalse() {
		return nil, nil
	}
	nc.Constraint = cons
	m := &merge{c: c, d: d, segs: segs}
	if len(elim) > 0 {
		// values of the eliminated variables of c: their definitions,
		// by index (elim's keys, in order: elimOrder, then the locals
		// solved, among which c's variables)
		for _, x := range elimOrder {
			if i := int(index.Get(x)); i > 0 && i <= len(c.Vars) {
				m.cdefs = append(m.cdefs, srcDef{int(i - 1), elim[x]})
			}
		}
		for _, d := range solved {
			if i := int(index.Get(d.x)); i > 0 && i <= len(c.Vars) && elim[d.x] == d.t {
				m.cdefs = append(m.cdefs, srcDef{int(i - 1), d.t})
			}
		}
		slices.SortFunc(m.cdefs, func(a, b srcDef) int { return a.i - b.i })
		m.cdefs = slices.CompactFunc(m.cdefs, func(a, b srcDef) bool { return a.i == b.i })
		for j := range segs {
			sg := &segs[j]
			for i, k := range sg.src {
				if k < 0 {
					continue
				}
				if t := elim[nc.Vars[k]]; t != nil {
					sg.defs = append(sg.defs, srcDef{i, t})
				}
			}
		}
	}
	in.vars = nc.Vars[:0] // (grown by the fresh variables: kept for the next merge)
	m.remap = in.canonicalMerged(nc, index, local)
	for _, x := range nc.Vars {
		m.local = m.local || !args.Get(x)
	}
	return nc, m
}

// A part is a conjunct that merge brings from a defining clause, renamed
// onto the occurrence, and simplified under the values of the using
// clause's variables when simplified is set.
type part struct {
	t          *term.Term
	simplified bool
}

// occurrences is the number of occurrences of p in c's body.
func occurrences(c *chc.Clause, p *chc.Pred) int {
	n := 0
	for j := range c.Body {
		if c.Body[j].Pred == p {
			n++
		}
	}
	return n
}

// canonicalMerged is canonicalConsts for the clause nc that merge made,
// its variables by index (plus one) in index: the free constants of nc's
// constraint are those of its conjuncts, marked in a table, without the
// sorted list of them all that SharedFreeConsts would keep in the store
// for every merged clause (most are merged again). nc.Vars, merge's
// scratch list, is replaced by a list of its own.
//
// local is the list of the conjuncts with a variable that is no atom
// argument, those that merge built nc's constraint from with the others
// (kept). canonicalOrder reads the table for such variables only (it
// places the atom arguments first), and they occur in local alone: when
// every conjunct of local is simplified, SimplifyAnd only flattened,
// sorted and deduplicated them (it would return false, which merge
// refuses, on more), so the constraint's variables that are no atom
// argument are those of local, and only local is read, not the
// constraint (whose other conjuncts, the using clause's mostly, grow
// with every merge along a chain of predicates).
func (in *inliner) canonicalMerged(nc *chc.Clause, index *term.TermMap[int32], local []*term.Term) []int32 {
	inCons := in.taken // (merge is done with it: emptied at the end)
	inCons.Clear()
	defer inCons.Clear()
	short := !slices.ContainsFunc(local, func(a *term.Term) bool { return !a.IsSimplified() })
	if short {
		for _, a := range local {
			for _, x := range in.st.SharedFreeConsts(a) {
				inCons.Set(x, true)
			}
		}
	} else {
		for x := range conjunctConsts(in.st, nc.Constraint) {
			inCons.Set(x, true)
		}
	}
	if in.canonical != nil {
		in.canonical.check(in, nc, inCons, short)
	}
	indexOf := func(x *term.Term) (int, bool) {
		i := int(index.Get(x)) - 1
		return i, i >= 0
	}
	return canonicalOrder(nc, indexOf, inCons.Get)
}

// canonicalCheck is the tests' comparison of canonicalMerged's table of
// the constraint's variables with the one read off the whole constraint
// (see inliner.canonical): the merges that took the shortcut, those
// among them with a variable that is no atom argument in the
// constraint, those that read the constraint, and the mismatches.
type canonicalCheck struct {
	short, shortLocal, full, mismatch int
}

// check compares inCons, for nc's variables that are no atom argument
// (marked in in.argSet), with the free constants of nc's constraint.
func (cc *canonicalCheck) check(in *inliner, nc *chc.Clause, inCons *term.TermMap[bool], short bool) {
	whole := map[*term.Term]bool{}
	for x := range conjunctConsts(in.st, nc.Constraint) {
		whole[x] = true
	}
	local := false
	for _, x := range nc.Vars {
		if in.argSet.Get(x) {
			continue
		}
		local = local || whole[x]
		if whole[x] != inCons.Get(x) {
			cc.mismatch++
		}
	}
	switch {
	case !short:
		cc.full++
	case local:
		cc.shortLocal++
		fallthrough
	default:
		cc.short++
	}
}

// setArgs marks the arguments of c's atoms in args.
func setArgs(args *term.TermMap[bool], c *chc.Clause) {
	if c.Head != nil {
		for _, x := range c.Head.Args {
			args.Set(x, true)
		}
	}
	for j := range c.Body {
		for _, x := range c.Body[j].Args {
			args.Set(x, true)
		}
	}
}

// reuse reports whether merge can give the body argument v of a defining
// clause the argument y of the occurrence that d's head argument x takes
// (onto), when the projection defines v as x: y is then no local
// variable of the merged clause but an argument of the new body atom,
// which is what a fresh variable equal to y would become once y is
// eliminated, without the variable and the equality. Not when x has a
// value (y leaves the clause for it) or y serves another body argument
// already (taken).
func reuse(v *term.Term, pr *projection, onto *term.TermMap[*term.Term], taken *term.TermMap[bool]) bool {
	x := pr.sub[v]
	if x == nil || x.Op() != term.OpConst {
		return false
	}
	y := onto.Get(x)
	return y != nil && !taken.Get(y) && pr.value(x) == nil
}

// rename is st.SubstituteMap(t, m) for a map m of variables to terms of
// their sorts, at the cost of t's free variables rather than of m: only
// the keys among t's free variables (memoized by the store) are handed
// on, and t is its own image when none is.
func (in *inliner) rename(t *term.Term, m map[*term.Term]*term.Term) *term.Term {
	return in.renameBy(t, func(x *term.Term) *term.Term { return m[x] })
}

// renameBy is rename with the map given by its lookup (nil: no image),
// for the inliner's tables.
func (in *inliner) renameBy(t *term.Term, get func(*term.Term) *term.Term) *term.Term {
	var fc []*term.Term
	switch {
	case t.IsValue():
		return t
	case t.Op() == term.OpConst:
		// a leaf: no walk, no list of free variables
		if u := get(t); u != nil && u != t {
			sub := table(&in.sub)
			sub[t] = u
			return in.st.SubstituteMap(t, sub)
		}
		return t
	default:
		fc = in.st.SharedFreeConsts(t)
	}
	sub := table(&in.sub)
	for _, x := range fc {
		if u := get(x); u != nil && u != x {
			sub[x] = u
		}
	}
	if len(sub) == 0 {
		return t
	}
	return in.st.SubstituteMap(t, sub)
}

// renameSimplify appends to dst the conjuncts of st.SimplifyAndMap(ts,
// m) for the map m of variables to terms of their sorts that images
// gives (nil: no image), and elim for the variables images has no image
// of, which is the simplified conjunction of the renamed ts when the
// images are a renaming, and of the renamed ts under a substitution
// too when they compose them (rename, then substitute): one walk of the
// terms, which share the simplifier's tables, instead of a walk to
// rename and one to simplify per term; none when no free variable of ts
// has an image (the constraints of the inliner's clauses are
// simplified). The conjunction is not built (see st.SimplifyConjuncts):
// merge reads its conjuncts. False: it is false (nothing appended). The
// images are variables or values (free of bound variables): the
// substitution is handed on as the table images (elim's images added to
// it) and its keys (see st.SimplifyConjunctsTable), no Go map hashed and
// ranged over.
func (in *inliner) renameSimplify(dst, ts []*term.Term, images *term.TermMap[*term.Term], elim map[*term.Term]*term.Term) ([]*term.Term, bool) {
	st := in.st
	keys := in.imaged[:0] // (repeats and all: SimplifyConjunctsTable reads them as a set)
	see := func(x *term.Term) {
		u := images.Get(x)
		if u == nil {
			if u = elim[x]; u != nil {
				images.Set(x, u)
			}
		}
		if u != nil && u != x {
			keys = append(keys, x)
		}
	}
	for _, t := range ts {
		switch {
		case t.IsValue():
		case t.Op() == term.OpConst:
			see(t)
		default:
			for _, x := range st.SharedFreeConsts(t) {
				see(x)
			}
		}
	}
	in.imaged = keys[:0]
	if len(keys) == 0 {
		return st.SimplifyConjuncts(dst, ts, nil, nil)
	}
	return st.SimplifyConjunctsTable(dst, nil, ts, keys, images)
}
