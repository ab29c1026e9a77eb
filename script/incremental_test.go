package script

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// jobShop is a scheduling problem in QF_LIA: n jobs with durations on one
// machine (each pair ordered one way or the other) and release times, and
// a constant end after every job; the checks of an incremental stream
// bound end.
func jobShop(r *rand.Rand, n int) string {
	var b strings.Builder
	b.WriteString("(set-logic QF_LIA)\n(declare-const end Int)\n")
	d := make([]int, n)
	for i := range n {
		d[i] = 1 + r.IntN(9)
		fmt.Fprintf(&b, "(declare-const s%d Int)\n(assert (>= s%d %d))\n(assert (<= (+ s%d %d) end))\n", i, i, r.IntN(10), i, d[i])
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			fmt.Fprintf(&b, "(assert (or (<= (+ s%d %d) s%d) (<= (+ s%d %d) s%d)))\n", i, d[i], j, j, d[j], i)
		}
	}
	return b.String()
}

// TestIncrementalStream measures an incremental stream as SMT-COMP's
// incremental track sends it: a scheduling problem asserted once, then
// 100 rounds of push, a bound on the makespan, check-sat, pop. The
// session keeps one solver: the encoding of the atoms, the learnt
// clauses that do not depend on a popped scope, the variable activities
// and the simplex tableau carry over from check to check. It logs the
// time and conflicts of the 1st and the 100th check, and of the 100th
// bound checked by a fresh session, and checks the answers against the
// fresh sessions'; then the hardest of the bounds 100 times in one
// session, whose 100th check must not take more conflicts than its 1st. GOSPACER_INCREMENTAL_JOBS sets the number of jobs (8).
func TestIncrementalStream(t *testing.T) {
	n := 8
	if s := os.Getenv("GOSPACER_INCREMENTAL_JOBS"); s != "" {
		fmt.Sscan(s, &n)
	}
	r := rand.New(rand.NewPCG(7, 43))
	base := jobShop(r, n)
	s := NewSession(Options{})
	_, err := s.Exec(base)
	require.NoError(t, err)
	type round struct {
		took      time.Duration
		conflicts uint64
		answer    string
	}
	var rounds []round
	bounds := make([]int, 100)
	for i := range bounds {
		bounds[i] = 10 + r.IntN(40)
	}
	for _, k := range bounds {
		before := s.Stats().Conflicts
		start := time.Now()
		resp, err := s.Exec(fmt.Sprintf("(push 1)(assert (<= end %d))(check-sat)(pop 1)", k))
		require.NoError(t, err)
		rounds = append(rounds, round{time.Since(start), s.Stats().Conflicts - before, strings.TrimSpace(resp)})
	}
	fresh := func(k int) round {
		f := NewSession(Options{})
		_, err := f.Exec(base)
		require.NoError(t, err)
		start := time.Now()
		resp, err := f.Exec(fmt.Sprintf("(assert (<= end %d))(check-sat)", k))
		require.NoError(t, err)
		return round{time.Since(start), f.Stats().Conflicts, strings.TrimSpace(resp)}
	}
	var freshTime, incTime time.Duration
	var freshConflicts, incConflicts uint64
	unsat, hardest := 0, 0
	freshConflictsOf := make([]uint64, len(bounds))
	for i, k := range bounds {
		fr := fresh(k)
		freshConflictsOf[i] = fr.conflicts
		if fr.conflicts > freshConflictsOf[hardest] {
			hardest = i
		}
		require.Equal(t, fr.answer, rounds[i].answer, "bound %d", k)
		freshTime += fr.took
		incTime += rounds[i].took
		freshConflicts += fr.conflicts
		incConflicts += rounds[i].conflicts
		if fr.answer == "unsat" {
			unsat++
		}
	}
	last := fresh(bounds[99])
	// The hardest bound of the fresh sessions, 100 times in one session:
	// what the first check learnt about it (the atom's encoding, the
	// learnt clauses over it and the base) survives the pops.
	same := NewSession(Options{})
	_, err = same.Exec(base)
	require.NoError(t, err)
	var repeated []round
	for range 100 {
		before := same.Stats().Conflicts
		start := time.Now()
		resp, err := same.Exec(fmt.Sprintf("(push 1)(assert (<= end %d))(check-sat)(pop 1)", bounds[hardest]))
		require.NoError(t, err)
		repeated = append(repeated, round{time.Since(start), same.Stats().Conflicts - before, strings.TrimSpace(resp)})
	}
	require.LessOrEqual(t, repeated[99].conflicts, repeated[0].conflicts)
	t.Logf("the bound end <= %d (%s) 100 times: check 1 %v and %d conflicts, check 100 %v and %d conflicts",
		bounds[hardest], repeated[0].answer, repeated[0].took.Round(time.Microsecond), repeated[0].conflicts,
		repeated[99].took.Round(time.Microsecond), repeated[99].conflicts)
	t.Logf("%d jobs: check 1 (end <= %d, %s): %v, %d conflicts; check 100 (end <= %d, %s): %v, %d conflicts; check 100 in a fresh session: %v, %d conflicts; all 100 (%d unsat): %v and %d conflicts incremental, %v and %d conflicts in fresh sessions",
		n, bounds[0], rounds[0].answer, rounds[0].took.Round(time.Microsecond), rounds[0].conflicts,
		bounds[99], rounds[99].answer, rounds[99].took.Round(time.Microsecond), rounds[99].conflicts,
		last.took.Round(time.Microsecond), last.conflicts, unsat, incTime.Round(time.Millisecond), incConflicts, freshTime.Round(time.Millisecond), freshConflicts)
}
