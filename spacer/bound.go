package spacer

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A bound is the linear constraint Σ coeffs·vars <= k (< k when strict),
// read from a comparison literal. Over Int (every variable Int and every
// coefficient an integer) it is never strict and k is an integer.
type bound struct {
	lin    term.Linear // Const is zero
	k      num.Rat
	strict bool
	isInt  bool
}

// readBound reads an arithmetic comparison (<=, <, >=, >, possibly
// negated) as a bound; ok is false for anything else.
func (e *engine) readBound(l *term.Term) (bound, bool) {
	neg := false
	if l.Op() == term.OpNot {
		neg, l = true, l.Arg(0)
	}
	op := l.Op()
	switch op {
	case term.OpLe, term.OpLt, term.OpGe, term.OpGt:
	default:
		return bound{}, false
	}
	if l.NumArgs() != 2 || !l.Arg(0).Sort().IsArith() {
		return bound{}, false
	}
	// a op b  <=>  (a - b) op 0
	lin, ok := e.st.Linearize(e.st.Sub(l.Arg(0), l.Arg(1)))
	if !ok || len(lin.Vars) == 0 {
		return bound{}, false
	}
	if neg { // ¬(x <= 0) is x > 0, ...
		op = map[term.Op]term.Op{term.OpLe: term.OpGt, term.OpLt: term.OpGe, term.OpGe: term.OpLt, term.OpGt: term.OpLe}[op]
	}
	b := bound{strict: op == term.OpLt || op == term.OpGt}
	if op == term.OpGe || op == term.OpGt { // x >= 0 is -x <= 0
		lin = negLinear(lin)
	}
	b.k = lin.Const.Neg()
	b.lin = term.Linear{Vars: lin.Vars, Coeffs: lin.Coeffs}
	b.isInt = true
	for i, v := range lin.Vars {
		b.isInt = b.isInt && v.Sort() == term.IntSort && lin.Coeffs[i].IsInt()
	}
	b.normInt()
	return b, true
}

// normInt tightens an integer bound: Σ < k is Σ <= ⌈k⌉-1, Σ <= k is
// Σ <= ⌊k⌋.
func (b *bound) normInt() {
	if !b.isInt {
		return
	}
	if b.strict {
		b.k = b.k.Ceil().Rat().Sub(num.NewRat(1, 1))
		b.strict = false
		return
	}
	b.k = b.k.Floor().Rat()
}

func negLinear(l term.Linear) term.Linear {
	out := term.Linear{Vars: l.Vars, Coeffs: make([]num.Rat, len(l.Coeffs)), Const: l.Const.Neg()}
	for i, c := range l.Coeffs {
		out.Coeffs[i] = c.Neg()
	}
	return out
}

// term is the bound as a formula.
func (e *engine) boundTerm(b bound) *term.Term {
	s := term.RealSort
	if b.isInt {
		s = term.IntSort
	}
	lhs := e.st.FromLinear(b.lin, s)
	rhs := e.st.Num(b.k, s)
	if b.strict {
		return e.st.Lt(lhs, rhs)
	}
	return e.st.Le(lhs, rhs)
}

// ratio returns λ > 0 with a.lin = λ·b.lin, or false.
func ratio(a, b bound) (num.Rat, bool) {
	if len(a.lin.Vars) != len(b.lin.Vars) {
		return num.Rat{}, false
	}
	var lambda num.Rat
	for i, v := range a.lin.Vars {
		if b.lin.Vars[i] != v {
			return num.Rat{}, false
		}
		r := a.lin.Coeffs[i].Quo(b.lin.Coeffs[i])
		if i == 0 {
			if r.Sign() <= 0 {
				return num.Rat{}, false
			}
			lambda = r
		} else if r.Cmp(lambda) != 0 {
			return num.Rat{}, false
		}
	}
	return lambda, true
}

// boundWeakener weakens each bound of a lemma from interpolation towards
// the obligation: Farkas' A-side interpolant is the strongest bound the
// frame gives (x <= k at level k, on a counter), the B-side one the
// weakest that still excludes the obligation (x <= 10000 against
// x > 10000). When the weakest is inductive (blocked relative to its own
// lemma with only the inductive lemmas as frame) it is learned besides
// the candidate, which stays as it is. Replacing the candidate, or
// accepting a weaker bound at a finite level, trades a lemma close to
// the reachable states (which pushes) for one close to the obligation
// (which does not): measured, s_split_18 of lia-lin then re-learns a
// chain of bounds at every level and no longer converges. A bisection
// between the two constants found no inductive bound the weakest had
// missed on the dev folders (0 of ~100 files) and cost checks: it was
// removed.
type boundWeakener struct{}

func (boundWeakener) name() string { return "weaken-bounds" }

func (boundWeakener) generalize(e *engine, c *cand) error {
	if c.level >= infLevel || len(c.weak) == 0 {
		return nil
	}
	w := &cand{p: c.p, cube: slices.Clone(c.cube), level: c.level, L: c.L}
	moved := false
	for i, weak := range c.weak {
		if weak == nil || i >= len(w.cube) {
			continue
		}
		cube := slices.Clone(w.cube)
		cube[i] = weak
		ok, err := e.try(w, cube, infLevel)
		if err != nil {
			return err
		}
		moved = moved || ok
	}
	c.weak = nil
	if moved {
		e.stats.boundWeakened++
		c.extra = append(c.extra, w)
	}
	return nil
}
