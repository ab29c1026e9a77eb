package spacer

import "github.com/seed-f9c3434d/gospacer/term"

// A ctp is a counterexample to pushing a lemma (z3's Spacer keeps one per
// lemma): the model of the clause query that kept the lemma from the next
// level. The push fails again as long as the model satisfies the frame
// the push is checked against, so the next attempt is skipped until a
// lemma of a body predicate excludes the model. Without it, any new lemma
// at the level (engine.changes) sends every failed lemma back to the SMT
// solver.
type ctp struct {
	cs *clauseSolver
	m  *term.Model
}

// newCtp keeps the model of blocked's last sat query.
func (e *engine) newCtp() *ctp {
	if e.satCS == nil {
		return nil
	}
	return &ctp{cs: e.satCS, m: e.satCS.sv.Model()}
}

// ctpStands reports whether the counterexample still satisfies the frame
// k on every body position of its clause, so that pushing from k would
// fail again.
func (e *engine) ctpStands(c *ctp, k int) bool {
	if c.m == nil {
		return false
	}
	for j, q := range c.cs.body {
		args := c.cs.c.Body[j].Args
		for _, lm := range q.lemmas {
			if lm.level < k || lm.dead {
				continue
			}
			if v, err := c.m.EvalBool(e.lemmaFormula(q, lm.cube, args)); err != nil || !v {
				return false
			}
		}
	}
	return true
}
