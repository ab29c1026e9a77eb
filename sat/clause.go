package sat

import (
	"math"
	"slices"
)

// A clause lives in the arena as a size word and its literals, preceded by
// header words that only some clauses have (MiniSat's layout):
//
//	arena[cr-h]  proof ClauseID, only with proof logging (h = 1, or 3
//	             for a learned clause)
//	arena[cr-2]  activity (float32 bits), learned clauses only
//	arena[cr-1]  meta: LBD (bits 0-19) and "used" counter (bits 20-21),
//	             learned clauses only
//	arena[cr]    size<<sizeShift | flags
//	arena[cr+1:] literals; a long clause watches its first two. After
//	             relocation by gc the first holds the new cref.
//
// A cref points at the size word, so the propagation loop reads the size and
// the literals from one contiguous stretch and never the header words; an
// input ternary clause takes four words. The arena starts with arenaBase
// unused words so that no clause has cref crefUndef or crefTheory.

// cref is a clause reference: the arena index of the clause's size word.
type cref uint32

const (
	crefUndef  cref = 0 // no reason: a decision or a level-0 unit
	crefTheory cref = 1 // implied by the theory; explanation fetched lazily
	arenaBase       = 2

	flagLearnt  = 1 << 0 // redundant: may be deleted by reduceDB
	flagDeleted = 1 << 1 // deleted, its words are wasted until gc
	flagReloc   = 1 << 2 // moved by gc; the first literal holds the new cref
	sizeShift   = 3

	lbdMask   = 1<<20 - 1
	usedShift = 20
)

// watcher is an entry of a watch list: the clause and a blocker literal,
// some other literal of the clause; if the blocker is true the clause is
// satisfied and need not be visited. In a binary watch list the blocker is
// the clause's other literal.
type watcher struct {
	cref    cref
	blocker Lit
}

// alloc appends a clause to the arena and returns its reference.
func (s *Solver) alloc(lits []Lit, learnt bool, id ClauseID) cref {
	size := Lit(len(lits)) << sizeShift
	if s.proof != nil {
		s.arena = append(s.arena, Lit(id))
	}
	if learnt {
		size |= flagLearnt
		s.arena = append(s.arena, 0, 0)
	}
	cr := cref(len(s.arena))
	s.arena = append(s.arena, size)
	s.arena = append(s.arena, lits...)
	return cr
}

// hdrLen returns the number of header words before clause cr's size word.
func (s *Solver) hdrLen(cr cref) int {
	h := 0
	if s.arena[cr]&flagLearnt != 0 {
		h = 2
	}
	if s.proof != nil {
		h++
	}
	return h
}

// size returns the number of literals of clause cr.
func (s *Solver) size(cr cref) int { return int(s.arena[cr] >> sizeShift) }

// lits returns the literals of clause cr, a view into the arena.
func (s *Solver) lits(cr cref) []Lit {
	n := int(s.arena[cr] >> sizeShift)
	return s.arena[cr+1 : int(cr)+1+n]
}

func (s *Solver) isLearnt(cr cref) bool  { return s.arena[cr]&flagLearnt != 0 }
func (s *Solver) isDeleted(cr cref) bool { return s.arena[cr]&flagDeleted != 0 }
func (s *Solver) clauseID(cr cref) ClauseID {
	if s.proof == nil {
		return 0
	}
	return ClauseID(s.arena[int(cr)-s.hdrLen(cr)])
}

// lbd, used, setMeta, activity32 and bumpClause are for learned clauses.

func (s *Solver) lbd(cr cref) int { return int(s.arena[cr-1] & lbdMask) }
func (s *Solver) used(cr cref) int {
	return int(s.arena[cr-1] >> usedShift & 3)
}

func (s *Solver) setMeta(cr cref, lbd, used int) {
	if lbd > lbdMask {
		lbd = lbdMask
	}
	s.arena[cr-1] = Lit(lbd | used<<usedShift)
}

func (s *Solver) activity32(cr cref) float32 { return math.Float32frombits(uint32(s.arena[cr-2])) }

// bumpClause raises the activity of learned clause cr.
func (s *Solver) bumpClause(cr cref) {
	a := s.activity32(cr) + s.claInc
	s.arena[cr-2] = Lit(math.Float32bits(a))
	if a > 1e20 {
		for _, l := range s.learnts {
			s.arena[l-2] = Lit(math.Float32bits(s.activity32(l) * 1e-20))
		}
		s.claInc *= 1e-20
	}
}

