package sat

import (
	"cmp"
	"slices"
)

// Bounded variable elimination (SatELite, as in MiniSat's SimpSolver):
// a variable v is eliminated by replacing the clauses that contain v or
// ¬v with all their non-tautological resolvents on v, when that does not
// increase the number of clauses and no resolvent is longer than
// elimClauseLim. The removed clauses are kept on a stack (pivot literal
// first) to extend models to the eliminated variables.

const (
	elimClauseLim = 20         // longest resolvent allowed
	elimOccLim    = 64         // skip variables with more occurrences
	elimBudget    = 40_000_000 // literal visits per Eliminate call
)

// Freeze protects v from elimination: variables used after Eliminate
// (in clauses, assumptions or by a theory) must be frozen before it.
// Theory variables are frozen automatically.
func (s *Solver) Freeze(v Var) {
	if int(v) >= len(s.vd) {
		s.growVars(int(v))
	}
	s.frozen[v] = true
}

// Eliminate runs bounded variable elimination on the irredundant clauses,
// removing the variables that are not frozen where that does not grow the
// formula. Models are extended to the eliminated variables, and proofs
// record resolvents as derived clauses, so Solve works as before; but an
// eliminated variable must not appear in later clauses or assumptions
// (that panics). It is meant for one-shot use, as in the CLI. It returns
// Okay().
func (s *Solver) Eliminate() bool {
	if !s.Simplify() {
		return false
	}
	s.occs = make([][]cref, len(s.vals))
	for _, cr := range s.clauses {
		for _, m := range s.lits(cr) {
			s.occs[m] = append(s.occs[m], cr)
		}
	}
	var order []Var
	for v := Var(1); int(v) < len(s.vd); v++ {
		if !s.frozen[v] && !s.theoryVar[v] && !s.elim[v] && s.vals[v.Pos()] == 0 {
			order = append(order, v)
		}
	}
	cost := func(v Var) int { return len(s.occs[v.Pos()]) * len(s.occs[v.Neg()]) }
	slices.SortStableFunc(order, func(a, b Var) int { return cmp.Compare(cost(a), cost(b)) })
	budget := elimBudget
	for _, v := range order {
		if !s.ok || budget <= 0 {
			break
		}
		if s.vals[v.Pos()] != 0 {
			continue
		}
		budget -= s.tryEliminate(v)
	}
	s.occs = nil
	s.sweepWatches()
	// Learned clauses may mention eliminated variables: drop those.
	for _, cr := range s.learnts {
		for _, m := range s.lits(cr) {
			if s.elim[m.Var()] {
				s.clauseLits -= int64(s.size(cr))
				s.remove(cr)
				break
			}
		}
	}
	s.learnts = s.dropDeleted(s.learnts)
	s.clauses = s.dropDeleted(s.clauses)
	s.sweepWatches()
	s.maybeGC()
	if s.ok {
		s.propagateRoot()
	}
	return s.ok
}

// liveOccs returns the clauses containing m that are neither deleted nor
// satisfied, compacting the occurrence list.
func (s *Solver) liveOccs(m Lit) []cref {
	os := s.occs[m]
	j := 0
	for _, cr := range os {
		if !s.isDeleted(cr) && !s.satisfied(cr) {
			os[j] = cr
			j++
		}
	}
	s.occs[m] = os[:j]
	return os[:j]
}

// resolvent builds in s.addBuf the resolvent of clauses a (with v) and b
// (with ¬v) without the literals false at level 0, and reports whether it
// is a tautology or satisfied.
func (s *Solver) resolvent(a, b cref, v Var) (trivial bool) {
	r := s.addBuf[:0]
	for _, m := range s.lits(a) {
		if m.Var() != v && s.vals[m] != -1 {
			s.pmark[m.Var()] = 1 + uint8(m&1)
			r = append(r, m)
		}
	}
	for _, m := range s.lits(b) {
		if m.Var() == v || s.vals[m] == -1 {
			continue
		}
		switch s.pmark[m.Var()] {
		case 0:
			r = append(r, m)
		case 1 + uint8(m&1):
			// duplicate
		default:
			trivial = true
		}
	}
	for _, m := range s.lits(a) {
		s.pmark[m.Var()] = 0
	}
	s.addBuf = r
	return trivial
}

