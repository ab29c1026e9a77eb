package lra

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Var is a simplex variable: an original variable (NewVar) or a slack
// standing for a linear combination (AddRow).
type Var uint32

// Reason is the caller's opaque id of an asserted bound, typically a SAT
// literal. The solver only hands it back in explanations.
type Reason uint32

// BoundKind says whether a bound is an upper or a lower bound.
type BoundKind uint8

const (
	Upper BoundKind = iota // v <= c  (v < c when the bound is c - δ)
	Lower                  // v >= c  (v > c when the bound is c + δ)
)

func (k BoundKind) String() string {
	if k == Upper {
		return "upper"
	}
	return "lower"
}

// Result is the outcome of Check.
type Result uint8

const (
	Unknown Result = iota // cancelled or out of budget
	Sat                   // the asserted bounds are satisfiable
	Unsat                 // they are not; see Conflict
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// Explained is one asserted bound in an explanation together with its
// Farkas multiplier. The bound is read as the constraint
//
//	Upper:  Var <= Bound   i.e.   Var <= R  (Var < R  when Bound.D < 0)
//	Lower: -Var <= -Bound  i.e.  -Var <= -R (-Var < -R when Bound.D > 0)
//
// where a slack Var stands for its definition (see Definition).
type Explained struct {
	Reason Reason
	Coeff  num.Rat // Farkas multiplier, always > 0
	Var    Var
	Kind   BoundKind
	Bound  DeltaRat
}

func (e Explained) String() string {
	return fmt.Sprintf("%v·(x%d %v %v #%d)", e.Coeff, e.Var, e.Kind, e.Bound, e.Reason)
}

// bound is a currently asserted bound of one variable.
type bound struct {
	val    DeltaRat
	reason Reason
	set    bool
}

// trailEntry records the bound a variable had before an assertion.
type trailEntry struct {
	v    Var
	kind BoundKind
	old  bound
}

// level is what Push saves.
type level struct {
	trail, atomTrail int32
}

// Stats are counters of the solver's work; deterministic for a given
// sequence of calls.
type Stats struct {
	Checks       int // calls of Check
	Pivots       int // pivots in Check
	BlandPivots  int // of which chosen by Bland's rule
	Conflicts    int // Unsat answers of Check and AssertUpper/AssertLower
	Propagations int // atoms reported by Propagate
}

// Solver is an incremental general simplex (see the package doc).
// The zero value is not usable; call New.
type Solver struct {
	// per variable
	lo, hi  []bound
	value   []DeltaRat // β, the current assignment
	rowOf   []int32    // row where the variable is basic, -1 if nonbasic
	cols    [][]colEntry
	mark    []int32 // scratch for row edits: position in the row or -1
	defLo   []int32 // definition of a slack: defVars/defCoeffs[defLo[v]:defHi[v]]
	defHi   []int32
	slack   []bool
	keep    []bool      // KeepRow: the variable's row is never quasi
	atomsOf [][]int32   // registered atoms per variable
	open    []int32     // per variable, its atoms not done (hasOpenAtoms)
	explBuf []Explained // the chunk Propagate's explanations are cut from (explRoom)
	defUses [][]int32   // rows of the slacks whose definitions use the variable

	// tableau
	rows      [][]rowEntry
	basic     []Var  // basic variable of each row
	quasi     []bool // by row: not maintained (see activate)
	nQuasi    int    // quasi rows
	defVars   []Var
	defCoeffs []num.Rat
	defIndex  map[uint64][]Var // hash of a slack's definition -> slacks

	// bounds and checkpoints
	trail  []trailEntry
	levels []level

	// infeasible basic variables, a min-heap by Var (Bland's order)
	heap   []Var
	inHeap []bool

	conflict      []Explained
	inConflict    bool // an assertion conflicted; its bound was not recorded
	conflictLevel int  // the Level of that assertion

	deltaOK bool
	delta   num.Rat

	atoms      []atom
	atomTrail  []int32
	dirtyRows  []int32
	rowDirty   []bool
	dirtyVars  []Var
	varDirty   []bool
	blandAfter int // pivots per Check before Bland's rule is enforced

	stats Stats

	// scratch, named after their users
	pivotCol   []colEntry
	seen       []uint32 // pivot: by position in the pivot row, stamp when met
	stamp      uint32
	addRowVars []Var
	addRowCfs  []num.Rat
	propBuf    []Explained
	expCs      []num.Rat // expand's result
	expVs      []Var
	defRow     []rowEntry // a quasi row's definition, for propagateRow
}

// defaultBlandAfter is the number of pivots in one Check after which the
// entering variable is chosen by Bland's rule, which guarantees
// termination.
const defaultBlandAfter = 1000

// debug enables expensive invariant checks.
const debug = false

// New returns an empty solver.
func New() *Solver {
	return &Solver{
		defIndex:   make(map[uint64][]Var),
		blandAfter: defaultBlandAfter,
	}
}

// NumVars returns the number of variables (original and slack).
func (s *Solver) NumVars() int { return len(s.value) }

// Stats returns the work counters.
func (s *Solver) Stats() Stats { return s.stats }

// NewVar returns a fresh unbounded variable with value 0.
func (s *Solver) NewVar() Var {
	v := Var(len(s.value))
	s.lo = append(s.lo, bound{})
	s.hi = append(s.hi, bound{})
	s.value = append(s.value, DeltaRat{})
	s.rowOf = append(s.rowOf, -1)
	s.cols = append(s.cols, nil)
	s.mark = append(s.mark, -1)
	s.defLo = append(s.defLo, 0)
	s.defHi = append(s.defHi, 0)
	s.slack = append(s.slack, false)
	s.keep = append(s.keep, false)
	s.atomsOf = append(s.atomsOf, nil)
	s.open = append(s.open, 0)
	s.defUses = append(s.defUses, nil)
	s.inHeap = append(s.inHeap, false)
	s.varDirty = append(s.varDirty, false)
	s.deltaOK = false
	return v
}

// Lower returns the current lower bound of v, its reason, and whether v
// has one.
func (s *Solver) Lower(v Var) (DeltaRat, Reason, bool) {
	b := s.lo[v]
	return b.val, b.reason, b.set
}

// Upper returns the current upper bound of v, its reason, and whether v
// has one.
func (s *Solver) Upper(v Var) (DeltaRat, Reason, bool) {
	b := s.hi[v]
	return b.val, b.reason, b.set
}

// Assignment returns the current delta-rational value of v.
func (s *Solver) Assignment(v Var) DeltaRat { return s.val(v) }

// Level returns the number of open Push checkpoints.
func (s *Solver) Level() int { return len(s.levels) }

// AssertUpper asserts v <= c (v < c' when c = c' - δ, see Below). It
// reports a conflict, explained by Conflict, when c is below the lower
// bound of v; the bound is then not recorded, and Check answers Unsat with
// that conflict until Pop closes the checkpoint level of the assertion. A
// bound no tighter than the current one is ignored.
func (s *Solver) AssertUpper(v Var, c DeltaRat, reason Reason) (conflict bool) {
	return s.assert(v, Upper, c, reason)
}

// AssertLower asserts v >= c (v > c' when c = c' + δ, see Above); see
// AssertUpper.
func (s *Solver) AssertLower(v Var, c DeltaRat, reason Reason) (conflict bool) {
	return s.assert(v, Lower, c, reason)
}

func (s *Solver) assert(v Var, k BoundKind, c DeltaRat, reason Reason) bool {
	cur, other := &s.hi[v], &s.lo[v]
	sign := 1 // a tighter upper bound is smaller
	if k == Lower {
		cur, other = other, cur
		sign = -1
	}
	if cur.set && sign*c.Cmp(cur.val) >= 0 {
		return false
	}
	if other.set && sign*c.Cmp(other.val) < 0 {
		one := num.NewRat(1, 1)
		s.conflict = append(s.conflict[:0],
			Explained{Reason: reason, Coeff: one, Var: v, Kind: k, Bound: c},
			Explained{Reason: other.reason, Coeff: one, Var: v, Kind: 1 - k, Bound: other.val})
		s.inConflict = true
		s.conflictLevel = len(s.levels)
		s.stats.Conflicts++
		return true
	}
	if r := s.rowOf[v]; r >= 0 && s.quasi[r] {
		s.activate(r)
	}
	s.trail = append(s.trail, trailEntry{v: v, kind: k, old: *cur})
	*cur = bound{val: c, reason: reason, set: true}
	s.deltaOK = false
	s.touchVar(v)
	if sign*s.value[v].Cmp(c) > 0 {
		if s.rowOf[v] < 0 {
			s.update(v, c.Sub(s.value[v]))
		} else {
			s.pushInfeasible(v)
		}
	}
	return false
}

// Push opens a checkpoint.
func (s *Solver) Push() {
	s.levels = append(s.levels, level{trail: int32(len(s.trail)), atomTrail: int32(len(s.atomTrail))})
}

// Pop closes the n innermost checkpoints, restoring the bounds asserted
// since and forgetting a conflicting assertion made inside them (one made
// at level 0 persists: the bounds are unsatisfiable for good). Variables, rows and the (pivoted)
// tableau are kept; the assignment stays within the restored bounds.
func (s *Solver) Pop(n int) {
	if n <= 0 {
		return
	}
	if n > len(s.levels) {
		panic(fmt.Sprintf("lra: Pop(%d) with %d checkpoints", n, len(s.levels)))
	}
	lv := s.levels[len(s.levels)-n]
	s.levels = s.levels[:len(s.levels)-n]
	for i := len(s.trail) - 1; i >= int(lv.trail); i-- {
		e := s.trail[i]
		if e.kind == Upper {
			s.hi[e.v] = e.old
		} else {
			s.lo[e.v] = e.old
		}
	}
	s.trail = s.trail[:lv.trail]
	for _, a := range s.atomTrail[lv.atomTrail:] {
		s.atoms[a].done = false
		s.open[s.atoms[a].v]++
	}
	s.atomTrail = s.atomTrail[:lv.atomTrail]
	if s.inConflict && len(s.levels) < s.conflictLevel {
		s.inConflict = false
		s.conflict = s.conflict[:0]
	}
	s.deltaOK = false
}

// Conflict returns the explanation of the last Unsat answer of Check or
// the last conflicting assertion: bounds with Farkas multipliers λ > 0
// such that, writing each bound as in Explained and each slack as its
// definition, Σ λ·lhs is identically 0 while Σ λ·rhs < 0, or Σ λ·rhs = 0
// and some strict bound has λ > 0 — that is, the sum reads 0 <= negative
// or 0 < 0. Equivalently the sum of the DeltaRat right-hand sides (lower
// bounds negated) is negative. The slice is owned by the solver and valid
// until the next call that changes the solver.
func (s *Solver) Conflict() []Explained { return s.conflict }

// Value returns the value of v in the model of the last Sat answer of
// Check: the assignment with δ replaced by a rational small enough for
// every bound to hold (computed once per model, Dutertre–de Moura §3.3).
func (s *Solver) Value(v Var) num.Rat {
	if !s.deltaOK {
		s.delta = s.computeDelta()
		s.deltaOK = true
	}
	return s.val(v).At(s.delta)
}

// Delta returns the rational value chosen for δ in the current model.
func (s *Solver) Delta() num.Rat {
	if !s.deltaOK {
		s.delta = s.computeDelta()
		s.deltaOK = true
	}
	return s.delta
}

func (s *Solver) computeDelta() num.Rat {
	delta := num.NewRat(1, 1)
	for v := range s.value {
		b := s.value[v] // stale for a quasi basic variable, which has no bounds
		if l := s.lo[v]; l.set {
			// need l.R + l.D·δ <= b.R + b.D·δ
			if l.val.R.Cmp(b.R) < 0 && l.val.D.Cmp(b.D) > 0 {
				delta = delta.Min(b.R.Sub(l.val.R).Quo(l.val.D.Sub(b.D)))
			}
		}
		if u := s.hi[v]; u.set {
			if b.R.Cmp(u.val.R) < 0 && b.D.Cmp(u.val.D) > 0 {
				delta = delta.Min(u.val.R.Sub(b.R).Quo(b.D.Sub(u.val.D)))
			}
		}
	}
	return delta
}

// violated reports whether v's value is outside its bounds.
func (s *Solver) violated(v Var) bool {
	b := s.value[v]
	return (s.lo[v].set && b.Cmp(s.lo[v].val) < 0) || (s.hi[v].set && b.Cmp(s.hi[v].val) > 0)
}

// pushInfeasible queues basic variable v for Check.
func (s *Solver) pushInfeasible(v Var) {
	if s.inHeap[v] {
		return
	}
	s.inHeap[v] = true
	s.heap = append(s.heap, v)
	i := len(s.heap) - 1
	for i > 0 {
		p := (i - 1) / 2
		if s.heap[p] <= s.heap[i] {
			break
		}
		s.heap[p], s.heap[i] = s.heap[i], s.heap[p]
		i = p
	}
}

// popInfeasible removes and returns the smallest queued variable.
func (s *Solver) popInfeasible() (Var, bool) {
	if len(s.heap) == 0 {
		return 0, false
	}
	v := s.heap[0]
	last := len(s.heap) - 1
	s.heap[0] = s.heap[last]
	s.heap = s.heap[:last]
	i := 0
	for {
		l, m := 2*i+1, i
		if l < last && s.heap[l] < s.heap[m] {
			m = l
		}
		if l+1 < last && s.heap[l+1] < s.heap[m] {
			m = l + 1
		}
		if m == i {
			break
		}
		s.heap[i], s.heap[m] = s.heap[m], s.heap[i]
		i = m
	}
	s.inHeap[v] = false
	return v, true
}
