package sat

// A clause lives in the arena as hdrWords header words followed by its size
// word and its literals:
//
//	arena[cr-2]  meta: LBD (bits 0-19) and "used" counter (bits 20-21);
//	             after relocation, the clause's new cref
//	arena[cr-1]  proof ClauseID (0 when proof logging is off)
//	arena[cr]    size<<sizeShift | flags
//	arena[cr+1:] literals; a long clause watches its first two
//
// A cref points at the size word, so the propagation loop reads the size and
// the literals from one contiguous stretch and never the other header words.

// cref is a clause reference: the arena index of the clause's size word.
type cref uint32

const (
	crefUndef  cref = 0 // no reason: a decision or a level-0 unit
	crefTheory cref = 1 // implied by the theory; explanation fetched lazily

	hdrWords = 2

	flagLearnt  = 1 << 0 // redundant: may be deleted by reduceDB
	flagDeleted = 1 << 1 // deleted, its words are wasted until gc
	flagReloc   = 1 << 2 // moved by gc; meta holds the new cref
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
	cr := cref(len(s.arena) + hdrWords)
	size := Lit(len(lits)) << sizeShift
	if learnt {
		size |= flagLearnt
	}
	s.arena = append(s.arena, 0, Lit(id), size)
	s.arena = append(s.arena, lits...)
	return cr
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
	return ClauseID(s.arena[cr-1])
}

func (s *Solver) lbd(cr cref) int { return int(s.arena[cr-2] & lbdMask) }
func (s *Solver) used(cr cref) int {
	return int(s.arena[cr-2] >> usedShift & 3)
}

func (s *Solver) setMeta(cr cref, lbd, used int) {
	if lbd > lbdMask {
		lbd = lbdMask
	}
	s.arena[cr-2] = Lit(lbd | used<<usedShift)
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
	s.wasted += hdrWords + 1 + s.size(cr)
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

// gc compacts the arena by relocation: live clauses are copied in list
// order into a new arena, and every cref held by the solver (clause lists,
// watchers, reasons) is forwarded.
func (s *Solver) gc() {
	s.stats.GCs++
	old := s.arena
	na := make([]Lit, 0, len(old)-s.wasted+len(old)/8)
	move := func(cr cref) cref {
		if old[cr]&flagReloc != 0 {
			return cref(old[cr-2])
		}
		n := int(old[cr] >> sizeShift)
		ncr := cref(len(na) + hdrWords)
		na = append(na, old[int(cr)-hdrWords:int(cr)+1+n]...)
		old[cr] |= flagReloc
		old[cr-2] = Lit(ncr)
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
