// Package euf is congruence closure with explanations: the theory of
// equality and uninterpreted functions, built to run inside a DPLL(T)
// solver and to carry the arrays solver and model construction.
//
// # Model
//
// A Graph (an e-graph, in the manner of z3's euf::egraph) holds nodes for
// terms of one term.Store. Add internalizes a term and its subterms. Every
// term with arguments is an application: its signature is its operator,
// its symbol (for OpApply), its sort, and the roots of its arguments, so
// congruence covers uninterpreted functions, select, store, arithmetic and
// Boolean operators alike, with the arguments in order (no commutativity).
// Leaves are atoms. Four kinds of leaves are interpreted values: true,
// false, numerals and abstract elements (OpValue); two different value
// terms are different values, so putting them in one class is a conflict.
// Nothing else is interpreted: (= a b), (not p) or (+ x 1) are just
// applications, and the caller decides what their truth means.
//
// The caller asserts Merge(a, b, r) and AssertDiseq(a, b, r), where a
// Reason r is an opaque uint32 of its choosing (a SAT literal, typically).
// Both close under congruence at once and report false on a conflict;
// Conflict then returns the reasons of the violated disequality (or of the
// two values made equal). Explain returns the reasons behind any derived
// equality. Push and Pop scope assertions.
//
// # Data structures
//
// Union-find is eager: root[n] is n's representative, found in O(1); the
// members of a class form a circular list (next) and a union relabels the
// smaller class, the classic O(n log n) scheme. Per root there are three
// lists: parents (the use list: applications with an argument in the
// class), watches and disequalities. A union appends the absorbed root's
// lists to the surviving root's; undo truncates them again.
//
// The signature table (table.go) maps signatures to one application each.
// A union first erases from it the parents of the absorbed class, relabels,
// then looks each of them up again: a hit on a node of another class is a
// new congruence, queued as a pending merge. The table is open addressing
// with linear probing and backward-shift deletion, keyed by hashes that
// stay current because entries are erased before their roots change.
//
// Explanations use a proof forest (Nieuwenhuis and Oliveras, "Fast
// congruence closure and extensions", 2007): one tree per class, whose
// edges are the unions performed, labelled with an input Reason or
// "congruence". A union of a and b re-roots a's tree at a and hangs it
// under b. a = b is explained by the edges on the tree path between them,
// a congruence edge by explaining its argument pairs in turn. Within one
// explanation each edge is explained once: explained edges are contracted
// by a second union-find (the "highest node" of the paper), and the common
// ancestor is found by climbing from both ends in lockstep, so the cost
// follows the size of the explanation rather than the depth of the tree.
// Reasons come out deduplicated and sorted, hence independent of the
// forest's orientation.
//
// # Backtracking
//
// Every change that Pop must revert is pushed on one trail (trail.go):
// attachments of applications, table inserts and erases, unions (whose
// records keep the old list lengths, value and shared node of the
// surviving root, and the old proof root of the absorbed class, so that
// undoing a union re-roots the tree as it was), disequalities, watch
// registrations and decisions, shared marks, the conflict. Undoing in
// reverse order sees every entry in the state it was made in, which makes
// restoration exact: when the popped scopes registered nothing, the
// union-find, proof forest, lists, table contents, watch states, conflict
// and propagation queue after Pop equal those at the matching Push (the
// property test compares snapshots).
//
// Registrations are permanent, assertions are scoped. Nodes, watches and
// shared marks made inside a scope survive its Pop: Node handles never
// dangle and the caller's side tables stay valid. Pop detaches them with
// the rest of the trail and then re-attaches them under the restored
// equalities, at the restored level. A re-attached application may prove
// congruent to an older one and join its class (which may then get a new
// root), and re-attached watches and shared marks may propagate at once;
// but the partition of the older nodes is exactly as at Push.
//
// # Propagation
//
// WatchEq(a, b, lit) registers an equality atom. When a and b become
// equal the graph queues a PropEqual propagation; when their classes
// become disequal (an asserted disequality between them, or two distinct
// values) it queues PropDiseq. A Boolean predicate p is watched as
// WatchEq(p, g.True(), lit): it becomes true with true and false with
// false. SetShared marks nodes shared with another theory; whenever two
// classes that both hold shared nodes merge, a PropShared propagation
// names one shared node of each. Classes have a single sort, so PropShared
// events partition by sort between the theories that marked nodes. The
// caller drains the queue with Propagations and explains an entry with
// ExplainPropagation while it still holds.
//
// Detecting falsified watches costs a little per union: the watches of the
// absorbed class are checked against the surviving class's disequalities
// and value, and the absorbed class's disequalities against the surviving
// class's watches, always scanning the shorter list.
//
// # For the arrays solver and model construction
//
// Find, Same, Next and Class walk classes; Parents(n) is the use list of
// n's class, so the selects on an array class are the OpSelect parents
// whose first argument is in the class, and the stores on it the OpStore
// parents likewise; the stores in the class are the OpStore members. Args
// gives argument nodes without going back to terms. Roots enumerates
// classes in increasing node order, Value gives a class's interpreted
// value if it has one, and an application's entry in a function table is
// the tuple of its arguments' roots: congruence closure guarantees that
// one tuple never maps to two classes.
//
// # Performance
//
// Merge, Push/Pop and Explain do not allocate once slices have grown to
// their working size (TestMergeAllocs). Nothing iterates a Go map.
//
// # Files
//
//	graph.go  Graph, New, Add, node data, queries, SetShared
//	table.go  the signature table
//	merge.go  Merge, AssertDiseq, union and unmerge, makeRoot
//	watch.go  WatchEq, Propagation, deciding watches
//	explain.go  Explain, ExplainDiseq, ExplainPropagation, Conflict
//	trail.go  Push, Pop and the undo trail
//	check.go  Check: the invariants, for tests
//
// # Naming
//
//	g            *Graph
//	n, m         Node
//	a, b         nodes being merged or compared
//	p, q         application nodes (parents, table entries)
//	r, r1, r2    roots; r1 is the absorbed class, r2 the surviving one
//	x, y, c      proof-forest nodes; c a common ancestor
//	r (Reason)   an input reason, where no root is in scope
//	j            a just: an edge label (Reason or congruence)
//	w            a watch index
//	d            a disequality index
//	pp, pj       proof parent and edge label, per node
//	t, u         *term.Term
//	st           *term.Store
package euf
