package sat

import (
	"cmp"
	"slices"
)

// reduceDB deletes half of the learned clauses that are candidates, the
// least active first. Binary and core clauses are never candidates, nor
// are reasons. On the regular schedule (every reduceFirst + k*reduceInc
// conflicts) clauses used since the last reduction are not candidates
// either: mid-tier clauses survive two reductions without use, local ones
// one. When the number of non-core clauses exceeds the MiniSat-style
// budget maxLearnts (capped), every non-core clause is a candidate. The
// budget keeps the database small on small hard formulas, the schedule
// governs large ones.
func (s *Solver) reduceDB(capped bool) {
	s.stats.Reductions++
	if !capped {
		s.reduceInterval += reduceInc
		s.nextReduce = s.stats.Conflicts + s.reduceInterval
	}
	cands := s.cands[:0]
	kept := 0
	for _, cr := range s.learnts {
		lbd, used := s.lbd(cr), s.used(cr)
		if s.size(cr) == 2 || lbd <= tierCore {
			continue
		}
		kept++
		if used > 0 {
			s.setMeta(cr, lbd, used-1)
			if !capped {
				continue
			}
		}
		if s.locked(cr) {
			continue
		}
		cands = append(cands, cr)
	}
	slices.SortFunc(cands, func(a, b cref) int {
		if c := cmp.Compare(s.activity32(a), s.activity32(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	gone := cands[:len(cands)/2]
	for _, cr := range gone {
		s.clauseLits -= int64(s.size(cr))
		s.remove(cr)
		s.stats.Deleted++
		kept--
	}
	s.nonCore = kept
	s.cands = cands
	s.learnts = s.dropDeleted(s.learnts)
	s.sweepWatchesOf(gone)
	s.maybeGC()
}

// dropDeleted removes deleted clauses from list.
func (s *Solver) dropDeleted(list []cref) []cref {
	j := 0
	for _, cr := range list {
		if !s.isDeleted(cr) {
			list[j] = cr
			j++
		}
	}
	return list[:j]
}

func (s *Solver) maybeGC() {
	if s.wasted > len(s.arena)/4 {
		s.gc()
	}
}

// Simplify removes the clauses satisfied at level 0 (for instance those
// guarded by an activation literal a after AddClause(a.Not()) retired it).
// Solve also does this by itself from time to time. It returns Okay().
func (s *Solver) Simplify() bool {
	if !s.ok {
		return false
	}
	s.cancelUntil(0)
	s.propagateRoot()
	if s.ok {
		s.simplify()
	}
	return s.ok
}

// simplify removes the clauses satisfied at level 0. It runs at level 0
// after propagation, with level-0 units already in the proof log.
func (s *Solver) simplify() {
	s.stats.Simplifications++
	if s.drat != nil {
		// Write the level-0 units first, so that deleting their satisfied
		// reasons keeps the DRAT clause set strong enough.
		for ; s.dratHead < len(s.trail); s.dratHead++ {
			s.drat.add(s.trail[s.dratHead : s.dratHead+1])
		}
	}
	for _, list := range [2]*[]cref{&s.clauses, &s.learnts} {
		for _, cr := range *list {
			if s.satisfied(cr) {
				s.clauseLits -= int64(s.size(cr))
				s.remove(cr)
			}
		}
		*list = s.dropDeleted(*list)
	}
	s.sweepWatches()
	s.maybeGC()
	s.simpAssigns = len(s.trail)
	s.simpPropsAt = s.stats.Propagations + uint64(s.clauseLits)
}

// satisfied reports whether a literal of clause cr is true.
func (s *Solver) satisfied(cr cref) bool {
	for _, m := range s.lits(cr) {
		if s.vals[m] == 1 {
			return true
		}
	}
	return false
}
