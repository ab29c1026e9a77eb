package bam_test

import (
	"testing"
	"time"

	_ "github.com/seed-f9c3434d/gospacer/engines/bam"
	"github.com/seed-f9c3434d/gospacer/fuzz"
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
