package smt

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The refutation's view of the bit-blaster (for itp): bit i of the word
// of a bit-vector term t stands for (= ((_ extract i i) t) #b1), a
// Boolean-valued word (an application or a read with a Boolean range)
// for t itself; the blaster's other variables (the inner gates of its
// circuits, the remainder of a division nobody reads) have no term and
// belong to the partition whose assertion made them (AuxPart).

// bvTerms gives the variables of the blasted words their terms through
// set, in increasing term ID (subterms first: a variable several words
// share takes the term built first, which has the fewest symbols).
func (r *Refutation) bvTerms(set func(sat.Lit, *term.Term)) {
	b := r.s.bvb
	if b == nil {
		return
	}
	st := r.s.st
	ids := make([]uint32, 0, len(b.words))
	for id := range b.words {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	one := st.BVInt(1, 1)
	for _, id := range ids {
		t := st.Term(id)
		w := b.words[id]
		if t.Sort().IsBool() {
			set(w[0], t)
			continue
		}
		for i, m := range w {
			if m == b.c.tru || m == b.c.fls() {
				continue
			}
			bit := t
			if t.Sort().Width() > 1 {
				var err error
				if bit, err = st.BuildIndexed(term.OpExtract, i, i, t); err != nil {
					panic(err) // i is within the width
				}
			}
			set(m, st.Eq(bit, one))
		}
	}
}

// AuxPart returns, for a variable of the bit-blaster without a term (see
// Term), the partition whose AssertPart made it: such a variable occurs
// only in the clauses tagged with that partition (the blaster shares a
// gate only within one partition) and in clauses derived from them. It
// returns -1 for every other variable.
func (r *Refutation) AuxPart(v sat.Var) int {
	b := r.s.bvb
	if b == nil || int(v) >= len(b.c.auxPart) || r.Term(v) != nil {
		return -1
	}
	return int(b.c.auxPart[v]) - 1
}
