package sat

import (
	"io"
	"slices"
)

// Options configure a Solver. The zero value is the default configuration.
type Options struct {
	// Proof switches on proof logging: every clause gets a ClauseID and
	// every derived clause its resolution chain (see Proof).
	Proof bool
	// DRAT, when not nil, receives a DRAT proof in text form. It is meant
	// for plain SAT use: theory lemmas are not RUP and are not written.
	DRAT io.Writer
	// Restarts selects the restart policy.
	Restarts Restarts
	// NoChrono switches chronological backtracking off: every conflict
	// then backjumps to the level its learned clause asserts at. It is
	// off anyway with Proof or DRAT, whose level-0 bookkeeping wants the
	// trail sorted by level.
	NoChrono bool
}

// chronoLevels is the backjump, in levels, beyond which the solver
// backtracks chronologically instead: Nadel and Ryvchin's T, 100 in their
// paper and in CaDiCaL. 300 was measured better on the QF_LRA files whose
// theory conflicts jump hundreds of levels (yices2 5f614f99: 4.1 s of CPU
// classic, over 15 s with 100, 2.4 s with 300; 4838edde 2.9, 0.4, 2.7;
// MenloPark 3.3, 2.7, 2.5); the CNF benchmarks rarely jump that far.
const chronoLevels = 300

// Restarts is a restart policy.
type Restarts uint8

const (
	// RestartMixed alternates two modes, CaDiCaL style: focused phases
	// with moving-average restarts (as RestartGlucose) and stable phases
	// with long Luby intervals (1024 conflicts per unit) deciding on
	// target phases. It is the default: measured best on the benchmark
	// set (bench/sat.sh), ahead of glucose and Luby alone.
	RestartMixed Restarts = iota
	// RestartGlucose restarts when the recent average LBD of learned
	// clauses exceeds the long-run average by 10% (moving averages, as in
	// Glucose and CaDiCaL).
	RestartGlucose
	// RestartLuby restarts after Luby-sequence numbers of conflicts, 100
	// conflicts per unit (MiniSat).
	RestartLuby
)

// String returns "mixed", "glucose" or "luby".
func (r Restarts) String() string {
	switch r {
	case RestartLuby:
		return "luby"
	case RestartGlucose:
		return "glucose"
	}
	return "mixed"
}

// varData is what the trail knows about an assigned variable.
type varData struct {
	reason cref  // clause that implied it, crefUndef for decisions
	level  int32 // decision level of the assignment
}

