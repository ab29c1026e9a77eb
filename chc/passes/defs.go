package passes

import (
	"slices"
	"sync"

	"github.com/seed-f9c3434d/gospacer/term"
)

// A def is a variable and the term a constraint defines it as.
type def struct {
	x, t *term.Term
}

// solved is a constraint split into definitions in solved form (no
// definition's term mentions a defined variable) and the remaining
// conjuncts, into which every definition is substituted: the constraint is
// equivalent to the conjunction of x = t over defs and of rest. sub maps
// each defined variable to its term (made when solveDefs is asked to).
type solved struct {
	defs []def
	rest []*term.Term
	sub  map[*term.Term]*term.Term
	// simplified is the constraint simplified (see simplifiedOf), which
	// is equivalent to the conjunction of rest when defs is empty; nil
	// until asked for when solveDefs read the definitions off the
	// conjuncts of f before simplifying them (see unionRaw)
	simplified *term.Term
	f          *term.Term
	cs         []*term.Term // f's conjuncts when f is not built (nil)
	st         *term.Store
	// used is the number of conjuncts read as definitions (at the
	// start, or once substituted into).
	used int
	// raw: the definitions were read off the conjuncts of f before
	// they were simplified (see unionSimple), so the constraint was
	// never simplified on its own
	raw bool
}

// valueOf is y as the definitions give it: its substitute, or y itself.
func (sv *solved) valueOf(y *term.Term) *term.Term {
	if t := sv.sub[y]; t != nil {
		return t
	}
	return y
}

// simplifiedOf is the constraint simplified.
func (sv *solved) simplifiedOf() *term.Term {
	if sv.simplified == nil {
		if sv.raw && len(sv.defs) == 0 {
			// nothing defined: rest is the simplified constraint's
			// conjuncts (those unionSimple simplified)
			sv.simplified = sv.st.SimplifyAnd(sv.rest)
		} else if sv.f == nil {
			sv.simplified = sv.st.SimplifyAnd(sv.cs)
		} else {
			sv.simplified = sv.st.Simplify(sv.f)
		}
	}
	return sv.simplified
}

// unchanged reports whether the definitions, substituted, changed none
// of the conjuncts of the simplified constraint: each conjunct left is one
// of them, and the others were read as definitions. Then the simplified
// constraint says no more than the definitions and the rest (it is
// always equivalent to them), and is as simple. It reports false when
// the definitions were read off the raw conjuncts (sv.raw): the
// constraint simplified on its own would be a second simplification of
// each conjunct, which the caller saves by building the constraint from
// the definitions and the rest, as simple.
func (sv *solved) unchanged() bool {
	if sv.raw && sv.simplified == nil {
		return false
	}
	cs := term.Conjuncts(nil, sv.simplifiedOf())
	if len(sv.rest)+sv.used != len(cs) {
		return false
	}
	term.SortByID(cs) // (mostly sorted: Simplify sorts a conjunction)
	for _, a := range sv.rest {
		if _, ok := slices.BinarySearchFunc(cs, a, term.CompareID); !ok {
			return false
		}
	}
	return true
}

// isFalse reports whether the constraint simplified to false.
func (sv *solved) isFalse() bool {
	return len(sv.rest) == 1 && sv.rest[0].IsFalse()
}

// solveDefs simplifies f and reads definitions x = t off its conjuncts for
// the variables that can allows, preferring those that prefer marks when a
// conjunct could define several. Int variables are defined only from
// equalities where their coefficient is ±1, so t stays integral. With
// simple set, only definitions by a value or a variable count; without,
// those are read first all the same (x = 3 before y = x + 1), which gives
// simpler definitions and builds fewer terms.
//
// sv.sub is made only with needSub set (a map for the callers that look
// definitions up; the others read defs).
func solveDefs(st *term.Store, f *term.Term, can, prefer func(x *term.Term) bool, simple, needSub bool) *solved {
	return solveDefsOf(st, f, nil, can, prefer, simple, needSub)
}

// solveDefsOf is solveDefs of f, or with f nil of the conjunction of cs
// (two or more conjuncts, not built): as solveDefs of the conjunction,
// which it would read as not simplified.
func solveDefsOf(st *term.Store, f *term.Term, cs []*term.Term, can, prefer func(x *term.Term) bool, simple, needSub bool) *solved {
	return solveDefsInto(nil, st, f, cs, can, prefer, simple, needSub)
}

// solveDefsInto is solveDefsOf giving its result in into (nil: a new
// one), whose lists it reuses: a caller that reads each result before
// it solves the next (Simplify, clause after clause) saves growing
// them for every clause.
func solveDefsInto(into *solved, st *term.Store, f *term.Term, cs []*term.Term, can, prefer func(x *term.Term) bool, simple, needSub bool) *solved {
	sc := defsScratches.Get().(*defsScratch)
	defer func() {
		sc.reset()
		defsScratches.Put(sc)
	}()
	sv := solveDefsIn(into, sc, st, f, cs, can, prefer, simple)
	if needSub && len(sv.defs) > 0 {
		sv.sub = make(map[*term.Term]*term.Term, len(sv.defs))
		for _, d := range sv.defs {
			sv.sub[d.x] = d.t
		}
	}
	return sv
}

