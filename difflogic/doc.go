// Package difflogic decides conjunctions of integer difference
// constraints x − y ≤ c, asserted one at a time and retracted by scopes,
// as the theory solver of QF_IDL inside DPLL(T).
//
// # Design
//
// The constraints are the edges of a graph: x − y ≤ c is the edge y → x
// of weight c. The set is satisfiable exactly when the graph has no cycle
// of negative weight. The solver keeps potentials pot, an integer
// assignment satisfying every active edge (pot[x] ≤ pot[y] + c); a model
// is pot[x] − pot[zero] for the caller's zero node.
//
// Adding an edge u → v that pot violates runs the incremental algorithm
// of Cotton and Maler (Fast and Flexible Difference Constraint
// Propagation for DPLL(T), SAT 2006): a Dijkstra search from v over the
// reduced costs, lowering each potential it reaches by the least amount
// that keeps its in-edges satisfied. Reaching u closes a negative cycle:
// the conflict is the cycle's edges (each with Farkas multiplier 1, their
// sum reads 0 ≤ negative), and the potentials it lowered are restored.
// Retracting edges never breaks the potentials, so Pop only drops edges.
//
// Atoms (AddAtom) are the constraints the caller may assert either way:
// true asserts x − y ≤ c, false its integer negation y − x ≤ −c−1. After
// new edges, Propagate reports the atoms they imply with their
// explanations: an atom is implied when a path of the graph through a new
// edge is at least as tight. Two Dijkstra searches over the reduced
// costs, backwards from the edge's source and forwards from its target,
// each bounded to a few nodes, find such paths (see propagate.go).
//
// On a small graph with many atoms per node (DenseWorth: the job-shop
// files of QF_IDL) the caller may turn on the dense mode (SetDense), as
// z3 does with dense_diff_logic: the solver also keeps the shortest
// distance of every pair of nodes, and Propagate reports every atom the
// edges imply, each explained lazily (Explain) by a shortest path over
// the edges active when it was implied (see dense.go). Complete
// propagation is what keeps the SAT search from deciding atoms that
// follow already: on those files the bounded searches left hundreds of
// decisions per conflict.
//
// Weights and potentials are int64; Fits tells the caller which
// constants keep every sum far from overflow.
//
// # Files
//
//	solver.go     Solver: nodes, atoms, edges, scopes, the incremental consistency check
//	propagate.go  atoms implied by new edges
//	dense.go      the dense mode: all-pairs distances, complete propagation
//	heap.go       the min-heap of the relaxation
//
// # Naming
//
//	u, v, x, y  nodes; e an edge index; i an atom index
//	w, c        weights and atom constants
//	pot         the potentials; gamma the pending decrease of a node
//	lims        the edge count at each open scope
//	a, b        the two ends of a pair of the matrix; d a distance
package difflogic
