package mbp

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

// ArrayMBP (FMCAD'15, Section III-B): every rule of ARRAYQE with its
// disjunctions resolved by the model.

// A peq is the partial equality lhs =_idx rhs (pos) or its negation:
// ∀j. j ∉ idx ⇒ lhs[j] = rhs[j].
type peq struct {
	lhs, rhs *term.Term
	idx      []*term.Term
	pos      bool
}

// term returns the literal of p: lhs = store(rhs, idx, select(lhs, idx)),
// which holds iff lhs =_idx rhs.
func (r *run) peqTerm(p peq) *term.Term {
	st := r.st
	rhs := p.rhs
	for _, i := range p.idx {
		rhs = st.Store(rhs, i, st.Select(p.lhs, i))
	}
	e := st.Eq(p.lhs, rhs)
	if !p.pos {
		e = st.Not(e)
	}
	return e
}

// projectArrays eliminates the array variables in order, fresh ones (array
// values of nested arrays) included.
func (r *run) projectArrays() {
	for i := 0; i < len(r.vars); i++ {
		a := r.vars[i]
		if a.Sort().IsArray() && r.live(a) {
			r.projectArray(a)
			r.checkCube("projecting " + a.String())
		}
	}
}

// projectable reports whether ArrayMBP applies to arrays of sort s: the
// index sort must be infinite (Int or Real) and the element sort must have
// two values at least, so that ELIMDISEQ is sound. Other arrays are
// eliminated by equality resolution or by their model value.
func projectable(s *term.Sort) bool {
	if i := s.Index(); !i.IsInt() && !i.IsReal() {
		return false
	}
	for e := s.Elem(); ; e = e.Elem() {
		switch {
		case e.IsBool(), e.IsArith():
			return true
		case !e.IsArray():
			return false
		}
	}
}

// projectArray eliminates the array variable a.
func (r *run) projectArray(a *term.Term) {
	if len(r.with(a)) == 0 {
		r.gone.Set(a, true)
		return
	}
	if !projectable(a.Sort()) {
		r.resolve(a)
		return
	}
	peqs := r.elimWrites(a, true)
	// ELIMEQ: a =_I t with a not in t gives a := store(t, I, v) for fresh v.
	for k, p := range peqs {
		if p.pos && r.eligible(a, p) {
			r.elimEq(a, p, slices.Delete(peqs, k, k+1))
			return
		}
	}
	ok := r.onlyReads(a)
	for _, p := range peqs {
		if p.pos || !r.eligible(a, p) {
			ok = false
		}
	}
	if !ok {
		for _, p := range peqs {
			r.add(r.peqTerm(p))
		}
		r.byValue(a)
		return
	}
	// ELIMDISEQ: the negated partial equalities on a are dropped; a
	// occurs in reads only.
	r.ackermann(a)
}

// eligible reports whether p is a =_I t with a in neither t nor I, after
// orienting p so that a is on the left.
func (r *run) eligible(a *term.Term, p peq) bool {
	if p.lhs != a || r.occurs(a, p.rhs) {
		return false
	}
	for _, i := range p.idx {
		if r.occurs(a, i) {
			return false
		}
	}
	return true
}

// elimEq substitutes store(t, I, v) for a, v fresh with the model's values
// of a at I, then exposes v (ELIMWRRD, ELIMWREQ on the new stores).
func (r *run) elimEq(a *term.Term, p peq, others []peq) {
	st := r.st
	u := p.rhs
	var vs []*term.Term
	for _, i := range p.idx {
		v := r.fresh("mbp.v", a.Sort().Elem(), r.val(st.Select(a, i)))
		vs = append(vs, v)
		u = st.Store(u, i, v)
	}
	for _, q := range others {
		r.add(r.peqTerm(q))
	}
	r.substitute([]*term.Term{a}, []*term.Term{u})
	for _, v := range vs {
		for _, q := range r.elimWrites(v, true) {
			r.add(r.peqTerm(q))
		}
	}
}

