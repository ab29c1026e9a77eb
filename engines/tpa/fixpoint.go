package tpa

import (
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A proof of safety found by a fixed-point check: a transition invariant
// TI that over-approximates every number of steps (right: TI ∘ Tr ⊆ TI,
// so the states TI reaches from Init are closed under Tr; left: Tr ∘ TI
// ⊆ TI, so the states from which TI reaches Bad are closed under the
// inverse of Tr), or an exact relation closed under composition, whose
// states are inductive only every k = 2^power steps.
type proof struct {
	kind  string     // for the stats and -v
	level int        // the level of the relation
	ti    *term.Term // over (0, 1), or (0, 2) for an exact fixed point
	// the relations of an exact fixed point: ti is less ∨ less ∘ exact
	less, exact *term.Term
	left        bool // TI reaches Bad; else TI is reached from Init
	k           int  // the state invariant is k-inductive (1 but for exact)
}

// at places the pure relation f over (0, 1) at versions (a, b).
func (c *core) at(f *term.Term, a, b int) *term.Term {
	v := c.v
	return c.st.Substitute(f, append(v.StateAt(0), v.StateAt(1)...), append(v.StateAt(a), v.StateAt(b)...))
}

// unsat decides that the conjunction of fs has no model.
func (c *core) unsat(fs ...*term.Term) (bool, error) {
	c.stats.fixpointChecks++
	ok, _, err := c.satisfiable(c.st.And(fs...))
	return !ok && err == nil, err
}

// lessFixpoint looks for a level i in 1 … power whose less-than relation
// (L[i] in split TPA, T[i] in basic TPA: both over-approximate the paths
// of fewer than, or at most, 2^i steps and contain the identity) is
// closed under one more step of Tr on the right or on the left, maybe
// after strengthening with its conjuncts that are closed themselves
// (Houdini), or restricted to the states of Init (right) or of Bad
// (left). Such a relation over-approximates every path, and the queries
// that built it showed that it does not connect Init to Bad.
func (c *core) lessFixpoint(power int) (*proof, error) {
	st, v := c.st, c.v
	for i := 1; i <= power; i++ {
		var rel *relation
		if c.split {
			rel = relAt(&c.less, i)
		} else {
			rel = relAt(&c.exact, i)
		}
		key := [3]int{len(rel.conj), len(c.rightInv), len(c.leftInv)}
		if i < len(c.lessChecked) && c.lessChecked[i] == key {
			continue // nothing new since the last check of this level
		}
		for len(c.lessChecked) <= i {
			c.lessChecked = append(c.lessChecked, [3]int{-1})
		}
		f := rel.formula(st)
		f02 := v.Move(f, 1, 2)
		// right: R ∧ f ∘ Tr ⊆ f
		if err := c.houdini(rel.conjuncts(), false); err != nil {
			return nil, err
		}
		R := st.And(c.rightInv...)
		q := []*term.Term{R, f, v.TransAt(1), st.Not(f02)}
		ok, err := c.unsat(q...)
		if err != nil {
			return nil, err
		}
		if !ok {
			if ok, err = c.unsat(append(q, v.InitAt(0))...); err != nil {
				return nil, err
			}
		}
		if ok {
			return &proof{kind: "less-right", level: i, ti: st.And(R, f), k: 1}, nil
		}
		// left: Tr ∘ (Lf ∧ f) ⊆ f
		if err := c.houdini(rel.conjuncts(), true); err != nil {
			return nil, err
		}
		Lf := st.And(c.leftInv...)
		q = []*term.Term{v.TransAt(0), v.Shift(st.And(Lf, f), 1), st.Not(f02)}
		if ok, err = c.unsat(q...); err != nil {
			return nil, err
		}
		if !ok {
			if ok, err = c.unsat(append(q, v.BadAt(2))...); err != nil {
				return nil, err
			}
		}
		if ok {
			return &proof{kind: "less-left", level: i, ti: st.And(Lf, f), left: true, k: 1}, nil
		}
		// the closed conjuncts alone may separate Init from Bad
		if ok, err = c.unsat(v.InitAt(0), R, v.BadAt(1)); err != nil {
			return nil, err
		}
		if ok {
			return &proof{kind: "houdini-right", level: i, ti: R, k: 1}, nil
		}
		if ok, err = c.unsat(v.InitAt(0), Lf, v.BadAt(1)); err != nil {
			return nil, err
		}
		if ok {
			return &proof{kind: "houdini-left", level: i, ti: Lf, left: true, k: 1}, nil
		}
		c.lessChecked[i] = [3]int{len(rel.conj), len(c.rightInv), len(c.leftInv)}
	}
	return nil, nil
}

// houdini keeps the largest subset of cands (relations over (0, 1) that
// contain the identity) whose conjunction C is closed under a step of Tr
// on the right (C ∘ Tr ⊆ C) or on the left, and adds it to the right or
// left invariants: each of them then over-approximates every path.
func (c *core) houdini(cands []*term.Term, left bool) error {
	st, v := c.st, c.v
	s := smt.New(st, smt.Options{})
	step := v.TransAt(1)
	if left {
		step = v.TransAt(0)
	}
	if err := s.Assert(step); err != nil {
		return err
	}
	cands = append([]*term.Term(nil), cands...)
	for len(cands) > 0 {
		C := st.And(cands...)
		hyp := C
		if left {
			hyp = v.Shift(C, 1)
		}
		c.stats.houdiniChecks++
		ok, err := c.check(s, hyp, st.Not(v.Move(C, 1, 2)))
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		m := s.Model()
		kept := cands[:0]
		for _, cand := range cands {
			holds, err := m.EvalBool(v.Move(cand, 1, 2))
			if err != nil {
				return err
			}
			if holds {
				kept = append(kept, cand)
			}
		}
		cands = kept
	}
	inv := &c.rightInv
	if left {
		inv = &c.leftInv
	}
	for _, cand := range cands {
		*inv = appendNew(*inv, cand)
	}
	return nil
}

func appendNew(ts []*term.Term, t *term.Term) []*term.Term {
	for _, u := range ts {
		if u == t {
			return ts
		}
	}
	return append(ts, t)
}

// exactFixpoint (split TPA) looks for a level i in 1 … power whose exact
// relation E[i] is transitive: E[i] ∘ E[i] ⊆ E[i], maybe only from the
// states reached from Init in fewer than 2^i steps. Then L[i] ∨ L[i] ∘
// E[i] over-approximates every path, and the states it reaches from Init
// are a 2^i-inductive invariant.
func (c *core) exactFixpoint(power int) (*proof, error) {
	st, v := c.st, c.v
	for i := 1; i <= power; i++ {
		key := [3]int{len(relAt(&c.exact, i).conj), len(relAt(&c.less, i).conj)}
		if i < len(c.exactChecked) && c.exactChecked[i] == key {
			continue
		}
		for len(c.exactChecked) <= i {
			c.exactChecked = append(c.exactChecked, [3]int{-1})
		}
		c.exactChecked[i] = key
		E := relAt(&c.exact, i).formula(st)
		L := relAt(&c.less, i).formula(st)
		// versions 1 … 3, leaving 0 for the restriction to Init
		q := []*term.Term{c.at(E, 1, 2), c.at(E, 2, 3), st.Not(c.at(E, 1, 3))}
		ok, err := c.unsat(q...)
		if err != nil {
			return nil, err
		}
		if !ok {
			if ok, err = c.unsat(append(q, v.InitAt(0), L)...); err != nil {
				return nil, err
			}
		}
		if !ok {
			continue
		}
		if i > c.maxExactPower {
			c.stats.exactTooDeep++
			c.log.Logf("exact fixed point at level %d: 2^%d-inductive, beyond the %d levels made 1-inductive", i, i, c.maxExactPower)
			continue
		}
		ti := st.Or(v.Move(L, 1, 2), st.And(L, v.Shift(E, 1)))
		return &proof{kind: "exact", level: i, ti: ti, less: L, exact: E, k: 1 << i}, nil
	}
	return nil, nil
}
