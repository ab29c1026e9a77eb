package spacer

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// propagate pushes lemmas level by level after the goal is blocked at n.
// A level k at which no predicate keeps a lemma of level exactly k is a
// fixpoint: the lemmas of level > k are inductive and make the model.
//
// Weak abstraction (z3's Spacer, Options.WeakAbs, off by default): a lemma's first push
// is checked with integer reasoning off; unsat there is unsat, a
// rational model without an integral one leaves the lemma for a full
// check at the next round instead of a branch-and-bound search now.
func (e *engine) propagate(n int) (*found, error) {
	if f := e.goalInductive(); f != nil {
		return f, nil
	}
	for k := 0; k <= n; k++ {
		left := false
		for _, p := range e.preds {
			for _, lm := range p.lemmas {
				if lm.level != k || lm.dead {
					continue
				}
				if err := e.tick(); err != nil {
					return nil, err
				}
				if lm.failK == k && lm.failSum == e.changes(k) {
					left = true // nothing changed since it failed
					e.stats.pushSkips++
					continue
				}
				if lm.failK == k && lm.ctp != nil && e.ctpStands(lm.ctp, k) {
					left = true // its counterexample still stands
					lm.failSum = e.changes(k)
					e.stats.ctpSkips++
					continue
				}
				e.stats.pushChecks++
				e.relax, e.relaxedHit = e.opts.WeakAbs && lm.weakness == 0, false
				ok, _, lv, err := e.blocked(p, lm.cube, k+1, false)
				e.relax = false
				if err != nil {
					return nil, err
				}
				if !ok && e.relaxedHit {
					// inconclusive: a full check next time
					left = true
					lm.weakness++
					continue
				}
				if !ok {
					left = true
					lm.failK, lm.failSum = k, e.changes(k)
					if !e.opts.NoCtp {
						lm.ctp = e.newCtp()
					}
					continue
				}
				lm.ctp = nil
				lm.level = max(k+1, lv)
				e.noteLevel(lm.level)
				if e.log.Tracing() {
					e.log.Tracef("push %s to %s: %s\n", p.name, levelString(lm.level), term.Sprint(e.st.Not(e.st.And(lm.cube...))))
				}
				if err := e.assertLemma(lm); err != nil {
					return nil, err
				}
			}
		}
		if f := e.goalInductive(); f != nil {
			return f, nil
		}
		if !left && e.goalAbove(k) {
			return &found{answer: chc.Sat, model: e.modelAbove(k)}, nil
		}
	}
	return nil, nil
}

func (e *engine) goalAbove(k int) bool {
	for _, lm := range e.goal.lemmas {
		if lm.level > k && len(lm.cube) == 0 {
			return true
		}
	}
	return false
}

func (e *engine) goalInductive() *found {
	if e.goalAbove(infLevel - 1) {
		return e.infModel()
	}
	return nil
}

func (e *engine) infModel() *found {
	return &found{answer: chc.Sat, model: e.modelAbove(infLevel - 1)}
}

// modelAbove is the conjunction, per predicate, of its lemmas of level > k.
// Once a reserve invariant has been used, the lemmas alone may not be
// inductive (houdini.go): the reserves join them unless each invariant
// used is blocked relative to them (reserveInductive).
func (e *engine) modelAbove(k int) chc.Model {
	parts := make([][]*term.Term, len(e.preds))
	m := chc.Model{}
	for _, p := range e.preds {
		if p.p != nil {
			parts[p.id] = e.lemmasAbove(p, k, nil)
			m[p.p] = e.st.Simplify(e.st.And(parts[p.id]...))
		}
	}
	if !e.reserveUsed || e.reserveInductive(k) {
		return m
	}
	for _, p := range e.preds {
		if p.p != nil {
			m[p.p] = e.st.Simplify(e.st.And(e.reserveParts(p, parts[p.id])...))
		}
	}
	return m
}

// lemmasAbove adds p's live lemmas of level > k to parts.
func (e *engine) lemmasAbove(p *pred, k int, parts []*term.Term) []*term.Term {
	for _, lm := range p.lemmas {
		if lm.level > k && !lm.dead {
			parts = append(parts, e.st.Simplify(e.st.Not(e.st.And(lm.cube...))))
		}
	}
	return parts
}
