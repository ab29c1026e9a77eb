package smt

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A FarkasStep is one literal of the negation of an arithmetic lemma with
// its Farkas multiplier. The literal's constraint is read as lra reads the
// bound it asserts, over the atom's term (Refutation.Term):
//
//	v <= c, v < c:      v - c <= 0, v - c < 0
//	v >= c, v > c:      c - v <= 0, c - v < 0
//
// with v the atom's linear form; the negation of an integer atom v <= c
// is v >= c+1. Σ Coeff·constraint cancels every variable and leaves a
// contradiction: the certificate that the lemma is valid.
type FarkasStep struct {
	Lit   sat.Lit // a literal of ¬C: the lemma clause C holds Lit.Not()
	Coeff num.Rat // > 0
}

// farkasLog keeps the certificates of the arithmetic lemmas (conflicts and
// explanations) of a solver with Options.Proofs, by their clause.
type farkasLog struct {
	index map[string]int32 // clause key -> steps (lookups only)
	cuts  map[string]int32 // clause key -> index in arith.cuts (lookups only)
	steps [][]FarkasStep
	key   []byte // scratch
	lits  []sat.Lit
}

// clauseKey returns the literals of c as a set (sorted, distinct), as a
// map key.
func (f *farkasLog) clauseKey(c []sat.Lit) string {
	ls := append(f.lits[:0], c...)
	slices.Sort(ls)
	ls = slices.Compact(ls)
	f.lits = ls
	k := f.key[:0]
	for _, m := range ls {
		k = append(k, byte(m), byte(m>>8), byte(m>>16), byte(m>>24))
	}
	f.key = k
	return string(k)
}

// record keeps the certificate of clause c: the bounds of es (whose
// reasons are literals of ¬c), plus implied (a literal of c, negated in
// ¬c with multiplier 1) for an explanation.
func (f *farkasLog) record(c []sat.Lit, es []lra.Explained, implied sat.Lit) {
	if f.index == nil {
		f.index = map[string]int32{}
	}
	key := f.clauseKey(c)
	if _, ok := f.index[key]; ok {
		return
	}
	steps := make([]FarkasStep, 0, len(es)+1)
	for _, e := range es {
		m := sat.Lit(e.Reason)
		if i := slices.IndexFunc(steps, func(s FarkasStep) bool { return s.Lit == m }); i >= 0 {
			steps[i].Coeff = steps[i].Coeff.Add(e.Coeff)
			continue
		}
		steps = append(steps, FarkasStep{m, e.Coeff})
	}
	if implied != sat.LitNull {
		steps = append(steps, FarkasStep{implied.Not(), ratOne})
	}
	f.index[key] = int32(len(f.steps))
	f.steps = append(f.steps, steps)
}

// lookup returns the certificate recorded for clause c.
func (f *farkasLog) lookup(c []sat.Lit) ([]FarkasStep, bool) {
	i, ok := f.index[f.clauseKey(c)]
	if !ok {
		return nil, false
	}
	return f.steps[i], true
}

// Farkas returns the Farkas certificate smt recorded for theory lemma id,
// when arithmetic produced it (a simplex conflict or the explanation of a
// propagated bound); ok is false for other clauses (euf, arrays, cuts,
// theory combination). A clause recorded twice keeps its first
// certificate. The slice is shared: do not modify it.
func (r *Refutation) Farkas(id sat.ClauseID) ([]FarkasStep, bool) {
	if r.p.Kind(id) != sat.KindLemma {
		return nil, false
	}
	return r.s.ar.farkas.lookup(r.p.Clause(id))
}

// recordCut keeps the index of cut lemma c (clause c) in arith.cuts.
func (f *farkasLog) recordCut(c []sat.Lit, i int) {
	if f.cuts == nil {
		f.cuts = map[string]int32{}
	}
	key := f.clauseKey(c)
	if _, ok := f.cuts[key]; !ok {
		f.cuts[key] = int32(i)
	}
}

// Split returns, for a cut lemma id of integer reasoning, the atom π <= b
// of the case split its proof rests on (lia.Lemma): π an integer linear
// form over Int terms. Each case, with the lemma's negation, is
// unsatisfiable over the reals once integer bounds are tightened, so a
// caller can read the cut as two arithmetic lemmas resolved on the split
// atom. ok is false for other clauses.
func (r *Refutation) Split(id sat.ClauseID) (*term.Term, bool) {
	if r.p.Kind(id) != sat.KindLemma {
		return nil, false
	}
	a := r.s.ar
	i, ok := a.farkas.cuts[a.farkas.clauseKey(r.p.Clause(id))]
	if !ok {
		return nil, false
	}
	sp := a.cuts[i].cut.Split
	var lin term.Linear
	for j, v := range sp.Vars {
		a.addLinear(&lin, v, sp.Coeffs[j])
	}
	st := r.s.st
	for _, x := range lin.Vars {
		if !x.Sort().IsInt() {
			return nil, false
		}
	}
	for _, c := range lin.Coeffs {
		if !c.IsInt() {
			return nil, false
		}
	}
	return st.Le(st.FromLinear(lin, term.IntSort), st.IntNum(sp.Bound)), true
}