// solveDefsIn is solveDefsInto with the tables of sc: sc.sub maps each
// defined variable to its term.
func solveDefsIn(into *solved, sc *defsScratch, st *term.Store, f *term.Term, cs []*term.Term, can, prefer func(x *term.Term) bool, simple bool) *solved {
	sv := into
	if sv == nil {
		sv = &solved{}
	} else {
		clear(sv.defs)
		clear(sv.rest)
		*sv = solved{defs: sv.defs[:0], rest: sv.rest[:0]}
	}
	sub := &sc.sub
	// users: variable → defs whose term mentions it, as an index (plus
	// one) into userLists; failed: the conjuncts that gave no definition
	// in the current phase (both recycled: solveDefs runs for every
	// clause of every pass that solves definitions)
	users, failed := &sc.users, &sc.failed
	usersOf := func(x *term.Term) *[]int {
		i := users.Get(x)
		if i == 0 {
			if n := len(sc.userLists); n < cap(sc.userLists) {
				sc.userLists = sc.userLists[:n+1]
			} else {
				sc.userLists = append(sc.userLists, nil)
			}
			i = int32(len(sc.userLists))
			users.Set(x, i)
		}
		return &sc.userLists[i-1]
	}
	// The rounds below meet the same conjuncts again (and so do later
	// passes): their free constants are kept in the store, and so are the
	// conjuncts that gave no definition in this phase (fewer variables can
	// be defined in each round, so they give none again).

	// single holds the free constant of a constant: the callers read the
	// slice freeConsts gives before they call it again
	var single [1]*term.Term
	freeConsts := func(t *term.Term) []*term.Term {
		switch {
		case t.Op() == term.OpConst:
			single[0] = t
			return single[:]
		case t.NumArgs() == 0:
			return nil // a value
		}
		return st.SharedFreeConsts(t)
	}
	apply := func(c *term.Term) *term.Term { // the definitions substituted into c
		if len(sv.defs) == 0 {
			return c
		}
		var from, to []*term.Term
		for _, x := range freeConsts(c) {
			if t := sub.Get(x); t != nil {
				from = append(from, x)
				to = append(to, t)
			}
		}
		if len(from) == 0 {
			return c
		}
		if c.Op() == term.OpEq && c.NumArgs() == 2 {
			// x = y with x or y defined by a variable or a value: the
			// new equality, without a substitution's tables
			l, r := c.Arg(0), c.Arg(1)
			if t := sub.Get(l); t != nil {
				l = t
			}
			if t := sub.Get(r); t != nil {
				r = t
			}
			if l.NumArgs() == 0 && r.NumArgs() == 0 && c.Arg(0).NumArgs() == 0 && c.Arg(1).NumArgs() == 0 {
				return st.SimplifyEq(l, r)
			}
		}
		return st.SimplifySubstitute(c, from, to)
	}
	undefined := func(x *term.Term) bool { return can(x) && sub.Get(x) == nil }
	// addDef records the definition x = t (x undefined, t free of
	// defined variables) and substitutes it into the definitions that
	// mention x, keeping them in solved form.
	addDef := func(x, t *term.Term) {
		ft := freeConsts(t)
		if k := users.Get(x); k != 0 {
			for _, i := range sc.userLists[k-1] {
				d := &sv.defs[i]
				if d.t == x {
					d.t = t
				} else {
					d.t = st.SimplifySubstitute(d.t, []*term.Term{x}, []*term.Term{t})
				}
				sub.Set(d.x, d.t)
				for _, y := range ft {
					l := usersOf(y)
					*l = append(*l, i)
				}
			}
			// x is defined now: no definition will mention it
			sc.userLists[k-1] = sc.userLists[k-1][:0]
		}
		for _, y := range ft {
			l := usersOf(y)
			*l = append(*l, len(sv.defs))
		}
		sv.defs = append(sv.defs, def{x, t})
		sub.Set(x, t)
	}
	// cleanAt is a number of definitions that no conjunct of rest (below)
	// mentions the variables of, -1 when unknown: while there are no
	// more, the definitions substituted into a conjunct leave it as it is.
	cleanAt := -1
	// process reads definitions off the conjuncts cs and returns the others
	// (nil, false when one is false).
	process := func(cs, dst []*term.Term, simple bool) ([]*term.Term, bool) {
		rest := dst[:0]
		one := func(a *term.Term) bool {
			if a.IsFalse() {
				return false
			}
			switch a.Op() {
			case term.OpConst, term.OpNot, term.OpEq:
			default:
				// (definition reads no other literal)
				rest = append(rest, a)
				return true
			}
			if failed.Get(a) {
				rest = append(rest, a)
				return true
			}
			var x, t *term.Term
			if slices.ContainsFunc(freeConsts(a), undefined) {
				// (definition defines one of a's free constants)
				x, t = definition(st, a, undefined, prefer, simple)
			}
			if x == nil || (simple && !t.IsValue() && !t.IsConst()) {
				failed.Set(a, true)
				rest = append(rest, a)
				return true
			}
			addDef(x, t)
			sv.used++
			return true
		}
		for _, c := range cs {
			a := c
			if len(sv.defs) != cleanAt {
				a = apply(c)
			}
			if a.Op() != term.OpAnd {
				if !a.IsTrue() && !one(a) {
					return nil, false
				}
				continue
			}
			for _, b := range term.Conjuncts(nil, a) {
				if !one(b) {
					return nil, false
				}
			}
		}
		return rest, true
	}
	// Definitions found late can simplify conjuncts met earlier into new
	// definitions: repeat a few rounds while that happens, simple
	// definitions first.
	sv.f, sv.cs, sv.st = f, cs, st
	var rest []*term.Term
	if f != nil && f.Op() == term.OpAnd && !f.IsSimplified() {
		cs = f.Args()
	}
	raw := cs != nil && slices.ContainsFunc(cs, func(a *term.Term) bool {
		x, y := rawSimpleEq(st, a)
		return x != nil && (can(x) || (y.Op() == term.OpConst && can(y)))
	})
	// The lists of conjuncts left, round after round, are sc's two
	// buffers: a round writes into the one its input is not (cur: the
	// buffer rest is, -1 for another list, never written). A round that
	// gives its input back leaves cur as it is (an empty input too: the
	// two buffers must never share an array).
	cur := -1
	out := func() []*term.Term { return sc.bufs[1-max(cur, 0)][:0] }
	took := func(in, rest []*term.Term) {
		if cap(in) > 0 && cap(rest) > 0 && &in[:cap(in)][0] == &rest[:cap(rest)][0] {
			return // (the input given back)
		}
		cur = 1 - max(cur, 0)
		sc.bufs[cur] = rest
	}
	if raw {
		// the conjuncts of f, read as they are: unionSimple simplifies
		// the others once, with the definitions substituted
		rest = cs
		sv.raw = true
	} else {
		sv.simplified = sv.simplifiedOf()
		rest = term.Conjuncts(out(), sv.simplified)
		took(nil, rest)
	}
	// The equalities between variables and of variables with values come
	// first, all at once (see unionSimple).
	for range 8 {
		var ok, more bool
		var used int
		in := rest
		rest, used, more, ok = unionSimpleInto(out(), st, rest, undefined, prefer, addDef, sub, raw)
		raw = false
		sv.used += used
		if !ok {
			sv.rest = append(sv.rest[:0], st.False())
			sv.defs = sv.defs[:0]
			return sv
		}
		took(in, rest)
		if !more {
			break
		}
	}
	// (unionSimple substitutes the definitions it makes into the
	// conjuncts it leaves, and keeps equalities with undefined variables)
	cleanAt = len(sv.defs)
	phases := []bool{true, false} // simple definitions only, then all
	if simple {
		phases = phases[:1]
	}
	for _, onlySimple := range phases {
		failed.Clear()
		for range 8 {
			n := len(sv.defs)
			var ok bool
			in := rest
			if rest, ok = process(rest, out(), onlySimple); !ok {
				sv.rest = append(sv.rest[:0], st.False())
				sv.defs = sv.defs[:0]
				return sv
			}
			took(in, rest)
			if len(sv.defs) == n {
				// (each conjunct left had every definition
				// substituted into it)
				cleanAt = n
				break
			}
			cleanAt = -1
		}
	}
	for _, a := range rest {
		if len(sv.defs) != cleanAt {
			a = apply(a)
		}
		if a.IsFalse() {
			sv.rest = append(sv.rest[:0], a)
			sv.defs = sv.defs[:0]
			return sv
		}
		sv.rest = term.Conjuncts(sv.rest, a)
	}
	return sv
}

