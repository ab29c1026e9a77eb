package mbp

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// A cube is a conjunction of literals, each true in the model and each
// mentioning a projected variable, with an occurrence list per variable.
// Literals are removed by clearing their slot; occurrence lists are
// filtered lazily.
type cube struct {
	lits  []*term.Term         // nil: removed
	occ   map[*term.Term][]int // variable -> slots (possibly stale)
	index map[*term.Term]int   // literal -> slot, for duplicates
	vs    []*term.Term         // scratch
}

// add adds the literal l (simplified, true in the model). A literal
// without projected variables goes to the output.
func (r *run) add(l *term.Term) {
	l = r.st.Simplify(l)
	switch {
	case l.IsTrue():
		return
	case l.IsFalse():
		panic("mbp: a literal true in the model simplified to false")
	case l.Op() == term.OpAnd:
		for _, a := range l.Args() {
			r.add(a)
		}
		return
	}
	if debug && !r.holds(l) {
		panic(fmt.Sprintf("mbp: literal %v is false in the model", l))
	}
	if !r.contains(l) {
		r.out = append(r.out, l)
		return
	}
	if !isLiteral(l) {
		// Simplify made a disjunction or another connective: take its
		// implicant. The memos of the first walk belong to the cube of
		// that time, whose literals may have been transformed since: the
		// walk starts afresh.
		purif, divmods := r.purif, r.divmods
		r.purif, r.divmods = map[*term.Term]*term.Term{}, map[divKey][2]*term.Term{}
		r.implicant(l)
		r.purif, r.divmods = purif, divmods
		return
	}
	c := &r.cube
	if i, ok := c.index[l]; ok && c.lits[i] != nil {
		return
	}
	i := len(c.lits)
	c.lits = append(c.lits, l)
	c.index[l] = i
	c.vs = r.varsOf(c.vs[:0], l)
	for _, v := range c.vs {
		c.occ[v] = append(c.occ[v], i)
	}
}

// isLiteral reports whether l is an atom or a negated atom.
func isLiteral(l *term.Term) bool {
	if l.Op() == term.OpNot {
		l = l.Arg(0)
	}
	return isAtom(l)
}

// isAtom reports whether the Boolean term t is not a connective: and, or,
// not, =>, xor, Boolean ite, = and distinct over Booleans.
func isAtom(t *term.Term) bool {
	switch t.Op() {
	case term.OpNot, term.OpAnd, term.OpOr, term.OpImplies, term.OpXor, term.OpIte:
		return false
	case term.OpEq, term.OpDistinct:
		return !t.Arg(0).Sort().IsBool()
	}
	return true
}

// with returns the slots of the literals in which v occurs, in order.
func (r *run) with(v *term.Term) []int {
	c := &r.cube
	ids := c.occ[v]
	n := 0
	for _, i := range ids {
		if c.lits[i] != nil && (n == 0 || ids[n-1] != i) {
			ids[n] = i
			n++
		}
	}
	c.occ[v] = ids[:n]
	return ids[:n]
}

// take removes the literals in which v occurs and returns them.
func (r *run) take(v *term.Term) []*term.Term {
	var ls []*term.Term
	for _, i := range r.with(v) {
		ls = append(ls, r.cube.lits[i])
		r.cube.lits[i] = nil
	}
	r.cube.occ[v] = nil
	return ls
}

// checkCube evaluates every literal of the cube (debug).
func (r *run) checkCube(step string) {
	if !debug {
		return
	}
	for _, l := range r.cube.lits {
		if l != nil && !r.holds(l) {
			panic(fmt.Sprintf("mbp: after %s, literal %v is false in the model", step, l))
		}
	}
}
