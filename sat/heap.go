package sat

import "math/bits"

// The decision order is by activity (EVSIDS: the bump grows geometrically
// instead of decaying every score), ties towards the smaller variable so
// that it is deterministic. Its queue has two parts: a binary max-heap of
// the variables with a positive activity, and a bit set of those with
// activity zero, never bumped, which come after every other in the order
// of their index. Most decisions of an incremental SMT solver (Spacer's:
// 76-99% of the picks on six dev files near the time limit) are on such
// variables, atoms of old queries that no conflict has touched; a bit set
// pops and inserts them in constant time where the heap took a logarithm
// each.
//
// heapIdx[v] is v's position in the heap, inZero when v is in the bit
// set, notQueued when in neither.
const (
	notQueued = -1
	inZero    = -2
)

// heapEntry is a variable in the heap with a copy of its activity, so
// that the comparisons of a sift read the heap's own memory and not the
// activity table at random places. bumpVar and the rescale keep the copy
// equal to activity[v].
type heapEntry struct {
	act float64
	v   Var
}

// before reports whether a goes above b in the heap: the higher activity,
// ties to the smaller variable. It is a strict total order, so the top of
// the heap, and with it every decision, does not depend on the layout.
func (a heapEntry) before(b heapEntry) bool {
	return a.act > b.act || a.act == b.act && a.v < b.v
}

func (s *Solver) heapLess(a, b Var) bool {
	aa, ab := s.activity[a], s.activity[b]
	return aa > ab || aa == ab && a < b
}

func (s *Solver) heapUp(i int) {
	h := s.heap
	e := h[i]
	for i > 0 {
		p := (i - 1) >> 1
		if !e.before(h[p]) {
			break
		}
		h[i] = h[p]
		s.heapIdx[h[i].v] = int32(i)
		i = p
	}
	h[i] = e
	s.heapIdx[e.v] = int32(i)
}

// heapInsert queues v, which is not queued.
func (s *Solver) heapInsert(v Var) {
	a := s.activity[v]
	if a == 0 {
		s.zeroAdd(v)
		return
	}
	s.heapIdx[v] = int32(len(s.heap))
	s.heap = append(s.heap, heapEntry{a, v})
	s.heapUp(len(s.heap) - 1)
}

// queued reports whether v is in the heap or the bit set.
func (s *Solver) queued(v Var) bool { return s.heapIdx[v] != notQueued }

// queueEmpty reports whether no variable is queued.
func (s *Solver) queueEmpty() bool { return len(s.heap) == 0 && s.zeroN == 0 }

// queueTop returns the first queued variable in the order, which must
// exist, without removing it.
func (s *Solver) queueTop() Var {
	if len(s.heap) > 0 {
		return s.heap[0].v
	}
	return s.zeroFirst()
}

// queuePop removes and returns the first queued variable, which must
// exist.
func (s *Solver) queuePop() Var {
	if len(s.heap) > 0 {
		return s.heapPop()
	}
	v := s.zeroFirst()
	s.zeroRemove(v)
	return v
}

func (s *Solver) zeroAdd(v Var) {
	w := int(v) >> 6
	for w >= len(s.zeroBits) {
		s.zeroBits = append(s.zeroBits, 0)
	}
	s.zeroBits[w] |= 1 << (uint(v) & 63)
	s.zeroN++
	s.zeroLo = min(s.zeroLo, w)
	s.heapIdx[v] = inZero
}

func (s *Solver) zeroRemove(v Var) {
	s.zeroBits[int(v)>>6] &^= 1 << (uint(v) & 63)
	s.zeroN--
	s.heapIdx[v] = notQueued
}

// zeroFirst returns the smallest variable of the bit set, which must not
// be empty; zeroLo moves up past the empty words on the way.
func (s *Solver) zeroFirst() Var {
	for s.zeroBits[s.zeroLo] == 0 {
		s.zeroLo++
	}
	return Var(s.zeroLo<<6 + bits.TrailingZeros64(s.zeroBits[s.zeroLo]))
}