// definition reads a literal a as x = t for a variable x that can allows
// and a term t free of x; with simple set, only when t may be a value or
// a variable (the caller checks t).
func definition(st *term.Store, a *term.Term, can, prefer func(x *term.Term) bool, simple bool) (x, t *term.Term) {
	switch a.Op() {
	case term.OpConst:
		if a.Sort().IsBool() && can(a) {
			return a, st.True()
		}
		return nil, nil
	case term.OpNot:
		if b := a.Arg(0); b.Op() == term.OpConst && can(b) {
			return b, st.False()
		}
		return nil, nil
	case term.OpEq:
		if a.NumArgs() != 2 {
			return nil, nil
		}
	default:
		return nil, nil
	}
	l, r := a.Arg(0), a.Arg(1)
	if l.Sort().IsArith() {
		if simple && a.IsSimplified() && (noSimpleDef(l, r) || noSimpleDef(r, l)) {
			// Simplify's form of x = (select a i) and the like: solved
			// for x, it gives a term other than a variable or a value
			return nil, nil
		}
		return arithDefinition(st, l, r, can, prefer, simple)
	}
	var best, bestT *term.Term
	for _, p := range [][2]*term.Term{{l, r}, {r, l}} {
		y, u := p[0], p[1]
		if y.Op() != term.OpConst || !can(y) || mentions(u, y) {
			continue
		}
		if best == nil || (prefer(y) && !prefer(best)) {
			best, bestT = y, u
		}
	}
	return best, bestT
}

