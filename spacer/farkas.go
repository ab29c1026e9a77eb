package spacer

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// farkasClause is a cheap interpolating core of one clause against the
// pob: the clause solver gives a model of A (the clause and the frame
// L-1, without the pob); the arithmetic literals of A's implicant in
// that model and the pob's literals go to itp.Conjunctive, one simplex
// run. The answer is one inequality over the head arguments, rewritten
// over p's params, implied by the implicant (not necessarily by A:
// callers check the lemma with blocked). With bound weakening, when p
// has learned a lemma of the same shape before (x <= k after x <= k-1:
// the first time a bound is learned it is not yet moving, and the run
// costs as much as the first), a second run, A and B swapped, gives B's
// side: the negation of its interpolant is the weakest bound that
// excludes the pob, part.weak. It returns I =
// false when the clause is unsatisfiable at the frame, and I = nil when
// no inequality is found.
func (e *engine) farkasClause(p *pred, cs *clauseSolver, cube []*term.Term, L int) (itpPart, error) {
	var assumps []*term.Term
	if len(cs.body) > 0 {
		assumps = e.frame(assumps, L-1)
	}
	sat, err := e.check(cs, assumps)
	if err != nil {
		return itpPart{}, err
	}
	if !sat {
		return itpPart{I: []*term.Term{e.st.False()}}, nil
	}
	m := cs.sv.Model()
	var E []*term.Term
	E = e.implicant(cs.c.Constraint, m, E)
	for j, q := range cs.body {
		for _, lm := range q.lemmas {
			if lm.level >= L-1 && !lm.dead {
				E = e.implicant(e.lemmaFormula(q, lm.cube, cs.c.Body[j].Args), m, E)
			}
		}
	}
	E = e.arithLits(E, m)
	B := e.arithLits(e.instCube(p, cube, cs.hargs, nil), nil)
	if len(B) == 0 {
		return itpPart{}, nil
	}
	e.stats.farkasCalls++
	I, err := itp.Conjunctive(e.st, E, B)
	if err != nil {
		if e.opts.Trace != nil {
			e.tracef("farkas clause %d failed: E=%v B=%v: %v\n", cs.idx, E, B, err)
		}
		return itpPart{}, nil
	}
	if I = e.overParams(p, cs, I); I == nil {
		return itpPart{}, nil
	}
	part := itpPart{I: []*term.Term{I}}
	if !e.opts.NoWeakenBounds && !I.IsFalse() && !I.IsTrue() && e.recurs(p, I) {
		if J, err := itp.Conjunctive(e.st, B, E); err == nil {
			if J = e.overParams(p, cs, J); J != nil && !J.IsTrue() && !J.IsFalse() {
				part.weak = e.st.Simplify(e.st.Not(J))
			}
		}
	}
	return part, nil
}

// recurs reports whether p has a one-literal lemma of the shape of ¬I.
func (e *engine) recurs(p *pred, I *term.Term) bool {
	shape, _, ok := cubeShape([]*term.Term{e.st.Simplify(e.st.Not(I))})
	return ok && p.shapes[shape]
}

// overParams rewrites t from cs's head arguments to p's params; nil when
// another variable of the clause remains.
func (e *engine) overParams(p *pred, cs *clauseSolver, t *term.Term) *term.Term {
	t = e.st.Substitute(t, cs.hargs, p.params)
	for _, c := range term.FreeConsts(t) {
		if !containsTerm(p.params, c) {
			return nil
		}
	}
	return t
}

func containsTerm(ts []*term.Term, t *term.Term) bool {
	for _, u := range ts {
		if u == t {
			return true
		}
	}
	return false
}

func (e *engine) holds(t *term.Term, m *term.Model) bool {
	v, err := m.EvalBool(t)
	return err == nil && v
}

