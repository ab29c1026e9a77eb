package fuzz_test

import (
	"context"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"pgregory.net/rapid"
)

// guessing answers sat with every predicate true, or unsat with no
// derivation: a wrong engine, registered only here.
type guessing struct{ answer chc.Answer }

func (g guessing) Solve(ctx context.Context, s *chc.System) chc.Result {
	m := chc.Model{}
	for _, p := range s.Preds {
		m[p] = s.St.True()
	}
	return chc.Result{Answer: g.answer, Model: m, Derivation: &chc.Node{}}
}

func init() {
	for _, a := range []chc.Answer{chc.Sat, chc.Unsat} {
		chc.Register(chc.EngineInfo{Name: "guessing-" + a.String(), Summary: "a wrong engine for the conformance test's own test",
			New: func(chc.Options) (chc.Engine, error) { return guessing{a}, nil }})
	}
}

// TestConformanceCatchesWrongEngine: the conformance checks fail on an
// engine that guesses.
func TestConformanceCatchesWrongEngine(t *testing.T) {
	examples, err := fuzz.EngineExamples("../engines/testdata")
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, name := range []string{"guessing-sat", "guessing-unsat"} {
		problems, _ := fuzz.CheckEngineExamples(name, examples, 5*time.Second)
		if len(problems) == 0 {
			t.Errorf("%s passed the examples", name)
		}
		caught := 0
		rapid.Check(t, func(rt *rapid.T) {
			if fuzz.EnginesRandomProblem(rt, fuzz.RandomBounded, []string{name}, time.Second, nil) != "" {
				caught++
			}
		})
		if caught == 0 {
			t.Errorf("%s passed 100 random systems", name)
		}
		t.Logf("%s: %d problems in the examples, caught on %d random systems", name, len(problems), caught)
	}
}