// elimWrites rewrites the literals in which v occurs until no read over a
// store mentions a projected variable (ELIMWRRD) and, if eqs, until every
// array (dis)equality that mentions one relates two non-store terms
// (PARTIALEQ, ELIMWREQ, SYMM, TRIVEQ); the disjunctions of the rules are
// resolved by the model, their literals join the cube. It returns the
// partial (dis)equalities with v on one side, oriented v =_I t; the others
// go back to the cube as literals.
func (r *run) elimWrites(v *term.Term, eqs bool) []peq {
	var mine, others []peq
	for changed := true; changed; {
		changed = false
		for _, k := range slices.Clone(r.with(v)) {
			l := r.cube.lits[k]
			if l == nil {
				continue
			}
			u := r.rewriteReads(l)
			eq := eqs && isArrayEq(u)
			if u == l && !eq {
				continue
			}
			r.cube.lits[k] = nil
			changed = true
			if !eq {
				r.add(u)
				continue
			}
			p, trivial := r.elimWriteEq(u)
			switch {
			case trivial:
			case p.rhs == v:
				p.lhs, p.rhs = p.rhs, p.lhs
				fallthrough
			case p.lhs == v:
				mine = append(mine, p)
			default:
				others = append(others, p)
			}
		}
	}
	for _, p := range others {
		r.add(r.peqTerm(p))
	}
	return mine
}

// isArrayEq reports whether l is an equality of arrays or its negation.
func isArrayEq(l *term.Term) bool {
	if l.Op() == term.OpNot {
		l = l.Arg(0)
	}
	return l.Op() == term.OpEq && l.NumArgs() == 2 && l.Arg(0).Sort().IsArray()
}

// rewriteReads applies ELIMWRRD to every read (select (store t i v) j) of
// l that mentions a projected variable: v with the literal i = j if the
// model says so, else (select t j) with i != j.
func (r *run) rewriteReads(l *term.Term) *term.Term {
	memo := r.rwMemo
	clear(memo)
	var rw func(t *term.Term) *term.Term
	rw = func(t *term.Term) *term.Term {
		if !r.contains(t) || t.NumArgs() == 0 {
			return t
		}
		if u, ok := memo[t]; ok {
			return u
		}
		var args []*term.Term
		for i, a := range t.Args() {
			if b := rw(a); b != a && args == nil {
				args = slices.Clone(t.Args())
				args[i] = b
			} else if args != nil {
				args[i] = b
			}
		}
		u := t
		if args != nil {
			u = r.st.Rebuild(t, args)
		}
		if u.Op() == term.OpSelect {
			u = r.readOverWrite(u)
		}
		memo[t] = u
		return u
	}
	return rw(l)
}

// readOverWrite resolves (select a j) through the stores of a.
func (r *run) readOverWrite(t *term.Term) *term.Term {
	st := r.st
	a, j := t.Arg(0), t.Arg(1)
	if !r.contains(t) {
		return t
	}
	changed := false
	for {
		switch a.Op() {
		case term.OpStore:
			i := a.Arg(1)
			if r.val(i) == r.val(j) {
				r.add(st.Eq(i, j))
				return a.Arg(2)
			}
			r.add(st.Not(st.Eq(i, j)))
			a = a.Arg(0)
			changed = true
			continue
		case term.OpConstArray:
			return a.Arg(0)
		}
		break
	}
	if !changed {
		return t
	}
	return st.Select(a, j)
}

// elimWriteEq turns the array (dis)equality l into a partial
// (dis)equality between two non-store terms by ELIMWREQ (with SYMM),
// adding to the cube the literals that resolve its disjunctions in the
// model. trivial means the literal is discharged: the remaining partial
// equality is t =_I t (TRIVEQ), or a value disagreement implies the
// disequality.
func (r *run) elimWriteEq(l *term.Term) (p peq, trivial bool) {
	st := r.st
	p.pos = l.Op() != term.OpNot
	e := l
	if !p.pos {
		e = l.Arg(0)
	}
	p.lhs, p.rhs = e.Arg(0), e.Arg(1)
	for {
		if p.lhs.Op() != term.OpStore && p.rhs.Op() == term.OpStore {
			p.lhs, p.rhs = p.rhs, p.lhs // SYMM
		}
		if p.lhs.Op() != term.OpStore {
			break
		}
		t, j, v := p.lhs.Arg(0), p.lhs.Arg(1), p.lhs.Arg(2)
		p.lhs = t
		jv := r.val(j)
		in := -1
		for k, i := range p.idx {
			if r.val(i) == jv {
				in = k
				break
			}
		}
		if in >= 0 { // j ∈ I: the write is hidden
			r.add(st.Eq(j, p.idx[in]))
			continue
		}
		for _, i := range p.idx {
			r.add(st.Not(st.Eq(j, i)))
		}
		rd := st.Select(p.rhs, j)
		if !p.pos && r.val(v) != r.val(rd) {
			// The arrays differ at j: that alone implies the disequality.
			r.add(st.Not(st.Eq(v, rd)))
			return p, true
		}
		if p.pos {
			r.add(st.Eq(v, rd))
		}
		p.idx = append(p.idx, j)
	}
	if p.lhs == p.rhs { // TRIVEQ
		if !p.pos {
			panic("mbp: a true disequality of an array with itself")
		}
		return p, true
	}
	return p, false
}

