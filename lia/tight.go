package lia

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// Hidden equalities. The bounds can confine the relaxation to a
// hyperplane that no asserted equality names: x - 3y >= 6, -x - 3z >= 6
// and y + z >= -4 sum to 0 >= 0, so each holds with equality in every
// solution. With 2x + 3w = -2 there is no integer point (the first gives
// x ≡ 0, the last x ≡ 2 mod 3), but the Diophantine check sees only the
// asserted equality, the GCD test only single rows, and the relaxation
// has fractional points all along an unbounded ray, where branch and
// bound and Gomory cuts walk forever (found by the itp property test,
// seed 1177461003401220031).
//
// Every tightPeriod-th fractional Check therefore tests the integer
// variables that sit exactly on a bound and are not fixed: v at its lower
// bound l is tested with the bound l+1 (at its upper bound u, with u-1),
// one push, simplex check and pop each. When the simplex refutes it, v = l
// holds in every integer solution, and the answer is the cut v <= l
// (v >= u), proved like a rounding cut (see gcd.go): the split on v
// itself, whose case v <= l is the cut and whose case v >= l+1 the
// simplex's conflict refutes. Unlike the other cuts it need not exclude
// the current point (it held where it was found); it fixes v, and the
// next Check's GCD and Diophantine tests see the equality.

// Limits of the test: at most maxTightTests bounds per run.
const maxTightTests = 64

// tightReason marks the tentative bound in the simplex's conflict.
const tightReason = ^lra.Reason(0)

// A tightCand is a bound an integer variable sits on.
type tightCand struct {
	v lra.Var
	k lra.BoundKind
	b num.Rat
}

// tightTest looks for a bound every solution of the relaxation meets (see
// above); on success it fills s.cut and reports true. It leaves lp's
// bounds as they were and its assignment feasible, with a new simplex
// check when it tested anything; ok is false when ctx ended first.
func (s *Solver) tightTest(ctx context.Context) (found, ok bool) {
	s.tight = s.tight[:0]
	n := len(s.isInt)
	for i := range n {
		// from where the last run stopped, so that every bound gets its
		// turn when more than maxTightTests qualify
		v := (s.tightFrom + i) % n
		x := lra.Var(v)
		if !s.isInt[v] {
			continue
		}
		if _, fixed := s.fixedValue(x); fixed {
			continue
		}
		val := s.lp.Assignment(x)
		if lo, _, has := s.lp.Lower(x); has && lo.D.IsZero() && lo.Equal(val) {
			s.tight = append(s.tight, tightCand{x, lra.Lower, lo.R})
		} else if hi, _, has := s.lp.Upper(x); has && hi.D.IsZero() && hi.Equal(val) {
			s.tight = append(s.tight, tightCand{x, lra.Upper, hi.R})
		}
		if len(s.tight) == maxTightTests {
			s.tightFrom = v + 1
			break
		}
	}
	if len(s.tight) == 0 {
		return false, true
	}
	for _, c := range s.tight {
		r := s.impliedBound(ctx, c)
		if r == lra.Unknown {
			return false, false
		}
		if r == lra.Unsat {
			found = true
			break
		}
	}
	// The tentative checks moved the assignment; the bounds it must meet
	// are the old ones again.
	return found, s.lp.Check(ctx) == lra.Sat
}

// impliedBound checks the relaxation with c's bound moved one step
// inwards. On Unsat it fills s.cut with c's bound as a cut.
func (s *Solver) impliedBound(ctx context.Context, c tightCand) lra.Result {
	one := num.NewRat(1, 1)
	s.lp.Push()
	defer s.lp.Pop(1)
	var tent lra.DeltaRat
	var conflict bool
	if c.k == lra.Lower {
		tent = lra.Exact(c.b.Add(one))
		conflict = s.lp.AssertLower(c.v, tent, tightReason)
	} else {
		tent = lra.Exact(c.b.Sub(one))
		conflict = s.lp.AssertUpper(c.v, tent, tightReason)
	}
	if !conflict {
		if r := s.lp.Check(ctx); r != lra.Unsat {
			return r
		}
	}
	// The cut P <= bound with P = v (lower) or P = -v (upper); the case
	// P >= bound+1 is the tentative bound.
	cut := &s.cut
	if c.k == lra.Lower {
		cut.rounding(Equality, c.b.Floor())
		s.add(c.v, one)
	} else {
		cut.rounding(Equality, c.b.Neg().Floor())
		s.add(c.v, one.Neg())
	}
	cut.Split.Coeffs, cut.Split.Vars = s.collect(cut.Split.Coeffs, cut.Split.Vars)
	seen := false
	for _, e := range s.lp.Conflict() {
		if !seen && e.Reason == tightReason && e.Var == c.v && e.Kind == c.k && e.Bound.Equal(tent) {
			cut.Split.Ge.Mult, seen = e.Coeff, true
			continue
		}
		cut.Split.Ge.Expl = append(cut.Split.Ge.Expl, e)
	}
	if !seen {
		// The bounds contradict each other without the tentative one,
		// which cannot be after a Sat check: no cut.
		return lra.Sat
	}
	cut.roundingDone()
	return lra.Unsat
}
