// Package term holds sorts, hash-consed terms and the operations on them:
// substitution, evaluation under a model, rewriting, implicants and
// printing.
//
// # Design
//
// A Store owns every term, sort and function symbol built through it, in
// the manner of z3's ast_manager. Terms are hash-consed: building the same
// operator over the same arguments twice gives the same *Term, so pointer
// equality is structural equality. Every term has a dense uint32 ID
// (0 <= ID < NumTerms) for side tables indexed by slices, as Go's SSA values
// do: TermMap is such a table, paged so that it costs the pages of the
// terms it holds, cleared in time proportional to its entries, and the
// memo tables of Eval, Simplify and Substitute are TermMaps. The
// hash-consing index itself is an open-addressing table of (hash tag, ID)
// slots, so a lookup touches one slot array and only a matching tag leads
// to a term. Terms are immutable.
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
// # Models and evaluation
//
// A Model (model.go) maps constants to values and functions to finite
// tables with a default; Model.Eval (eval.go) is total. Unassigned
// constants take Store.DefaultValue of their sort (false, 0, 0.0, the
// abstract element U!val!0, the constant array of the element default);
// uninterpreted functions take their table's default. Division by zero,
// which SMT-LIB leaves unspecified, is (op x 0) = DivByZero(op)(x) for
// reserved unary functions (@/0, @div0, @mod0, interned apart from user
// symbols) that the model interprets like any function, 0 by default; a
// solver treating x/0 as an uninterpreted function of x gives Eval its
// interpretation through SetFunc. Values are canonical hash-consed terms, so
// equal values are the same pointer. Arrays are
//
//	(store ... (store ((as const S) d) i1 v1) ... in vn)
//
// with i1 < ... < in in the order of CompareValues, no vk = d, no index
// twice; extensionality is pointer equality. Eval walks the DAG once with
// an explicit stack (memoized per call), fails on free bound variables and
// on quantifiers, except over at most 10 Bool variables, which it expands.
//
// # Datatypes
//
// datatype.go: algebraic datatypes. Store.DeclareDatatypes interns the
// sorts of a group of (mutually recursive) datatypes, DefineDatatypes
// gives them constructors with named fields; the groups stay in the Store
// (DatatypeGroups, FprintDatatypes prints one as SMT-LIB), and Clone and
// Copier copy them. An instance of a parametric datatype, (List Int), is
// a datatype sort named List with Params [Int], declared by
// DeclareDatatypeInstances with its Template (the parametric declaration
// as text, printed once, with the first group that instantiates it); its
// constructors print qualified, (as nil (List Int)). So do the
// constructors of a name declared in several datatypes. Testers print as
// is-C, which z3, cvc5 and Eldarica read by the argument's sort (z3 4.8
// reads no (_ is C) under (set-logic HORN), nor tells (_ is C) of
// several instances apart), and as (_ is C) when another symbol is
// named is-C. Constructors, selectors and testers are Funcs applied
// with App, giving OpCons, OpSel and OpTest terms. A datatype value is a
// constructor over values; the default value is the first constructor
// whose fields have values. A selector of the wrong constructor evaluates
// through the model's interpretation of the selector symbol, like an
// uninterpreted function. Simplify folds sel(C(..x..)) to x, testers of
// constructor terms, C(..) = D(..) to false, C(a) = C(b) to a = b, and
// x = C(..x..) to false.
//
// # Substitution and traversal
//
// subst.go: Substitute and SubstituteMap (simultaneous, memoized, respecting
// quantifier scopes and renaming bound variables that would capture).
// walk.go: PostOrder (an iterator over the distinct nodes of a DAG),
// FreeConsts, Funcs, Size.
//
// # Rewriting
//
// Simplify (rewrite.go, linear.go) rewrites bottom-up, once per node, to a
// normal form; every rule maps simplified arguments to a simplified result,
// so Simplify is idempotent (Simplify(Simplify(t)) == Simplify(t)). The
// normal form:
//
//   - Constant folding of every operator over numerals and values, except
//     division by zero, which stays (/ a 0.0), (div a 0), (mod a 0).
//   - and/or: flattened, without true/false, arguments sorted by ID without
//     duplicates; p and (not p) together give false (true for or); one
//     argument stands alone. => becomes or. not: never of not, true, false.
//   - xor: negations and constants taken out as a parity, flattened, pairs
//     cancelled, arguments sorted: x, (xor x1 ... xn), or their negation.
//   - ite: constant conditions and equal branches fold, a negated condition
//     swaps the branches, Boolean ite with a constant branch (or a branch
//     equal to the condition) becomes and/or.
//   - Arithmetic terms are linear forms over variables (see Linear):
//     (+ m1 ... mk c), mi = x or (* a x), variables by increasing ID, c last
//     and omitted if 0; a single monomial or numeral stands alone. Int
//     variables in Real forms appear as (to_real x). A product of several
//     non-constant factors is one variable (* f1 ... fn), factors sorted by
//     ID, times a coefficient; products are not distributed.
//   - (div a k), (mod a k) for a numeral k != 0: k made positive, the part
//     of a divisible by k moved out (the remaining dividend has a constant
//     in [0, k) and no coefficient divisible by k); k = 1 folds. to_int and
//     is_int of forms with Int variables and integer coefficients fold.
//   - Comparisons become atoms (<= L c) (Int, Real), (>= L c) (Real only),
//     (= L c), or the negation of one, where L has no constant and c is a
//     numeral: Int atoms have coprime integer coefficients with the first
//     positive (x < c is x <= c-1; gcds divide out with floor; an equality
//     the gcd does not divide is false); Real atoms have first coefficient
//     1. A Real comparison over Int variables only becomes an Int atom.
//     So x <= 3 and x > 3 share the atom (<= x 3).
//   - Equalities of non-arithmetic sorts: t = t is true, distinct values
//     are false, Boolean equalities with a constant fold to the other side
//     (or its negation), (= p (not p)) is false; otherwise the arguments are
//     sorted by ID. n-ary = is a conjunction of binary ones; distinct of two
//     terms is (not (= a b)), of three or more Booleans false.
//   - Arrays: stores of values fold to canonical array values; (select
//     (store a i v) i) is v, selects skip stores at other value indices and
//     read constant arrays; a store at the index of the store below it
//     replaces it; (store a i (select a i)) is a.
//   - Quantifiers with a constant body fold.
//
// The rules read the order of IDs only between the variables of one
// linear form and between the two sides of an equality. So a simplified
// bound, equation or Boolean literal whose constants a substitution
// renames into constants, one to one and in the same order, is simplified
// by rebuilding it over the new constants (rename.go): the conjuncts of a
// clause renamed apart, the most common substitution of preprocessing.
//
// Linearize and FromLinear expose the linear forms for projection and the
// solver. NNF (nnf.go) gives negation normal form: and, or, not on atoms,
// with =>, xor, Boolean = and ite expanded.
//
// # Bit-vectors
//
// bv.go: the sorts (_ BitVec w) (Store.BitVecSort; Sort.Width), literals
// (OpBVNum, the value in [0, 2^w) held exactly by the term's number, printed
// #x when w is a multiple of 4, else #b) and every QF_BV operator of
// SMT-LIB 2.6, SMT-LIB 2.7's overflow predicates (bvnego, bvuaddo, ...,
// bvsdivo), z3's bvredor, bvredand, bv2nat and int2bv. Indexed operators (extract,
// zero_extend, sign_extend, rotate_*, repeat, int2bv) keep their indices in
// the term's number (Term.Indices), so hash-consing tells (_ extract 3 0)
// from (_ extract 4 1); build them with Store.BuildIndexed. BVApply is the
// reference semantics on math/big (SMT-LIB's total division: (bvudiv x 0)
// is all ones, (bvurem x 0) is x, the signed ones derived from them);
// evaluation and the rewriter's constant folding use it. The rewriter also
// turns bvugt, bvuge, bvsgt, bvsge into bvult, bvule, bvslt, bvsle with the
// arguments swapped, folds the literals of bvadd, bvmul, bvand, bvor and
// bvxor into one (last; dropped when it is the unit, the result when it
// absorbs), and takes an extract through extracts and concatenations to
// the argument that holds its bits.
//
// # Implicants
//
// An Implicant (implicant.go) turns a formula t true in a model m into a
// cube: literals true in m whose conjunction implies t, read off t's
// Boolean structure under m (a conjunction gives all its conjuncts, a
// disjunction its first true disjunct, xor, Boolean = and distinct their
// arguments with their values, an ite its condition and the branch
// taken, an n-ary = or distinct over another sort its binary
// (dis)equalities). Spacer's generalisation and child obligations,
// model-based projection and the interpolating core all take their cubes
// there, with three options, the differences between them that matter:
// SplitDiseq makes an arithmetic disequality the strict inequality m
// satisfies (Farkas combinations need convex literals; projection keeps
// the disequality, which Loos–Weispfenning handles); ResolveIte replaces
// the ites inside atoms by the branches m takes, with their conditions'
// literals (projection and Spacer want ite-free atoms; the interpolating
// core keeps A's atoms as they are); Keep outputs chosen subformulas
// whole (projection keeps what mentions no projected variable). Negated
// comparisons stay negated: (not (<= x 3)) is a literal like (> x 3). An
// Implicant keeps its memo tables (values, polarities walked, literals
// out, resolved terms) as TermMaps across cubes and builds its literals
// without allocating when they exist in the store.
//
// # Files
//
//	store.go      Store: hash-consing of terms, sorts and symbols
//	term.go       Term
//	sort.go       Sort
//	op.go         Op
//	intern.go     the intern tables of a Store
//	table.go      TermMap: values by dense term ID
//	build.go      Build: op applied to args, arity and sorts checked
//	mk.go         convenience constructors
//	clone.go      Store.Clone and Copier: terms into another store
//	subst.go      Substitute, SubstituteMap
//	walk.go       PostOrder, FreeConsts, Funcs
//	fcmemo.go     SharedFreeConsts: free constants memoized in the store
//	print.go      printing in SMT-LIB syntax
//	model.go      Model
//	eval.go       Model.Eval: total evaluation
//	rewrite.go    Simplify, SimplifyMap, SimplifyAnd, SimplifyAndMap, SimplifyConjuncts;
//	              the simplifications the store remembers
//	rename.go     the simplified atoms that a substitution renames, in the
//	              order of their constants' IDs, rebuilt without the rules
//	linear.go     Linear, Linearize
//	nnf.go        NNF
//	implicant.go  Implicant
//	datatype.go   algebraic datatypes: declarations, constructors, selectors, testers
//	recdef.go     RecDef: functions defined by cases on a datatype (folds), their
//	              evaluation, SMT-LIB body and copies
//	bv.go         bit-vectors: sorts, literals, operators, evaluation on math/big
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
//	v       a value (eval.go)
//	l       Linear
//	c, k    numerals / coefficients (num.Rat)
//	lz      *linearizer
//	im      *Implicant
//	pol     the value a subformula has in the model (Implicant's walk)
package term
