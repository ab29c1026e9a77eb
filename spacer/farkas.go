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
	// A's implicant in its model, disequalities split by the model
	e.impl.Reset(cs.sv.Model(), term.ImplicantOptions{SplitDiseq: true, ResolveIte: true})
	E, err := e.impl.Append(nil, cs.cons)
	for j, q := range cs.body {
		for _, lm := range q.lemmas {
			if lm.level >= L-1 && !lm.dead && err == nil {
				E, err = e.impl.Append(E, e.lemmaFormula(q, lm.cube, cs.bargs[j]))
			}
		}
	}
	if err != nil {
		return itpPart{}, &errUnknown{"internal: " + err.Error()}
	}
	E = arithLits(E)
	B := arithLits(e.instCube(p, cube, cs.hargs, nil))
	if len(B) == 0 {
		return itpPart{}, nil
	}
	e.stats.farkasCalls++
	I, err := itp.Conjunctive(e.st, E, B)
	if err != nil {
		if e.opts.Trace != nil {
			e.log.Tracef("farkas clause %d failed: E=%v B=%v: %v\n", cs.idx, E, B, err)
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
	t = e.subst(t, cs.hargs, p.params)
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

// arithLits keeps the arithmetic comparisons and equalities of lits,
// negated or not, but not the disequalities.
func arithLits(lits []*term.Term) []*term.Term {
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
			if !neg && u.NumArgs() == 2 && u.Arg(0).Sort().IsArith() {
				out = append(out, l)
			}
		}
	}
	return out
}
