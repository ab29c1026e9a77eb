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
	// params[j]: m's values of the arguments of body position j, as
	// values of its predicate's params (made on first use), so that a
	// lemma's cube is evaluated as it is instead of instantiated
	params []*term.Model
	// holds: the lemmas m is known to satisfy (the model and a lemma's
	// cube never change, so neither does the verdict)
	holds map[*lemma]bool
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
	if c.params == nil {
		c.params = make([]*term.Model, len(c.cs.body))
		c.holds = map[*lemma]bool{}
	}
	for j, q := range c.cs.body {
		for _, lm := range q.lemmas {
			if lm.level < k || lm.dead || c.holds[lm] {
				continue
			}
			if c.params[j] == nil {
				pm, ok := e.paramValues(c.m, q, c.cs.bargs[j])
				if !ok {
					return false
				}
				c.params[j] = pm
			}
			if !cubeFalse(c.params[j], lm.cube) {
				return false
			}
			c.holds[lm] = true
		}
	}
	return true
}

// paramValues is the model of q's params with the values m gives args,
// q's arguments at a body position (evaluation is total, so the cube over
// these values has the value the cube instantiated at args has under m).
func (e *engine) paramValues(m *term.Model, q *pred, args []*term.Term) (*term.Model, bool) {
	pm := term.NewModel(e.st)
	for i, x := range q.params {
		v, err := m.Eval(args[i])
		if err != nil {
			return nil, false
		}
		pm.Set(x, v)
	}
	return pm, true
}

// cubeFalse reports whether some literal of cube is false under m (so the
// lemma ¬cube holds); an error counts as not.
func cubeFalse(m *term.Model, cube []*term.Term) bool {
	for _, l := range cube {
		v, err := m.EvalBool(l)
		if err != nil {
			return false
		}
		if !v {
			return true
		}
	}
	return false
}
