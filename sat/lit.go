package sat

import "strconv"

// Var is a propositional variable. Variables are numbered from 1, as in
// DIMACS; VarNull (0) is never a variable.
type Var uint32

// Lit is a literal: 2*v for the positive literal of v, 2*v+1 for its
// negation. LitNull (0) is never a literal.
type Lit uint32

const (
	// VarNull is the zero Var; it names no variable.
	VarNull Var = 0
	// LitNull is the zero Lit; it names no literal.
	LitNull Lit = 0
)

// Pos returns the positive literal of v.
func (v Var) Pos() Lit { return Lit(v << 1) }

// Neg returns the negative literal of v.
func (v Var) Neg() Lit { return Lit(v<<1 | 1) }

// Lit returns the literal of v that is negative when neg is true.
func (v Var) Lit(neg bool) Lit {
	if neg {
		return v.Neg()
	}
	return v.Pos()
}

// String returns the DIMACS number of v.
func (v Var) String() string { return strconv.Itoa(int(v)) }

// Var returns the variable of m.
func (m Lit) Var() Var { return Var(m >> 1) }

// Not returns the complement of m.
func (m Lit) Not() Lit { return m ^ 1 }

// IsNeg reports whether m is a negative literal.
func (m Lit) IsNeg() bool { return m&1 == 1 }

// Dimacs returns m as a DIMACS integer: v or -v.
func (m Lit) Dimacs() int {
	if m&1 == 1 {
		return -int(m >> 1)
	}
	return int(m >> 1)
}

// String returns the DIMACS form of m ("-3"); LitNull prints as "null".
func (m Lit) String() string {
	if m == LitNull {
		return "null"
	}
	return strconv.Itoa(m.Dimacs())
}

// Dimacs returns the literal of the DIMACS integer d (d != 0).
func Dimacs(d int) Lit {
	if d < 0 {
		return Var(-d).Neg()
	}
	return Var(d).Pos()
}

// LBool is a three-valued truth value.
type LBool int8

const (
	// Undef is the value of an unassigned literal.
	Undef LBool = 0
	// True is the value of a satisfied literal.
	True LBool = 1
	// False is the value of a falsified literal.
	False LBool = -1
)

// String returns "true", "false" or "undef".
func (b LBool) String() string {
	switch b {
	case True:
		return "true"
	case False:
		return "false"
	}
	return "undef"
}

// Result is the answer of Solve.
type Result uint8

const (
	// Unknown means the search stopped early: the context was cancelled
	// or a budget ran out.
	Unknown Result = iota
	// Sat means a model was found; see Solver.Value and Solver.Model.
	Sat
	// Unsat means the clauses together with the assumptions have no model;
	// see Solver.Failed for the assumptions that take part.
	Unsat
)

// String returns "sat", "unsat" or "unknown".
func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}
