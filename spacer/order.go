package spacer

import (
	"cmp"
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

// The literals of an obligation's cube and of a lemma are kept in order of
// age: inductive generalisation drops the oldest first, a lemma's first
// false literal stands for it in a child's projection (frameLiterals), and
// the clause solvers see them in it. The age of a literal the search made
// is its term ID (the order in which terms are made). A literal made
// before the search — an atom of a clause constraint, which toParams puts
// over the params when the engine is built, or a term of preprocessing —
// is counted as made when the search first meets it in an obligation or a
// lemma: its ID says only where the clause or the pass that made it came,
// and made every constraint atom older than anything the search makes.
// With IDs alone, arrays' monabsex2 needed 204,272 checks after toParams
// (144,530 before) and 30,243 with ages. An obligation's cube, as the
// implicant of its projection gives it, is sorted by age too.

// litAge holds the ages of the literals met.
type litAge struct {
	key map[*term.Term]uint64
	// made is the number of terms in the store when the search began:
	// a literal with a lower ID was made before it
	made uint32
	seq  uint32 // literals made before the search, in the order met
}

// start marks the terms made so far as made before the search.
func (a *litAge) start(st *term.Store) { a.made = uint32(st.NumTerms()) }

// ageKey is the age of l, given when first asked (meet). A literal the
// search made sorts by ID; one made before it sorts as if made then (just
// before the store's next term), in the order met.
func (e *engine) ageKey(l *term.Term) uint64 {
	a := &e.ages
	if k, ok := a.key[l]; ok {
		return k
	}
	if a.key == nil {
		a.key = map[*term.Term]uint64{}
	}
	var k uint64
	if l.ID() >= a.made {
		k = uint64(l.ID())<<33 | 1<<32
	} else {
		k = uint64(e.st.NumTerms())<<33 | uint64(a.seq)
		a.seq++
	}
	a.key[l] = k
	return k
}

// meet gives the literals of cube not met before their ages, in the order
// of cube.
func (e *engine) meet(cube []*term.Term) {
	for _, l := range cube {
		e.ageKey(l)
	}
}

// cmpAge orders literals already met by age.
func (e *engine) cmpAge(x, y *term.Term) int {
	return cmp.Compare(e.ages.key[x], e.ages.key[y])
}

// sortCube is cube sorted by age, without repeats (a copy).
func (e *engine) sortCube(cube []*term.Term) []*term.Term {
	e.meet(cube)
	cube = slices.Clone(cube)
	slices.SortFunc(cube, e.cmpAge)
	return slices.Compact(cube)
}

// subset reports whether every literal of a is in b (both sorted by
// sortCube).
func (e *engine) subset(a, b []*term.Term) bool {
	if len(a) > len(b) {
		return false
	}
	j := 0
	for _, l := range a {
		for j < len(b) && e.cmpAge(b[j], l) < 0 {
			j++
		}
		if j == len(b) || b[j] != l {
			return false
		}
		j++
	}
	return true
}
