package mbp

import (
	"github.com/seed-f9c3434d/gospacer/term"
)

// A run is the state of one projection: the extended model, the projected
// variables, the cube of literals that still mention them, and the
// literals done.
type run struct {
	phi  *term.Term
	st   *term.Store
	opts Options
	m    *term.Model // the caller's model, cloned when a fresh variable needs a value
	own  bool        // m is our clone

	// The dense tables below are the Projector's, cleared after each
	// run: a projection touches them for every subterm, and their
	// working set stays small where the store is large.
	isVar  *term.TermMap[bool]       // projected variables, given and fresh
	vars   []*term.Term              // in order: given ones, then fresh ones as made
	gone   *term.TermMap[bool]       // eliminated variables
	hasVar *term.TermMap[uint8]      // memo: does a projected variable occur in t (hasNo, hasYes)
	vals   *term.TermMap[*term.Term] // memo: values under m

	im      *term.Implicant           // the Projector's, reset per implicant
	keep    func(*term.Term) bool     // implicant's Keep: no projected variable
	purif   map[*term.Term]*term.Term // memo of purify
	divmods map[divKey][2]*term.Term  // (dividend, divisor) -> q, r

	cube     cube         // literals mentioning projected variables
	unfolded int          // cube.lits[:unfolded] visited by unfoldConsEqs
	out      []*term.Term // literals free of projected variables

	substituted []*term.Term

	// Abstract values (elements of uninterpreted sorts) that model
	// values brought in, in order; see distinctValues.
	absVals []*term.Term
	absSeen map[*term.Term]bool

	diffs  map[*term.Term]term.Linear // memo: the form of a - b for arithmetic atoms (a op b)
	rwMemo map[*term.Term]*term.Term  // scratch of rewriteReads
	seenV  map[*term.Term]bool        // scratch of varsOf
	stack  []frame                    // scratch of val
	args   []*term.Term               // scratch of val
}

type divKey struct{ t, k *term.Term } // dividend, numeral divisor

// Values of run.hasVar (0 is "not computed").
const (
	hasNo uint8 = 1 + iota
	hasYes
)

type frame struct {
	t *term.Term
	i int
}

func newRun(p *Projector, m *term.Model) *run {
	r := &run{
		st:      p.st,
		opts:    p.opts,
		m:       m,
		isVar:   &p.scratch.isVar,
		gone:    &p.scratch.gone,
		hasVar:  &p.scratch.hasVar,
		vals:    &p.scratch.vals,
		im:      &p.scratch.im,
		purif:   map[*term.Term]*term.Term{},
		divmods: map[divKey][2]*term.Term{},
		diffs:   map[*term.Term]term.Linear{},
		rwMemo:  map[*term.Term]*term.Term{},
		seenV:   map[*term.Term]bool{},
		absSeen: map[*term.Term]bool{},
	}
	r.keep = func(t *term.Term) bool { return !r.contains(t) }
	r.cube.occ = map[*term.Term][]int{}
	r.cube.index = map[*term.Term]int{}
	return r
}

// addVar makes v a projected variable.
func (r *run) addVar(v *term.Term) {
	if r.isVar.Get(v) {
		return
	}
	r.isVar.Set(v, true)
	r.vars = append(r.vars, v)
}

// fresh returns a new projected variable of sort s whose model value is
// val.
func (r *run) fresh(prefix string, s *term.Sort, val *term.Term) *term.Term {
	if !r.own {
		r.m = r.m.Clone()
		r.own = true
	}
	v := r.st.Fresh(prefix, s)
	r.m.Set(v, val)
	r.vals.Set(v, r.val(val))
	r.addVar(v)
	return v
}

// live reports whether v is a projected variable not yet eliminated.
func (r *run) live(v *term.Term) bool { return r.isVar.Get(v) && !r.gone.Get(v) }

