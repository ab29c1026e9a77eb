package sat

import (
	"fmt"
	"slices"
)

// Theory is the hook through which a theory solver joins the search
// (DPLL(T)). The core loop does not know about theories: when one is
// attached, propagate calls it after each Boolean fixpoint, cancelUntil
// tells it about backtracking, and search asks it for a final check before
// answering Sat. With no theory attached the hook costs one nil test per
// propagation round.
//
// During Assign, Propagate and FinalCheck the theory may call the solver's
// Imply, AddLemma, AddClause, NewVar, SetTheoryVar, ValueNow, Level and
// DecisionLevel; clauses added then are queued and take effect when the
// callback returns. Explain and Backtrack must not change the solver.
type Theory interface {
	// Assign tells the theory that m became true. It is called for the
	// literals of variables marked with SetTheoryVar, in trail order,
	// once Boolean propagation has reached a fixpoint. DecisionLevel()
	// is the scope m is told in, which Backtrack refers to; under
	// chronological backtracking it may exceed Level(m.Var()), the level
	// m belongs to.
	Assign(m Lit)

	// Propagate runs the theory's propagation after a batch of Assign
	// calls. It reports implied literals with Solver.Imply, whose
	// explanations are asked for later (through Explain) and only if
	// conflict analysis needs them. On a conflict it appends a conflict
	// clause (a theory-valid clause false under the current assignment)
	// to dst and returns it; otherwise it returns dst unchanged.
	Propagate(dst []Lit) []Lit

	// Explain appends to dst the explanation of m, a literal the theory
	// implied with Imply, and returns it: a theory-valid clause whose first
	// literal is m and whose other literals were false when m was implied.
	// The solver adds it as a lemma (a proof leaf of KindLemma).
	Explain(dst []Lit, m Lit) []Lit

	// Backtrack tells the theory that the decision levels above lvl
	// were closed: the Assign calls made while DecisionLevel() was above
	// lvl are void. Literals of level lvl or below among them stay
	// assigned (chronological backtracking moves them down the trail)
	// and are told again.
	Backtrack(lvl int)

	// FinalCheck is called when every variable is assigned, Boolean and
	// theory propagation are at a fixpoint and there is no conflict. The
	// theory may add lemmas and clauses, new variables and new atoms, or
	// append a conflict clause to dst. The solver answers Sat only when
	// FinalCheck changes nothing; otherwise the search continues.
	FinalCheck(dst []Lit) []Lit
}

// pendingClause is a clause queued during a theory callback; its literals
// end at pendLits[end].
type pendingClause struct {
	end  int32
	kind ClauseKind
	id   ClauseID
}

// SetTheory attaches theory t (nil detaches). Attach it before Solve; it
// is told about level-0 assignments made before at the next propagation.
func (s *Solver) SetTheory(t Theory) {
	s.theory = t
	s.thead = 0
	s.phaser, _ = t.(Phaser)
}

// A Phaser is a Theory that suggests the value of its variables when the
// solver decides them: for an arithmetic bound, whether the current
// simplex assignment satisfies it, so that decisions agree with the
// theory's model instead of provoking conflicts. Phase reports ok false to
// leave the choice to the solver's saved phase.
type Phaser interface {
	Phase(v Var) (value, ok bool)
}

// SetTheoryVar marks v as a theory variable: the theory is told each of
// its assignments.
func (s *Solver) SetTheoryVar(v Var) {
	if int(v) >= len(s.vd) {
		s.growVars(int(v))
	}
	if len(s.elimEnds) > 0 {
		s.checkNotEliminated(v.Pos())
	}
	s.theoryVar[v] = true
}

// Imply is called by Theory.Propagate to assign m true because the theory
// implies it. It returns false when m is already false; the solver then
// asks for the explanation of m at once and treats it as a conflict, and
// the theory should stop propagating.
func (s *Solver) Imply(m Lit) bool {
	switch s.vals[m] {
	case 1:
		return true
	case 0:
		s.stats.TheoryProps++
		s.enqueue(m, crefTheory)
		return true
	}
	if s.thConflict == LitNull {
		s.thConflict = m
	}
	return false
}

// Implied reports whether the current assignment of v was implied by the
// theory (Imply): a theory may skip what it told itself already.
func (s *Solver) Implied(v Var) bool {
	return s.vals[v.Pos()] != 0 && s.vd[v].reason == crefTheory
}