// Solver is an incremental CDCL SAT solver. See the package documentation.
type Solver struct {
	opts   Options
	ok     bool // false once the clauses are unsatisfiable at level 0
	chrono int  // backjumps longer than this backtrack one level; 0: never

	// Clause database.
	arena   []Lit       // every clause, see clause.go
	clauses []cref      // irredundant clauses
	learnts []cref      // redundant clauses: learned, theory explanations
	wasted  int         // arena words held by deleted clauses
	watches [][]watcher // watches[m]: long clauses watching m
	bins    [][]watcher // bins[m]: binary clauses containing m

	// Assignment.
	vals     []int8    // vals[m]: True, False or Undef, per literal
	vd       []varData // per variable
	trail    []Lit     // assigned literals in assignment order
	trailLim []int32   // trail length at the start of each decision level
	qhead    int       // trail[qhead:] awaits propagation

	// Decisions: EVSIDS with phase saving.
	activity  []float64
	varInc    float64
	varDecay  float64
	heap      []heapEntry // binary max-heap on activity
	heapIdx   []int32     // position of each variable in heap, or notQueued, inZero
	zeroBits  []uint64    // the queued variables of activity zero (heap.go)
	zeroN     int         // how many
	zeroLo    int         // zeroBits[:zeroLo] are all zero
	saved     []int8      // saved phase per variable
	target    []int8      // target phase per variable (stable mode)
	targetLen int         // trail length the target phases come from

	// Scratch for analyze, minimize and analyzeFinal.
	seen      []uint8
	learnt    []Lit
	toClear   []Lit
	stack     []Lit
	lastLevel []Var    // conflict-level variables with learned reasons
	stamp     []uint32 // per decision level, for LBD
	stampN    uint32
	addBuf    []Lit

	// Restarts and modes.
	emaFast, emaSlow ema    // moving averages of learned-clause LBD
	restartAt        uint64 // no restart before this many conflicts
	lubyIdx          int
	stable           bool   // stable mode of RestartMixed
	modeStart        uint64 // propagations when the mode began
	modeTicks        uint64 // propagations per mode
	modeSwitchAt     uint64

	// Learned-clause database.
	claInc         float32 // clause activity bump
	nextReduce     uint64  // conflicts of the next scheduled reduceDB
	reduceInterval uint64
	nonCore        int     // learned clauses above the core tier
	maxLearnts     float64 // budget for nonCore
	capAdjust      float64 // conflicts between budget increases
	capAdjustAt    uint64
	cands          []cref // scratch for reduceDB
	sweepBuf       []Lit  // scratch for sweepWatchesOf

	// Level-0 simplification.
	simpAssigns int
	simpPropsAt uint64
	clauseLits  int64 // literals in irredundant and redundant clauses

	// Incremental interface.
	assumptions []Lit
	failed      []Lit
	model       []int8 // per variable, after Sat

	// Budgets for one Solve call; 0 means none.
	conflictBudget, propBudget int64
	conflictLimit, propLimit   uint64
	pollProps                  uint64 // Propagations at which the search polls ctx next

	// Proof logging.
	proof     *Proof
	unitID    []ClauseID // per variable: the unit clause fixing it at level 0
	proofHead int        // trail[:proofHead] at level 0 have unit ids
	pmark     []uint8    // per variable, for proof chains
	chain     []ClauseID // scratch chain
	post      []Var      // scratch DFS post-order
	dfs       []dfsFrame // scratch DFS stack
	roots     []Var      // scratch level-0 vars met by a chain
	drat      *dratWriter
	dratHead  int // trail[:dratHead] at level 0 are written as DRAT units

	// Variable elimination, see elim.go.
	elim     []bool   // per variable: eliminated
	nElim    int      // eliminated variables
	frozen   []bool   // per variable: never eliminated
	occs     [][]cref // per literal, during Eliminate only
	elimLits []Lit    // removed clauses, pivot literal first, flattened
	elimEnds []uint32 // end of each removed clause in elimLits

	// Theory hook, see theory.go.
	theory     Theory
	phaser     Phaser // theory, when it suggests phases
	added      uint64 // clauses added by the user or the theory (NumAdded)
	theoryVar  []bool
	thead      int // trail[:thead] has been told to the theory
	inCallback bool
	thConflict Lit   // literal the theory implied while it was false
	thBuf      []Lit // theory conflict clause scratch
	expBuf     []Lit // theory explanation scratch
	pendLits   []Lit // clauses added during callbacks, flattened
	pending    []pendingClause

	stats Stats
}

// New returns an empty solver.
func New(opts Options) *Solver {
	s := &Solver{
		opts:     opts,
		ok:       true,
		varInc:   1,
		claInc:   1,
		varDecay: 0.8,
	}
	s.reduceInterval = reduceFirst
	s.nextReduce = s.reduceInterval
	s.emaFast = newEMA(emaFastAlpha)
	s.emaSlow = newEMA(emaSlowAlpha)
	s.arena = make([]Lit, arenaBase, 1024)
	// Index 0 of every per-variable table belongs to VarNull, and literals
	// 0 and 1 to LitNull and its complement, so handles index directly.
	s.growVars(0)
	s.stamp = make([]uint32, 1)
	if opts.Proof {
		s.proof = newProof()
	}
	if opts.DRAT != nil {
		s.drat = newDRATWriter(opts.DRAT)
	}
	if !opts.NoChrono && !opts.Proof && opts.DRAT == nil {
		s.chrono = chronoLevels
	}
	return s
}

