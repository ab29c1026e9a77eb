package sat

import (
	"context"
	"math"
	"runtime"
	"time"
)

// Learned-clause tiers by LBD: core clauses are kept for good, mid-tier
// ones while they keep taking part in conflicts, the rest (local) compete
// on activity at each reduceDB.
const (
	tierCore = 2
	tierMid  = 6
)

// Search parameters, measured on the benchmark set with bench/sat.sh (see
// the package documentation).
const (
	reduceFirst    = 2000     // conflicts before the first reduceDB
	reduceInc      = 300      // growth of the interval at each reduceDB
	restartMargin  = 1.1      // fast LBD average over slow one that restarts
	emaFastAlpha   = 1.0 / 32 // smoothing of the fast LBD average
	emaSlowAlpha   = 1.0 / 4096
	firstMode      = 1000 // conflicts of the first focused mode
	stableLubyUnit = 1024 // conflicts per Luby unit in stable mode
	lubyUnit       = 100  // conflicts per Luby unit for RestartLuby
	// literals propagated between two looks at the context when
	// conflicts and decisions are few (a few milliseconds)
	pollPropagations = 1 << 18
)

// Solve decides the clauses under the given assumptions (literals that
// must hold in this call only). It returns Sat with a model (Value,
// Model), Unsat with the failed assumptions (Failed) and, with proof
// logging, a final clause (Proof().Final()), or Unknown when ctx is done
// or a budget (SetBudget) runs out. The solver is back at level 0
// afterwards: clauses and variables may be added and Solve called again.
func (s *Solver) Solve(ctx context.Context, assumptions []Lit) Result {
	s.stats.Solves++
	s.model = s.model[:0]
	s.failed = s.failed[:0]
	if !s.ok {
		return Unsat
	}
	if s.proof != nil {
		s.proof.final = 0
	}
	for _, a := range assumptions {
		if a.Var() == VarNull {
			panic("sat: LitNull assumption")
		}
		if int(a.Var()) >= len(s.vd) {
			s.growVars(int(a.Var()))
		}
		if len(s.elimEnds) > 0 {
			s.checkNotEliminated(a)
		}
	}
	s.assumptions = append(s.assumptions[:0], assumptions...)
	if s.maxLearnts == 0 {
		// MiniSat's learned-clause budget: a third of the clauses.
		s.maxLearnts = max(float64(len(s.clauses))/3, 100)
		s.capAdjust, s.capAdjustAt = 100, s.stats.Conflicts+100
	}
	s.conflictLimit, s.propLimit = math.MaxUint64, math.MaxUint64
	s.pollProps = s.stats.Propagations + pollPropagations
	if s.conflictBudget > 0 {
		s.conflictLimit = s.stats.Conflicts + uint64(s.conflictBudget)
	}
	if s.propBudget > 0 {
		s.propLimit = s.stats.Propagations + uint64(s.propBudget)
	}
	res := Unknown
	if !s.interrupted(ctx) {
		res = s.search(ctx)
	}
	if res == Sat {
		s.model = s.model[:0]
		for v := range s.vd {
			s.model = append(s.model, s.vals[Var(v).Pos()])
		}
		if len(s.elimEnds) > 0 {
			s.extendModel()
		}
	}
	s.cancelUntil(0)
	s.assumptions = s.assumptions[:0]
	if s.drat != nil {
		s.drat.flush()
	}
	return res
}

