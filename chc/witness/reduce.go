package witness

import (
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Cheap refutations. Most clauses of programs' encodings, with a model's
// formulas put in, are refuted by their equalities and the bounds of
// their variables: the head's arguments are the body's renamed (x = y),
// set to a value (x = 3) or shifted (x = y + 1), and the head's formula
// repeats the body's range conjuncts (0 ≤ x ≤ 2²⁵⁶ − 1) over the renamed
// variables. A reduction decides those by rewriting, and leaves the smt
// solver a smaller formula for the rest (see modelChecker.scratchClause).

// A reduction is the body of a clause with the classes of constants its
// equalities make equal each replaced by one member, simplified, and the
// bounds its conjuncts put on single integer constants.
type reduction struct {
	st        *term.Store
	sub       map[*term.Term]*term.Term // constant → its class's member
	conjuncts []*term.Term              // of the reduced body
	in        map[*term.Term]bool       // the same, as a set
	lo, hi    map[*term.Term]num.Rat    // integer bounds: lo ≤ x ≤ hi
	false_    bool                      // the body reduces to false
	gsub      map[*term.Term]*term.Term // subOf's
}

// reduce builds the reduction of the conjunction of conjuncts. Each
// class of constants that conjuncts x = y, x − y = 0, x = v (v a value
// other than an array), b and ¬b (b a Boolean constant) make equal is
// replaced by one member: its value if it has one, else its constant of
// lowest ID. Every model of the body gives the members of a class one
// value, so it is a model of the reduced body too, and a goal g whose
// reduced form is refuted by the reduced body is refuted by the body.
func reduce(st *term.Store, conjuncts []*term.Term) *reduction {
	return reduceIn(st, conjuncts, nil)
}

// reduceScratch is the tables of reductions made one after another (a
// model check's clauses): a reduction's union-find is garbage once it is
// made, and its class map once the next one is.
type reduceScratch struct {
	parent, sub map[*term.Term]*term.Term
	consts      []*term.Term
}

// reduceIn is reduce with the tables of sc (none when nil); the
// reduction it returns holds until the next call with sc.
func reduceIn(st *term.Store, conjuncts []*term.Term, sc *reduceScratch) *reduction {
	r := &reduction{st: st}
	eqs := 0
	for _, a := range conjuncts {
		if x, _ := equated(st, a); x != nil {
			eqs++
		}
	}
	var parent map[*term.Term]*term.Term
	var consts []*term.Term // the constants met, in the order met
	if sc != nil {
		if sc.parent == nil {
			sc.parent, sc.sub = map[*term.Term]*term.Term{}, map[*term.Term]*term.Term{}
		}
		clear(sc.parent)
		clear(sc.sub)
		parent, consts = sc.parent, sc.consts[:0]
		defer func() { sc.consts = consts[:0] }()
	} else {
		parent = make(map[*term.Term]*term.Term, 2*eqs)
		consts = make([]*term.Term, 0, 2*eqs)
	}
	var find func(x *term.Term) *term.Term
	find = func(x *term.Term) *term.Term {
		p, ok := parent[x]
		if !ok || p == x {
			return x // a root, or a value
		}
		q := find(p)
		parent[x] = q
		return q
	}
	union := func(x, y *term.Term) bool {
		for _, z := range []*term.Term{x, y} {
			if _, ok := parent[z]; !ok && z.Op() == term.OpConst {
				parent[z] = z
				consts = append(consts, z)
			}
		}
		rx, ry := find(x), find(y)
		switch {
		case rx == ry:
			return true
		case rx.IsValue() && ry.IsValue():
			return false // two values for one class
		case rx.IsValue() || (ry.Op() == term.OpConst && term.CompareID(rx, ry) < 0):
			rx, ry = ry, rx
		}
		parent[rx] = ry // ry is kept: a value, else the lower ID
		return true
	}
	for _, a := range conjuncts {
		x, y := equated(st, a)
		if x != nil && !union(x, y) {
			r.false_ = true
			return r
		}
	}
	if sc != nil {
		r.sub = sc.sub
	} else {
		r.sub = make(map[*term.Term]*term.Term, len(consts))
	}
	for _, x := range consts {
		if y := find(x); y != x {
			r.sub[x] = y
		}
	}
	body := st.And(conjuncts...)
	if len(r.sub) > 0 {
		body = st.SimplifyMap(body, r.sub)
	}
	if body.IsFalse() {
		r.false_ = true
		return r
	}
	r.conjuncts = term.Conjuncts(nil, body)
	r.in = make(map[*term.Term]bool, len(r.conjuncts))
	r.lo, r.hi = map[*term.Term]num.Rat{}, map[*term.Term]num.Rat{}
	for _, a := range r.conjuncts {
		r.in[a] = true
		if x, c, upper, ok := intBound(a); ok {
			if upper {
				if h, ok := r.hi[x]; !ok || c.Cmp(h) < 0 {
					r.hi[x] = c
				}
			} else if l, ok := r.lo[x]; !ok || c.Cmp(l) > 0 {
				r.lo[x] = c
			}
		}
	}
	for _, a := range r.conjuncts {
		if x, _, _, ok := intBound(a); ok && r.empty(x) {
			r.false_ = true
			break
		}
	}
	return r
}

// equated is the pair a makes equal, x a constant and y a constant of
// its sort or a value that is not an array; nil when a is not such an
// equality (or a Boolean literal over a constant).
func equated(st *term.Store, a *term.Term) (x, y *term.Term) {
	switch a.Op() {
	case term.OpConst:
		if a.Sort().IsBool() {
			return a, st.True()
		}
	case term.OpNot:
		if b := a.Arg(0); b.Op() == term.OpConst && b.Sort().IsBool() {
			return b, st.False()
		}
	case term.OpEq:
		if a.NumArgs() != 2 {
			return nil, nil
		}
		x, y = a.Arg(0), a.Arg(1)
		if x.Op() != term.OpConst {
			x, y = y, x
		}
		if x.Op() == term.OpConst && (y.Op() == term.OpConst || (y.IsValue() && !y.Sort().IsArray())) {
			return x, y
		}
		// x + (−1)·y = 0, the simplifier's x = y
		if s, z := a.Arg(0), a.Arg(1); s.Op() == term.OpAdd && s.NumArgs() == 2 && z.IsNum() && z.Num().Sign() == 0 {
			p, q := s.Arg(0), s.Arg(1)
			if p.Op() != term.OpConst {
				p, q = q, p
			}
			if p.Op() == term.OpConst && q.Op() == term.OpMul && q.NumArgs() == 2 &&
				q.Arg(0).IsNum() && q.Arg(0).Num().Cmp(num.NewRat(-1, 1)) == 0 &&
				q.Arg(1).Op() == term.OpConst && q.Arg(1).Sort() == p.Sort() {
				return p, q.Arg(1)
			}
		}
	}
	return nil, nil
}

// intBound reads a as a bound of an integer constant: (<= x c) is x ≤ c
// (upper), (not (<= x c)) is x ≥ c + 1.
func intBound(a *term.Term) (x *term.Term, c num.Rat, upper, ok bool) {
	neg := false
	if a.Op() == term.OpNot {
		neg, a = true, a.Arg(0)
	}
	if a.Op() != term.OpLe || a.NumArgs() != 2 {
		return nil, num.Rat{}, false, false
	}
	x, n := a.Arg(0), a.Arg(1)
	if x.Op() != term.OpConst || x.Sort() != term.IntSort || !n.IsNum() || !n.Num().IsInt() {
		return nil, num.Rat{}, false, false
	}
	if neg {
		return x, n.Num().Add(num.NewRat(1, 1)), false, true
	}
	return x, n.Num(), true, true
}

// empty reports whether x's bounds leave it no value.
func (r *reduction) empty(x *term.Term) bool {
	l, okl := r.lo[x]
	h, okh := r.hi[x]
	return okl && okh && l.Cmp(h) > 0
}

// refutes reports whether the reduced body refutes the goal g: g reduces
// to false, or its negation is implied (see implied). Otherwise it
// returns g reduced, for the smt solver.
func (r *reduction) refutes(g *term.Term) (*term.Term, bool) {
	if r.false_ {
		return g, true
	}
	if len(r.sub) > 0 {
		g = r.st.SimplifyMap(g, r.subOf(g))
	}
	return g, g.IsFalse() || r.implied(r.st.Simplify(r.st.Not(g)))
}

// subOf is r.sub restricted to the constants of g, in a map of r's
// that the next call reuses: SimplifyMap reads every pair it is given,
// and a goal mentions a few of the clause's classes.
func (r *reduction) subOf(g *term.Term) map[*term.Term]*term.Term {
	if r.gsub == nil {
		r.gsub = map[*term.Term]*term.Term{}
	}
	clear(r.gsub)
	for _, c := range r.st.SharedFreeConsts(g) {
		if y, ok := r.sub[c]; ok {
			r.gsub[c] = y
		}
	}
	return r.gsub
}

// implied reports whether the reduced body implies h by its conjuncts
// alone: h is true, one of them, a bound on an integer constant that
// the body's bounds imply, or a conjunction of implied formulas, or a
// disjunction with an implied one.
func (r *reduction) implied(h *term.Term) bool {
	switch {
	case h.IsTrue() || r.in[h]:
		return true
	case h.Op() == term.OpAnd:
		for _, a := range h.Args() {
			if !r.implied(a) {
				return false
			}
		}
		return true
	case h.Op() == term.OpOr:
		for _, a := range h.Args() {
			if r.implied(a) {
				return true
			}
		}
		return false
	}
	if x, c, upper, ok := intBound(h); ok {
		if upper {
			b, ok := r.hi[x]
			return ok && b.Cmp(c) <= 0
		}
		b, ok := r.lo[x]
		return ok && b.Cmp(c) >= 0
	}
	return false
}