// PlacingAssumptions reports whether assumptions remain to be placed
// above the current decision level: a theory may defer optional work
// (bound propagation) until the last one is.
func (s *Solver) PlacingAssumptions() bool {
	return len(s.trailLim) < len(s.assumptions)
}

// AddLemma adds a theory lemma: a clause valid in the theory, recorded in
// the proof log as a KindLemma leaf. Unlike input clauses, lemmas are
// redundant: the solver may delete them when they stop being useful.
func (s *Solver) AddLemma(lits ...Lit) ClauseID {
	return s.addClause(lits, KindLemma, 0)
}

// queueClause normalises a clause added during a callback and queues it.
func (s *Solver) queueClause(lits []Lit, kind ClauseKind, tag uint32) ClauseID {
	start := len(s.pendLits)
	s.pendLits = append(s.pendLits, lits...)
	c, taut := normalize(s.pendLits[start:])
	id := ClauseID(0)
	if s.proof != nil {
		id = s.proof.add(kind, tag, c, nil)
	}
	if taut {
		s.pendLits = s.pendLits[:start]
		return id
	}
	s.pendLits = s.pendLits[:start+len(c)]
	s.pending = append(s.pending, pendingClause{int32(len(s.pendLits)), kind, id})
	return id
}

// flushPending adds the queued clauses in order. It stops at the first
// one that is conflicting and returns it; the rest stay queued.
func (s *Solver) flushPending() cref {
	start := 0
	for i, pc := range s.pending {
		c := s.pendLits[start:pc.end]
		start = int(pc.end)
		if !s.ok {
			continue
		}
		if confl := s.attachLemma(c, pc.id, pc.kind); confl != crefUndef {
			n := copy(s.pendLits, s.pendLits[start:])
			s.pendLits = s.pendLits[:n]
			k := copy(s.pending, s.pending[i+1:])
			s.pending = s.pending[:k]
			for j := range s.pending {
				s.pending[j].end -= int32(start)
			}
			return confl
		}
	}
	s.pending = s.pending[:0]
	s.pendLits = s.pendLits[:0]
	return crefUndef
}

// attachLemma adds clause c (normalised) at the current decision level,
// which may be above 0. It backtracks as needed so that the two watched
// literals obey the watch invariant: if c is unit it is propagated at the
// level where it became unit (out of order, after backtracking one level
// only, when backjumpLevel says so); if c is false it is returned as a
// conflict at the highest level of its literals (with two literals there).
func (s *Solver) attachLemma(c []Lit, id ClauseID, kind ClauseKind) cref {
	if kind == KindLemma {
		s.stats.Lemmas++
	}
	key := func(m Lit) int32 {
		switch s.vals[m] {
		case 1:
			return 1<<30 + 1
		case 0:
			return 1 << 30
		}
		return s.vd[m.Var()].level
	}
	slices.SortStableFunc(c, func(a, b Lit) int { return int(key(b) - key(a)) })
	switch len(c) {
	case 0:
		s.ok = false
		if s.proof != nil {
			s.proof.final = id
		}
		return crefUndef
	case 1:
		s.cancelUntil(0)
		m := c[0]
		switch s.vals[m] {
		case 0:
			s.unitID[m.Var()] = id
			s.enqueue(m, crefUndef)
		case -1:
			s.ok = false
			if s.proof != nil {
				// ¬m may have been propagated at level 0 in this round,
				// before its unit was logged.
				s.proofUnits()
				s.proof.final = s.proof.add(KindDerived, 0, nil,
					[]ClauseID{id, s.unitID[m.Var()]})
			}
			if s.drat != nil && kind == KindInput {
				s.drat.add(nil)
			}
		}
		return crefUndef
	}
	cr := s.alloc(c, kind != KindInput, id)
	if kind == KindInput {
		s.clauses = append(s.clauses, cr)
	} else {
		s.learnts = append(s.learnts, cr)
		lbd := s.computeLBD(c)
		s.setMeta(cr, lbd, 1)
	}
	s.clauseLits += int64(len(c))
	s.attach(cr)
	c = s.lits(cr)
	v0, v1 := s.vals[c[0]], s.vals[c[1]]
	if v1 != -1 {
		return crefUndef
	}
	l1 := int(s.vd[c[1].Var()].level)
	switch {
	case v0 == 0:
		s.cancelUntil(s.backjumpLevel(l1, s.decisionLevel()+1))
		s.enqueueAt(c[0], cr, l1)
	case int(s.vd[c[0].Var()].level) > l1:
		// c[0] is true or false above l1: c is unit at l1.
		s.cancelUntil(s.backjumpLevel(l1, int(s.vd[c[0].Var()].level)))
		s.enqueueAt(c[0], cr, l1)
	case v0 == -1:
		s.cancelUntil(l1)
		return cr
	}
	return crefUndef
}