// arithDefinition solves l = r for one of its variables; with simple set,
// only when the solution may be a value or a variable: l - r has one
// variable, or two with opposite coefficients and no constant.
func arithDefinition(st *term.Store, l, r *term.Term, can, prefer func(x *term.Term) bool, simple bool) (x, t *term.Term) {
	srt := l.Sort()
	if l.Op() == term.OpConst && r.Op() == term.OpConst && r.Sort() == srt && l != r {
		// x = y: what the linear form below gives, without building it
		// (the variables in the order of their IDs, the first that can
		// be defined unless a later one is preferred)
		a, b := l, r
		if term.CompareID(b, a) < 0 {
			a, b = b, a
		}
		if can(a) {
			x, t = a, b
		}
		if can(b) && (x == nil || (prefer(b) && !prefer(x))) {
			x, t = b, a
		}
		return x, t
	}
	if l.Op() == term.OpNum && r.Op() == term.OpConst {
		l, r = r, l
	}
	if l.Op() == term.OpConst && r.Op() == term.OpNum && l.Sort() == srt && r.Sort() == srt {
		// x = c: what the linear form x - c gives (x, coefficient 1,
		// solved as c), without a linearizer's tables (Simplify's
		// values substituted into x + -1·y = 0 and the like)
		if can(l) {
			return l, r
		}
		return nil, nil
	}
	if simple && (nonZeroSum(l, r) || nonZeroSum(r, l)) {
		// a sum equal to a constant other than 0, Simplify's form of
		// x - y = 1 and the like: two variables or more and a constant
		return nil, nil
	}
	lin, ok := linearDiff(st, l, r)
	if !ok {
		return nil, nil
	}
	if simple && len(lin.Vars) > 1 &&
		(len(lin.Vars) > 2 || !lin.Const.IsZero() || !lin.Coeffs[0].Add(lin.Coeffs[1]).IsZero()) {
		return nil, nil
	}
	best := -1
	for i, v := range lin.Vars {
		if v.Op() != term.OpConst || v.Sort() != srt || !can(v) {
			continue
		}
		if srt.IsInt() && !lin.Coeffs[i].Abs().IsOne() {
			continue
		}
		if best >= 0 && !(prefer(v) && !prefer(lin.Vars[best])) {
			continue
		}
		// v must not occur inside another (non-linear) variable of the form
		inside := false
		for j, w := range lin.Vars {
			if j != i && w.Op() != term.OpConst && mentions(w, v) {
				inside = true
			}
		}
		if !inside {
			best = i
		}
	}
	if best < 0 {
		return nil, nil
	}
	// v = -(rest + const)/coeff
	k := lin.Coeffs[best]
	var rest term.Linear
	for j, w := range lin.Vars {
		if j != best {
			rest.Vars = append(rest.Vars, w)
			rest.Coeffs = append(rest.Coeffs, lin.Coeffs[j].Neg().Quo(k))
		}
	}
	rest.Const = lin.Const.Neg().Quo(k)
	return lin.Vars[best], st.Simplify(st.FromLinear(rest, srt))
}

// noSimpleDef reports whether the simplified equality s = c, c a
// numeral, has a variable of its linear form that is no constant (a
// select, an application, a product...): solved for any variable, it
// gives a term other than a variable or a value, or is solved for none.
func noSimpleDef(s, c *term.Term) bool {
	return c.Op() == term.OpNum && nonConstVar(s)
}

// nonConstVar reports whether the linear form of s, a side of a
// simplified equality, has a variable that is no constant (false when
// unsure).
func nonConstVar(s *term.Term) bool {
	switch s.Op() {
	case term.OpConst, term.OpNum:
		return false
	case term.OpToReal:
		return nonConstVar(s.Arg(0))
	case term.OpAdd:
		for _, a := range s.Args() {
			if nonConstVar(a) {
				return true
			}
		}
		return false
	case term.OpMul:
		// Simplify's monomial (* k x)
		if s.NumArgs() == 2 && s.Arg(0).Op() == term.OpNum {
			return nonConstVar(s.Arg(1))
		}
		return false
	case term.OpSub, term.OpNeg, term.OpDiv:
		return false // (not Simplify's forms)
	}
	return true // select, application, ite, div, mod...: a variable
}

// nonZeroSum reports whether s is a sum and c a numeral other than 0: in
// Simplify's normal form the sum has two monomials or more, so s = c
// defines no variable by a value or a variable.
func nonZeroSum(s, c *term.Term) bool {
	return s.Op() == term.OpAdd && c.Op() == term.OpNum && !c.Num().IsZero()
}

