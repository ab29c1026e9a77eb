// Package term holds sorts, hash-consed terms and the operations on them:
// substitution, evaluation under a model, rewriting and printing.
//
// # Design
//
// A Store owns every term, sort and function symbol built through it, in
// the manner of z3's ast_manager. Terms are hash-consed: building the same
// operator over the same arguments twice gives the same *Term, so pointer
// equality is structural equality. Every term has a dense uint32 ID
// (0 <= ID < NumTerms) for side tables indexed by slices, as Go's SSA values
// do. Terms are immutable.
//
// Sorts are interned too: Bool, Int and Real are package values, array and
// uninterpreted sorts come from Store.ArraySort and Store.UninterpretedSort,
// and sorts compare with ==.
//
// Symbols are Funcs (name, domain, range). An uninterpreted constant is the
// OpConst term of a 0-ary Func; an application is an OpApply term. Bound
// variables (OpBound) have Funcs of their own, so a bound x never collides
// with a declared constant x. Quantifier terms hold the bound variables
// followed by the body as arguments.
//
// Construction is checked: Store.Build, App, ConstArray and Quantifier return
// an error on wrong arity or sorts, for code that handles user input. The
// convenience constructors (And, Add, Select, ...) panic instead, for code
// that knows its terms are well sorted. Build coerces Int to Real where Real
// is expected (to_real, or a Real numeral), and folds negation and division
// of numerals, so that every numeral has one representation and printing
// then reading gives back the same term. It simplifies nothing else: the
// rewriter does that.
//
// Operators follow SMT-LIB with two normalizations made by the reader: chains
// of comparisons become conjunctions of binary comparisons, and => and the
// left-associative / and div are nested to binary terms. And, Or, Xor, Add,
// Mul, Sub (left-associative), = (all equal) and distinct stay n-ary.
//
// # Naming
//
//	st      *Store
//	t, u    *Term
//	a, b    arguments of the term being built; a is also an array
//	i, v    array index and value
//	f       *Func
//	s       *Sort
//	op      Op
//	m       *Model
package term
