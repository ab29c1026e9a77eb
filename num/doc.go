// Package num provides exact integers (Int) and rationals (Rat) for the
// solver: an int64 fast path with overflow detection, falling back to
// math/big only when a value does not fit.
//
// # Representation
//
// Both types are small immutable value types whose zero value is 0:
//
//	Int{small int64; big *big.Int}           value = small,        big == nil
//	                                         value = *big,         otherwise
//	Rat{n, dm int64; big *big.Rat}           value = n / (dm + 1), big == nil
//	                                         value = *big,         otherwise
//
// The representation is canonical: a value that fits in int64 (for Rat: a
// normalized numerator and denominator that both fit) is always stored
// small, so a big value is never equal to a small one. Rat stores the
// denominator minus one so that the zero value reads 0/1 without a branch.
// A *big pointer is never mutated after the value holding it is created,
// so copies may share it.
//
// # Fast paths
//
// Add, Sub, Mul and Cmp on small operands never allocate. Overflow is
// detected with the usual sign tests for addition and with bits.Mul64 (a
// 128-bit product) for multiplication; Rat.Cmp cross-multiplies in 128 bits.
// Rat.Add follows Knuth (TAOCP 4.5.1): only gcd(d1, d2) can cancel, so one
// small gcd suffices; Rat.Mul cancels the cross gcds before multiplying.
// When a small operation overflows, Rat.Add/Sub/Mul and Int.Add/Sub/Mul
// first redo it in 128 bits (wide.go): a product of reduced fractions is
// already reduced and a Knuth sum needs one gcd with a 64-bit number, so
// the result is either small again or built as a big value without a big
// gcd. AddMul (a + b·c, the simplex's row update) on small operands is
// exact in 192 bits and allocates only for a big result. Only operations
// with a big operand compute in math/big (bigrat.go), as GMP does: the
// gcds that can be non-trivial, of the operands rather than of their
// products, a one-word gcd without math/big; their results are normalized
// back to small when they fit (e.g. (2^63)·(1/2)).
//
// # Semantics
//
// Int.Div and Int.Mod are SMT-LIB's: Euclidean, a = b·q + r with
// 0 <= r < |b|, which is also what big.Int.Div/Mod compute (unlike Go's /
// and %). Division by zero panics: it is a broken invariant of the caller,
// not bad input. Bad text (ParseInt, ParseRat) returns a *SyntaxError.
//
// # Files
//
//	arith.go  checked int64 helpers (add64, sub64, mul64, gcd64, cmpCross)
//	int.go    Int, ParseInt, SyntaxError
//	rat.go    Rat, ParseRat, String/DecimalString
//	wide.go   128- and 192-bit paths for overflowing small operations
//	bigrat.go Rat.Add/Sub/Mul on big operands (GMP's mpq_add, mpq_mul)
//
// # Naming
//
//	a, b, c     operands (receiver is a)
//	n, d        numerator, denominator (int64)
//	dm          stored denominator minus one
//	g           a gcd
//	q, r        quotient, remainder
//	ok          "no overflow" from a checked helper
//	small, big  the two representations
package num
