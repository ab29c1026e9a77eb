// Package houdini reads candidate invariants off a CHC system and finds
// their largest inductive subset (Flanagan and Leino's Houdini). It is a
// technique that engines share, not vocabulary: Spacer seeds its reserve
// with it and WHALE closes with it, so it stands in a room of its own
// under chc, which both import, rather than in chc or in either engine.
//
// A Pool holds candidates per predicate: the literals of the facts'
// constraints and of the queries' negated subsets (FactCandidates,
// QueryCandidates), comparisons of parameters (ParamCandidates), and what
// propagates through the clauses (Propagate). Run keeps the candidates
// that every clause preserves, with one incremental smt solver per
// clause, within a budget of checks (ErrBudget past it); a Runner is Run
// resumed where its budget stopped it. It checks the clauses in the order
// of their heads' strongly connected components, suppliers first, each
// again only when a body predicate has lost candidates; after each check
// the model's neighbours drop the candidates they falsify (mutate.go).
//
// # Files
//
//	houdini.go  Pool, Literals, Definitions, Options, Run, Runner
//	check.go    one check of a clause (Runner.check): the whole check, and
//	            the group checks of fact clauses
//	mutate.go   the neighbours of a check's model (Runner.dropNeighbours)
//
// # Naming
//
//	p      *Pool (or a *chc.Pred where no pool is near)
//	cands  [][]*term.Term, by chc.Pred.ID
//	s      *chc.System
package houdini
