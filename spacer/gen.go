package spacer

import (
	"slices"
	"time"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// blocked reports whether the cube is blocked at level L for p: every
// clause with head p, under the frame L-1 (and, with self, the lemma ¬cube
// on the body positions of p), excludes cube on the head. On success it
// returns the literals of cube in the unsat cores and the level the cores
// allow (at least L).
func (e *engine) blocked(p *pred, cube []*term.Term, L int, self bool) (bool, []*term.Term, int, error) {
	inCore := make([]bool, len(cube))
	bound := infLevel
	var hard, assumps []*term.Term
	for _, cs := range p.heads {
		if L == 0 && len(cs.body) > 0 {
			bound = min(bound, 0)
			continue
		}
		hard = e.instCube(p, cube, cs.hargs, hard[:0])
		assumps = assumps[:0]
		if len(cs.body) > 0 {
			assumps = e.frame(assumps, L-1)
		}
		assumps = append(assumps, hard...)
		if self {
			for _, j := range cs.self {
				assumps = append(assumps, e.lemmaFormula(p, cube, cs.c.Body[j].Args))
			}
		}
		sat, err := e.check(cs, assumps)
		if err != nil || sat {
			return false, nil, 0, err
		}
		core := cs.sv.UnsatCore()
		bound = min(bound, e.boundOf(core))
		markCore(core, hard, inCore, cube)
	}
	var out []*term.Term
	for i, l := range cube {
		if inCore[i] {
			out = append(out, l)
		}
	}
	return true, out, max(L, bound), nil
}

// generalize weakens the lemma ¬cube learned at level: inductive
// generalisation drops each literal in turn while the smaller cube stays
// blocked relative to its own lemma, and shrinks the cube to the cores.
func (e *engine) generalize(p *pred, cube []*term.Term, level int) ([]*term.Term, int, error) {
	if e.opts.NoInductiveGen || len(cube) <= 1 {
		return e.weaken(p, cube, level)
	}
	t0 := time.Now()
	defer func() { e.stats.genTime += time.Since(t0) }()
	for i := 0; i < len(cube) && len(cube) > 1; {
		cand := make([]*term.Term, 0, len(cube)-1)
		cand = append(cand, cube[:i]...)
		cand = append(cand, cube[i+1:]...)
		ok, core, lv, err := e.blocked(p, cand, level, true)
		if err != nil {
			return nil, 0, err
		}
		if !ok {
			i++
			continue
		}
		cube, level = core, max(level, lv)
		if i > len(cube) {
			i = len(cube)
		}
	}
	return e.weaken(p, cube, level)
}

// weaken tries each arithmetic equality a = b of the cube as a <= b, then
// as a >= b (a larger cube, so a stronger lemma), keeping the first that
// stays blocked relative to itself; the literals a lone equality was
// covering can then go by the other half.
func (e *engine) weaken(p *pred, cube []*term.Term, level int) ([]*term.Term, int, error) {
	if e.opts.NoWeaken {
		return cube, level, nil
	}
	for i := 0; i < len(cube); i++ {
		l := cube[i]
		if l.Op() != term.OpEq || l.NumArgs() != 2 || !l.Arg(0).Sort().IsArith() {
			continue
		}
		for _, half := range []*term.Term{e.st.Le(l.Arg(0), l.Arg(1)), e.st.Ge(l.Arg(0), l.Arg(1))} {
			half = e.st.Simplify(half)
			cand := slices.Clone(cube)
			cand[i] = half
			ok, _, lv, err := e.blocked(p, cand, level, true)
			if err != nil {
				return nil, 0, err
			}
			if ok {
				e.stats.weakened++
				cube, level = cand, max(level, lv)
				break
			}
		}
	}
	return cube, level, nil
}

// interpolate tries lemmas from interpolating cores (itp.Core). For each
// clause c with head p that applies at level L, A_c is its constraint and
// the body lemmas of frame L-1, B the pob on the head; the core I_c (a
// conjunction over the head arguments) is implied by A_c and contradicts
// the pob, so the disjunction of the I_c over the clauses, over p's
// params, holds at level L and blocks the pob. With one clause, each
// literal of I_c becomes a lemma of its own. Every lemma is re-checked by
// blocked (which also gives its level, relative to itself). It returns the
// lowest level of the lemmas added, or -1 when it added none.
func (e *engine) interpolate(p *pred, cores [][]*term.Term, L int) (int, error) {
	if e.opts.NoItp {
		return -1, nil
	}
	t0 := time.Now()
	defer func() { e.stats.itpTime += time.Since(t0) }()
	var parts [][]*term.Term // per clause, I_c over params
	farkas := 0
	for ci, cs := range p.heads {
		core := cores[ci]
		if core == nil { // the clause does not apply at level 0
			continue
		}
		var I []*term.Term
		var err error
		if len(core) > 0 {
			I, err = e.farkasClause(p, cs, core, L)
			if err != nil {
				return -1, err
			}
			if I == nil && e.opts.ItpCore {
				if I, err = e.itpClause(p, cs, core, L); err != nil {
					return -1, err
				}
			}
		}
		if I != nil {
			farkas++
		} else {
			// the clause's own core: clause ∧ frame ⇒ ¬core
			I = []*term.Term{e.st.Not(e.st.And(core...))}
		}
		parts = append(parts, I)
	}
	if e.opts.Trace != nil {
		for i, I := range parts {
			e.tracef("itp part %d: %v\n", i, I)
		}
	}
	if farkas == 0 {
		return -1, nil
	}
	var cands [][]*term.Term
	switch len(parts) {
	case 0:
		return -1, nil
	case 1:
		for _, l := range parts[0] {
			cands = append(cands, []*term.Term{e.st.Simplify(e.st.Not(l))})
		}
	default:
		// the lemma ∨_c I_c as the cube of the ¬I_c: literals that
		// inductive generalisation may drop (a disjunct less)
		var cube []*term.Term
		for _, I := range parts {
			l := e.st.Simplify(e.st.Not(e.st.And(I...)))
			if l.IsTrue() || slices.Contains(cube, l) {
				continue
			}
			if l.IsFalse() {
				cube = []*term.Term{l}
				break
			}
			cube = append(cube, l)
		}
		if len(cube) == 0 {
			cube = []*term.Term{e.st.True()}
		}
		cands = append(cands, cube)
	}
	type cand struct {
		cube  []*term.Term
		level int
	}
	var found []cand
	for _, c := range cands {
		ok, _, lv, err := e.blocked(p, c, L, true)
		if err != nil || !ok {
			e.tracef("itp candidate not blocked: %s\n", term.Sprint(c[0]))
			return -1, err
		}
		if len(c) > 1 {
			if c, lv, err = e.generalize(p, c, lv); err != nil {
				return -1, err
			}
			if c, lv, err = e.guide(p, c, lv); err != nil {
				return -1, err
			}
		}
		found = append(found, cand{c, lv})
	}
	e.stats.itpLemmas++
	low := infLevel
	for _, c := range found {
		if err := e.addLemma(p, c.cube, c.level); err != nil {
			return -1, err
		}
		low = min(low, c.level)
	}
	return low, nil
}

// itpClause is the interpolating core of one clause against the pob, over
// p's params, or nil.
func (e *engine) itpClause(p *pred, cs *clauseSolver, cube []*term.Term, L int) ([]*term.Term, error) {
	A := []*term.Term{cs.c.Constraint}
	for j, q := range cs.body {
		A = e.frameLemmas(q, L-1, cs.c.Body[j].Args, A)
	}
	B := e.instCube(p, cube, cs.hargs, nil)
	e.stats.itpCalls++
	I, err := itp.CoreContext(e.ctx, e.st, A, B)
	if e.opts.Trace != nil {
		e.tracef("itp %s level %d clause %d: %v err %v\n", p.name, L, cs.idx, I, err)
	}
	if err != nil {
		if e.ctx.Err() != nil {
			return nil, e.ctx.Err()
		}
		return nil, nil
	}
	out := make([]*term.Term, 0, len(I))
	for _, l := range I {
		l = e.st.Substitute(l, cs.hargs, p.params)
		for _, c := range term.FreeConsts(l) {
			if !slices.Contains(p.params, c) {
				return nil, nil
			}
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}
