package spacer

import (
	"slices"
	"strconv"
	"strings"
	"time"

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

// guide tries the generalisations of a cluster for the new lemma ¬cube of p
// at level; it returns the cube and level to learn.
func (e *engine) guide(p *pred, cube []*term.Term, level int) ([]*term.Term, int, error) {
	if e.opts.NoGuidance || len(cube) == 0 || level >= infLevel {
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
	t0 := time.Now()
	defer func() { e.stats.genTime += time.Since(t0) }()
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
			e.tracef("guide: conjecture for %s\n", p.name)
			return core, max(level, lv), nil
		}
	}
	// sum of two varying upper bounds with a constant total
	if len(vary) == 2 {
		k0, c0, ok0 := litShape(vary[0])
		k1, c1, ok1 := litShape(vary[1])
		if ok0 && ok1 && strings.HasPrefix(k0, "<=:") && strings.HasPrefix(k1, "<=:") {
			total := c0.Add(c1)
			same := true
			for _, m := range members {
				if m[k0].Add(m[k1]).Cmp(total) != 0 {
					same = false
				}
			}
			if same {
				sum := e.st.Simplify(e.st.Le(e.st.Add(vary[0].Arg(0), vary[1].Arg(0)), e.st.Num(total, vary[0].Arg(0).Sort())))
				cand := append(slices.Clone(rest), sum)
				ok, core, lv, err := e.blocked(p, cand, level, true)
				if err != nil {
					return nil, 0, err
				}
				if ok {
					e.stats.guideWins++
					e.tracef("guide: sum for %s\n", p.name)
					return core, max(level, lv), nil
				}
			}
		}
	}
	return cube, level, nil
}
