package whale

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

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
	for _, n := range r.nodes {
		if chc.Cause(r.ctx) != nil {
			return nil, chc.Cause(r.ctx)
		}
		n.covered = false
		if n.pred != nil {
			if r.nodes[n.parent].covered {
				n.covered = true
				continue
			}
			if n.cover >= 0 {
				m := r.nodes[n.cover]
				if !m.covered && r.implies(n.pred, m.spec, n.spec) {
					n.covered = true
					continue
				}
				n.cover = -1
			}
			for _, m := range cands[n.pred.ID] {
				if r.implies(n.pred, m.spec, n.spec) {
					n.cover, n.covered = m.id, true
					r.stats.covers++
					r.log.Tracef("ARG %d (%s) covered by ARG %d", n.id, n.pred, m.id)
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
	}
	first := r.next()
	for i := len(r.nodes) - 1; i >= 0; i-- {
		n := r.nodes[i]
		n.settled = n.covered || n.safe && r.complete(n)
		for _, e := range n.exps {
			for _, c := range e.children {
				n.settled = n.settled && r.nodes[c].settled
			}
		}
	}
	return first, nil
}

// next is the first uncovered ARG (in the order) that is incomplete or
// has an unsafe clause, skipping an ARG whose unsafe clauses are all
// waiting: unsafe only since a call edge's specification was refuted,
// while another call edge of the clause is uncovered and incomplete or
// unsafe. Those call edges' guesses are often refuted next (a clause's
// unexpanded call edges all get summary false at once), and the clause
// is then decided again once for all of them. When only waiting ARGs
// are left, the first of them.
func (r *run) next() *node {
	var waiting *node
	for _, n := range r.nodes {
		if n.covered || n.safe && r.complete(n) {
			continue
		}
		if !r.complete(n) {
			return n
		}
		for i := range n.exps {
			if !n.exps[i].safe && !r.waits(&n.exps[i]) {
				return n
			}
		}
		if waiting == nil {
			waiting = n
		}
	}
	return waiting
}

// waits reports whether e waits for its call edges (see next).
func (r *run) waits(e *expansion) bool {
	if !e.waiting {
		return false
	}
	for _, c := range e.children {
		ch := r.nodes[c]
		if !ch.covered && (!ch.safe || !r.complete(ch)) {
			return true
		}
	}
	return false
}

// An implication is a key of the implication cache: the predicate too,
// since the check assumes its Houdini invariant. A specification over
// no parameter (true, false, or over none of them) is the same term at
// every predicate; keyed by a and b alone, a ⇒ b implied modulo one
// predicate's invariant (false, say) was taken as implied at another,
// and a call edge lost a summary its clause needed: a wrong sat.
type implication struct {
	p    *chc.Pred
	a, b *term.Term
}

// implies reports whether a ⇒ b holds of every fact of p that Houdini's
// invariant admits (with the invariant true of every derivable fact, a
// cover modulo it is sound), with a cache that forgets its negative
// answers when the invariant grows; an undecided check counts as not
// valid (no cover).
func (r *run) implies(p *chc.Pred, a, b *term.Term) bool {
	if a == b || b.IsTrue() || a.IsFalse() {
		return true
	}
	key := implication{p, a, b}
	if v, ok := r.implied[key]; ok {
		return v
	}
	r.stats.impliesChecks++
	f := r.st.And(a, r.st.Not(b))
	if r.inv != nil {
		f = r.st.And(f, r.inv[p.ID])
	}
	m, err := r.check(f)
	v := err == nil && m == nil
	if err == nil || chc.Cause(r.ctx) == nil {
		r.implied[key] = v
	}
	return v
}

// maxCandidates bounds the specifications forceCovers tries per call
// edge: 2 (4 before) since its checks took as much time as REFINEARG's
// interpolation on Ackermann04 and strpbrk_3 (1582 checks, 5.3 s of 10).
const maxCandidates = 2

// forceCovers is IMPACT's forced covering lifted to ARGs: before the
// pairs of REFINEARG strengthen the call edges of a clause of n (head), each child tries to take,
// instead of its pair, the specification of an uncovered ARG of its
// predicate that could then cover it (the nearest ancestors first). The
// replacement is kept when the clause stays safe with it: its instance,
// its negated specification and the children's specifications (the
// replacements so far, the pairs of the others) are unsatisfiable. On a
// recursive call this asks whether the caller's specification is
// inductive; on mc91 it is the paper's Step 4.
func (r *run) forceCovers(n *node, kids []int, head *term.Term, pairs []*pair) error {
	st := r.st
	specs := make([]*term.Term, len(kids))
	for k, c := range kids {
		ch := r.nodes[c]
		specs[k] = ch.spec
		if pairs[k] != nil {
			specs[k] = st.And(ch.spec, st.Implies(pairs[k].guard, pairs[k].sum))
		}
	}
	var base *term.Term
	for k, c := range kids {
		ch := r.nodes[c]
		for _, m := range r.candidates(ch) {
			if r.implies(ch.pred, m.spec, specs[k]) {
				break // m covers ch already
			}
			if !r.implies(ch.pred, m.spec, ch.spec) {
				continue // ch's older obligations would stop m covering it
			}
			if base == nil {
				base = st.And(head, st.Not(r.at(n, n.spec)))
			}
			parts := []*term.Term{base}
			for j, d := range kids {
				f := specs[j]
				if j == k {
					f = m.spec
				}
				parts = append(parts, st.Implies(r.nodes[d].act, r.at(r.nodes[d], f)))
			}
			r.stats.forceChecks++
			mod, err := r.check(st.And(parts...))
			if err != nil {
				if chc.Cause(r.ctx) != nil {
					return err
				}
				continue // undecided: not this candidate
			}
			if mod == nil {
				pairs[k] = &pair{st.True(), m.spec}
				specs[k] = m.spec
				r.stats.forced++
				break
			}
		}
	}
	return nil
}

// candidates are the ARGs that could cover ch: uncovered at the last
// sweep, of ch's predicate, before ch in the order, with a specification
// other than true; ch's ancestors first (nearest first), then the others
// in order; one per specification, at most maxCandidates.
func (r *run) candidates(ch *node) []*node {
	var out []*node
	add := func(m *node) {
		if m.pred != ch.pred || m.covered || m.id >= ch.id || m.spec.IsTrue() || len(out) == maxCandidates {
			return
		}
		for _, o := range out {
			if o.spec == m.spec {
				return
			}
		}
		out = append(out, m)
	}
	for a := ch.parent; a >= 0; a = r.nodes[a].parent {
		add(r.nodes[a])
	}
	for _, m := range r.nodes {
		if len(out) == maxCandidates || m.id >= ch.id {
			break
		}
		add(m)
	}
	return out
}
