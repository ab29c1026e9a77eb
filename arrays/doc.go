// Package arrays decides the extensional theory of arrays on top of an
// euf.Graph: select, store and constant arrays, with indices and elements
// of any sort (integers, reals, Booleans, uninterpreted sorts, arrays).
//
// # Division of labour
//
// The Solver owns no equalities. The caller (the smt package's euf plugin)
// puts the terms in the graph, asserts equalities and disequalities there
// and asks the Solver, at the points of the search it chooses, which axiom
// instances the current classes make relevant. The Solver answers with
// Lemmas: clauses of equality literals over terms, possibly new ones (a
// select at a new index, a fresh index constant), tagged with their Kind.
// The caller encodes them and adds them for good; the Solver produces each
// instance once (a done set keyed by the kind and the nodes that determine
// the instance), so it never proposes the same lemma twice. This is the
// lazy, lemmas-on-demand approach of de Moura and Bjørner ("Generalized,
// efficient array decision procedures", FMCAD 2009) and of z3's
// theory_array: the search sees an axiom only when a class structure makes
// it bite.
//
// # Axioms
//
//	read-same        (select (store a i v) i) = v
//	read-other       i = j ∨ (select (store a i v) j) = (select a j)
//	read-const       (select (const v) j) = v
//	extensionality   a = b ∨ (select a k) ≠ (select b k),  k fresh
//	default-witness  k ≠ i  for every store index i of a store component,
//	                 and (select (const v) k) = v,  k fresh
//
// Static returns the unconditional instances of new terms: read-same for
// every store term, read-const for every select whose array is a constant
// array term. Check returns, for every select (select a j) and every store
// s = (store b i v) with s in a's class (the downward rule) or b in a's
// class (the upward rule), read-other for s and j, and read-const for the
// constant arrays in a's class. Instances the graph satisfies already (i
// and j in one class, or both selects present and equal) are skipped
// without being marked done, so they come back if the classes change.
// The upward instances wait until no downward or read-const one is due
// (z3's delayed upward axioms): each puts a select on the store above,
// which then climbs the whole store chain, a quadratic number of lemmas
// on two chains of 60 stores that a conflict rarely needs. A final check
// that finds nothing else due still produces every upward instance, so
// the completeness argument below is unchanged.
// Extensionality is for the caller's disequalities between arrays, once per
// pair.
//
// # Models
//
// Values builds one canonical array value (term.Model's form: stores over
// a constant array, indices in term.CompareValues order) per array class,
// from the values the caller gives the other classes. The value of a class
// maps the value of each select's index to the value of the select; the
// rest of the indices take the default of the class's store component (the
// classes connected by store terms), which is the element of a constant
// array in the component, or a fresh value. Array sorts are done by
// increasing nesting depth, so element and index arrays have values first.
// When other classes need array values too (a datatype value that holds
// an array, the element of another array), ValuesWith lets a class whose
// index, element or default has no value yet wait, and calls back to the
// caller to value more classes from the arrays done so far, until every
// array class has a value (or nothing moves: an error).
//
// Two things can stand in the way, and Values reports them as Repairs:
// two selects of one class whose indices have equal values but whose
// results differ (the caller proposes the index equality as a case split,
// model-based theory combination), and two constant arrays of different
// values in one store component. Over an infinite index sort the second
// gets default-witness lemmas: a fresh index k that differs from every
// store index of the component reads the same element everywhere in it,
// which the read-over-write lemmas then carry to a conflict or to an
// equality of the two elements. Over a finite index sort (Bool, or an
// uninterpreted sort, which may be finite) canonical values cannot express
// such models and Values returns an error; the caller answers unknown.
// With no repairs and no error, every select, store and constant array
// term evaluates to the value of its class (Values checks stores and
// constant arrays).
//
// Why this is enough: read-same, downward and upward read-other make every
// select of a class agree with the selects of the classes next to it
// through a store, except at the store's index, where read-same decides;
// defaults are shared along stores; so a store term's value is its
// argument's value updated at its index. Extensionality makes disequal
// arrays differ at a witness index. Theory combination (in package smt)
// makes index classes of equal value equal where a select pair needs it.
//
// # Files
//
//	doc.go     this overview
//	solver.go  Solver, Lemma, Lit, Kind; Static, Check, Extensionality
//	model.go   Values, ValuesWith, Repairs, store components, default witnesses
//	set.go     pairSet: the lemma instances produced, an open-addressing set of node pairs
//
// # Naming
//
//	s          *Solver
//	g          *euf.Graph
//	st         *term.Store
//	n, m, r    euf.Node; r a root
//	p          a select node; j its index node
//	w          a store or constant array node a select meets; i its index
//	a, b       array terms or nodes
//	k          a key (a lemma instance), or a fresh index term
//	l, q       a Lemma, one of its Lits
//	vals       model values, indexed by node (at roots)
//	es         entries (index value, element value) of an array value
package arrays
