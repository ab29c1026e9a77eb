package bam

import (
	"fmt"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// counters are the statistics of a run, over all its rounds.
type counters struct {
	start          time.Time
	rounds         int // BAM runs, one per precision
	refinements    int
	iterations     int // fixpoint iterations
	lastIterations int // of the last round
	hits           int // cache lookups that found a block
	misses         int // cache lookups that made one
	recursive      int // calls covered by a block on the stack
	states         int
	combinations   int // combinations of body states enumerated
	widenings      int
	entryWidenings int // calls past the depth bound
	subsumed       int // exit states covered by a later one of their block
	checks         int // smt checks
	interpolations int
	projections    int // interpolants out of itp's reach, by projection
	cexNodes       int // clause instances of the last counterexample
	hunted         int // spurious counterexamples replayed in hunting
}

func (c *counters) elapsed() time.Duration { return time.Since(c.start) }

// statistics are the engine's stats, named after it: the counters, and
// of the last round the blocks (cache entries) per predicate and the
// precision per predicate.
func (a *analysis) statistics() []chc.Stat {
	c := a.c
	name := a.opts.name
	perPred := make([]int, len(a.sys.Preds))
	for _, b := range a.blocks[1:] {
		perPred[b.pred.ID]++
	}
	maxBlocks, maxPrec, withBlocks := 0, 0, 0
	var entries []string
	for _, p := range a.sys.Preds {
		n := perPred[p.ID]
		maxBlocks = max(maxBlocks, n)
		maxPrec = max(maxPrec, a.dom.precision(p))
		if n > 0 {
			withBlocks++
			if len(entries) < 8 {
				entries = append(entries, fmt.Sprintf("%s:%d", p.Name(), n))
			}
		}
	}
	if withBlocks > len(entries) {
		entries = append(entries, "...")
	}
	return []chc.Stat{
		{Name: name + ".domain", Value: a.dom.name()},
		{Name: name + ".rounds", Value: c.rounds},
		{Name: name + ".refinements", Value: c.refinements},
		{Name: name + ".iterations", Value: c.iterations},
		{Name: name + ".iterations-last-round", Value: c.lastIterations},
		{Name: name + ".cache-hits", Value: c.hits},
		{Name: name + ".cache-misses", Value: c.misses},
		{Name: name + ".recursive-hits", Value: c.recursive},
		{Name: name + ".blocks", Value: len(a.blocks) - 1},
		{Name: name + ".blocks-max-per-predicate", Value: maxBlocks},
		{Name: name + ".blocks-per-predicate", Value: strings.Join(entries, " ")},
		{Name: name + ".states", Value: c.states},
		{Name: name + ".precision", Value: a.precisionTotal()},
		{Name: name + ".precision-max-per-predicate", Value: maxPrec},
		{Name: name + ".combinations", Value: c.combinations},
		{Name: name + ".widenings", Value: c.widenings},
		{Name: name + ".entry-widenings", Value: c.entryWidenings},
		{Name: name + ".subsumed", Value: c.subsumed},
		{Name: name + ".smt-checks", Value: c.checks},
		{Name: name + ".interpolations", Value: c.interpolations},
		{Name: name + ".projections", Value: c.projections},
		{Name: name + ".cex-nodes", Value: c.cexNodes},
		{Name: name + ".hunted", Value: c.hunted},
		{Name: name + ".time", Value: c.elapsed()},
	}
}
