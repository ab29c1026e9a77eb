package spacer

import (
	"slices"
	"time"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A cand is a lemma candidate ¬cube of a predicate on its way through the
// generalizers: blocked at level L (the obligation's) relative to its own
// lemma, which therefore holds at level.
type cand struct {
	p     *pred
	cube  []*term.Term // over p's params
	level int
	L     int
	// weak, for candidates from interpolation: per cube literal, a
	// smaller literal that still excludes the obligation (the negation of
	// the weakest interpolant in that direction), or nil.
	weak []*term.Term
	// extra: more lemmas a generalizer found on the way, learned
	// besides this one
	extra []*cand
	// pob is the blocked obligation's cube, core its literals in the
	// unsat cores of the blocking queries
	pob, core []*term.Term
}

// A generalizer makes a candidate more general (a smaller cube, or the
// same cube at a higher level) and keeps it blocked at c.L relative to
// its own lemma. Each one is an engine parameter.
type generalizer interface {
	name() string
	generalize(e *engine, c *cand) error
}

// generalizers is the chain the options switch on, in the order applied.
func (o *Options) generalizers() []generalizer {
	var gs []generalizer
	if !o.NoWeakenBounds {
		gs = append(gs, boundWeakener{})
	}
	if !o.NoInductiveGen {
		gs = append(gs, inductive{})
	}
	if !o.NoWeaken {
		gs = append(gs, eqWeakener{})
	}
	if !o.NoGuidance {
		gs = append(gs, clusterGuide{})
	}
	if !o.NoStuck {
		gs = append(gs, stuckAlarm{})
	}
	if !o.NoSymmetry {
		gs = append(gs, symmetry{})
	}
	return gs
}

// generalize runs the chain on c.
func (e *engine) generalize(c *cand) error {
	t0 := time.Now()
	defer func() { e.stats.genTime += time.Since(t0) }()
	for _, g := range e.gens {
		if err := g.generalize(e, c); err != nil {
			return err
		}
	}
	return nil
}

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
				assumps = append(assumps, e.lemmaFormula(p, cube, cs.bargs[j]))
			}
		}
		sat, err := e.check(cs, assumps)
		if err != nil || sat {
			e.satCS = cs
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

// try replaces c's cube by cube when that is blocked relative to itself
// at level L; it reports whether it did.
func (e *engine) try(c *cand, cube []*term.Term, L int) (bool, error) {
	ok, _, lv, err := e.blocked(c.p, cube, L, true)
	if err != nil || !ok {
		return false, err
	}
	c.cube, c.level = cube, lv
	return true, nil
}

// inductive is inductive generalisation: drop each literal in turn while
// the smaller cube stays blocked relative to its own lemma, shrinking the
// cube to the cores. (Weak abstraction here, the checks with integer
// reasoning off, kept literals whose drop needed integer search: on
// s_split_18 of lia-lin the weaker lemmas led to push queries that ran
// branch and bound for seconds; pushes only use it.)
type inductive struct{}

func (inductive) name() string { return "inductive-gen" }

func (inductive) generalize(e *engine, c *cand) error {
	cube, level := c.cube, c.level
	for i := 0; i < len(cube) && len(cube) > 1; {
		cand := make([]*term.Term, 0, len(cube)-1)
		cand = append(cand, cube[:i]...)
		cand = append(cand, cube[i+1:]...)
		ok, core, lv, err := e.blocked(c.p, cand, level, true)
		if err != nil {
			return err
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
	if len(cube) != len(c.cube) {
		c.weak = nil
	}
	c.cube, c.level = cube, level
	return nil
}

// eqWeakener tries each arithmetic equality a = b of the cube as a <= b,
// then as a >= b (a larger cube, so a stronger lemma), keeping the first
// that stays blocked relative to itself; the literals a lone equality was
// covering can then go by the other half.
type eqWeakener struct{}

func (eqWeakener) name() string { return "weaken" }

func (eqWeakener) generalize(e *engine, c *cand) error {
	for i := 0; i < len(c.cube); i++ {
		l := c.cube[i]
		if l.Op() != term.OpEq || l.NumArgs() != 2 || !l.Arg(0).Sort().IsArith() {
			continue
		}
		for _, half := range []*term.Term{e.st.Le(l.Arg(0), l.Arg(1)), e.st.Ge(l.Arg(0), l.Arg(1))} {
			half = e.st.Simplify(half)
			cand := slices.Clone(c.cube)
			cand[i] = half
			ok, _, lv, err := e.blocked(c.p, cand, c.level, true)
			if err != nil {
				return err
			}
			if ok {
				e.stats.weakened++
				c.cube, c.level = cand, max(c.level, lv)
				break
			}
		}
	}
	return nil
}

// itpPart is the interpolant of one clause against an obligation, over
// the predicate's params: I (a conjunction) holds after the clause at the
// frame and excludes the obligation; weak, when I is one bound, is the
// weakest bound the same Farkas step allows in another direction or the
// same one (B's side), nil when there is none.
type itpPart struct {
	I    []*term.Term
	weak *term.Term
}

// itpCands gives lemma candidates from interpolating cores (Farkas steps
// on the clause solvers' models, itp.Core as fallback with
// Options.ItpCore). For each clause c with head p that applies at level
// L, A_c is its constraint and the body lemmas of frame L-1, B the pob on
// the head; the core I_c (a conjunction over the head arguments) is
// implied by A_c and contradicts the pob, so the disjunction of the I_c
// over the clauses, over p's params, holds at level L and blocks the pob.
// With one clause, each literal of I_c is a candidate of its own. Every
// candidate is checked by blocked (which also gives its level, relative
// to itself); none is returned unless all pass.
func (e *engine) itpCands(p *pred, cores [][]*term.Term, L int) ([]*cand, error) {
	if e.opts.NoItp {
		return nil, nil
	}
	t0 := time.Now()
	defer func() { e.stats.itpTime += time.Since(t0) }()
	var parts []itpPart
	farkas := 0
	for ci, cs := range p.heads {
		core := cores[ci]
		if core == nil { // the clause does not apply at level 0
			continue
		}
		var part itpPart
		if len(core) > 0 {
			var err error
			part, err = e.farkasClause(p, cs, core, L)
			if err != nil {
				return nil, err
			}
			if part.I == nil && e.opts.ItpCore {
				if part.I, err = e.itpClause(p, cs, core, L); err != nil {
					return nil, err
				}
			}
		}
		if part.I != nil {
			farkas++
		} else {
			// the clause's own core: clause ∧ frame ⇒ ¬core
			part = itpPart{I: []*term.Term{e.st.Not(e.st.And(core...))}}
		}
		parts = append(parts, part)
	}
	if e.opts.Trace != nil {
		for i, pt := range parts {
			e.log.Tracef("itp part %d: %v weak %v\n", i, pt.I, pt.weak)
		}
	}
	if farkas == 0 {
		return nil, nil
	}
	var cands []*cand
	neg := func(t *term.Term) *term.Term {
		if t == nil {
			return nil
		}
		return e.st.Simplify(e.st.Not(t))
	}
	switch len(parts) {
	case 0:
		return nil, nil
	case 1:
		for _, l := range parts[0].I {
			c := &cand{p: p, cube: []*term.Term{neg(l)}, L: L}
			if len(parts[0].I) == 1 {
				c.weak = []*term.Term{neg(parts[0].weak)}
			}
			cands = append(cands, c)
		}
	default:
		// the lemma ∨_c I_c as the cube of the ¬I_c: literals that
		// inductive generalisation may drop (a disjunct less)
		c := &cand{p: p, L: L}
		for _, pt := range parts {
			l := neg(e.st.And(pt.I...))
			if l.IsTrue() || slices.Contains(c.cube, l) {
				continue
			}
			if l.IsFalse() {
				c.cube, c.weak = []*term.Term{l}, nil
				break
			}
			var w *term.Term
			if len(pt.I) == 1 {
				w = neg(pt.weak)
			}
			c.cube = append(c.cube, l)
			c.weak = append(c.weak, w)
		}
		if len(c.cube) == 0 {
			c.cube, c.weak = []*term.Term{e.st.True()}, nil
		}
		cands = append(cands, c)
	}
	for _, c := range cands {
		ok, _, lv, err := e.blocked(p, c.cube, L, true)
		if err != nil || !ok {
			if e.log.Tracing() {
				e.log.Tracef("itp candidate not blocked: %s\n", term.Sprint(c.cube[0]))
			}
			return nil, err
		}
		c.level = lv
	}
	e.stats.itpLemmas++
	return cands, nil
}

// itpClause is the interpolating core of one clause against the pob, over
// p's params, or nil.
func (e *engine) itpClause(p *pred, cs *clauseSolver, cube []*term.Term, L int) ([]*term.Term, error) {
	A := []*term.Term{cs.cons}
	for j, q := range cs.body {
		A = e.frameLemmas(q, L-1, cs.bargs[j], A)
	}
	B := e.instCube(p, cube, cs.hargs, nil)
	e.stats.itpCalls++
	I, err := itp.CoreContext(e.ctx, e.st, A, B)
	if e.opts.Trace != nil {
		e.log.Tracef("itp %s level %d clause %d: %v err %v\n", p.name, L, cs.idx, I, err)
	}
	if err != nil {
		if e.ctx.Err() != nil {
			return nil, e.ctx.Err()
		}
		return nil, nil
	}
	out := make([]*term.Term, 0, len(I))
	for _, l := range I {
		l = e.subst(l, cs.hargs, p.params)
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
