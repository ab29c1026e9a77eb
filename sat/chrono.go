package sat

// Chronological backtracking (Nadel and Ryvchin, "Chronological
// Backtracking", SAT 2018; as in CaDiCaL). A conflict whose learned clause
// asserts its literal many levels below the conflict makes the classic
// solver undo those levels, and often decide the same literals again (the
// saved phases): a DPLL(T) search whose theory conflicts pair a recent
// bound with one set long before pays a theory check per level redone.
// When a backjump would undo more than s.chrono levels the solver
// backtracks one level only and assigns the asserted literal out of
// order: at its level (the highest of the other literals of its reason),
// above literals of higher levels on the trail.
//
// The trail is then no longer sorted by level, and the solver keeps these
// invariants instead:
//
//   - a literal's level is at most the level of the trail segment it sits
//     in, and the literals of its reason come before it on the trail;
//   - an implied literal's level is the highest of the other literals of
//     its reason (propagateBool computes it when the literal it
//     propagates lies below the current level), and that literal of its
//     reason is watched;
//   - cancelUntil(lvl) keeps the literals of level lvl or below found
//     above it, moved down in trail order, and propagates them and tells
//     them to the theory again (Backtrack closes scopes, not levels);
//   - a conflict may lie below the current level: conflictLevel finds its
//     level, the solver backtracks there first, and a conflicting clause
//     with a single literal of that level is unit one level below and is
//     not analysed (at the current level it is, as in the classic search,
//     so that without chronological backjumps the search is the classic
//     one);
//   - analyze resolves the literals of the conflict level only, skipping
//     out-of-order literals of lower levels on the trail;
//   - backjumps to level 0 stay whole, so level-0 literals are a prefix of
//     the trail.
//
// Theory-implied literals are assigned at the current level (their
// explanation is not known yet), which is sound: a level too high only
// means they are undone earlier than necessary. Proof logging and DRAT
// switch chronological backtracking off.

// conflictLevel prepares the conflicting clause confl for analysis under
// chronological backtracking, where its literals may all lie below the
// current level: it returns their highest level and whether a single
// literal has it (then the clause is unit one level below, and that
// literal is put first), and makes the two literals of the highest levels
// the watched ones, so that they are unassigned first by the backtracking
// that follows.
func (s *Solver) conflictLevel(confl cref) (lvl int, forced bool) {
	c := s.lits(confl)
	if len(c) == 1 {
		return int(s.vd[c[0].Var()].level), true
	}
	i0, i1 := 0, 1
	if s.vd[c[1].Var()].level > s.vd[c[0].Var()].level {
		i0, i1 = 1, 0
	}
	for i := 2; i < len(c); i++ {
		l := s.vd[c[i].Var()].level
		if l > s.vd[c[i0].Var()].level {
			i0, i1 = i, i0
		} else if l > s.vd[c[i1].Var()].level {
			i1 = i
		}
	}
	l0, l1 := s.vd[c[i0].Var()].level, s.vd[c[i1].Var()].level
	if len(c) > 2 && (i0 > 1 || i1 > 1) {
		s.unwatch(c[0], confl)
		s.unwatch(c[1], confl)
		c[0], c[i0] = c[i0], c[0]
		if i1 == 0 {
			i1 = i0
		}
		c[1], c[i1] = c[i1], c[1]
		s.watches[c[0]] = append(s.watches[c[0]], watcher{confl, c[1]})
		s.watches[c[1]] = append(s.watches[c[1]], watcher{confl, c[0]})
	} else if i0 == 1 && l0 > l1 {
		// Only a forced literal needs to come first (its reason's);
		// otherwise the order stays, as the classic search has it.
		c[0], c[1] = c[1], c[0]
	}
	return int(l0), l0 > l1
}

// unwatch removes the watcher of long clause cr from the watch list of m.
func (s *Solver) unwatch(m Lit, cr cref) {
	ws := s.watches[m]
	for i, w := range ws {
		if w.cref == cr {
			s.watches[m] = append(ws[:i], ws[i+1:]...)
			return
		}
	}
	panic("sat: unwatch of a clause not watched")
}

// backjumpLevel returns the level to backtrack to when a clause
// conflicting at level cur asserts its literal at level bt: bt, or
// cur-1 under chronological backtracking when that saves more than
// s.chrono levels (Nadel and Ryvchin, SAT 2018). The asserted literal
// is then assigned out of order, at its level bt above later ones.
// Backjumps to level 0 stay whole: level-0 literals stay a prefix of the
// trail. Under assumptions they stay whole too: Spacer's checks under
// hundreds of assumption levels jump that far, and there chronological
// backtracking cost checks (lia-lin s_split_24: 22,657 SMT checks
// against 16,464, over the time limit).
func (s *Solver) backjumpLevel(bt, cur int) int {
	if s.chrono > 0 && bt > 0 && len(s.assumptions) == 0 && cur-bt > s.chrono {
		s.stats.Chrono++
		return cur - 1
	}
	return bt
}
