package clover

import (
	"time"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The four queries of a node (section 6.2): the target's body over- or
// under-approximated (its callees by O or U) against its bounded
// environment over- or under-approximated.
type kind int

const (
	kindOO kind = iota
	kindUO
	kindUU
	kindOU
	numKinds
)

var kindNames = [numKinds]string{"oo", "uo", "uu", "ou"}

// process is PROCESSNODE (Algorithm 2): per defining clause OU, and UU
// when OU succeeds; then OO, and UO when OO fails; then, when neither UU
// nor OO succeeded, the children. When a summary changed, the node's
// bounded parents become available again.
func (e *engine) process(n *node) error {
	n.visits++
	if err := e.refreshIface(n); err != nil {
		return err
	}
	start := e.tick
	if err := e.overApproxBody(n); err != nil {
		return err
	}
	uu := false
	for i := range n.pred.heads {
		ok, err := e.underQuery(n, i, kindOU)
		if err != nil {
			return err
		}
		if ok {
			if ok, err = e.underQuery(n, i, kindUU); err != nil {
				return err
			}
			uu = uu || ok
		}
	}
	oo := false
	if !uu {
		var err error
		if oo, err = e.overQuery(n, kindOO); err != nil {
			return err
		}
		if !oo {
			if _, err := e.overQuery(n, kindUO); err != nil {
				return err
			}
		}
	}
	if (!uu || n.visits > uuPatience) && !oo {
		if err := e.addNodes(n); err != nil {
			return err
		}
	}
	n.seen = e.tick
	if e.tick > start {
		if n.parent != nil {
			e.avail.push(n.parent)
		}
		for _, b := range n.bparents {
			e.avail.push(b)
		}
	}
	return nil
}

// uuPatience is how many times a node whose UU queries keep succeeding
// (each with a new reach fact, through an environment that the bound
// makes coarse) is processed before its children are added anyway.
const uuPatience = 3

// underQuery is OU (k = kindOU: environment by O) or UU (kindUU: by U) on
// the i-th defining clause of the node's predicate, its callees by U. On
// success the target's values in the model become a reach fact of U[p]
// (a model-based projection of the clause with the reach facts the model
// picks), unless U[p] holds them already.
func (e *engine) underQuery(n *node, i int, k kind) (bool, error) {
	L := e.bodyLayer(n, i)
	// appendix B.2: the same query as last time answers the same
	last := &n.underAt[k-kindUU][i]
	fresh := *last >= 0 && n.envTick(k == kindUU) <= *last
	parts := []*term.Term{L.cons}
	for j, q := range L.preds {
		if len(q.under) == 0 {
			return false, nil
		}
		fresh = fresh && q.underTick <= *last
		parts = append(parts, e.underAt(q, L.args[j]))
	}
	if fresh {
		return n.underOK[k-kindUU][i], nil
	}
	if k == kindUU && n.envUnderEmpty() {
		return false, nil
	}
	parts = append(parts, e.env(n, k == kindUU))
	ok, err := e.underCheck(n, i, k, L, parts)
	*last, n.underOK[k-kindUU][i] = e.tick, ok
	return ok, err
}

// underCheck runs an OU or UU query (parts: the body by U and the
// environment) and on success adds the reach fact.
func (e *engine) underCheck(n *node, i int, k kind, L *layer, parts []*term.Term) (bool, error) {
	st := e.st
	p := n.pred
	t0 := time.Now()
	r, sv, err := e.check(parts...)
	e.stats.count(k, time.Since(t0), r == smt.Sat)
	if err != nil || r != smt.Sat {
		return false, err
	}
	m := sv.Model()
	target := n.target()
	vals := make([]*term.Term, len(target))
	for j, x := range target {
		if vals[j], err = m.Eval(x); err != nil {
			return false, err
		}
	}
	if _, err := e.addSample(p, vals); err != nil {
		return false, err
	}
	in, err := m.EvalBool(e.underAt(p, target))
	if err != nil || in {
		return true, err
	}
	children, err := e.pickFacts(m, L.preds, L.args)
	if err != nil {
		return false, err
	}
	body := []*term.Term{L.cons}
	for j, rf := range children {
		body = append(body, L.preds[j].p.Instantiate(st, rf.f, L.args[j]))
	}
	phi := st.And(body...)
	var vars []*term.Term
	for _, c := range term.FreeConsts(phi) {
		if !contains(target, c) {
			vars = append(vars, c)
		}
	}
	res, err := e.mbp.Project(vars, phi, m)
	if err != nil {
		return false, err
	}
	f := res.Formula
	if len(target) > 0 {
		// a fact that fixes the target's values is the point itself
		point := e.point(target, vals)
		if r, _, err := e.check(f, st.Not(point)); err != nil {
			return false, err
		} else if r == smt.Unsat {
			f = point
		}
	}
	f = st.Substitute(f, target, p.p.Params)
	e.addUnder(p, f, e.sys.Clauses[p.heads[i]], children, kindNames[k])
	return true, nil
}

// overBody is the target's body over-approximated: the disjunction over
// its defining clauses of the clause with its callees by O.
func (e *engine) overBody(n *node) *term.Term {
	st := e.st
	var ds []*term.Term
	for i := range n.pred.heads {
		L := e.bodyLayer(n, i)
		parts := []*term.Term{L.cons}
		for j, q := range L.preds {
			parts = append(parts, e.overAt(q, L.args[j]))
		}
		ds = append(ds, st.And(parts...))
	}
	return st.Or(append(ds, st.False())...)
}

// overQuery is OO (k = kindOO: environment by O) or UO (kindUO: by U).
// When the body and the environment are inconsistent, an interpolant
// refines O[p], with the projection of the body (appendix B.3). OO on a
// recursive predicate that is consistent with its environment tries
// induction (OOI, OOIL) first and queries again when O changed.
func (e *engine) overQuery(n *node, k kind) (bool, error) {
	if k == kindUO && n.envUnderEmpty() {
		return false, nil
	}
	p := n.pred
	// appendix B.2: the same query as last time answers the same
	last := &n.overAt[k]
	fresh := *last >= 0 && n.envTick(k == kindUO) <= *last && p.candTick <= *last
	for _, q := range p.callees {
		fresh = fresh && q.overTick <= *last && q.candTick <= *last
	}
	if fresh {
		return n.overOK[k], nil
	}
	ok, err := e.overCheck(n, k)
	*last, n.overOK[k] = e.tick, ok
	return ok, err
}

// overCheck runs an OO or UO query, with induction for OO on a
// recursive predicate.
func (e *engine) overCheck(n *node, k kind) (bool, error) {
	p := n.pred
	B := e.env(n, k == kindUO)
	for attempt := 0; ; attempt++ {
		A := e.overBody(n)
		t0 := time.Now()
		r, _, err := e.check(A, B)
		e.stats.count(k, time.Since(t0), r == smt.Unsat)
		if err != nil {
			return false, err
		}
		if r == smt.Sat {
			if k != kindOO || !p.recursive || attempt > 0 {
				return false, nil
			}
			before := p.changed
			if err := e.induct(n, B); err != nil {
				return false, err
			}
			if p.changed == before {
				return false, nil
			}
			continue
		}
		target := n.target()
		I, err := e.interpolate(A, B, target)
		if err != nil || I == nil {
			return false, err
		}
		if _, err := e.addOver(p, e.st.Substitute(I, target, p.p.Params), kindNames[k]); err != nil {
			return false, err
		}
		if f, exact, err := e.project(A, target, bodyRounds); err != nil {
			return false, err
		} else if exact && term.Size(f) <= maxBodySize {
			if _, err := e.addOver(p, e.st.Substitute(f, target, p.p.Params), "body"); err != nil {
				return false, err
			}
		}
		return true, nil
	}
}

// overApproxBody conjoins to O[p] of a predicate outside recursion the
// projection of its body with the callees by O (appendix B.3, applied at
// each node it targets rather than only when OO succeeds), once per change of
// the callees' O: it is the exact summary of p when theirs are.
func (e *engine) overApproxBody(n *node) error {
	p := n.pred
	if p.recursive {
		return nil
	}
	fresh := p.bodyAt >= 0
	for _, q := range p.callees {
		fresh = fresh && q.overTick <= p.bodyAt
	}
	if fresh {
		return nil
	}
	p.bodyAt = e.tick
	target := n.target()
	f, exact, err := e.project(e.overBody(n), target, bodyRounds)
	if err != nil || !exact || term.Size(f) > maxBodySize {
		return err
	}
	_, err = e.addOver(p, e.st.Substitute(f, target, p.p.Params), "body")
	return err
}

// maxBodySize bounds the projections of bodies conjoined to O (appendix
// B.4: summaries must not grow too large).
const maxBodySize = 200

func contains(ts []*term.Term, t *term.Term) bool {
	for _, u := range ts {
		if u == t {
			return true
		}
	}
	return false
}
