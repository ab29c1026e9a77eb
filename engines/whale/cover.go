package whale

import "github.com/seed-f9c3434d/gospacer/term"

// sweep walks the ARGs in the total order (creation order: an ancestor
// comes before its descendants), decides which are covered, applies
// COVERARG where it can, and returns the first uncovered ARG that is
// incomplete or unsafe (nil when there is none: the iARG is complete and
// safe).
//
// An ARG is covered when an ancestor is, or when it is directly covered
// by an earlier, uncovered ARG of the same predicate whose specification
// implies its own: {Gj} P {Sj} ⊢ {Gi} P {Si} with specifications that
// are conjunctions of guard ⇒ summary. A direct cover is kept while it
// stays valid (the coverer uncovered, the implication true after
// either specification changed) and sought among the earlier uncovered
// ARGs' distinct specifications otherwise. Since a coverer comes earlier
// in the order, one pass settles every status, and covering cannot cycle.
func (r *run) sweep() (*node, error) {
	cands := make([][]*node, len(r.sys.Preds)) // by pred ID: uncovered ARGs with distinct specifications
	var first *node
	for _, n := range r.nodes {
		if r.ctx.Err() != nil {
			return nil, r.ctx.Err()
		}
		n.covered = false
		if n.pred != nil {
			if r.nodes[n.parent].covered {
				n.covered = true
				continue
			}
			if n.cover >= 0 {
				m := r.nodes[n.cover]
				if !m.covered && r.implies(m.spec, n.spec) {
					n.covered = true
					continue
				}
				n.cover = -1
			}
			for _, m := range cands[n.pred.ID] {
				if r.implies(m.spec, n.spec) {
					n.cover, n.covered = m.id, true
					r.stats.covers++
					r.tracef("whale: ARG %d (%s) covered by ARG %d", n.id, n.pred, m.id)
					break
				}
			}
			if n.covered {
				continue
			}
			dup := false
			for _, m := range cands[n.pred.ID] {
				if m.spec == n.spec {
					dup = true
					break
				}
			}
			if !dup {
				cands[n.pred.ID] = append(cands[n.pred.ID], n)
			}
		}
		if first == nil && (!n.safe || !r.complete(n)) {
			first = n
		}
	}
	return first, nil
}

// implies reports whether a ⇒ b is valid, with a cache; an undecided
// check counts as not valid (no cover).
func (r *run) implies(a, b *term.Term) bool {
	if a == b || b.IsTrue() || a.IsFalse() {
		return true
	}
	key := [2]*term.Term{a, b}
	if v, ok := r.implied[key]; ok {
		return v
	}
	m, err := r.check(r.st.And(a, r.st.Not(b)))
	v := err == nil && m == nil
	if err == nil || r.ctx.Err() == nil {
		r.implied[key] = v
	}
	return v
}
