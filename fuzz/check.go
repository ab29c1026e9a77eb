package fuzz

import (
	"flag"
	"os"
	"strconv"
	"testing"

	"pgregory.net/rapid"
)

// Check runs the property prop with rapid for at least n cases. rapid.Check
// runs -rapid.checks cases (100 by default); unless the count was chosen on
// the command line (-rapid.checks, or RAPID_CHECKS in the environment) or
// the run replays a case (-rapid.seed, -rapid.failfile), Check repeats
// rapid.Check ceil(n/100) times, each with a fresh random seed, and stops at
// the first failure. Under -short rapid runs a fifth of the cases.
func Check(t *testing.T, n int, prop func(*rapid.T)) {
	t.Helper()
	reps := 1
	if !rapidFlagsChosen() {
		per := 100
		if f := flag.Lookup("rapid.checks"); f != nil {
			if v, err := strconv.Atoi(f.Value.String()); err == nil && v > 0 {
				per = v
			}
		}
		reps = (n + per - 1) / per
	}
	for i := 0; i < reps && !t.Failed(); i++ {
		rapid.Check(t, prop)
	}
}

func rapidFlagsChosen() bool {
	chosen := false
	for _, env := range []string{"RAPID_CHECKS", "RAPID_SEED", "RAPID_FAILFILE"} {
		if os.Getenv(env) != "" {
			chosen = true
		}
	}
	flag.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "rapid.checks", "rapid.seed", "rapid.failfile":
			chosen = true
		}
	})
	return chosen
}
