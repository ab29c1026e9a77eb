package tpa

import (
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// maxSimplifyAtoms bounds the atoms of an interpolant that simplify
// tries: each costs two smt checks.
const maxSimplifyAtoms = 48

// simplify replaces the interpolant I of A and B by a conjunction of
// literals over I's atoms when one exists: the literals (atoms, their
// negations, the two halves of an arithmetic equality) that A implies,
// reduced to an unsat core against B. Proof-based interpolants of
// disjunctive relations nest the structure of their proof, and relations
// built from them nest it again at every level; the conjunction says the
// same in a few literals (x' - x ≤ 1 rather than a dozen nested
// disjunctions of the inequalities it is made of). It is an interpolant
// by construction: every literal follows from A and together they
// contradict B. When there is none, I stays.
func (c *core) simplify(A, B, I *term.Term) (*term.Term, error) {
	st := c.st
	atoms := atomsOf(I)
	if len(atoms) == 0 || len(atoms) > maxSimplifyAtoms || isCube(I) {
		return I, nil
	}
	var cands []*term.Term
	for _, a := range atoms {
		cands = append(cands, a, st.Simplify(st.Not(a)))
		if a.Op() == term.OpEq && a.Arg(0).Sort().IsArith() {
			cands = append(cands, st.Le(a.Arg(0), a.Arg(1)), st.Ge(a.Arg(0), a.Arg(1)))
		}
	}
	// The literals A implies: those true in every model of A. Each model
	// found on the way rules out the candidates it falsifies.
	sa := smt.New(st, smt.Options{})
	if err := sa.Assert(A); err != nil {
		return nil, err
	}
	cands = dedupe(cands)
	var implied []*term.Term
	ok, err := c.check(sa)
	if err != nil || !ok {
		return I, err
	}
	m := sa.Model()
	for len(cands) > 0 {
		if m != nil {
			kept := cands[:0]
			for _, l := range cands {
				if ok, err := m.EvalBool(l); err != nil || ok {
					kept = append(kept, l)
				}
			}
			if cands = kept; len(cands) == 0 {
				break
			}
		}
		l := cands[0]
		c.stats.simplifyChecks++
		ok, err := c.check(sa, st.Not(l))
		if err != nil {
			return nil, err
		}
		if !ok {
			implied = append(implied, l)
			cands, m = cands[1:], nil
			continue
		}
		m = sa.Model()
	}
	if len(implied) == 0 {
		return I, nil
	}
	sb := smt.New(st, smt.Options{})
	if err := sb.Assert(B); err != nil {
		return nil, err
	}
	ok, err = c.check(sb, implied...)
	if err != nil || ok {
		return I, err
	}
	c.stats.simplified++
	return st.Simplify(st.And(sb.UnsatCore()...)), nil
}

// atomsOf are the theory atoms and Boolean constants under I's Boolean
// connectives, in first-seen order.
func atomsOf(I *term.Term) []*term.Term {
	var out []*term.Term
	seen := map[*term.Term]bool{}
	var walk func(t *term.Term)
	walk = func(t *term.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t.Op() {
		case term.OpTrue, term.OpFalse:
		case term.OpNot, term.OpAnd, term.OpOr, term.OpImplies, term.OpXor:
			for _, a := range t.Args() {
				walk(a)
			}
		case term.OpIte:
			if t.Sort().IsBool() {
				for _, a := range t.Args() {
					walk(a)
				}
				return
			}
			out = append(out, t)
		case term.OpEq:
			if t.Arg(0).Sort().IsBool() {
				for _, a := range t.Args() {
					walk(a)
				}
				return
			}
			out = append(out, t)
		default:
			out = append(out, t)
		}
	}
	walk(I)
	return out
}

// isCube reports whether I is a literal or a conjunction of literals.
func isCube(I *term.Term) bool {
	lit := func(t *term.Term) bool {
		if t.Op() == term.OpNot {
			t = t.Arg(0)
		}
		switch t.Op() {
		case term.OpAnd, term.OpOr, term.OpImplies, term.OpXor, term.OpNot:
			return false
		case term.OpIte:
			return !t.Sort().IsBool()
		case term.OpEq:
			return !t.Arg(0).Sort().IsBool()
		}
		return true
	}
	if I.Op() != term.OpAnd {
		return lit(I)
	}
	for _, a := range I.Args() {
		if !lit(a) {
			return false
		}
	}
	return true
}