// contains reports whether a projected variable occurs in t.
func (r *run) contains(t *term.Term) bool {
	if h := r.hasVar.Get(t); h != 0 {
		return h == hasYes
	}
	b := false
	switch {
	case t.Op() == term.OpConst:
		b = r.isVar.Get(t)
	case t.NumArgs() == 0:
	default:
		for _, a := range t.Args() {
			if r.contains(a) {
				b = true
				break
			}
		}
	}
	if b {
		r.hasVar.Set(t, hasYes)
	} else {
		r.hasVar.Set(t, hasNo)
	}
	return b
}

// occurs reports whether the variable v occurs in t.
func (r *run) occurs(v, t *term.Term) bool {
	if !r.contains(t) {
		return false
	}
	if t == v {
		return true
	}
	for u := range term.PostOrder(t) {
		if u == v {
			return true
		}
	}
	return false
}

// varsOf appends to dst the projected variables occurring in t, each once.
func (r *run) varsOf(dst []*term.Term, t *term.Term) []*term.Term {
	if !r.contains(t) {
		return dst
	}
	seen := r.seenV
	clear(seen)
	var walk func(u *term.Term)
	walk = func(u *term.Term) {
		if seen[u] || !r.contains(u) {
			return
		}
		seen[u] = true
		if u.Op() == term.OpConst {
			dst = append(dst, u)
			return
		}
		for _, a := range u.Args() {
			walk(a)
		}
	}
	walk(t)
	return dst
}

// substitute replaces, in every literal, each variable from[i] by to[i]
// and marks the variables eliminated.
func (r *run) substitute(from, to []*term.Term) {
	var ls []*term.Term
	for _, v := range from {
		ls = append(ls, r.take(v)...)
		r.gone.Set(v, true)
	}
	for _, l := range ls {
		r.add(r.st.Substitute(l, from, to))
	}
}

// byValue eliminates v by its model value (Booleans and bit-vectors count
// as finite: their sorts are).
func (r *run) byValue(v *term.Term) {
	if !v.Sort().IsBool() && !v.Sort().IsBitVec() { // Bit-vectors: finite
		r.substituted = append(r.substituted, v)
	}
	val := r.val(v)
	for u := range term.PostOrder(val) {
		if u.Op() == term.OpValue && !r.absSeen[u] {
			r.absSeen[u] = true
			r.absVals = append(r.absVals, u)
		}
	}
	r.substitute([]*term.Term{v}, []*term.Term{val})
}

// resolve eliminates v by equality resolution when a literal (= v t)
// with v not in t is in the cube; else, for a variable of an
// uninterpreted sort, by a term of the cube without projected variables
// that has v's value (a witness, one of finitely many); else by its
// model value.
func (r *run) resolve(v *term.Term) {
	t := r.equalTo(v)
	if t == nil && v.Sort().IsUninterpreted() {
		t = r.sameValue(v)
	}
	if t != nil {
		r.substitute([]*term.Term{v}, []*term.Term{t})
		return
	}
	r.byValue(v)
}

// sameValue returns the first subterm, in the literals with v, of v's
// sort, without projected variables and with v's value, or nil.
func (r *run) sameValue(v *term.Term) *term.Term {
	val := r.val(v)
	for _, k := range r.with(v) {
		for u := range term.PostOrder(r.cube.lits[k]) {
			if u.Sort() == v.Sort() && !r.contains(u) && !u.IsValue() && r.val(u) == val {
				return u
			}
		}
	}
	return nil
}

// equalTo returns t for the first literal (= v t) or (= t v) of the cube
// with v not occurring in t, or nil.
func (r *run) equalTo(v *term.Term) *term.Term {
	for _, i := range r.with(v) {
		l := r.cube.lits[i]
		if l.Op() != term.OpEq || l.NumArgs() != 2 {
			continue
		}
		a, b := l.Arg(0), l.Arg(1)
		if b == v {
			a, b = b, a
		}
		if a == v && !r.occurs(v, b) {
			return b
		}
	}
	return nil
}
