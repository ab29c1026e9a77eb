package spacer

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The "stuck on a lemma" alarm. A predicate that keeps learning lemmas of
// one shape (the same literals up to their constants: x <= 5000, then
// x <= 4999, ...) is being walked back one step per level by an
// obligation the lemmas of that shape cannot stop: two counters x, y
// stepping together, the query on y, the loop guard on x, need the
// relation of y and x, which no bound on y alone gives. When a new
// candidate has at least stuckMin earlier lemmas of its shape, the alarm
// switches generalizer for it and tries, each kept (learned besides the
// candidate) only when inductive:
//   - the obligation itself, reduced to the cores and by inductive
//     generalisation (the weakest lemma that blocks it);
//   - for two bounds l1 <= c1, l2 <= c2 of the obligation over different
//     forms, their sum: the obligation implies l1 + l2 <= c1 + c2, and
//     its negation is a relational lemma (y - x <= 4500 above).
//
// Each cube is tried once; the alarm of a shape is silenced after
// stuckTries rounds that tried something and found nothing.
const (
	stuckMin   = 3
	stuckTries = 8
	stuckPairs = 12 // sums tried per round
)

type stuckAlarm struct{}

func (stuckAlarm) name() string { return "stuck" }

func (stuckAlarm) generalize(e *engine, c *cand) error {
	if len(c.pob) == 0 || c.level >= infLevel {
		return nil
	}
	shape, consts, ok := cubeShape(c.cube)
	if !ok || len(consts) == 0 {
		return nil
	}
	key := stuckKey{c.p.id, "shape:" + shape}
	if e.stuck == nil {
		e.stuck, e.stuckTried = map[stuckKey]int{}, map[stuckKey]bool{}
	}
	if e.stuck[key] >= stuckTries {
		return nil
	}
	n := 0
	for _, lm := range c.p.lemmas {
		if len(lm.cube) != len(c.cube) {
			continue
		}
		if s, _, ok := cubeShape(lm.cube); ok && s == shape {
			n++
		}
	}
	if n < stuckMin {
		return nil
	}
	e.stats.stuckAlarms++
	if len(c.cube) == 1 {
		for _, v := range term.FreeConsts(c.cube[0]) {
			if !slices.Contains(c.p.walked, v) {
				c.p.walked = append(c.p.walked, v)
			}
		}
	}
	var found []*cand
	tried := 0
	// attempt tries cube as an inductive lemma, once per predicate and
	// cube
	attempt := func(w *cand) (bool, error) {
		k := stuckKey{c.p.id, cubeKey(sortCube(w.cube))}
		if e.stuckTried[k] {
			return false, nil
		}
		e.stuckTried[k] = true
		tried++
		ok, err := e.try(w, w.cube, infLevel)
		if ok {
			found = append(found, w)
		}
		return ok, err
	}
	// the obligation itself
	if len(c.core) > 0 {
		w := &cand{p: c.p, cube: slices.Clone(c.core), level: c.L, L: c.L}
		if err := (inductive{}).generalize(e, w); err != nil {
			return err
		}
		if _, err := attempt(w); err != nil {
			return err
		}
	}
	// sums of two of its bounds
	var bs []bound
	for _, l := range c.pob {
		if b, ok := e.readBound(l); ok {
			bs = append(bs, b)
		}
	}
pairs:
	for i := 0; i < len(bs); i++ {
		for j := i + 1; j < len(bs); j++ {
			if tried >= stuckPairs {
				break pairs
			}
			sum, ok := sumBounds(bs[i], bs[j])
			if !ok {
				continue
			}
			ok, err := attempt(&cand{p: c.p, cube: []*term.Term{e.st.Simplify(e.boundTerm(sum))}, level: c.L, L: c.L})
			if err != nil {
				return err
			}
			if ok {
				break pairs
			}
		}
	}
	if len(found) > 0 {
		e.stats.stuckWins++
		e.stuck[key] = 0
		e.log.Tracef("stuck: %s: %d inductive lemmas\n", c.p.name, len(found))
		c.extra = append(c.extra, found...)
	} else if tried > 0 {
		e.stuck[key]++
	}
	return nil
}

