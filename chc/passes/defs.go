package passes

import (
	"slices"

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
// each defined variable to its term.
type solved struct {
	defs []def
	rest []*term.Term
	sub  map[*term.Term]*term.Term
	// simplified is the constraint simplified, which is equivalent to
	// the conjunction of rest when defs is empty.
	simplified *term.Term
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
func solveDefs(st *term.Store, f *term.Term, can, prefer func(x *term.Term) bool, simple bool) *solved {
	// sv.sub is made when a definition comes
	sv := &solved{}
	users := map[*term.Term][]int{} // variable → defs whose term mentions it
	// The rounds below meet the same conjuncts again: their free
	// constants are kept, and so are the conjuncts that gave no definition
	// in this phase (fewer variables can be defined in each round, so they
	// give none again).
	consts := map[*term.Term][]*term.Term{}
	freeConsts := func(t *term.Term) []*term.Term {
		switch {
		case t.Op() == term.OpConst:
			return []*term.Term{t}
		case t.NumArgs() == 0:
			return nil // a value
		}
		fc, ok := consts[t]
		if !ok {
			fc = term.FreeConsts(t)
			consts[t] = fc
		}
		return fc
	}
	var failed map[*term.Term]bool
	apply := func(c *term.Term) *term.Term { // the definitions substituted into c
		if len(sv.sub) == 0 {
			return c
		}
		var from, to []*term.Term
		for _, x := range freeConsts(c) {
			if t, ok := sv.sub[x]; ok {
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
			if t, ok := sv.sub[l]; ok {
				l = t
			}
			if t, ok := sv.sub[r]; ok {
				r = t
			}
			if l.NumArgs() == 0 && r.NumArgs() == 0 && c.Arg(0).NumArgs() == 0 && c.Arg(1).NumArgs() == 0 {
				return st.Simplify(st.Eq(l, r))
			}
		}
		return st.SimplifySubstitute(c, from, to)
	}
	undefined := func(x *term.Term) bool { return can(x) && sv.sub[x] == nil }
	// process reads definitions off the conjuncts cs and returns the others
	// (nil, false when one is false).
	process := func(cs []*term.Term, simple bool) ([]*term.Term, bool) {
		var rest []*term.Term
		for _, c := range cs {
			for _, a := range term.Conjuncts(nil, apply(c)) {
				if a.IsFalse() {
					return nil, false
				}
				if failed[a] {
					rest = append(rest, a)
					continue
				}
				var x, t *term.Term
				if slices.ContainsFunc(freeConsts(a), undefined) {
					// (definition defines one of a's free constants)
					x, t = definition(st, a, undefined, prefer, simple)
				}
				if x == nil || (simple && !t.IsValue() && !t.IsConst()) {
					failed[a] = true
					rest = append(rest, a)
					continue
				}
				// keep the definitions free of defined variables
				ft := freeConsts(t)
				for _, i := range users[x] {
					d := &sv.defs[i]
					d.t = st.SimplifySubstitute(d.t, []*term.Term{x}, []*term.Term{t})
					sv.sub[d.x] = d.t
					for _, y := range ft {
						users[y] = append(users[y], i)
					}
				}
				delete(users, x)
				for _, y := range ft {
					users[y] = append(users[y], len(sv.defs))
				}
				sv.defs = append(sv.defs, def{x, t})
				if sv.sub == nil {
					sv.sub = map[*term.Term]*term.Term{}
				}
				sv.sub[x] = t
			}
		}
		return rest, true
	}
	// Definitions found late can simplify conjuncts met earlier into new
	// definitions: repeat a few rounds while that happens, simple
	// definitions first.
	sv.simplified = st.Simplify(f)
	rest := term.Conjuncts(nil, sv.simplified)
	phases := []bool{true, false} // simple definitions only, then all
	if simple {
		phases = phases[:1]
	}
	for _, onlySimple := range phases {
		failed = map[*term.Term]bool{}
		for range 8 {
			n := len(sv.defs)
			var ok bool
			if rest, ok = process(rest, onlySimple); !ok {
				sv.rest = []*term.Term{st.False()}
				sv.defs = nil
				return sv
			}
			if len(sv.defs) == n {
				break
			}
		}
	}
	for _, a := range rest {
		a = apply(a)
		if a.IsFalse() {
			sv.rest = []*term.Term{a}
			sv.defs = nil
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