// mentions reports whether the constant x occurs in t.
func mentions(t, x *term.Term) bool {
	for _, c := range term.FreeConsts(t) {
		if c == x {
			return true
		}
	}
	return false
}

// linearDiff is the linear form of l - r, without building the term
// l - r (see term.Store.Linearize).
func linearDiff(st *term.Store, l, r *term.Term) (term.Linear, bool) {
	a, ok := st.Linearize(l)
	if !ok {
		return a, false
	}
	b, ok := st.Linearize(r)
	if !ok {
		return b, false
	}
	var d term.Linear
	i, j := 0, 0
	for i < len(a.Vars) || j < len(b.Vars) {
		switch {
		case j == len(b.Vars) || (i < len(a.Vars) && term.CompareID(a.Vars[i], b.Vars[j]) < 0):
			d.Vars, d.Coeffs = append(d.Vars, a.Vars[i]), append(d.Coeffs, a.Coeffs[i])
			i++
		case i == len(a.Vars) || term.CompareID(a.Vars[i], b.Vars[j]) > 0:
			d.Vars, d.Coeffs = append(d.Vars, b.Vars[j]), append(d.Coeffs, b.Coeffs[j].Neg())
			j++
		default:
			if k := a.Coeffs[i].Sub(b.Coeffs[j]); !k.IsZero() {
				d.Vars, d.Coeffs = append(d.Vars, a.Vars[i]), append(d.Coeffs, k)
			}
			i, j = i+1, j+1
		}
	}
	d.Const = a.Const.Sub(b.Const)
	return d, true
}

// unionSimple reads at once the definitions that the conjuncts cs give
// by a variable or a value: x = y (constants of one sort), x = v (v a
// numeral, true, false, a bit-vector or an abstract value), and the
// Boolean literals x and ¬x. The variables they equate form classes
// (union-find); each class has a representative, its value when it has
// one, else a variable that can does not allow, else one that prefer
// does not mark, the one of lowest ID among them. Every other member that
// can allows is defined as the representative (def), every member that it
// does not allow is kept equal to it in rest, and the definitions are
// substituted into the other conjuncts in one simplification. The
// conjuncts that mention no variable that can allows stay as they are.
// def records each definition x = t in defined, the caller's table of
// its definitions, which the substitution reads: the earlier ones there
// are of variables that no conjunct of cs mentions.
//
// It returns the conjuncts left, the number of conjuncts it read as
// definitions, whether it defined a variable (its
// substitution may have made new such conjuncts), and false when the
// conjuncts contradict each other (two values in one class, or a
// conjunct simplified to false).
//
// With raw set, cs are the conjuncts of a constraint not simplified yet:
// the equalities read are those rawSimpleEq reads (each the conjunct of
// Simplify's conjunction that simpleEq reads as the same pair), the
// number read counts each pair once (as the conjunction would hold it
// once), and the conjuncts left are simplified with the definitions
// substituted (SimplifyMap), each once instead of Simplify then
// SimplifyMap: the conjuncts left are those of the simplified
// conjunction with the definitions substituted.
func unionSimple(st *term.Store, cs []*term.Term, can, prefer func(x *term.Term) bool, def func(x, t *term.Term), defined *idMap[*term.Term], raw bool) (rest []*term.Term, used int, more, ok bool) {
	return unionSimpleInto(nil, st, cs, can, prefer, def, defined, raw)
}

