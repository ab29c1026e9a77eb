package sat

// The decision heap is a binary max-heap of variables ordered by activity
// (EVSIDS: the bump grows geometrically instead of decaying every score).
// Ties break towards the smaller variable so the order is deterministic.

func (s *Solver) heapLess(a, b Var) bool {
	aa, ab := s.activity[a], s.activity[b]
	return aa > ab || aa == ab && a < b
}

func (s *Solver) heapUp(i int) {
	h := s.heap
	v := h[i]
	for i > 0 {
		p := (i - 1) >> 1
		if !s.heapLess(v, h[p]) {
			break
		}
		h[i] = h[p]
		s.heapIdx[h[i]] = int32(i)
		i = p
	}
	h[i] = v
	s.heapIdx[v] = int32(i)
}

func (s *Solver) heapDown(i int) {
	h := s.heap
	v := h[i]
	n := len(h)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && s.heapLess(h[c+1], h[c]) {
			c++
		}
		if !s.heapLess(h[c], v) {
			break
		}
		h[i] = h[c]
		s.heapIdx[h[i]] = int32(i)
		i = c
	}
	h[i] = v
	s.heapIdx[v] = int32(i)
}

func (s *Solver) heapInsert(v Var) {
	s.heapIdx[v] = int32(len(s.heap))
	s.heap = append(s.heap, v)
	s.heapUp(len(s.heap) - 1)
}

// heapPop removes and returns the most active variable.
func (s *Solver) heapPop() Var {
	h := s.heap
	v := h[0]
	last := h[len(h)-1]
	s.heap = h[:len(h)-1]
	s.heapIdx[v] = -1
	if len(s.heap) > 0 {
		s.heap[0] = last
		s.heapIdx[last] = 0
		s.heapDown(0)
	}
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
	}
	if i := s.heapIdx[v]; i >= 0 {
		s.heapUp(int(i))
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
		for _, v := range s.heap {
			if s.vals[v.Pos()] == 0 && !s.elim[v] && (best == VarNull || s.heapLess(v, best)) {
				best = v
			}
		}
		if best != VarNull {
			return s.branchLit(best)
		}
	}
	for len(s.heap) > 0 {
		v := s.heapPop()
		if s.vals[v.Pos()] == 0 && !s.elim[v] {
			return s.branchLit(v)
		}
	}
	return LitNull
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
