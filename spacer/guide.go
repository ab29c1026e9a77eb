package spacer

import (
	"slices"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Lemma-level guidance in the spirit of Global Guidance (Vediramana
// Krishnan, Chen, Shoham, Gurfinkel, CAV 2020), against the divergence
// "x ≤ 1, x ≤ 2, ...": lemmas of one predicate whose cubes differ only in
// the constants of their arithmetic literals form a cluster. When a new
// lemma joins a cluster of at least minCluster lemmas, two candidates are
// tried, each kept only when blocked (relative to itself) at the lemma's
// level:
//   - conjecture: drop the literals whose constants vary in the cluster;
//   - sum: two varying literals l1 <= c1, l2 <= c2 whose c1 + c2 is the
//     same in the whole cluster become one literal l1 + l2 <= c1 + c2 (the
//     convex closure of the cluster along that direction).
//
// A conjecture that is not blocked at once becomes a may-obligation
// (mayPob): an obligation the search tries to block like any other, at
// most mayGas child obligations deep, whose being reached is no
// counterexample (it is dropped, its reach facts kept).

const minCluster = 3

// litShape splits a literal into its shape (the literal with its constant
// masked) and its constant.
func litShape(l *term.Term) (string, num.Rat, bool) {
	neg := false
	a := l
	if a.Op() == term.OpNot {
		neg, a = true, a.Arg(0)
	}
	if (a.Op() == term.OpLe || a.Op() == term.OpEq || a.Op() == term.OpGe) && a.NumArgs() == 2 && a.Arg(1).IsNum() && a.Arg(0).Sort().IsArith() {
		key := a.Op().String() + ":" + strconv.FormatUint(uint64(a.Arg(0).ID()), 36)
		if neg {
			key = "!" + key
		}
		return key, a.Arg(1).Num(), true
	}
	return "t:" + strconv.FormatUint(uint64(l.ID()), 36), num.Rat{}, false
}

func cubeShape(cube []*term.Term) (string, map[string]num.Rat, bool) {
	keys := make([]string, len(cube))
	consts := map[string]num.Rat{}
	for i, l := range cube {
		k, c, ok := litShape(l)
		keys[i] = k
		if ok {
			if _, dup := consts[k]; dup {
				return "", nil, false
			}
			consts[k] = c
		}
	}
	slices.Sort(keys)
	return strings.Join(keys, ","), consts, true
}

// clusterGuide is guide as a generalizer.
type clusterGuide struct{}

func (clusterGuide) name() string { return "guidance" }

func (clusterGuide) generalize(e *engine, c *cand) error {
	cube, level, err := e.guide(c.p, c.cube, c.level)
	if err != nil {
		return err
	}
	if len(cube) != len(c.cube) {
		c.weak = nil
	}
	c.cube, c.level = cube, level
	return nil
}

// guide tries the generalisations of a cluster for the new lemma ¬cube of p
// at level; it returns the cube and level to learn.
func (e *engine) guide(p *pred, cube []*term.Term, level int) ([]*term.Term, int, error) {
	if len(cube) == 0 || level >= infLevel {
		return cube, level, nil
	}
	shape, consts, ok := cubeShape(cube)
	if !ok || len(consts) == 0 {
		return cube, level, nil
	}
	var members []map[string]num.Rat
	for _, lm := range p.lemmas {
		if len(lm.cube) != len(cube) {
			continue
		}
		s, c, ok := cubeShape(lm.cube)
		if ok && s == shape {
			members = append(members, c)
		}
	}
	if len(members)+1 < minCluster {
		return cube, level, nil
	}
	varying := map[string]bool{}
	for _, m := range members {
		for k, c := range m {
			if c.Cmp(consts[k]) != 0 {
				varying[k] = true
			}
		}
	}
	if len(varying) == 0 {
		return cube, level, nil
	}
	var rest, vary []*term.Term
	for _, l := range cube {
		k, _, _ := litShape(l)
		if varying[k] {
			vary = append(vary, l)
		} else {
			rest = append(rest, l)
		}
	}
	e.stats.guideTries++
	// conjecture
	if len(rest) > 0 {
		ok, core, lv, err := e.blocked(p, rest, level, true)
		if err != nil {
			return nil, 0, err
		}
		if ok {
			e.stats.guideWins++
			e.log.Tracef("guide: conjecture for %s\n", p.name)
			return core, max(level, lv), nil
		}
		if e.opts.MayPobs {
			e.mayPob(p, rest, level)
		}
	}
	// sum of two varying bounds with a constant total
	for i := 0; i < len(vary); i++ {
		for j := i + 1; j < len(vary); j++ {
			sum, ok := e.sumBound(vary[i], vary[j], members)
			if !ok {
				continue
			}
			cand := append(slices.Clone(rest), sum)
			ok, core, lv, err := e.blocked(p, cand, level, true)
			if err != nil {
				return nil, 0, err
			}
			if ok {
				e.stats.guideWins++
				e.log.Tracef("guide: sum for %s\n", p.name)
				return core, max(level, lv), nil
			}
		}
	}
	return cube, level, nil
}

// upper reads a literal of shape key with constant c as s·lhs <= c' (s is
// ±1), strict unless over Int, where a strict bound is tightened; ok is
// false for equalities and disequalities.
func upper(key string, lhs *term.Term, c num.Rat) (sign int, bound num.Rat, strict, ok bool) {
	isInt := lhs.Sort() == term.IntSort
	one := num.NewRat(1, 1)
	switch {
	case strings.HasPrefix(key, "<=:"):
		return 1, c, false, true
	case strings.HasPrefix(key, ">=:"):
		return -1, c.Neg(), false, true
	case strings.HasPrefix(key, "!<=:"): // lhs > c
		if isInt {
			return -1, c.Neg().Sub(one), false, true
		}
		return -1, c.Neg(), true, true
	case strings.HasPrefix(key, "!>=:"): // lhs < c
		if isInt {
			return 1, c.Sub(one), false, true
		}
		return 1, c, true, true
	}
	return 0, num.Rat{}, false, false
}

// sumBound is the literal l1 + l2 of two bounds (each read by upper) when
// their total is the same in every member of the cluster: the convex
// closure of the cluster along that direction.
func (e *engine) sumBound(l1, l2 *term.Term, members []map[string]num.Rat) (*term.Term, bool) {
	k1, c1, ok1 := litShape(l1)
	k2, c2, ok2 := litShape(l2)
	if !ok1 || !ok2 {
		return nil, false
	}
	a1, a2 := atomOf(l1), atomOf(l2)
	if a1.Arg(0).Sort() != a2.Arg(0).Sort() {
		return nil, false
	}
	s1, b1, st1, ok1 := upper(k1, a1.Arg(0), c1)
	s2, b2, st2, ok2 := upper(k2, a2.Arg(0), c2)
	if !ok1 || !ok2 {
		return nil, false
	}
	total := b1.Add(b2)
	for _, m := range members {
		m1, in1 := m[k1]
		m2, in2 := m[k2]
		if !in1 || !in2 {
			return nil, false
		}
		_, n1, _, _ := upper(k1, a1.Arg(0), m1)
		_, n2, _, _ := upper(k2, a2.Arg(0), m2)
		if n1.Add(n2).Cmp(total) != 0 {
			return nil, false
		}
	}
	side := func(sign int, t *term.Term) *term.Term {
		if sign < 0 {
			return e.st.Neg(t)
		}
		return t
	}
	lhs := e.st.Add(side(s1, a1.Arg(0)), side(s2, a2.Arg(0)))
	rhs := e.st.Num(total, a1.Arg(0).Sort())
	if st1 || st2 {
		return e.st.Simplify(e.st.Lt(lhs, rhs)), true
	}
	return e.st.Simplify(e.st.Le(lhs, rhs)), true
}

func atomOf(l *term.Term) *term.Term {
	if l.Op() == term.OpNot {
		return l.Arg(0)
	}
	return l
}

// mayGas is the depth of child obligations a may-obligation may spawn.
const mayGas = 3

// mayPob queues the conjecture ¬cube of p as a may-obligation at level
// (at most the current bound), once per cube and level.
func (e *engine) mayPob(p *pred, cube []*term.Term, level int) {
	level = min(level, e.bound)
	cube = sortCube(cube)
	k := mayKey{p.id, level, cubeKey(cube)}
	if e.mayKeys == nil {
		e.mayKeys = map[mayKey]bool{}
	}
	if e.mayKeys[k] {
		return
	}
	e.mayKeys[k] = true
	e.stats.mayPobs++
	pb := e.newPob(p, cube, level, 0, nil)
	pb.may, pb.gas = true, mayGas
	e.queue.push(pb)
}

type mayKey struct {
	pred, level int
	cube        string
}