// unionSimpleInto is unionSimple with the conjuncts left written into
// dst's array (or cs itself when it gives it back as it is), which must
// not be cs's.
func unionSimpleInto(dst []*term.Term, st *term.Store, cs []*term.Term, can, prefer func(x *term.Term) bool, def func(x, t *term.Term), defined *idMap[*term.Term], raw bool) (rest []*term.Term, used int, more, ok bool) {
	rest = dst[:0]
	sc := unionScratches.Get().(*unionScratch)
	defer unionScratches.Put(sc)
	var (
		ms    = sc.ms[:0]    // sorted by the ID of x
		pairs = sc.pairs[:0] // (both kept in sc for the next call)
	)
	defer func() { sc.ms, sc.pairs = ms[:0], pairs[:0] }()
	eqOf := simpleEq
	if raw {
		eqOf = rawSimpleEq
	}
	for k, a := range cs {
		// a conjunct without a variable to define stays as it is: no
		// need to read it
		if x, y := eqOf(st, a); x != nil && (can(x) || (y.Op() == term.OpConst && can(y))) {
			if raw && y.Op() == term.OpConst && term.CompareID(y, x) < 0 {
				x, y = y, x // (the pair as simpleEq reads the simplified equality)
			}
			pairs = append(pairs, pair{k: k, x: x, y: y, j: -1})
			ms = append(ms, member{x: x, id: x.ID()})
			if y.Op() == term.OpConst {
				ms = append(ms, member{x: y, id: y.ID()})
			}
		}
	}
	if len(pairs) == 0 && !raw {
		return cs, 0, false, true
	}
	sortMembers(ms, sc)
	ms = slices.CompactFunc(ms, func(a, b member) bool { return a.x == b.x })
	// index: the position of each member in ms, plus one
	index := memberIndexes.Get().(*idMap[int32])
	defer func() {
		index.Clear()
		memberIndexes.Put(index)
	}()
	for i := range ms {
		ms[i].parent = int32(i)
		index.Set(ms[i].x, int32(i+1))
	}
	find := func(i int32) int32 {
		for ms[i].parent != i {
			ms[i].parent = ms[ms[i].parent].parent
			i = ms[i].parent
		}
		return i
	}
	indexOf := func(x *term.Term) int32 { return index.Get(x) - 1 }
	for k := range pairs {
		pr := &pairs[k]
		pr.i = indexOf(pr.x)
		if pr.y.Op() == term.OpConst {
			pr.j = indexOf(pr.y)
		}
	}
	for _, pr := range pairs {
		y := pr.y // a constant or a value
		i := find(pr.i)
		if pr.j < 0 {
			switch v := ms[i].val; {
			case v == nil:
				ms[i].val = y
			case v != y:
				return nil, 0, false, false // distinct leaf values are distinct
			}
			continue
		}
		j := find(pr.j)
		if i == j {
			continue
		}
		switch vi, vj := ms[i].val, ms[j].val; {
		case vi != nil && vj != nil && vi != vj:
			return nil, 0, false, false
		case vi == nil:
			ms[i].val = vj
		}
		ms[j].parent = i
	}
	// The representative of each class (by root), and whether some
	// member is defined.
	sc.rep = grown(sc.rep, len(ms))
	rep := sc.rep
	defer clear(rep) // (no terms kept alive by the pool)
	// rank: 0 when can does not allow x, 1 when prefer does not mark
	// it, else 2; the representative has the least rank, then ID (ms is
	// in the order of IDs)
	sc.rank, sc.repRank = grown(sc.rank, len(ms)), grown(sc.repRank, len(ms))
	rank, repRank := sc.rank, sc.repRank
	for i := range ms {
		switch x := ms[i].x; {
		case !can(x):
			rank[i] = 0
		case !prefer(x):
			rank[i] = 1
		default:
			rank[i] = 2
		}
		r := find(int32(i))
		switch {
		case ms[r].val != nil:
			rep[r] = ms[r].val
		case rep[r] == nil || rank[i] < repRank[r]:
			rep[r], repRank[r] = ms[i].x, rank[i]
		}
	}
	// The conjuncts that mention a variable to define are read; those
	// between variables that can does not allow (and values) stay as
	// they are, and such a variable of a read conjunct is kept equal to
	// the representative (touched): with the kept conjuncts, which
	// connect every other such variable to one of those, to the
	// representative or to the value, that is what the class says.
	sc.read, sc.touched = grown(sc.read, len(cs)), grown(sc.touched, len(ms))
	read, touched := sc.read, sc.touched
	for _, pr := range pairs {
		i, j := pr.i, pr.j
		if rank[i] > 0 || (j >= 0 && rank[j] > 0) {
			read[pr.k] = true
			used++
			touched[i] = true
			if j >= 0 {
				touched[j] = true
			}
		}
	}
	if raw {
		// distinct conjuncts that are one equality of the simplified
		// conjunction count once
		used -= repeatedPairs(pairs, read, &sc.keys)
	}
	// keys: the variables defined by this call (defined gives their
	// terms)
	keys := sc.keyTerms[:0]
	defer func() { clear(keys); sc.keyTerms = keys[:0] }()
	for i := range ms {
		x, t := ms[i].x, rep[find(int32(i))]
		switch {
		case x == t || !touched[i]:
		case rank[i] > 0:
			def(x, t)
			keys = append(keys, x)
		default:
			rest = append(rest, st.SimplifyEq(x, t))
		}
	}
	others := sc.others[:0]
	defer func() { clear(others); sc.others = others[:0] }()
	for k, a := range cs {
		if !read[k] {
			others = append(others, a)
		}
	}
	if len(keys) == 0 && !raw {
		return append(rest, others...), used, false, true
	}
	// The substitution into the conjunction, conjunct by conjunct: a
	// conjunct that mentions no defined variable (their free constants
	// are memoized) is its own image and is not walked under the
	// substitution; the images are simplified as SimplifyMap would
	// simplify the conjunction, without building it (SimplifyConjuncts).
	clean, dirty := sc.clean[:0], sc.dirty[:0]
	defer func() {
		clear(clean)
		clear(dirty)
		sc.clean, sc.dirty = clean[:0], dirty[:0]
	}()
	var flat [3]*term.Term
	for _, a := range others {
		if len(keys) > 0 && mentionsDefined(st, a, defined, &flat) {
			dirty = append(dirty, a)
		} else {
			clean = append(clean, a)
		}
	}
	if rest, ok = st.SimplifyConjunctsFunc(rest, clean, dirty, keys, defined.Get); !ok {
		return nil, 0, false, false
	}
	return rest, used, len(keys) > 0, true
}

