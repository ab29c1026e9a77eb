package spacer

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// propagate pushes lemmas level by level after the goal is blocked at n.
// A level k at which no predicate keeps a lemma of level exactly k is a
// fixpoint: the lemmas of level > k are inductive and make the model.
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
				e.stats.pushChecks++
				ok, _, lv, err := e.blocked(p, lm.cube, k+1, false)
				if err != nil {
					return nil, err
				}
				if !ok {
					left = true
					lm.failK, lm.failSum = k, e.changes(k)
					continue
				}
				lm.level = max(k+1, lv)
				e.noteLevel(lm.level)
				e.tracef("push %s to %s: %s\n", p.name, levelString(lm.level), term.Sprint(e.st.Not(e.st.And(lm.cube...))))
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
func (e *engine) modelAbove(k int) chc.Model {
	m := chc.Model{}
	for _, p := range e.preds {
		if p.p == nil {
			continue
		}
		var parts []*term.Term
		for _, lm := range p.lemmas {
			if lm.level > k && !lm.dead {
				parts = append(parts, e.st.Simplify(e.st.Not(e.st.And(lm.cube...))))
			}
		}
		m[p.p] = e.st.Simplify(e.st.And(parts...))
	}
	return m
}
