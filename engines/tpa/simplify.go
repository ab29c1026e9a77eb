package tpa

import (
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// maxSimplifyAtoms bounds the atoms of an interpolant that simplify
// tries: each costs up to two smt checks.
const maxSimplifyAtoms = 48

// simplify replaces the interpolant I of A (and some B) by J, the conjunction
// of the literals over I's atoms (atoms, their negations, the two halves
// of an arithmetic equality) that A implies, when J implies I: J is then
// an interpolant (A implies it, and it contradicts B since I does),
// equivalent to I or stronger, in a few literals (x' - x ≤ 1 rather than
// a dozen nested disjunctions of the inequalities it is made of). The
// candidates are pruned by the models of A found on the way. When J does
// not imply I (I needs its disjunctions), I stays.
func (c *core) simplify(A, I *term.Term) (*term.Term, error) {
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
	// J, the conjunction of the implied literals, is an interpolant
	// when it implies I; it is then equivalent to I or stronger.
	J := st.Simplify(st.And(implied...))
	sj := smt.New(st, smt.Options{})
	if err := sj.Assert(st.And(J, st.Not(I))); err != nil {
		return nil, err
	}
	ok, err = c.check(sj)
	if err != nil || ok {
		return I, err
	}
	c.stats.simplified++
	return J, nil
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

// maxContextSize bounds the DAG size of a formula that contextual
// simplification rewrites (its walk is per context, so a tree's size).
const maxContextSize = 4000

// simplifyInContext rewrites f into an equivalent formula: inside a
// conjunction, every literal conjunct holds while the other conjuncts
// are rewritten (inside a disjunction, every literal disjunct is false),
// so an occurrence of its atom there becomes true or false, and an
// equality x = k of a constant and a numeral substitutes k for x. The
// proof-based interpolants of itp repeat literals of the enclosing
// conjunction in nested disjunctions ((and (= l 1) (or (<= l 0) (not (=
// l 0))) …) is l = 1); this removes that without an smt check.
func (c *core) simplifyInContext(f *term.Term) *term.Term {
	if term.Size(f) > maxContextSize {
		return f
	}
	cs := &contextSimplifier{st: c.st, memo: map[ctxKey]*term.Term{}, budget: maxContextSteps}
	for i := 0; i < 3; i++ {
		g := cs.walk(f, nil)
		if g == f || cs.budget <= 0 {
			break
		}
		f = g
	}
	return f
}

type contextSimplifier struct {
	st     *term.Store
	memo   map[ctxKey]*term.Term
	budget int // walk steps left; the walk gives up at 0
}

// maxContextSteps bounds the walk of one simplifyInContext.
const maxContextSteps = 20000

// A ctxFacts is a context: facts, shared by the subterms of one junction.
type ctxFacts struct {
	parent *ctxFacts
	truth  map[*term.Term]bool       // atom → value
	subst  map[*term.Term]*term.Term // constant → numeral
}

type ctxKey struct {
	t   *term.Term
	ctx *ctxFacts
}

func (x *ctxFacts) lookup(a *term.Term) (val, ok bool) {
	for ; x != nil; x = x.parent {
		if v, ok := x.truth[a]; ok {
			return v, true
		}
	}
	return false, false
}

func (x *ctxFacts) value(k *term.Term) *term.Term {
	for ; x != nil; x = x.parent {
		if v, ok := x.subst[k]; ok {
			return v
		}
	}
	return nil
}

// literal splits l into its atom and polarity; ok is false for a
// connective.
func literal(l *term.Term) (atom *term.Term, pos, ok bool) {
	pos = true
	if l.Op() == term.OpNot {
		l, pos = l.Arg(0), false
	}
	switch l.Op() {
	case term.OpAnd, term.OpOr, term.OpNot, term.OpImplies, term.OpXor, term.OpTrue, term.OpFalse:
		return nil, false, false
	case term.OpIte:
		if l.Sort().IsBool() {
			return nil, false, false
		}
	case term.OpEq:
		if l.Arg(0).Sort().IsBool() {
			return nil, false, false
		}
	}
	return l, pos, true
}

func (cs *contextSimplifier) walk(t *term.Term, ctx *ctxFacts) *term.Term {
	key := ctxKey{t, ctx}
	if r, ok := cs.memo[key]; ok {
		return r
	}
	if cs.budget--; cs.budget <= 0 {
		return t
	}
	st := cs.st
	var r *term.Term
	switch t.Op() {
	case term.OpAnd, term.OpOr:
		conj := t.Op() == term.OpAnd
		// the facts of the literal members: true in a conjunction,
		// false in a disjunction
		facts := &ctxFacts{parent: ctx, truth: map[*term.Term]bool{}, subst: map[*term.Term]*term.Term{}}
		for _, a := range t.Args() {
			atom, pos, ok := literal(a)
			if !ok {
				continue
			}
			holds := pos == conj
			facts.truth[atom] = holds
			if holds && atom.Op() == term.OpEq {
				x, k := atom.Arg(0), atom.Arg(1)
				if k.IsConst() && x.IsNum() {
					x, k = k, x
				}
				if x.IsConst() && k.IsNum() {
					facts.subst[x] = k
				}
			}
		}
		args := make([]*term.Term, 0, t.NumArgs())
		for _, a := range t.Args() {
			if _, _, ok := literal(a); ok {
				// a literal member is rewritten in the enclosing context
				// only (its own fact would make it trivial)
				args = append(args, cs.walk(a, ctx))
				continue
			}
			args = append(args, cs.walk(a, facts))
		}
		if conj {
			r = st.Simplify(st.And(args...))
		} else {
			r = st.Simplify(st.Or(args...))
		}
	case term.OpNot:
		r = st.Simplify(st.Not(cs.walk(t.Arg(0), ctx)))
	default:
		atom, pos, ok := literal(t)
		if !ok || ctx == nil {
			r = t
			break
		}
		if v, known := ctx.lookup(atom); known {
			r = st.Bool(v == pos)
			break
		}
		var from, to []*term.Term
		for _, k := range term.FreeConsts(atom) {
			if v := ctx.value(k); v != nil {
				from, to = append(from, k), append(to, v)
			}
		}
		r = t
		if len(from) > 0 {
			r = st.Simplify(st.Substitute(t, from, to))
		}
	}
	cs.memo[key] = r
	return r
}