// growVars extends every per-variable and per-literal table to hold
// variables 0..n.
func (s *Solver) growVars(n int) {
	if n >= cap(s.vd) {
		s.reserveVars(max(n+1, 2*cap(s.vd), minVars))
	}
	for len(s.vd) <= n {
		v := Var(len(s.vd))
		s.vd = append(s.vd, varData{})
		s.vals = append(s.vals, 0, 0)
		s.watches = append(s.watches, nil, nil)
		s.bins = append(s.bins, nil, nil)
		s.activity = append(s.activity, 0)
		s.heapIdx = append(s.heapIdx, notQueued)
		s.saved = append(s.saved, 0)
		s.target = append(s.target, 0)
		s.seen = append(s.seen, 0)
		s.pmark = append(s.pmark, 0)
		s.unitID = append(s.unitID, 0)
		s.theoryVar = append(s.theoryVar, false)
		s.elim = append(s.elim, false)
		s.frozen = append(s.frozen, false)
		if v != VarNull {
			s.heapInsert(v)
		}
	}
	if cap(s.trail) < len(s.vd) {
		t := make([]Lit, len(s.trail), 2*len(s.vd))
		copy(t, s.trail)
		s.trail = t
	}
	if len(s.stamp) < len(s.vd)+1 {
		s.stamp = append(s.stamp, make([]uint32, len(s.vd)+1-len(s.stamp))...)
	}
}

// minVars is the number of variables the per-variable tables first
// have room for: a solver's variables come one at a time, and the
// fifteen tables growing from one entry by doubling were most of the
// allocations of the small solvers Spacer makes per clause.
const minVars = 64

// reserveVars gives every per-variable and per-literal table room for n
// variables, in one allocation each.
func (s *Solver) reserveVars(n int) {
	s.vd = slices.Grow(s.vd, n-len(s.vd))
	s.vals = slices.Grow(s.vals, 2*n-len(s.vals))
	s.watches = slices.Grow(s.watches, 2*n-len(s.watches))
	s.bins = slices.Grow(s.bins, 2*n-len(s.bins))
	s.activity = slices.Grow(s.activity, n-len(s.activity))
	s.heapIdx = slices.Grow(s.heapIdx, n-len(s.heapIdx))
	s.saved = slices.Grow(s.saved, n-len(s.saved))
	s.target = slices.Grow(s.target, n-len(s.target))
	s.seen = slices.Grow(s.seen, n-len(s.seen))
	s.pmark = slices.Grow(s.pmark, n-len(s.pmark))
	s.unitID = slices.Grow(s.unitID, n-len(s.unitID))
	s.theoryVar = slices.Grow(s.theoryVar, n-len(s.theoryVar))
	s.elim = slices.Grow(s.elim, n-len(s.elim))
	s.frozen = slices.Grow(s.frozen, n-len(s.frozen))
	s.stamp = slices.Grow(s.stamp, n+1-len(s.stamp))
	s.heap = slices.Grow(s.heap, n-len(s.heap))
}

// NewVar adds a variable and returns it. Variables may be added at any
// time, also between Solve calls and from Theory callbacks.
func (s *Solver) NewVar() Var {
	v := Var(len(s.vd))
	s.growVars(int(v))
	return v
}

// NumVars returns the number of variables; they are 1..NumVars().
func (s *Solver) NumVars() int { return len(s.vd) - 1 }

// NumAdded returns the number of AddClause, AddClauseTagged and AddLemma
// calls so far: a theory compares it before and after a step to tell
// whether the step gave the solver a new clause.
func (s *Solver) NumAdded() uint64 { return s.added }

// Okay reports whether the clauses may still be satisfiable: it is false
// once a conflict was derived without assumptions.
func (s *Solver) Okay() bool { return s.ok }

// Stats returns the counters of the solver so far.
func (s *Solver) Stats() Stats {
	st := s.stats
	st.Vars = s.NumVars()
	st.Clauses = len(s.clauses)
	st.Learnts = len(s.learnts)
	return st
}

// Proof returns the proof log, or nil when Options.Proof is off.
func (s *Solver) Proof() *Proof { return s.proof }

// SetBudget limits each later Solve call to the given numbers of conflicts
// and propagations; Solve returns Unknown when either runs out. Zero or
// negative means no limit.
func (s *Solver) SetBudget(conflicts, propagations int64) {
	s.conflictBudget, s.propBudget = conflicts, propagations
}