// explain asks the theory for the explanation of the implied variable v,
// adds it as a lemma and makes it v's reason.
func (s *Solver) explain(v Var) cref {
	m := v.Pos()
	if s.vals[m] != 1 {
		m = v.Neg()
	}
	e := s.theory.Explain(s.expBuf[:0], m)
	s.expBuf = e
	s.checkExplanation(e, m, s.vd[v].level)
	rest := e[1:]
	slices.SortStableFunc(rest, func(a, b Lit) int {
		return int(s.vd[b.Var()].level - s.vd[a.Var()].level)
	})
	id := ClauseID(0)
	if s.proof != nil {
		id = s.proof.add(KindLemma, 0, e, nil)
	}
	cr := s.alloc(e, true, id)
	if len(e) == 1 {
		// A unit explanation is only a reason: unwatched, and garbage
		// once v is unassigned.
		s.wasted += s.hdrLen(cr) + 2 // size word and the literal
	} else {
		s.setMeta(cr, s.computeLBD(e), 1)
		s.learnts = append(s.learnts, cr)
		s.clauseLits += int64(len(e))
		s.attach(cr)
	}
	s.vd[v].reason = cr
	s.stats.Explanations++
	return cr
}

// checkExplanation panics if the theory's explanation e of m is malformed:
// a wrong explanation would make the solver give wrong answers.
func (s *Solver) checkExplanation(e []Lit, m Lit, lvl int32) {
	if len(e) == 0 || e[0] != m {
		panic(fmt.Sprintf("sat: theory explanation of %v does not start with it: %v", m, e))
	}
	for _, q := range e[1:] {
		if q.Var() == VarNull || int(q.Var()) >= len(s.vd) || s.vals[q] != -1 || s.vd[q.Var()].level > lvl {
			panic(fmt.Sprintf("sat: theory explanation of %v has literal %v that was not false before it", m, q))
		}
	}
}

// theoryPropagate tells the theory the new assignments, runs its
// propagation and adds what it reports.
func (s *Solver) theoryPropagate() cref {
	s.inCallback = true
	for s.thead < len(s.trail) {
		m := s.trail[s.thead]
		s.thead++
		if s.theoryVar[m.Var()] {
			s.theory.Assign(m)
		}
	}
	s.thBuf = s.theory.Propagate(s.thBuf[:0])
	s.inCallback = false
	s.queueConflicts()
	if len(s.pending) > 0 {
		return s.flushPending()
	}
	return crefUndef
}

// queueConflicts queues the conflicts a theory callback reported: the
// explanation of the first literal it implied that was false already
// (Imply returned false), and the conflict clause it returned in thBuf.
func (s *Solver) queueConflicts() {
	if m := s.thConflict; m != LitNull {
		s.thConflict = LitNull
		e := s.theory.Explain(s.expBuf[:0], m)
		s.expBuf = e
		if len(e) == 0 || e[0] != m {
			panic(fmt.Sprintf("sat: theory explanation of %v does not start with it: %v", m, e))
		}
		s.queueClause(e, KindLemma, 0)
	}
	if len(s.thBuf) > 0 {
		s.stats.TheoryConflicts++
		s.queueClause(s.thBuf, KindLemma, 0)
	}
}

// finalCheck runs the theory's final check and reports whether the theory
// accepted the assignment without adding anything.
func (s *Solver) finalCheck() bool {
	nv, np, nt := len(s.vd), len(s.pending), len(s.trail)
	s.inCallback = true
	s.thBuf = s.theory.FinalCheck(s.thBuf[:0])
	s.inCallback = false
	s.queueConflicts()
	return len(s.vd) == nv && len(s.pending) == np && len(s.trail) == nt
}