// flatConsts is the free constants of a, read off its arguments when
// they are leaves (x = y, x ≤ 3: most raw conjuncts), into buf, else
// st.SharedFreeConsts(a): the raw conjuncts that Simplify reads once do
// not fill the store's memo. The list is read, not kept.
func flatConsts(st *term.Store, a *term.Term, buf *[3]*term.Term) []*term.Term {
	if a.Op() == term.OpConst {
		buf[0] = a
		return buf[:1]
	}
	args := a.Args()
	if len(args) > len(buf) || a.Op() == term.OpForall || a.Op() == term.OpExists {
		return st.SharedFreeConsts(a)
	}
	n := 0
	for _, x := range args {
		switch {
		case x.NumArgs() > 0:
			return st.SharedFreeConsts(a)
		case x.Op() == term.OpConst && !slices.Contains(buf[:n], x):
			buf[n] = x
			n++
		}
	}
	return buf[:n]
}

// mentionsDefined reports whether the conjunct a mentions a constant
// that defined maps (buf is flatConsts' scratch). A raw conjunct (not
// simplified: read once, as unionSimple reads a clause's conjuncts as
// they are) is walked as a tree, up to rawWalkMax nodes, instead of
// having its free constants kept in the store (flatConsts, for a larger
// one or a simplified one, whose list later passes read again).
func mentionsDefined(st *term.Store, a *term.Term, defined *idMap[*term.Term], buf *[3]*term.Term) bool {
	if !a.IsSimplified() {
		budget := rawWalkMax
		var walk func(u *term.Term) (found, ok bool)
		walk = func(u *term.Term) (found, ok bool) {
			if budget--; budget < 0 {
				return false, false
			}
			if u.Op() == term.OpConst {
				return defined.Get(u) != nil, true
			}
			for _, v := range u.Args() {
				if found, ok := walk(v); found || !ok {
					return found, ok
				}
			}
			return false, true
		}
		if found, ok := walk(a); ok {
			return found
		}
	}
	return slices.ContainsFunc(flatConsts(st, a, buf), func(x *term.Term) bool { return defined.Get(x) != nil })
}

// rawWalkMax bounds the nodes mentionsDefined walks in a raw conjunct
// (counted with repetitions: a shared subterm is walked each time).
const rawWalkMax = 64

// repeatedPairs is the number of read pairs (read by conjunct index)
// that repeat an earlier read pair (x and y in the order simpleEq gives);
// keys is scratch.
func repeatedPairs(pairs []pair, read []bool, keys *[]uint64) int {
	ks := (*keys)[:0]
	for _, pr := range pairs {
		if read[pr.k] {
			ks = append(ks, uint64(pr.x.ID())<<32|uint64(pr.y.ID()))
		}
	}
	slices.Sort(ks)
	n := len(ks) - len(slices.Compact(ks))
	*keys = ks[:0]
	return n
}

// rawSimpleEq is simpleEq for a conjunct a that need not be simplified
// (simpleEq itself for one that is):
// it reads a as x = y only when Simplify(a) is an equality (or a Boolean
// literal) that simpleEq reads as x = y or y = x: a Boolean literal, or
// an equality between two distinct constants of a sort other than a
// datatype, or of a constant and a leaf value or a constant array of one
// (simpleEq's forms) of a sort other than Bool or a datatype.
func rawSimpleEq(st *term.Store, a *term.Term) (x, y *term.Term) {
	if a.IsSimplified() {
		return simpleEq(st, a)
	}
	switch a.Op() {
	case term.OpConst, term.OpNot:
		return simpleEq(st, a)
	case term.OpEq:
		if a.NumArgs() != 2 {
			return nil, nil
		}
		l, r := a.Arg(0), a.Arg(1)
		if l.Op() != term.OpConst {
			l, r = r, l
		}
		srt := l.Sort()
		if l.Op() != term.OpConst || r.Sort() != srt || l == r || srt.Kind() == term.KindDatatype {
			return nil, nil
		}
		switch {
		case r.Op() == term.OpConst:
			return l, r
		case srt.IsBool():
		case leafValue(r) || constArray(r):
			return l, r
		}
	}
	return nil, nil
}

// simpleEq reads a conjunct a as x = y for a constant x and a constant
// or a leaf value y of its sort (see leafValue), or the constant array
// of one (constArray): a Boolean literal, an
// equality, or Simplify's form of an arithmetic equality between two
// constants (varDiff). It gives nil for other conjuncts.
func simpleEq(st *term.Store, a *term.Term) (x, y *term.Term) {
	switch a.Op() {
	case term.OpConst:
		if a.Sort().IsBool() {
			return a, st.True()
		}
	case term.OpNot:
		if b := a.Arg(0); b.Op() == term.OpConst {
			return b, st.False()
		}
	case term.OpEq:
		if a.NumArgs() != 2 {
			break
		}
		l, r := a.Arg(0), a.Arg(1)
		if l.Op() != term.OpConst {
			l, r = r, l
		}
		if l.Op() == term.OpConst && l.Sort() == r.Sort() && (r.Op() == term.OpConst || leafValue(r) || constArray(r)) {
			return l, r
		}
		return varDiff(a)
	}
	return nil, nil
}