// attach adds clause cr to the watch lists of its first two literals.
func (s *Solver) attach(cr cref) {
	c := s.lits(cr)
	if len(c) == 2 {
		s.bins[c[0]] = append(s.bins[c[0]], watcher{cr, c[1]})
		s.bins[c[1]] = append(s.bins[c[1]], watcher{cr, c[0]})
		return
	}
	s.watches[c[0]] = append(s.watches[c[0]], watcher{cr, c[1]})
	s.watches[c[1]] = append(s.watches[c[1]], watcher{cr, c[0]})
}

// locked reports whether clause cr is the reason of a current assignment.
func (s *Solver) locked(cr cref) bool {
	c := s.lits(cr)
	for _, m := range c[:2] {
		if s.vals[m] == 1 && s.vd[m.Var()].reason == cr {
			return true
		}
	}
	return false
}

// remove marks clause cr deleted. Its watchers stay until the next
// sweepWatches, so the caller must sweep before propagating again.
func (s *Solver) remove(cr cref) {
	if s.drat != nil {
		s.drat.del(s.lits(cr))
	}
	for _, m := range s.lits(cr)[:2] {
		if s.vals[m] == 1 && s.vd[m.Var()].reason == cr {
			// Only level-0 reasons are removed (by simplify); with proof
			// logging their unit derivation is already recorded.
			s.vd[m.Var()].reason = crefUndef
		}
	}
	s.arena[cr] |= flagDeleted
	s.wasted += s.hdrLen(cr) + 1 + s.size(cr)
}

// sweepWatches drops the watchers of deleted clauses from every list.
func (s *Solver) sweepWatches() {
	for _, lists := range [2][][]watcher{s.watches, s.bins} {
		for m, ws := range lists {
			j := 0
			for _, w := range ws {
				if s.arena[w.cref]&flagDeleted == 0 {
					ws[j] = w
					j++
				}
			}
			lists[m] = ws[:j]
		}
	}
}

// sweepWatchesOf drops the watchers of the deleted long clauses gone
// from the watch lists of their two watched literals only: on a large
// formula (a blasted one has hundreds of thousands of variables) a
// sweep of every list at each reduceDB took a quarter of the time.
func (s *Solver) sweepWatchesOf(gone []cref) {
	lists := s.sweepBuf[:0]
	for _, cr := range gone {
		lists = append(lists, s.lits(cr)[:2]...)
	}
	slices.Sort(lists)
	lists = slices.Compact(lists)
	for _, m := range lists {
		ws := s.watches[m]
		j := 0
		for _, w := range ws {
			if s.arena[w.cref]&flagDeleted == 0 {
				ws[j] = w
				j++
			}
		}
		s.watches[m] = ws[:j]
	}
	s.sweepBuf = lists
}

// gc compacts the arena by relocation: live clauses are copied in list
// order into a new arena, and every cref held by the solver (clause lists,
// watchers, reasons) is forwarded.
func (s *Solver) gc() {
	s.stats.GCs++
	old := s.arena
	na := make([]Lit, arenaBase, len(old)-s.wasted+len(old)/8)
	move := func(cr cref) cref {
		if old[cr]&flagReloc != 0 {
			return cref(old[cr+1])
		}
		n := int(old[cr] >> sizeShift)
		h := s.hdrLen(cr)
		ncr := cref(len(na) + h)
		na = append(na, old[int(cr)-h:int(cr)+1+n]...)
		old[cr] |= flagReloc
		old[cr+1] = Lit(ncr)
		return ncr
	}
	for i, cr := range s.clauses {
		s.clauses[i] = move(cr)
	}
	for i, cr := range s.learnts {
		s.learnts[i] = move(cr)
	}
	for _, lists := range [2][][]watcher{s.watches, s.bins} {
		for _, ws := range lists {
			for i := range ws {
				ws[i].cref = move(ws[i].cref)
			}
		}
	}
	for _, m := range s.trail {
		if r := s.vd[m.Var()].reason; r > crefTheory {
			s.vd[m.Var()].reason = move(r)
		}
	}
	s.arena = na
	s.wasted = 0
}
