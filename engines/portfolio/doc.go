// Package portfolio is the portfolio engine: registered engines run
// concurrently, each on its own copy of the system (chc.System.Clone),
// and the first answer that the referee of the context accepts wins
// (chc.Referee: through the solve pipeline, the answer whose witness,
// translated back through preprocessing, checks on the input; called
// directly, the one whose witness checks on the system given). The
// others are then cancelled and awaited. Its members and their shares of
// the time are a parameter, portfolio.members, whose default is the
// configuration measured best on the dev folders (see the README); on a
// system with bit-vector sorts, unless the members are given, the
// portfolio of BitVecMembers runs instead (Spacer over bits and the
// integer reading of engines/bvint with Spacer, then PDKind on the
// integers and bmc over bits for a fifth of the time: chosen by
// measurement on ../shared/bench-next/chc/bv).
//
// # Files
//
//	portfolio.go  the registration, New: members from their specification
//	race.go       Engine, Member: the race
//
// # Naming
//
//	p    *Engine
//	m    Member
//	o    chc.Options
//	sub  a member's context
package portfolio