// AddClause adds an input clause (a disjunction of lits) with tag 0 and
// returns its proof id (0 when proof logging is off). Variables the clause
// mentions are created as needed. Between Solve calls the clause is added
// at level 0 without rebuilding anything; from a Theory callback it is
// queued and added at the next propagation.
func (s *Solver) AddClause(lits ...Lit) ClauseID {
	return s.AddClauseTagged(0, lits...)
}

// AddClauseTagged is AddClause with a user tag (a partition, say, for
// interpolation) that the proof log keeps with the clause.
func (s *Solver) AddClauseTagged(tag uint32, lits ...Lit) ClauseID {
	return s.addClause(lits, KindInput, tag)
}

// addClause is AddClause, AddClauseTagged and AddLemma.
func (s *Solver) addClause(lits []Lit, kind ClauseKind, tag uint32) ClauseID {
	s.added++
	for _, m := range lits {
		if m.Var() == VarNull {
			panic("sat: clause with LitNull")
		}
		if int(m.Var()) >= len(s.vd) {
			s.growVars(int(m.Var()))
		}
		if len(s.elimEnds) > 0 {
			s.checkNotEliminated(m)
		}
	}
	if s.inCallback {
		return s.queueClause(lits, kind, tag)
	}
	if s.decisionLevel() > 0 {
		s.cancelUntil(0)
	}
	c, taut := normalize(append(s.addBuf[:0], lits...))
	s.addBuf = c
	id := ClauseID(0)
	if s.proof != nil {
		id = s.proof.add(kind, tag, c, nil)
	}
	if taut || !s.ok {
		return id
	}
	if kind != KindInput {
		// Theory lemmas take the general path (level 0 here).
		if confl := s.attachLemma(c, id, kind); confl != crefUndef {
			s.rootConflict(confl)
		}
		s.propagateRoot()
		return id
	}
	// Level-0 simplification: drop false literals, skip satisfied clauses.
	inputID := id
	ch := append(s.chain[:0], id)
	j := 0
	for _, m := range c {
		switch s.vals[m] {
		case 1:
			return inputID
		case 0:
			c[j] = m
			j++
		default:
			ch = append(ch, s.unitID[m.Var()])
		}
	}
	s.chain = ch
	if j < len(c) {
		if s.proof != nil {
			id = s.proof.add(KindDerived, 0, c[:j], ch)
		}
		if s.drat != nil {
			s.drat.add(c[:j])
		}
	}
	c = c[:j]
	switch len(c) {
	case 0:
		s.ok = false
		if s.proof != nil {
			s.proof.final = id
		}
	case 1:
		s.unitID[c[0].Var()] = id
		s.enqueue(c[0], crefUndef)
		s.propagateRoot()
	default:
		cr := s.alloc(c, false, id)
		s.clauses = append(s.clauses, cr)
		s.clauseLits += int64(len(c))
		s.attach(cr)
	}
	return inputID
}

// normalize sorts c in place, drops duplicate literals and reports
// whether c holds a literal and its negation.
func normalize(c []Lit) (_ []Lit, taut bool) {
	slices.Sort(c)
	j := 0
	for i, m := range c {
		if i > 0 && m == c[j-1] {
			continue
		}
		if i > 0 && m == c[j-1]^1 {
			taut = true
		}
		c[j] = m
		j++
	}
	return c[:j], taut
}

// propagateRoot propagates at level 0 outside the search and records the
// outcome: a conflict makes the clauses unsatisfiable.
func (s *Solver) propagateRoot() {
	if !s.ok {
		return
	}
	if confl := s.propagate(); confl != crefUndef {
		s.rootConflict(confl)
		return
	}
	if s.proof != nil {
		s.proofUnits()
	}
}

// rootConflict records that clause confl is false at level 0: the clauses
// are unsatisfiable, and with proof logging the empty clause is derived.
func (s *Solver) rootConflict(confl cref) {
	s.ok = false
	if s.decisionLevel() > 0 {
		s.cancelUntil(0)
	}
	if s.proof != nil {
		s.proofUnits()
		ch := append(s.chain[:0], s.clauseID(confl))
		for _, m := range s.lits(confl) {
			ch = append(ch, s.unitID[m.Var()])
		}
		s.chain = ch
		s.proof.final = s.proof.add(KindDerived, 0, nil, ch)
	}
	if s.drat != nil {
		s.drat.add(nil)
	}
}

