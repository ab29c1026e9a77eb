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
	// A's implicant in its model, disequalities split by the model
	e.impl.Reset(cs.sv.Model(), term.ImplicantOptions{SplitDiseq: true, ResolveIte: true})
	E, err := e.impl.Append(nil, cs.c.Constraint)
	for j, q := range cs.body {
		for _, lm := range q.lemmas {
			if lm.level >= L-1 && !lm.dead && err == nil {
				E, err = e.impl.Append(E, e.lemmaFormula(q, lm.cube, cs.c.Body[j].Args))
			}
		}
	}
	if err != nil {
		return nil, &errUnknown{"internal: " + err.Error()}
	}
	E = arithLits(E)
	B := arithLits(e.instCube(p, cube, cs.hargs, nil))
	if len(B) == 0 {
		return nil, nil
	}
	e.stats.farkasCalls++
	I, err := itp.Conjunctive(e.st, E, B)
	if err != nil {
		if e.opts.Trace != nil {
			e.tracef("farkas clause %d failed: E=%v B=%v: %v\n", cs.idx, E, B, err)
		}
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
