package sat

// propagate runs unit propagation to a fixpoint, interleaved with the
// theory's propagation when a theory is attached, and returns a conflicting
// clause or crefUndef. Clauses queued during theory callbacks are added
// first.
func (s *Solver) propagate() cref {
	for {
		if len(s.pending) > 0 {
			if confl := s.flushPending(); confl != crefUndef {
				return confl
			}
		}
		confl := s.propagateBool()
		if confl != crefUndef || s.theory == nil || s.thead == len(s.trail) {
			if len(s.pending) > 0 && confl == crefUndef {
				continue
			}
			return confl
		}
		if confl = s.theoryPropagate(); confl != crefUndef {
			return confl
		}
		if s.qhead == len(s.trail) && len(s.pending) == 0 {
			return crefUndef
		}
	}
}

// propagateBool is Boolean constraint propagation over the watch lists:
// binary clauses first, then long clauses with blocker literals. It is the
// hot loop of the solver: tables are loaded into locals, and nothing is
// allocated once the watch lists have reached their working sizes.
func (s *Solver) propagateBool() cref {
	confl := crefUndef
	vals := s.vals
	arena := s.arena
	vd := s.vd
	trail := s.trail
	watches := s.watches
	bins := s.bins
	level := int32(len(s.trailLim))
	qhead := s.qhead
	start := qhead
	for qhead < len(trail) {
		fl := trail[qhead] ^ 1 // the literal that just became false
		qhead++
		// A literal implied now belongs to the highest level of the
		// other literals of its clause: the current level unless fl was
		// assigned out of order (chronological backtracking), when it
		// may be lower.
		flLevel := vd[fl>>1].level

		for _, w := range bins[fl] {
			if b := vals[w.blocker]; b == 0 {
				m := w.blocker
				vals[m] = 1
				vals[m^1] = -1
				vd[m>>1] = varData{w.cref, flLevel}
				trail = append(trail, m)
			} else if b < 0 {
				confl = w.cref
				break
			}
		}
		if confl != crefUndef {
			break
		}

		ws := watches[fl]
		i, j, n := 0, 0, len(ws)
	next:
		for i < n {
			w := ws[i]
			i++
			if vals[w.blocker] == 1 {
				ws[j] = w
				j++
				continue
			}
			cr := w.cref
			sz := int(arena[cr] >> sizeShift)
			c := arena[cr+1 : int(cr)+1+sz]
			if c[0] == fl {
				c[0], c[1] = c[1], fl
			}
			first := c[0]
			nw := watcher{cr, first}
			if first != w.blocker && vals[first] == 1 {
				ws[j] = nw
				j++
				continue
			}
			for k := 2; k < len(c); k++ {
				if m := c[k]; vals[m] != -1 {
					c[1], c[k] = m, fl
					watches[m] = append(watches[m], nw)
					continue next
				}
			}
			if vals[first] == 0 && flLevel < level {
				// fl was assigned out of order: first belongs to the
				// highest level of the others, and the literal of that
				// level is watched instead of fl, so that backtracking
				// unassigns a watched literal first.
				k1, lvl := 1, flLevel
				for k := 2; k < len(c); k++ {
					if l := vd[c[k]>>1].level; l > lvl {
						k1, lvl = k, l
					}
				}
				vals[first] = 1
				vals[first^1] = -1
				vd[first>>1] = varData{cr, lvl}
				trail = append(trail, first)
				if k1 > 1 {
					m := c[k1]
					c[1], c[k1] = m, fl
					watches[m] = append(watches[m], nw)
					continue
				}
				ws[j] = nw
				j++
				continue
			}
			ws[j] = nw
			j++
			if vals[first] == -1 {
				confl = cr
				j += copy(ws[j:], ws[i:n])
				break
			}
			vals[first] = 1
			vals[first^1] = -1
			vd[first>>1] = varData{cr, level}
			trail = append(trail, first)
		}
		watches[fl] = ws[:j]
		if confl != crefUndef {
			break
		}
	}
	s.trail = trail
	s.stats.Propagations += uint64(qhead - start)
	if confl != crefUndef {
		qhead = len(trail)
	}
	s.qhead = qhead
	return confl
}