// tryEliminate eliminates v if the bound allows and returns the work done.
func (s *Solver) tryEliminate(v Var) int {
	pos, neg := s.liveOccs(v.Pos()), s.liveOccs(v.Neg())
	if len(pos)+len(neg) > elimOccLim {
		return 1
	}
	work := 0
	count := 0
	for _, a := range pos {
		for _, b := range neg {
			work += s.size(a) + s.size(b)
			if s.resolvent(a, b, v) {
				continue
			}
			count++
			if count > len(pos)+len(neg) || len(s.addBuf) > elimClauseLim {
				return work
			}
		}
	}
	// Eliminate: add the resolvents, then move the clauses to the stack.
	pos, neg = slices.Clone(pos), slices.Clone(neg)
	for _, a := range pos {
		for _, b := range neg {
			if s.resolvent(a, b, v) {
				continue
			}
			s.addResolvent(a, b)
			if !s.ok {
				return work
			}
		}
	}
	for _, side := range [2][]cref{pos, neg} {
		for _, cr := range side {
			if s.isDeleted(cr) {
				continue
			}
			c := s.lits(cr)
			start := len(s.elimLits)
			s.elimLits = append(s.elimLits, c...)
			e := s.elimLits[start:]
			for i, m := range e {
				if m.Var() == v {
					e[0], e[i] = e[i], e[0]
				}
			}
			s.elimEnds = append(s.elimEnds, uint32(len(s.elimLits)))
			s.clauseLits -= int64(len(c))
			s.remove(cr)
		}
	}
	s.elim[v] = true
	s.nElim++
	s.stats.Eliminated++
	return work
}

// addResolvent adds the resolvent in s.addBuf of clauses a and b as an
// irredundant clause at level 0.
func (s *Solver) addResolvent(a, b cref) {
	c := s.addBuf
	id := ClauseID(0)
	if s.proof != nil {
		ch := append(s.chain[:0], s.clauseID(a), s.clauseID(b))
		for _, cr := range [2]cref{a, b} {
			for _, m := range s.lits(cr) {
				if s.vals[m] == -1 {
					ch = append(ch, s.unitID[m.Var()])
				}
			}
		}
		s.chain = ch
		id = s.proof.add(KindDerived, 0, c, ch)
	}
	if s.drat != nil {
		s.drat.add(c)
	}
	switch len(c) {
	case 0:
		s.ok = false
		if s.proof != nil {
			s.proof.final = id
		}
		return
	case 1:
		if s.vals[c[0]] == 0 {
			s.unitID[c[0].Var()] = id
			s.enqueue(c[0], crefUndef)
			s.propagateRoot()
		}
		return
	}
	cr := s.alloc(c, false, id)
	s.clauses = append(s.clauses, cr)
	s.clauseLits += int64(len(c))
	s.attach(cr)
	for _, m := range c {
		s.occs[m] = append(s.occs[m], cr)
	}
}

// extendModel assigns the eliminated variables in s.model, undoing the
// eliminations in reverse order.
func (s *Solver) extendModel() {
	for i := len(s.elimEnds) - 1; i >= 0; i-- {
		start := uint32(0)
		if i > 0 {
			start = s.elimEnds[i-1]
		}
		c := s.elimLits[start:s.elimEnds[i]]
		sat := false
		for _, m := range c {
			if (s.model[m.Var()] == 1) != m.IsNeg() {
				sat = true
				break
			}
		}
		if !sat {
			p := c[0]
			s.model[p.Var()] = 1 - 2*int8(p&1)
		}
	}
}

// checkNotEliminated panics if m's variable was eliminated.
func (s *Solver) checkNotEliminated(m Lit) {
	if int(m.Var()) < len(s.elim) && s.elim[m.Var()] {
		panic("sat: variable " + m.Var().String() + " was eliminated (Freeze it before Eliminate)")
	}
}
