package engines_test

import (
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	_ "github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"pgregory.net/rapid"
)

// registered are the names of the registered engines.
func registered() []string {
	var names []string
	for _, e := range chc.Engines() {
		names = append(names, e.Name)
	}
	return names
}

// TestConformance runs every registered engine on the examples of
// testdata (hand-written ones and the worked examples of the papers): no
// wrong answer, no internal error, every witness checked on the input
// (pipeline.Solve does that).
func TestConformance(t *testing.T) {
	examples, err := fuzz.EngineExamples("testdata")
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, name := range registered() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			problems, decided := fuzz.CheckEngineExamples(name, examples, 2*time.Second)
			for _, p := range problems {
				t.Error(p)
			}
			t.Logf("%s decided %d of %d examples", name, decided, len(examples))
		})
	}
}

// TestConformanceRandom runs every registered engine on random systems:
// bounded ones (linear and nonlinear, and transition systems; over
// bit-vectors; over a list datatype) against brute force, unbounded ones (any, and transition systems) against each
// other.
func TestConformanceRandom(t *testing.T) {
	names := registered()
	for _, kind := range []struct {
		name string
		r    fuzz.RandomCHC
		n    int
	}{
		{"bounded", fuzz.RandomBounded, 200},
		{"linear", fuzz.RandomLinear, 200},
		{"unbounded", fuzz.RandomUnbounded, 100},
		{"linear-unbounded", fuzz.RandomLinearUnbounded, 100},
		{"bitvec", fuzz.RandomBitVec, 40},
		{"bitvec-cfg", fuzz.RandomBitVecCFG, 10},
		{"lists", fuzz.RandomLists, 40},
	} {
		t.Run(kind.name, func(t *testing.T) {
			tallies := map[string]*fuzz.EngineTally{}
			fuzz.Check(t, kind.n, func(rt *rapid.T) {
				fuzz.CheckEnginesRandom(rt, kind.r, names, 2*time.Second, tallies)
			})
			for _, name := range names {
				if tl := tallies[name]; tl != nil {
					t.Logf("%-10s decided %d of %d", name, tl.Decided, tl.Systems)
				}
			}
		})
	}
}