// constArray reports whether t is the constant array of a value without
// arguments (Solidity's zeroed memory, ((as const (Array Int Int)) 0)):
// distinct such terms are distinct values, and none is a leaf value.
func constArray(t *term.Term) bool {
	return t.Op() == term.OpConstArray && leafValue(t.Arg(0))
}

// leafValue reports whether t is a value without arguments: distinct
// such terms are distinct values.
func leafValue(t *term.Term) bool {
	switch t.Op() {
	case term.OpTrue, term.OpFalse, term.OpNum, term.OpBVNum, term.OpValue:
		return true
	}
	return false
}

// varDiff reads Simplify's form of an arithmetic x = y, x + (-1)·y = 0
// for constants x and y of one sort (either way round), or gives nil.
func varDiff(a *term.Term) (x, y *term.Term) {
	if a.Op() != term.OpEq || a.NumArgs() != 2 {
		return nil, nil
	}
	s, z := a.Arg(0), a.Arg(1)
	if z.Op() != term.OpNum || !z.Num().IsZero() || s.Op() != term.OpAdd || s.NumArgs() != 2 {
		return nil, nil
	}
	p, q := s.Arg(0), s.Arg(1)
	if p.Op() != term.OpConst {
		p, q = q, p
	}
	if p.Op() != term.OpConst || q.Op() != term.OpMul || q.NumArgs() != 2 {
		return nil, nil
	}
	k, v := q.Arg(0), q.Arg(1)
	if k.Op() != term.OpNum || !k.Num().Neg().IsOne() || v.Op() != term.OpConst || v.Sort() != p.Sort() || v == p {
		return nil, nil
	}
	return p, v
}

// A class member of unionSimple: its parent in the union-find forest,
// and at a root the class's value (nil: none).
type member struct {
	x, val *term.Term
	parent int32
	id     uint32 // x's ID (sorting reads no term)
}

// sortMembers sorts ms by the ID of x: by insertion when short (a
// clause's few equalities), else through keys (ID, position) sorted as
// integers, in sc's lists (no comparison function called per step; the
// order of members of one ID is their order in ms, as a stable sort's).
func sortMembers(ms []member, sc *unionScratch) {
	if len(ms) > 32 {
		keys := sc.keys[:0]
		for i := range ms {
			keys = append(keys, uint64(ms[i].id)<<32|uint64(i))
		}
		slices.Sort(keys)
		old := append(sc.msCopy[:0], ms...)
		for i, k := range keys {
			ms[i] = old[uint32(k)]
		}
		clear(old) // (no terms kept alive by the pool)
		sc.keys, sc.msCopy = keys[:0], old[:0]
		return
	}
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		j := i
		for ; j > 0 && ms[j-1].id > m.id; j-- {
			ms[j] = ms[j-1]
		}
		ms[j] = m
	}
}

// A pair of unionSimple: a conjunct read, by index into cs, as x = y,
// and the indices of x and y in ms (j < 0 when y is a value).
type pair struct {
	k    int
	x, y *term.Term
	i, j int32
}

// A unionScratch holds unionSimple's working slices between calls (it
// runs for every clause of every pass that solves definitions: its
// tables would be most of the preprocessing's allocations).
type unionScratch struct {
	ms       []member
	msCopy   []member // (sortMembers')
	pairs    []pair
	rep      []*term.Term
	rank     []int8
	repRank  []int8
	read     []bool
	touched  []bool
	others   []*term.Term
	keys     []uint64
	clean    []*term.Term
	dirty    []*term.Term
	keyTerms []*term.Term
}

var unionScratches = sync.Pool{New: func() any { return new(unionScratch) }}

// grown is s resized to n zero elements, reusing its array when it can.
func grown[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// A defsScratch holds solveDefs' tables between calls.
type defsScratch struct {
	sub       idMap[*term.Term]
	users     idMap[int32]
	userLists [][]int
	failed    idMap[bool]
	bufs      [2][]*term.Term // solveDefsIn's lists of conjuncts left
}

var defsScratches = sync.Pool{New: func() any { return new(defsScratch) }}

// reset empties sc's tables for the next call, keeping their room.
func (sc *defsScratch) reset() {
	sc.users.Clear()
	sc.failed.Clear()
	sc.sub.Clear()
	for i := range sc.userLists {
		sc.userLists[i] = sc.userLists[i][:0]
	}
	sc.userLists = sc.userLists[:0]
	for i := range sc.bufs {
		// (to the capacity: a round that met a contradiction wrote
		// past the length kept)
		clear(sc.bufs[i][:cap(sc.bufs[i])])
		sc.bufs[i] = sc.bufs[i][:0]
	}
}

// memberIndexes recycles the tables of unionSimple.
var memberIndexes = sync.Pool{New: func() any { return new(idMap[int32]) }}
