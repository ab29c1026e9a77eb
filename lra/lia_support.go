package lra

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Support for integer reasoning (package lia): reading a column of the
// tableau and moving a nonbasic variable, which lia's patching uses to
// make fractional basic variables integral without a branch.

// Column appends to dst the basic variables of the rows in which the
// nonbasic variable v occurs, with v's coefficient in each row, and
// returns the extended slices. It panics if v is basic.
func (s *Solver) Column(v Var, dstCoeffs []num.Rat, dstVars []Var) ([]num.Rat, []Var) {
	if s.rowOf[v] >= 0 {
		panic(fmt.Sprintf("lra: Column of basic variable %d", v))
	}
	for _, ce := range s.cols[v] {
		dstCoeffs = append(dstCoeffs, s.rows[ce.row][ce.pos].coeff)
		dstVars = append(dstVars, s.basic[ce.row])
	}
	return dstCoeffs, dstVars
}

// MoveNonbasic sets the value of the nonbasic variable v to val and the
// basic variables of its rows accordingly, as Check's updates do. val must
// be within v's bounds (it panics otherwise, or if v is basic); a basic
// variable pushed outside its bounds is queued for the next Check.
func (s *Solver) MoveNonbasic(v Var, val DeltaRat) {
	if s.rowOf[v] >= 0 {
		panic(fmt.Sprintf("lra: MoveNonbasic of basic variable %d", v))
	}
	if (s.lo[v].set && val.Cmp(s.lo[v].val) < 0) || (s.hi[v].set && val.Cmp(s.hi[v].val) > 0) {
		panic(fmt.Sprintf("lra: MoveNonbasic of x%d to %v outside its bounds", v, val))
	}
	if d := val.Sub(s.value[v]); !d.IsZero() {
		s.update(v, d)
	}
}