// decisionLevel returns the current decision level.
func (s *Solver) decisionLevel() int { return len(s.trailLim) }

// DecisionLevel returns the current decision level; meant for Theory
// callbacks.
func (s *Solver) DecisionLevel() int { return len(s.trailLim) }

// ValueNow returns the value of m in the current partial assignment;
// meant for Theory callbacks.
func (s *Solver) ValueNow(m Lit) LBool { return LBool(s.vals[m]) }

// Level returns the decision level at which v was assigned; meaningful
// only while v is assigned.
func (s *Solver) Level(v Var) int { return int(s.vd[v].level) }

// Value returns the value of m in the model of the last Solve that
// answered Sat.
func (s *Solver) Value(m Lit) bool {
	v := m.Var()
	if int(v) >= len(s.model) {
		return m.IsNeg()
	}
	return (s.model[v] == 1) != m.IsNeg()
}

// Model appends to dst the true literal of each variable 1..NumVars() in
// the model of the last Solve that answered Sat, and returns it.
func (s *Solver) Model(dst []Lit) []Lit {
	for v := Var(1); int(v) < len(s.model); v++ {
		dst = append(dst, v.Lit(s.model[v] != 1))
	}
	return dst
}

// Failed appends to dst the failed assumptions of the last Solve that
// answered Unsat, and returns it: a subset of the assumptions that is
// unsatisfiable together with the clauses. It is empty when the clauses
// alone are unsatisfiable.
func (s *Solver) Failed(dst []Lit) []Lit { return append(dst, s.failed...) }

// enqueue assigns m true at the current level with the given reason.
func (s *Solver) enqueue(m Lit, reason cref) {
	s.enqueueAt(m, reason, len(s.trailLim))
}

// enqueueAt assigns m true at level lvl, which is below the current level
// when m is assigned out of order (chronological backtracking: lvl is the
// highest level of the other literals of its reason).
func (s *Solver) enqueueAt(m Lit, reason cref, lvl int) {
	s.vals[m] = 1
	s.vals[m^1] = -1
	s.vd[m.Var()] = varData{reason, int32(lvl)}
	s.trail = append(s.trail, m)
}

// newDecisionLevel opens a decision level.
func (s *Solver) newDecisionLevel() {
	s.trailLim = append(s.trailLim, int32(len(s.trail)))
	if len(s.trailLim) >= len(s.stamp) {
		// Repeated assumptions open levels without assigning, so levels
		// may outnumber variables.
		s.stamp = append(s.stamp, make([]uint32, len(s.stamp))...)
	}
}

// cancelUntil undoes every assignment above decision level lvl, saving
// phases and returning the variables to the decision heap. Literals of
// level lvl or below assigned out of order above it (chronological
// backtracking) stay, moved down in trail order to the end of level lvl,
// and are propagated, and told to the theory, again.
func (s *Solver) cancelUntil(lvl int) {
	if len(s.trailLim) <= lvl {
		return
	}
	lim := int(s.trailLim[lvl])
	kept := 0
	for i := len(s.trail) - 1; i >= lim; i-- {
		m := s.trail[i]
		v := m.Var()
		if int(s.vd[v].level) <= lvl {
			kept++
			continue
		}
		s.vals[m] = 0
		s.vals[m^1] = 0
		s.saved[v] = 1 - 2*int8(m&1)
		if !s.queued(v) {
			s.heapInsert(v)
		}
	}
	if kept > 0 {
		j := lim
		for _, m := range s.trail[lim:] {
			if s.vals[m] == 1 {
				s.trail[j] = m
				j++
			}
		}
	}
	s.trail = s.trail[:lim+kept]
	s.trailLim = s.trailLim[:lvl]
	s.qhead = lim
	if s.thead > lim {
		s.thead = lim
	}
	if s.theory != nil {
		s.theory.Backtrack(lvl)
	}
}