// implicant appends literals of t true in m that imply t (t true in m).
func (e *engine) implicant(t *term.Term, m *term.Model, dst []*term.Term) []*term.Term {
	switch t.Op() {
	case term.OpTrue:
		return dst
	case term.OpAnd:
		for _, a := range t.Args() {
			dst = e.implicant(a, m, dst)
		}
		return dst
	case term.OpOr:
		for _, a := range t.Args() {
			if e.holds(a, m) {
				return e.implicant(a, m, dst)
			}
		}
		return dst
	case term.OpImplies:
		if !e.holds(t.Arg(0), m) {
			return e.implicant(e.st.Not(t.Arg(0)), m, dst)
		}
		return e.implicant(t.Arg(1), m, dst)
	case term.OpIte:
		if t.Sort().IsBool() {
			c := t.Arg(0)
			if e.holds(c, m) {
				return e.implicant(t.Arg(1), m, e.implicant(c, m, dst))
			}
			return e.implicant(t.Arg(2), m, e.implicant(e.st.Not(c), m, dst))
		}
	case term.OpNot:
		u := t.Arg(0)
		switch u.Op() {
		case term.OpNot:
			return e.implicant(u.Arg(0), m, dst)
		case term.OpOr:
			for _, a := range u.Args() {
				dst = e.implicant(e.st.Not(a), m, dst)
			}
			return dst
		case term.OpAnd:
			for _, a := range u.Args() {
				if !e.holds(a, m) {
					return e.implicant(e.st.Not(a), m, dst)
				}
			}
			return dst
		case term.OpImplies:
			return e.implicant(e.st.Not(u.Arg(1)), m, e.implicant(u.Arg(0), m, dst))
		case term.OpEq:
			if u.NumArgs() == 2 && u.Arg(0).Sort().IsBool() { // a ≠ b is a = ¬b
				return e.implicant(e.st.Eq(u.Arg(0), e.st.Not(u.Arg(1))), m, dst)
			}
		}
	case term.OpEq:
		if t.NumArgs() == 2 && t.Arg(0).Sort().IsBool() {
			a, b := t.Arg(0), t.Arg(1)
			if e.holds(a, m) {
				return e.implicant(b, m, e.implicant(a, m, dst))
			}
			return e.implicant(e.st.Not(b), m, e.implicant(e.st.Not(a), m, dst))
		}
	}
	var conds []*term.Term
	if e.iteMemo == nil {
		e.iteMemo = map[*term.Term]*term.Term{}
	}
	clear(e.iteMemo)
	t = e.resolveIte(t, m, &conds, e.iteMemo)
	for _, c := range conds {
		dst = e.implicant(c, m, dst)
	}
	return append(dst, t)
}

// resolveIte replaces each non-Boolean ite of t by the branch m takes and
// appends the condition (or its negation) that m makes true to conds:
// the conjunction of conds and the result implies t where m is.
func (e *engine) resolveIte(t *term.Term, m *term.Model, conds *[]*term.Term, memo map[*term.Term]*term.Term) *term.Term {
	if t.NumArgs() == 0 {
		return t
	}
	if r, ok := memo[t]; ok {
		return r
	}
	r := t
	if t.Op() == term.OpIte && !t.Sort().IsBool() {
		c := t.Arg(0)
		if e.holds(c, m) {
			*conds = append(*conds, c)
			r = e.resolveIte(t.Arg(1), m, conds, memo)
		} else {
			*conds = append(*conds, e.st.Not(c))
			r = e.resolveIte(t.Arg(2), m, conds, memo)
		}
	} else if t.Sort().IsBool() && t.Op() != term.OpEq && !t.Op().IsCompare() && t.Op() != term.OpNot {
		// Boolean structure below an atom (an ite condition's own
		// connectives) is left alone
	} else {
		var args []*term.Term
		for i, a := range t.Args() {
			b := e.resolveIte(a, m, conds, memo)
			if b != a && args == nil {
				args = slices.Clone(t.Args()[:i:i])
			}
			if args != nil {
				args = append(args, b)
			}
		}
		if args != nil {
			r = e.st.Rebuild(t, args)
		}
	}
	memo[t] = r
	return r
}

// arithLits keeps the arithmetic comparisons of lits; with a model, an
// arithmetic disequality becomes the strict inequality true in it.
func (e *engine) arithLits(lits []*term.Term, m *term.Model) []*term.Term {
	out := lits[:0:0]
	for _, l := range lits {
		u, neg := l, false
		if u.Op() == term.OpNot {
			u, neg = u.Arg(0), true
		}
		switch u.Op() {
		case term.OpLe, term.OpLt, term.OpGe, term.OpGt:
			if u.Arg(0).Sort().IsArith() {
				out = append(out, l)
			}
		case term.OpEq:
			if u.NumArgs() != 2 || !u.Arg(0).Sort().IsArith() {
				continue
			}
			if !neg {
				out = append(out, l)
			} else if m != nil {
				lt := e.st.Lt(u.Arg(0), u.Arg(1))
				if e.holds(lt, m) {
					out = append(out, lt)
				} else {
					out = append(out, e.st.Gt(u.Arg(0), u.Arg(1)))
				}
			}
		}
	}
	return out
}
