package chc

import (
	"github.com/seed-f9c3434d/gospacer/term"
)

// NonLinear returns a non-linear arithmetic term of t, nil if there is
// none: a product of two or more factors that are not constants, or a
// division (/, div, mod) by a term that is not a constant.
func NonLinear(st *term.Store, t *term.Term) *term.Term {
	for u := range term.PostOrder(t) {
		if IsNonLinear(st, u) {
			return u
		}
	}
	return nil
}

// IsNonLinear reports whether t itself (not a subterm) is non-linear
// arithmetic (see NonLinear).
func IsNonLinear(st *term.Store, t *term.Term) bool {
	switch t.Op() {
	case term.OpMul:
		vars := 0
		for _, a := range t.Args() {
			if !isConstant(st, a) {
				vars++
			}
		}
		return vars > 1
	case term.OpDiv, term.OpIntDiv, term.OpMod:
		return !isConstant(st, t.Arg(1))
	}
	return false
}

// isConstant reports whether the arithmetic term t has no variables.
func isConstant(st *term.Store, t *term.Term) bool {
	if t.IsNum() {
		return true
	}
	lin, ok := st.Linearize(t)
	return ok && lin.IsConst()
}

// NonLinearClause returns the first clause of s with non-linear
// arithmetic in its constraint, and the term; nil, nil if there is none.
func (s *System) NonLinearClause() (*Clause, *term.Term) {
	for _, c := range s.Clauses {
		if t := NonLinear(s.St, c.Constraint); t != nil {
			return c, t
		}
	}
	return nil, nil
}
