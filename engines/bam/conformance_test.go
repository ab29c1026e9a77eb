package bam_test

import (
	"testing"
	"time"

	_ "github.com/seed-f9c3434d/gospacer/engines/bam"
	_ "github.com/seed-f9c3434d/gospacer/engines/bmc"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"pgregory.net/rapid"
)

// bamEngines are the registered configurations, one per domain.
var bamEngines = []string{"bam", "bam-value", "bam-interval", "bam-predicate"}

// TestExamples runs each domain on the examples every engine passes
// (engines/testdata): no wrong answer, no internal error, every witness
// checked on the input.
func TestExamples(t *testing.T) {
	examples, err := fuzz.EngineExamples("../testdata")
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, name := range bamEngines {
		t.Run(name, func(t *testing.T) {
			problems, decided := fuzz.CheckEngineExamples(name, examples, 2*time.Second)
			for _, p := range problems {
				t.Error(p)
			}
			t.Logf("%s decided %d of %d examples", name, decided, len(examples))
		})
	}
}

// TestRandom runs each domain on random systems: bounded ones (linear
// and nonlinear, and transition systems) against brute force, unbounded
// ones against each other and bmc.
func TestRandom(t *testing.T) {
	names := append([]string{"bmc"}, bamEngines...)
	for _, kind := range []struct {
		name string
		r    fuzz.RandomCHC
		n    int
	}{
		{"bounded", fuzz.RandomBounded, 200},
		{"linear", fuzz.RandomLinear, 200},
		{"unbounded", fuzz.RandomUnbounded, 100},
	} {
		t.Run(kind.name, func(t *testing.T) {
			tallies := map[string]*fuzz.EngineTally{}
			fuzz.Check(t, kind.n, func(rt *rapid.T) {
				fuzz.CheckEnginesRandom(rt, kind.r, names, 2*time.Second, tallies)
			})
			for _, name := range names {
				if tl := tallies[name]; tl != nil {
					t.Logf("%-14s decided %d of %d", name, tl.Decided, tl.Systems)
				}
			}
		})
	}
}
