package sat

// reasonOf returns the reason clause of the assigned variable v, asking the
// theory for its explanation first if v was implied by the theory.
func (s *Solver) reasonOf(v Var) cref {
	r := s.vd[v].reason
	if r == crefTheory {
		r = s.explain(v)
	}
	return r
}

// analyze derives from the conflicting clause confl the first-UIP clause
// into s.learnt, minimised recursively, with the asserting literal first
// and a literal of the backjump level second. It returns the backjump level
// and the clause's LBD. The conflict is at the current level: under
// chronological backtracking the caller backtracks to the conflict's level
// first (conflictLevel). With proof logging it also leaves the clause's
// resolution chain in s.chain.
func (s *Solver) analyze(confl cref) (bt int, lbd int) {
	learnt := append(s.learnt[:0], LitNull)
	cur := int32(s.decisionLevel())
	pathC := 0
	p := LitNull
	idx := len(s.trail) - 1
	cr := confl
	for {
		if s.arena[cr]&flagLearnt != 0 {
			s.touchClause(cr)
			s.bumpClause(cr)
		}
		for _, q := range s.lits(cr) {
			v := q.Var()
			if q == p || s.seen[v] != 0 {
				continue
			}
			lv := s.vd[v].level
			if lv == 0 {
				continue
			}
			s.seen[v] = 1
			s.bumpVar(v)
			if lv >= cur {
				pathC++
			} else {
				learnt = append(learnt, q)
			}
		}
		// The next literal of the conflict level to resolve; literals of
		// lower levels assigned out of order lie among them.
		for s.seen[s.trail[idx].Var()] == 0 || s.vd[s.trail[idx].Var()].level != cur {
			idx--
		}
		p = s.trail[idx]
		idx--
		s.seen[p.Var()] = 0
		pathC--
		if pathC == 0 {
			break
		}
		cr = s.reasonOf(p.Var())
	}
	learnt[0] = p.Not()

	// Recursive minimisation (MiniSat's ccmin-mode 2): drop literals
	// implied by the others. The abstraction of their levels prunes the
	// search early.
	s.toClear = append(s.toClear[:0], learnt...)
	abs := uint32(0)
	for _, q := range learnt[1:] {
		abs |= 1 << (uint32(s.vd[q.Var()].level) & 31)
	}
	j := 1
	for i := 1; i < len(learnt); i++ {
		q := learnt[i]
		if s.vd[q.Var()].reason == crefUndef || !s.litRedundant(q, abs) {
			learnt[j] = q
			j++
		}
	}
	s.stats.MinimizedLits += uint64(len(learnt) - j)
	learnt = learnt[:j]
	s.learnt = learnt

	if s.proof != nil {
		s.buildChain(confl, learnt)
	}
	for _, q := range s.toClear {
		s.seen[q.Var()] = 0
	}

	// Reason-side bumping (CaDiCaL): the variables that imply the
	// learned clause's literals get a bump too.
	if len(learnt) <= 32 {
		for _, q := range learnt[1:] {
			r := s.vd[q.Var()].reason
			if r <= crefTheory {
				continue
			}
			for _, m := range s.lits(r) {
				if v := m.Var(); v != q.Var() && s.vd[v].level > 0 {
					s.bumpVar(v)
				}
			}
		}
	}

	// Put a literal of the backjump level second.
	if len(learnt) > 1 {
		maxI := 1
		for i := 2; i < len(learnt); i++ {
			if s.vd[learnt[i].Var()].level > s.vd[learnt[maxI].Var()].level {
				maxI = i
			}
		}
		learnt[1], learnt[maxI] = learnt[maxI], learnt[1]
		bt = int(s.vd[learnt[1].Var()].level)
	}
	return bt, s.computeLBD(learnt)
}

// litRedundant reports whether the false literal q of the learned clause is
// implied by the clause's other literals (those marked seen), following
// reasons depth-first. Variables found redundant stay marked seen.
func (s *Solver) litRedundant(q Lit, abs uint32) bool {
	stack := append(s.stack[:0], q)
	top := len(s.toClear)
	for len(stack) > 0 {
		x := stack[len(stack)-1].Var()
		stack = stack[:len(stack)-1]
		for _, m := range s.lits(s.reasonOf(x)) {
			v := m.Var()
			if v == x || s.seen[v] != 0 {
				continue
			}
			d := s.vd[v]
			if d.level == 0 {
				continue
			}
			if d.reason != crefUndef && 1<<(uint32(d.level)&31)&abs != 0 {
				s.seen[v] = 1
				stack = append(stack, m)
				s.toClear = append(s.toClear, m)
				continue
			}
			for _, c := range s.toClear[top:] {
				s.seen[c.Var()] = 0
			}
			s.toClear = s.toClear[:top]
			s.stack = stack
			return false
		}
	}
	s.stack = stack
	return true
}

// computeLBD returns the number of distinct decision levels among lits.
func (s *Solver) computeLBD(lits []Lit) int {
	s.stampN++
	if s.stampN == 0 {
		clear(s.stamp)
		s.stampN = 1
	}
	n := 0
	for _, m := range lits {
		l := s.vd[m.Var()].level
		if s.stamp[l] != s.stampN {
			s.stamp[l] = s.stampN
			n++
		}
	}
	return n
}

// touchClause records that learned clause cr took part in a conflict: it
// is marked used and its LBD is recomputed, which may promote it to a
// better tier.
func (s *Solver) touchClause(cr cref) {
	lbd := s.lbd(cr)
	if lbd > tierCore {
		if n := s.computeLBD(s.lits(cr)); n < lbd {
			lbd = n
		}
	}
	used := 1
	if lbd <= tierMid {
		used = 2
	}
	s.setMeta(cr, lbd, used)
}

// analyzeFinal computes the failed assumptions when assumption p is false:
// p together with the assumptions (decisions) its falsity depends on.
func (s *Solver) analyzeFinal(p Lit) {
	s.failed = append(s.failed[:0], p)
	v0 := p.Var()
	if s.vd[v0].level > 0 {
		s.seen[v0] = 1
		for i := len(s.trail) - 1; i >= int(s.trailLim[0]); i-- {
			m := s.trail[i]
			x := m.Var()
			if s.seen[x] == 0 {
				continue
			}
			s.seen[x] = 0
			if s.vd[x].reason == crefUndef {
				// A decision below the assumption levels is an
				// assumption (¬p itself when both p and ¬p are assumed).
				s.failed = append(s.failed, m)
				continue
			}
			for _, q := range s.lits(s.reasonOf(x)) {
				if u := q.Var(); u != x && s.vd[u].level > 0 {
					s.seen[u] = 1
				}
			}
		}
	}
	if s.proof != nil {
		s.finalChain(p)
	}
}