// search is the CDCL loop: propagate, analyse and backjump on conflict,
// otherwise restart, simplify, reduce or decide.
func (s *Solver) search(ctx context.Context) Result {
	for {
		confl := s.propagate()
		if !s.ok {
			return Unsat
		}
		if confl != crefUndef {
			s.stats.Conflicts++
			if s.chrono > 0 && s.decisionLevel() > 0 {
				// Out-of-order literals may put the conflict below the
				// current level.
				lvl, forced := s.conflictLevel(confl)
				if forced && lvl > 0 && lvl < s.decisionLevel() {
					// One literal at the conflict's level, below the
					// current one: the clause is unit one level below,
					// no learning needed. (At the current level the
					// classic search meets this too, an explanation
					// whose implied literal was undone and set false
					// again, and analyze learns it anew: kept so.)
					c := s.lits(confl)
					bt := 0
					if len(c) > 1 {
						bt = int(s.vd[c[1].Var()].level)
					}
					s.cancelUntil(s.backjumpLevel(bt, lvl))
					s.enqueueAt(c[0], confl, bt)
					continue
				}
				s.cancelUntil(lvl)
			}
			if s.decisionLevel() == 0 {
				s.rootConflict(confl)
				return Unsat
			}
			cur := s.decisionLevel()
			bt, lbd := s.analyze(confl)
			if s.stable {
				s.updateTarget()
			}
			s.cancelUntil(s.backjumpLevel(bt, cur))
			s.learn(lbd, bt)
			s.decayVars()
			s.claInc *= 1 / 0.999
			s.afterConflict(lbd)
			if s.stats.Conflicts >= s.conflictLimit || s.stats.Propagations >= s.propLimit {
				return Unknown
			}
			if s.stats.Conflicts&63 == 0 && s.interrupted(ctx) {
				return Unknown
			}
			continue
		}
		if s.decisionLevel() == 0 {
			if s.proof != nil {
				s.proofUnits()
			}
			if len(s.trail) > s.simpAssigns && s.stats.Propagations >= s.simpPropsAt {
				s.simplify()
			}
		}
		if s.restartDue() {
			s.restart()
			continue
		}
		if s.stats.Conflicts >= s.nextReduce {
			s.reduceDB(false)
		} else if float64(s.nonCore) >= s.maxLearnts {
			s.reduceDB(true)
		}
		next := LitNull
		for s.decisionLevel() < len(s.assumptions) {
			p := s.assumptions[s.decisionLevel()]
			if v := s.vals[p]; v == 1 {
				s.newDecisionLevel() // already true: an empty level
			} else if v == -1 {
				s.analyzeFinal(p)
				return Unsat
			} else {
				next = p
				break
			}
		}
		if next == LitNull {
			next = s.pickBranchLit()
			if next == LitNull {
				if s.theory != nil && !s.finalCheck() {
					// A theory that keeps adding lemmas without a
					// conflict must not outlast ctx.
					if s.interrupted(ctx) {
						return Unknown
					}
					continue
				}
				return Sat
			}
			s.stats.Decisions++
			if s.stats.Decisions&1023 == 0 || s.stats.Propagations >= s.pollProps {
				// also by propagations: on a large formula (a blasted
				// one) 1024 decisions may take long
				s.pollProps = s.stats.Propagations + pollPropagations
				if s.stats.Propagations >= s.propLimit || s.interrupted(ctx) {
					return Unknown
				}
			}
		}
		s.newDecisionLevel()
		s.enqueue(next, crefUndef)
	}
}

// cooperative is whether the goroutines share the processor only when
// the running one yields (wasip1, js). Elsewhere the runtime preempts a
// long loop by itself, and a yield is not free: it may wake another
// thread to look for work (a futex call).
const cooperative = runtime.GOOS == "wasip1" || runtime.GOOS == "js"

// interrupted reports whether the search must stop: ctx is done, or its
// deadline has passed even though its timer has not fired yet. On a
// cooperative scheduler (wasip1, js) it first yields the processor: the
// timers, the memory watch and the other goroutines run only when the
// running goroutine yields. It costs well under a microsecond; the
// search calls it every 64 conflicts, 1024 decisions and, at a decision,
// once 2^18 literals were propagated since the last look.
func (s *Solver) interrupted(ctx context.Context) bool {
	if cooperative {
		runtime.Gosched()
	}
	if ctx.Err() != nil {
		return true
	}
	dl, ok := ctx.Deadline()
	return ok && !time.Now().Before(dl)
}

// learn adds the clause in s.learnt (from analyze) and assigns its
// asserting literal at level bt, the highest of its other literals.
func (s *Solver) learn(lbd, bt int) {
	c := s.learnt
	id := ClauseID(0)
	if s.proof != nil {
		id = s.proof.add(KindDerived, 0, c, s.chain)
	}
	if s.drat != nil {
		s.drat.add(c)
	}
	s.stats.Learned++
	s.stats.LearnedLits += uint64(len(c))
	if len(c) == 1 {
		s.unitID[c[0].Var()] = id
		s.enqueue(c[0], crefUndef)
		return
	}
	cr := s.alloc(c, true, id)
	used := 1
	if lbd <= tierMid {
		used = 2
	}
	s.setMeta(cr, lbd, used)
	s.learnts = append(s.learnts, cr)
	s.clauseLits += int64(len(c))
	s.attach(cr)
	s.enqueueAt(c[0], cr, bt)
	if lbd > tierCore {
		s.nonCore++
	}
}
