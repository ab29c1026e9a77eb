package smt

import (
	"github.com/seed-f9c3434d/gospacer/sat"
)

// addLemmas encodes and adds the array lemmas due: extensionality for the
// array atoms assigned false, the unconditional lemmas of new terms, and
// those queued in p.lemmas. Encoding a lemma may add terms, whose
// unconditional lemmas follow in the same call. Every lemma is added for
// good (package arrays produces each once).
func (p *eufPlugin) addLemmas() {
	for _, ai := range p.extDue {
		at := p.atoms[ai]
		p.lemmas = p.arr.Extensionality(at.a, at.b, p.lemmas)
	}
	p.extDue = p.extDue[:0]
	p.lemmas = p.arr.Static(p.lemmas)
	for i := 0; i < len(p.lemmas); i++ {
		l := p.lemmas[i]
		c := make([]sat.Lit, 0, len(l.Lits))
		for _, q := range l.Lits {
			m := p.termLit(q.A, q.B)
			if m == sat.LitNull {
				p.lemmas = p.lemmas[:0]
				return
			}
			if q.Neg {
				m = m.Not()
			}
			c = append(c, m)
		}
		p.s.sat.AddClause(c...)
		p.stats.Lemmas++
		p.lemmas = p.arr.Static(p.lemmas)
	}
	p.lemmas = p.lemmas[:0]
}
