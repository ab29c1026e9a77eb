package spacer

import (
	"time"

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
		markCore(core, hard, inCore)
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
		return cube, level, nil
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
	return cube, level, nil
}
