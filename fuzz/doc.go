// Package fuzz holds the random generators and helpers that property-based
// and differential tests across gospacer share: random well-sorted terms and
// formulas, random models, and SMT-LIB scripts that print a failing case
// readably. Tests of every package use these generators instead of private
// copies, so an improvement here sharpens all of them.
//
// # Generators
//
// The generators are pgregory.net/rapid generators. A Config selects the
// theories (a Theory bitmask), the number of constants per sort and the
// maximal depth. The constants and functions of a Config form a fixed,
// readable signature (see Consts and Funcs):
//
//	Bool                          b0 b1 ...    Theory Bool
//	Int                           x0 x1 ...    LIA, Arrays or UF
//	Real                          r0 r1 ...    LRA
//	(Array Int Int)               a0 a1 ...    Arrays
//	(Array Int (Array Int Int))   n0 n1 ...    Arrays
//	U (uninterpreted)             u0 u1 ...    UF
//	f: Int -> Int, g: Int Int -> Int, p: Int -> Bool, h: U -> U     UF
//	fr: Real -> Real                                              UF and LRA
//	q0 q1 q2: bound Bool variables                                Quantifiers
//
// Formula draws a Boolean formula, TermOf a term of a given sort, ModelFor
// a model of given constants (and of the Config's functions and of the
// division-by-zero symbols of term.Store.DivByZero, so properties exercise
// that convention). Generators only build well-sorted terms.
//
// # Shrinking
//
// rapid shrinks the recorded draws toward zero; the generators are laid out
// so that smaller draws mean smaller, more readable cases: at every node the
// choice 0 is a leaf, leaves prefer constants and small numerals, argument
// counts start at their minimum, and a model constant whose first draw is 0
// keeps its default value. A failing property thus usually shrinks to a
// term of a few nodes over x0, r0, b0 and a model of mostly defaults.
//
// # Case counts
//
// rapid runs 100 cases per rapid.Check by default. Check runs a property for
// at least a given number of cases unless -rapid.checks (or RAPID_CHECKS)
// chooses the count on the command line.
//
// # Naming
//
//	st    *term.Store
//	cfg   Config
//	g     *gen, the state of one draw
//	t     *rapid.T
//	d     remaining depth
//	s     *term.Sort
package fuzz
