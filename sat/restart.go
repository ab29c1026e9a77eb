package sat

// ema is an exponential moving average with the start-up bias corrected
// (as in CaDiCaL), so that early values are not dragged towards zero.
type ema struct {
	val, biased, alpha, exp float64
}

func newEMA(alpha float64) ema { return ema{alpha: alpha, exp: 1} }

func (e *ema) update(y float64) {
	e.biased += e.alpha * (y - e.biased)
	if e.exp == 0 {
		e.val = e.biased
		return
	}
	e.exp *= 1 - e.alpha
	if e.exp < 1e-15 {
		e.exp = 0
	}
	e.val = e.biased / (1 - e.exp)
}

// afterConflict updates the averages that drive restarts and the
// VSIDS decay schedule.
func (s *Solver) afterConflict(lbd int) {
	s.emaFast.update(float64(lbd))
	s.emaSlow.update(float64(lbd))
	// MiniSat's learned-clause budget (set by Solve) grows by 10% at
	// geometrically spaced conflict counts.
	if s.stats.Conflicts >= s.capAdjustAt {
		s.capAdjust *= 1.5
		s.capAdjustAt = s.stats.Conflicts + uint64(s.capAdjust)
		s.maxLearnts *= 1.1
	}
	if s.stats.Conflicts%5000 == 0 && s.varDecay < 0.95 {
		s.varDecay += 0.01
	}
}

// restartDue reports whether the policy asks for a restart now; a mode
// switch of RestartMixed is one too.
func (s *Solver) restartDue() bool {
	if s.opts.Restarts == RestartMixed && s.modeDue() {
		return true
	}
	if s.stats.Conflicts < s.restartAt {
		return false
	}
	if s.opts.Restarts == RestartLuby || s.stable {
		return true
	}
	return s.emaFast.val > restartMargin*s.emaSlow.val
}

// modeDue reports whether the mixed policy should switch modes.
func (s *Solver) modeDue() bool {
	if s.modeTicks == 0 {
		return s.stats.Conflicts >= firstMode
	}
	return s.stats.Propagations >= s.modeSwitchAt
}

// restart backtracks to level 0 and sets the next minimum distance.
func (s *Solver) restart() {
	s.stats.Restarts++
	s.cancelUntil(s.reuseTrail())
	s.targetLen = 0
	if s.opts.Restarts == RestartMixed && s.modeDue() {
		s.switchMode()
	}
	if s.opts.Restarts == RestartLuby || s.stable {
		s.lubyIdx++
		unit := uint64(lubyUnit)
		if s.stable {
			unit = stableLubyUnit
		}
		s.restartAt = s.stats.Conflicts + unit*luby(s.lubyIdx)
		return
	}
	s.restartAt = s.stats.Conflicts + 2
}

// switchMode alternates between focused mode (moving-average restarts,
// saved phases) and stable mode (Luby restarts with a long unit, target
// phases). Each mode lasts as many propagations as the previous focused
// phase used, doubled after every stable phase.
func (s *Solver) switchMode() {
	if s.modeTicks == 0 {
		s.modeTicks = s.stats.Propagations - s.modeStart
	} else if s.stable {
		s.modeTicks *= 2
	}
	s.stable = !s.stable
	s.stats.ModeSwitches++
	s.modeStart = s.stats.Propagations
	s.modeSwitchAt = s.modeStart + s.modeTicks
	s.lubyIdx = 0
}

// updateTarget saves the assignment below the conflict level as the
// target phases if it is the largest conflict-free one since the last
// restart.
func (s *Solver) updateTarget() {
	n := int(s.trailLim[len(s.trailLim)-1])
	if n <= s.targetLen {
		return
	}
	s.targetLen = n
	for _, m := range s.trail[:n] {
		s.target[m.Var()] = 1 - 2*int8(m&1)
	}
}

// luby returns the i-th number (from 1) of the Luby sequence
// 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
func luby(i int) uint64 {
	x := uint64(i - 1)
	size, seq := uint64(1), 0
	for size < x+1 {
		seq++
		size = 2*size + 1
	}
	for size-1 != x {
		size = (size - 1) >> 1
		seq--
		x %= size
	}
	return 1 << seq
}

// reuseTrail returns the level a restart backtracks to: the decisions
// that the heap would make again in the same order are kept (partial
// restarts, van der Tak, Ramos and Heule 2011), as are the assumption
// levels, which would be re-decided first anyway.
func (s *Solver) reuseTrail() int {
	for !s.queueEmpty() && s.vals[s.queueTop().Pos()] != 0 {
		s.queuePop() // assigned: reinserted when unassigned
	}
	if s.queueEmpty() {
		return 0
	}
	next := s.activity[s.queueTop()]
	lvl := 0
	for lvl < len(s.trailLim) {
		if lvl >= len(s.assumptions) && s.activity[s.trail[s.trailLim[lvl]].Var()] < next {
			break
		}
		lvl++
	}
	return lvl
}

// SetRestarts changes the restart policy between searches (a theory
// may know its problems better than the default): the next search
// starts the new policy afresh, in focused mode.
func (s *Solver) SetRestarts(r Restarts) {
	if s.opts.Restarts == r {
		return
	}
	s.opts.Restarts = r
	s.stable = false
	s.lubyIdx = 0
	s.modeTicks, s.modeStart, s.modeSwitchAt = 0, s.stats.Propagations, 0
	s.restartAt = s.stats.Conflicts
}