// onlyReads reports whether a occurs in the cube only as the array of
// reads (select a i).
func (r *run) onlyReads(a *term.Term) bool {
	for _, k := range r.with(a) {
		for u := range term.PostOrder(r.cube.lits[k]) {
			for i, b := range u.Args() {
				if b == a && (u.Op() != term.OpSelect || i != 0) {
					return false
				}
			}
		}
	}
	return true
}

// An ackClass is a class of read indices with one model value.
type ackClass struct {
	val *term.Term // the index value
	rep *term.Term // the representative index term
	s   *term.Term // the fresh variable for the reads
}

// ackermann eliminates a, which occurs in reads only, by the model-based
// Ackermann reduction of FMCAD'15 Section III-C: the read indices are
// partitioned by their model values; each class gets a representative
// (the first index free of projected variables, else the first by term
// ID) and one fresh variable for its reads; the cube gets i = rep for the
// other indices of a class and rep1 < rep2 < ... for the representatives
// in model order. Reads whose index reads a are replaced inside out.
func (r *run) ackermann(a *term.Term) {
	st := r.st
	byVal := map[*term.Term]*ackClass{}
	var classes []*ackClass
	for {
		ls := r.take(a)
		if len(ls) == 0 {
			break
		}
		var reads []*term.Term
		seen := map[*term.Term]bool{}
		for _, l := range ls {
			for u := range term.PostOrder(l) {
				if u.Op() == term.OpSelect && u.Arg(0) == a && !seen[u] && !r.occurs(a, u.Arg(1)) {
					seen[u] = true
					reads = append(reads, u)
				}
			}
		}
		if len(reads) == 0 {
			panic("mbp: array variable outside reads after ELIMDISEQ")
		}
		slices.SortFunc(reads, func(x, y *term.Term) int {
			cx, cy := r.contains(x.Arg(1)), r.contains(y.Arg(1))
			switch {
			case cx != cy && !cx:
				return -1
			case cx != cy:
				return 1
			}
			return int(x.ID()) - int(y.ID())
		})
		sub := make(map[*term.Term]*term.Term, len(reads))
		for _, rd := range reads {
			i := rd.Arg(1)
			iv := r.val(i)
			c := byVal[iv]
			if c == nil {
				c = &ackClass{val: iv, rep: i, s: r.fresh("mbp.s", rd.Sort(), r.val(rd))}
				byVal[iv] = c
				classes = append(classes, c)
			} else if i != c.rep {
				r.add(st.Eq(i, c.rep))
			}
			sub[rd] = c.s
		}
		for _, l := range ls {
			r.add(st.SubstituteMap(l, sub))
		}
	}
	r.gone.Set(a, true)
	slices.SortFunc(classes, func(x, y *ackClass) int { return term.CompareValues(x.val, y.val) })
	for k := 1; k < len(classes); k++ {
		r.add(st.Lt(classes[k-1].rep, classes[k].rep))
	}
}

// arrayEqualities conjoins to psi, for every pair of distinct non-value
// array terms of one sort in psi, their equality or disequality as the
// model says (FMCAD'15, Section IV-C.2).
func (r *run) arrayEqualities(psi *term.Term) *term.Term {
	st := r.st
	var arrs []*term.Term
	for u := range term.PostOrder(psi) {
		if u.Sort().IsArray() && !u.IsValue() {
			arrs = append(arrs, u)
		}
	}
	slices.SortFunc(arrs, func(x, y *term.Term) int { return int(x.ID()) - int(y.ID()) })
	lits := []*term.Term{psi}
	for i, x := range arrs {
		for _, y := range arrs[i+1:] {
			if x.Sort() != y.Sort() {
				continue
			}
			e := st.Eq(x, y)
			if r.val(x) != r.val(y) {
				e = st.Not(e)
			}
			lits = append(lits, e)
		}
	}
	return st.Simplify(st.And(lits...))
}
