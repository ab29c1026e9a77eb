package lra

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/num"
)

// ctxEvery is how many pivots Check does between looks at its context.
const ctxEvery = 64

// Check decides whether the asserted bounds are satisfiable together with
// the rows. On Sat the assignment satisfies every bound (Value gives a
// rational model); on Unsat Conflict explains why; Unknown means ctx was
// cancelled (looked at first and every 64 pivots), leaving the solver usable.
//
// This is Check of Dutertre and de Moura: repeatedly take the smallest
// basic variable outside its bounds, pick a nonbasic variable of its row
// that can move in the needed direction, and pivot. The entering variable
// is the one with the shortest column (cheapest pivot) until the pivots of
// this call exceed a threshold, then the smallest (Bland's rule), which
// guarantees termination.
func (s *Solver) Check(ctx context.Context) Result {
	s.stats.Checks++
	if s.inConflict {
		return Unsat
	}
	s.deltaOK = false
	if ctx != nil && ctx.Err() != nil {
		return Unknown
	}
	pivots := 0
	for {
		xi, ok := s.popInfeasible()
		if !ok {
			return Sat
		}
		r := s.rowOf[xi]
		if r < 0 {
			continue
		}
		bland := pivots >= s.blandAfter
		var target DeltaRat
		var p int32
		switch {
		case s.lo[xi].set && s.value[xi].Cmp(s.lo[xi].val) < 0:
			target = s.lo[xi].val
			p = s.selectEntering(r, true, bland)
			if p < 0 {
				s.explainRow(r, Lower)
				s.pushInfeasible(xi)
				s.stats.Conflicts++
				return Unsat
			}
		case s.hi[xi].set && s.value[xi].Cmp(s.hi[xi].val) > 0:
			target = s.hi[xi].val
			p = s.selectEntering(r, false, bland)
			if p < 0 {
				s.explainRow(r, Upper)
				s.pushInfeasible(xi)
				s.stats.Conflicts++
				return Unsat
			}
		default:
			continue
		}
		s.pivotAndUpdate(r, p, target)
		pivots++
		s.stats.Pivots++
		if bland {
			s.stats.BlandPivots++
		}
		if pivots%ctxEvery == 0 && ctx != nil && ctx.Err() != nil {
			return Unknown
		}
	}
}

// selectEntering returns the position in row r of a nonbasic variable
// that can move so that the basic variable increases (or decreases), or
// -1 if there is none.
func (s *Solver) selectEntering(r int32, increase bool, bland bool) int32 {
	best := int32(-1)
	var bestVar Var
	bestLen := 0
	for i, e := range s.rows[r] {
		up := (e.coeff.Sign() > 0) == increase // must e.v increase?
		if up {
			if s.hi[e.v].set && s.value[e.v].Cmp(s.hi[e.v].val) >= 0 {
				continue
			}
		} else if s.lo[e.v].set && s.value[e.v].Cmp(s.lo[e.v].val) <= 0 {
			continue
		}
		n := len(s.cols[e.v])
		if best < 0 || (bland && e.v < bestVar) ||
			(!bland && (n < bestLen || (n == bestLen && e.v < bestVar))) {
			best, bestVar, bestLen = int32(i), e.v, n
		}
	}
	return best
}

// pivotAndUpdate sets the basic variable of row r to target by moving the
// nonbasic variable at position p, then pivots them.
func (s *Solver) pivotAndUpdate(r, p int32, target DeltaRat) {
	e := s.rows[r][p]
	xi := s.basic[r]
	theta := target.Sub(s.value[xi]).Scale(e.coeff.Inv())
	s.update(e.v, theta)
	s.pivot(r, p)
	if s.violated(e.v) {
		s.pushInfeasible(e.v)
	}
}

// explainRow sets the conflict for row r whose basic variable violates
// its bound of kind k while no nonbasic variable of the row can help:
// every nonbasic variable sits at the bound that blocks it.
//
// For k == Lower, with x = Σ a_j·x_j: the lower bound of x (λ = 1), the
// upper bound of x_j for a_j > 0 and the lower bound for a_j < 0 (λ =
// |a_j|) sum to 0 <= β(x) - l(x) < 0. For k == Upper symmetrically.
func (s *Solver) explainRow(r int32, k BoundKind) {
	xi := s.basic[r]
	one := num.NewRat(1, 1)
	c := s.conflict[:0]
	b := s.boundOf(xi, k)
	c = append(c, Explained{Reason: b.reason, Coeff: one, Var: xi, Kind: k, Bound: b.val})
	for _, e := range s.rows[r] {
		kj := Upper
		if (e.coeff.Sign() > 0) != (k == Lower) {
			kj = Lower
		}
		bj := s.boundOf(e.v, kj)
		c = append(c, Explained{Reason: bj.reason, Coeff: e.coeff.Abs(), Var: e.v, Kind: kj, Bound: bj.val})
	}
	s.conflict = c
}

func (s *Solver) boundOf(v Var, k BoundKind) bound {
	if k == Upper {
		return s.hi[v]
	}
	return s.lo[v]
}