type stuckKey struct {
	pred int
	key  string // a cube's shape, or a cube
}

// sumBounds is a + b when both are bounds over different forms (the sum
// of a form and a multiple of it says nothing new), with the variables
// of the sum not all cancelled.
func sumBounds(a, b bound) (bound, bool) {
	if _, ok := ratio(a, b); ok {
		return bound{}, false
	}
	if _, ok := ratio(b, negBound(a)); ok {
		return bound{}, false
	}
	var vars []*term.Term
	var cs []num.Rat
	i, j := 0, 0
	for i < len(a.lin.Vars) || j < len(b.lin.Vars) {
		switch {
		case j == len(b.lin.Vars) || i < len(a.lin.Vars) && term.CompareID(a.lin.Vars[i], b.lin.Vars[j]) < 0:
			vars, cs = append(vars, a.lin.Vars[i]), append(cs, a.lin.Coeffs[i])
			i++
		case i == len(a.lin.Vars) || term.CompareID(b.lin.Vars[j], a.lin.Vars[i]) < 0:
			vars, cs = append(vars, b.lin.Vars[j]), append(cs, b.lin.Coeffs[j])
			j++
		default:
			if c := a.lin.Coeffs[i].Add(b.lin.Coeffs[j]); !c.IsZero() {
				vars, cs = append(vars, a.lin.Vars[i]), append(cs, c)
			}
			i++
			j++
		}
	}
	if len(vars) == 0 {
		return bound{}, false
	}
	s := bound{lin: term.Linear{Vars: vars, Coeffs: cs}, k: a.k.Add(b.k), strict: a.strict || b.strict, isInt: a.isInt && b.isInt}
	s.normInt()
	return s, true
}

func negBound(b bound) bound {
	return bound{lin: negLinear(b.lin), k: b.k.Neg(), strict: b.strict, isInt: b.isInt}
}

// The order of a walked-back chain's obligations. A one-literal lemma
// walked back level by level (x <= 9 at level 10, x <= 10 at level 11,
// ...) is often a step counter: each obligation of the chain pins it to a
// new value (x = 23), and inductive generalisation and the interpolants
// keep the bound on it. The clause solvers take an obligation's literals
// as assumptions in its order, and an unsat core keeps the earlier of two
// literals that conflict alike. In the implicant's order the pinned
// counter comes first and the cores keep it: one bound per level, the
// walk the alarm detects. A child obligation of the same predicate that
// pins a walked param (pinsWalked) therefore keeps the literals it shares
// with its parent first (inheritFirst): the cores keep the literals that
// persist along the chain, the condition under which the bad state is
// reached, and the lemmas say so. Arrays' monabsex2 (its alarm rings on
// a counter, Inv!13!14 <= 9): 204,272 checks, unknown at 20 s, to 22,030,
// sat in under a second. A file whose alarm never rings on a one-literal
// cube searches exactly as before (of 36 files of arrays, lia-lin,
// lia-nonlin and lra-ts that take 0.1-10 s, three change: monabsex1 and
// 05_tas_simplified need 0.58 and 0.69 of the work).

// pinsWalked reports whether cube has an equality of a walked param and a
// numeral.
func pinsWalked(cube, walked []*term.Term) bool {
	if len(walked) == 0 {
		return false
	}
	for _, l := range cube {
		if l.Op() != term.OpEq || l.NumArgs() != 2 {
			continue
		}
		a, b := l.Arg(0), l.Arg(1)
		if a.IsNum() {
			a, b = b, a
		}
		if b.IsNum() && slices.Contains(walked, a) {
			return true
		}
	}
	return false
}

// inheritFirst is cube with the literals it shares with parent first, in
// parent's order, then the rest in cube's order (without repeats; cube is
// not changed).
func inheritFirst(cube, parent []*term.Term) []*term.Term {
	out := make([]*term.Term, 0, len(cube))
	for _, l := range parent {
		if slices.Contains(cube, l) && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	for _, l := range cube {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}
