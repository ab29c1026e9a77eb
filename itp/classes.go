package itp

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// findWitnesses records the extensionality witnesses of the refutation:
// a constant k of no partition that occurs in a literal
// (= (select a k) (select b k)) over arrays a, b of the formulas. k is
// the arrays package's diff(a, b) (the lemma a = b ∨ a[k] ≠ b[k]); it has
// no term in the formulas' vocabulary, so it is given a side: it takes
// the masks of a's and b's symbols, flagged with witnessBit, and
// classOfMasks puts it on B's side when one of them is B-local and on
// A's otherwise. Fresh on that side, its lemma is a conservative
// extension of that side's formulas: an input clause of that side.
func (w *walker) findWitnesses() {
	ref := w.ref
	for _, id := range w.order {
		for _, m := range ref.Clause(id) {
			t := ref.Term(m.Var())
			if t == nil || t.Op() != term.OpEq || t.NumArgs() != 2 {
				continue
			}
			x, y := t.Arg(0), t.Arg(1)
			if x.Op() != term.OpSelect || y.Op() != term.OpSelect || x.Arg(1) != y.Arg(1) {
				continue
			}
			k := x.Arg(1)
			if k.Op() != term.OpConst || w.consts[k] != 0 || w.defs[k] != nil || w.witness[k] != nil {
				continue
			}
			if w.witness == nil {
				w.witness = map[*term.Term]*term.Term{}
			}
			w.witness[k] = w.st.Eq(x.Arg(0), y.Arg(0))
		}
	}
}

// Variable classes with respect to a cut (A = the partitions in a set).
type class uint8

const (
	shared class = iota // every symbol occurs on both sides
	aLocal              // a symbol occurs only in A
	bLocal              // a symbol occurs only in B
	mixed               // both, or a symbol of no partition, or no term
)

// classOf classifies SAT variable v for the cut set.
func (w *walker) classOf(v sat.Var, set uint64) class {
	if w.masks[v] == nil && !w.noTerm[v] {
		if t := w.ref.Term(v); t == nil {
			w.noTerm[v] = true
		} else {
			w.masks[v] = w.masksOf(t)
		}
	}
	if w.noTerm[v] {
		// A bit-blaster's inner variable is local to the partition that
		// made it (smt.Refutation.AuxPart).
		switch p := w.ref.AuxPart(v); {
		case p < 0 || p >= 63:
			return mixed
		case set&(1<<p) != 0:
			return aLocal
		default:
			return bLocal
		}
	}
	c := classOfMasks(w.masks[v], set)
	if c == shared && w.occ != nil {
		// LabelsOccurrence: a shared atom of A's clauses only is A's.
		if o := w.occ[v]; o != 0 && o&^set == 0 {
			return aLocal
		}
	}
	return c
}

// masksOf returns the partition masks of the symbols of t, with the
// solver's fresh constants read as the terms they stand for.
func (w *walker) masksOf(t *term.Term) []uint64 {
	return w.termMasks(t, 0)
}

// termMasks returns the distinct partition masks of the symbols of t,
// memoized by term (bottom-up, so each node is visited once).
func (w *walker) termMasks(t *term.Term, depth int) []uint64 {
	if ms, ok := w.memo[t]; ok {
		return ms
	}
	var ms []uint64
	add := func(m uint64) {
		if !slices.Contains(ms, m) {
			ms = append(ms, m)
		}
	}
	switch {
	case t.Op() == term.OpConst && w.witness[t] != nil:
		for _, m := range w.termMasks(w.witness[t], depth) {
			add(m | witnessBit)
		}
	case t.Op() == term.OpConst:
		if d, ok := w.defs[t]; ok && depth < 8 {
			for _, m := range w.termMasks(d, depth+1) {
				add(m)
			}
		} else {
			add(w.consts[t])
		}
	case t.Op() == term.OpApply:
		add(w.funcs[t.Func()])
	}
	for _, a := range t.Args() {
		for _, m := range w.termMasks(a, depth) {
			add(m)
		}
	}
	if ms == nil {
		ms = []uint64{}
	}
	w.memo[t] = ms
	return ms
}

// expand replaces the solver's fresh constants in I by the terms they
// stand for.
func (w *walker) expand(I *term.Term) *term.Term {
	for i := 0; i < 8 && len(w.defKs) > 0; i++ {
		J := w.st.Substitute(I, w.defKs, w.defTs)
		if J == I {
			break
		}
		I = J
	}
	return I
}

// classOfMasks classifies a term whose symbols occur in the partitions
// ms for the cut set.
func classOfMasks(ms []uint64, set uint64) class {
	a, b := false, false
	wa, wb := false, false // witnesses' arrays: some symbol only in A, in B
	for _, m := range ms {
		if m&witnessBit != 0 {
			m &^= witnessBit
			wa = wa || m != 0 && m&^set == 0
			wb = wb || m != 0 && m&set == 0
			if m == 0 {
				return mixed
			}
			continue
		}
		switch {
		case m == 0:
			return mixed
		case m&^set == 0:
			a = true
		case m&set == 0:
			b = true
		}
	}
	switch {
	case wa && wb:
		return mixed
	case wb:
		b = true
	case hasWitness(ms):
		a = true
	}
	switch {
	case a && b:
		return mixed
	case a:
		return aLocal
	case b:
		return bLocal
	}
	return shared
}

// hasWitness reports whether ms holds a witness's masks.
func hasWitness(ms []uint64) bool {
	for _, m := range ms {
		if m&witnessBit != 0 {
			return true
		}
	}
	return false
}

// isExtensionality reports whether clause id is a = b ∨ a[k] ≠ b[k] for
// a witness k.
func (w *walker) isExtensionality(id sat.ClauseID) bool {
	c := w.ref.Clause(id)
	if len(c) != 2 || w.witness == nil {
		return false
	}
	for i, m := range c {
		t := w.ref.Term(m.Var())
		if t == nil || t.Op() != term.OpEq || t.Arg(0).Op() != term.OpSelect {
			continue
		}
		k := t.Arg(0).Arg(1)
		eq, ok := w.witness[k]
		if !ok {
			continue
		}
		other := w.ref.Term(c[1-i].Var())
		return other != nil && other.Op() == term.OpEq && (other.Arg(0) == eq.Arg(0) && other.Arg(1) == eq.Arg(1) || other.Arg(0) == eq.Arg(1) && other.Arg(1) == eq.Arg(0))
	}
	return false
}
