package clover

import (
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// stats are the counters of one run (the paper's Fig. 8 for the four
// queries).
type stats struct {
	queries      [numKinds]int
	successes    [numKinds]int
	queryTime    [numKinds]time.Duration
	overUpdates  int
	reachFacts   int
	cands        int
	samples      int
	indChecks    int
	indTime      time.Duration
	inductions   int // candidates proven by induction (conjoined to O)
	ecLemmas     int // lemmas with a hypothesis about another predicate
	ecUsed       int // EC lemmas whose conclusion went to O
	projections  int
	projTime     time.Duration
	itpTime      time.Duration
	itpFailures  int
	maxDepth     int
	ifaceUpdates int
}

// count records a query of kind k: its time and whether it succeeded
// (sat for UU and OU, unsat for OO and UO).
func (s *stats) count(k kind, d time.Duration, success bool) {
	s.queries[k]++
	s.queryTime[k] += d
	if success {
		s.successes[k]++
	}
}

func (e *engine) statList() []chc.Stat {
	s := &e.stats
	var out []chc.Stat
	for k := range numKinds {
		out = append(out,
			chc.Stat{Name: "clover.queries-" + kindNames[k], Value: s.queries[k]},
			chc.Stat{Name: "clover.successes-" + kindNames[k], Value: s.successes[k]},
			chc.Stat{Name: "clover.time-" + kindNames[k], Value: s.queryTime[k]})
	}
	return append(out,
		chc.Stat{Name: "clover.k", Value: e.opts.K},
		chc.Stat{Name: "clover.steps", Value: e.steps},
		chc.Stat{Name: "clover.nodes", Value: len(e.nodes)},
		chc.Stat{Name: "clover.max-depth", Value: s.maxDepth},
		chc.Stat{Name: "clover.interface-updates", Value: s.ifaceUpdates},
		chc.Stat{Name: "clover.over-updates", Value: s.overUpdates},
		chc.Stat{Name: "clover.reach-facts", Value: s.reachFacts},
		chc.Stat{Name: "clover.samples", Value: s.samples},
		chc.Stat{Name: "clover.candidates", Value: s.cands},
		chc.Stat{Name: "clover.induction-checks", Value: s.indChecks},
		chc.Stat{Name: "clover.induction-time", Value: s.indTime},
		chc.Stat{Name: "clover.induction-successes", Value: s.inductions},
		chc.Stat{Name: "clover.ec-lemmas", Value: s.ecLemmas},
		chc.Stat{Name: "clover.ec-lemmas-used", Value: s.ecUsed},
		chc.Stat{Name: "clover.projections", Value: s.projections},
		chc.Stat{Name: "clover.projection-time", Value: s.projTime},
		chc.Stat{Name: "clover.itp-time", Value: s.itpTime},
		chc.Stat{Name: "clover.itp-failures", Value: s.itpFailures},
		chc.Stat{Name: "clover.time", Value: time.Since(e.start)},
	)
}
