package spacer

import (
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// farkasClause is a cheap interpolating core of one clause against the
// pob: the clause solver gives a model of A (the clause and the frame
// L-1, without the pob); the arithmetic literals of A's implicant in
// that model and the pob's literals go to itp.Conjunctive, one simplex
// run. The answer is one inequality over the head arguments, rewritten
// over p's params, implied by the implicant (not necessarily by A:
// callers check the lemma with blocked). It returns (false, true) when
// the clause is unsatisfiable at the frame, and nil when no inequality
// is found.
func (e *engine) farkasClause(p *pred, cs *clauseSolver, cube []*term.Term, L int) ([]*term.Term, error) {
	var assumps []*term.Term
	if len(cs.body) > 0 {
		assumps = e.frame(assumps, L-1)
	}
	sat, err := e.check(cs, assumps)
	if err != nil {
		return nil, err
	}
	if !sat {
		return []*term.Term{e.st.False()}, nil
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
		return nil, nil
	}
	e.stats.farkasCalls++
	I, err := itp.Conjunctive(e.st, E, B)
	if err != nil {
		return nil, nil
	}
	I = e.st.Substitute(I, cs.hargs, p.params)
	for _, c := range term.FreeConsts(I) {
		if !containsTerm(p.params, c) {
			return nil, nil
		}
	}
	return []*term.Term{I}, nil
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
		}
	}
	return append(dst, t)
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
