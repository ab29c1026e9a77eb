package tpa

import (
	"errors"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// TestRandomAgainstBruteForce: random bounded transition systems, both
// engines against brute force, every witness checked by pipeline.Solve.
func TestRandomAgainstBruteForce(t *testing.T) {
	tallies := map[string]*fuzz.EngineTally{}
	fuzz.Check(t, 500, func(rt *rapid.T) {
		fuzz.CheckEnginesRandom(rt, fuzz.RandomLinear, []string{"tpa", "split-tpa"}, 5*time.Second, tallies)
	})
	for _, n := range []string{"tpa", "split-tpa"} {
		if tl := tallies[n]; tl != nil {
			t.Logf("%-10s decided %d of %d", n, tl.Decided, tl.Systems)
		}
	}
}

// TestRandomUnbounded: random linear systems over unbounded integers and
// reals: no internal error (every witness is checked), and the two
// engines agree.
func TestRandomUnbounded(t *testing.T) {
	decided := map[string]int{}
	total := 0
	fuzz.Check(t, 300, func(rt *rapid.T) {
		s := fuzz.CHCSystemLinear(term.NewStore(), 0, 2, false).Draw(rt, "system")
		total++
		var answers []chc.Answer
		for _, n := range []string{"tpa", "split-tpa"} {
			res, err := fuzz.SolveWith(n, s.Clone(), 5*time.Second)
			if err != nil {
				rt.Fatal(err)
			}
			if errors.Is(res.Reason, chc.ErrInternal) {
				rt.Fatalf("%s: %v\n%s", n, res.Reason, s)
			}
			if res.Answer != chc.Unknown {
				decided[n]++
				answers = append(answers, res.Answer)
			}
		}
		if len(answers) == 2 && answers[0] != answers[1] {
			rt.Fatalf("tpa answered %s, split-tpa %s\n%s", answers[0], answers[1], s)
		}
	})
	t.Logf("decided of %d: %v", total, decided)
}