// heapPop removes and returns the most active variable. The hole at the
// root moves down along the better children to a leaf, one comparison a
// level, and the last entry fills it and sifts up (Floyd's bottom-up
// variant: the last entry is a leaf and rarely climbs far).
func (s *Solver) heapPop() Var {
	h := s.heap
	v := h[0].v
	s.heapIdx[v] = notQueued
	n := len(h) - 1
	last := h[n]
	s.heap = h[:n]
	if n == 0 {
		return v
	}
	h = h[:n]
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h[c+1].before(h[c]) {
			c++
		}
		h[i] = h[c]
		s.heapIdx[h[i].v] = int32(i)
		i = c
	}
	h[i] = last
	s.heapIdx[last.v] = int32(i)
	s.heapUp(i)
	return v
}

// bumpVar raises the activity of v by the current increment.
func (s *Solver) bumpVar(v Var) {
	a := s.activity[v] + s.varInc
	s.activity[v] = a
	if a > 1e100 {
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.varInc *= 1e-100
		s.requeueHeap()
	}
	switch i := s.heapIdx[v]; {
	case i >= 0:
		s.heap[i].act = s.activity[v]
		s.heapUp(int(i))
	case i == inZero:
		s.zeroRemove(v)
		s.heapInsert(v)
	}
}

// requeueHeap refreshes the heap's copies of the activities after a
// rescale and moves to the bit set the variables whose activity fell to
// zero (an underflow of a long-unbumped one).
func (s *Solver) requeueHeap() {
	old := s.heap
	s.heap = s.heap[:0:0]
	for _, e := range old {
		s.heapIdx[e.v] = notQueued
	}
	for _, e := range old {
		s.heapInsert(e.v)
	}
}

// decayVars makes later bumps count more, which decays all activities.
// Stable mode decays slowly (0.95, MiniSat), focused mode follows the
// Glucose schedule from 0.8 up to 0.95.
func (s *Solver) decayVars() {
	if s.stable {
		s.varInc /= 0.95
		return
	}
	s.varInc /= s.varDecay
}

// scanMax is the number of unassigned variables up to which pickBranchLit
// scans the heap instead of popping it.
const scanMax = 16

// pickBranchLit returns the next decision literal, or LitNull when every
// variable is assigned. The polarity is the saved phase, false at first.
//
// Every unassigned variable is in the heap. An incremental check whose
// assumptions propagate nearly everything (Spacer's frames of level
// literals) would pop each assigned variable off the heap only for
// cancelUntil to put it back: two heap operations per variable and
// check. So when no variable is unassigned it answers at once, and when
// at most scanMax are it finds the most active one by a scan of the heap
// array, which leaves the heap as it is: the same choice as popping,
// cheaper as long as the scans (one per decision) cost less than the
// pops (log of the heap size each).
func (s *Solver) pickBranchLit() Lit {
	u := len(s.vd) - 1 - s.nElim - len(s.trail)
	if u == 0 {
		return LitNull
	}
	if u <= scanMax {
		best := VarNull
		for _, e := range s.heap {
			if v := e.v; s.vals[v.Pos()] == 0 && !s.elim[v] && (best == VarNull || s.heapLess(v, best)) {
				best = v
			}
		}
		if best == VarNull && s.zeroN > 0 {
			best = s.zeroScan()
		}
		if best != VarNull {
			return s.branchLit(best)
		}
	}
	for !s.queueEmpty() {
		v := s.queuePop()
		if s.vals[v.Pos()] == 0 && !s.elim[v] {
			return s.branchLit(v)
		}
	}
	return LitNull
}

// zeroScan returns the smallest unassigned variable of the bit set that
// is not eliminated, or VarNull, and leaves the set as it is.
func (s *Solver) zeroScan() Var {
	for w := s.zeroLo; w < len(s.zeroBits); w++ {
		for b := s.zeroBits[w]; b != 0; b &= b - 1 {
			v := Var(w<<6 + bits.TrailingZeros64(b))
			if s.vals[v.Pos()] == 0 && !s.elim[v] {
				return v
			}
		}
	}
	return VarNull
}

// branchLit is the decision literal of v: the theory's phase, the target
// phase in stable mode, or the saved phase.
func (s *Solver) branchLit(v Var) Lit {
	if s.phaser != nil && s.theoryVar[v] {
		if val, ok := s.phaser.Phase(v); ok {
			return v.Lit(!val)
		}
	}
	if s.stable && s.target[v] != 0 {
		return v.Lit(s.target[v] != 1)
	}
	return v.Lit(s.saved[v] != 1)
}
