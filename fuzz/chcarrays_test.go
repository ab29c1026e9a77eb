package fuzz_test

import (
	"context"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/engines/bmc"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/spacer"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestCHCArraysEngines runs spacer and bmc on random systems over arrays:
// every answer's witness passes the checkers on the input, and the two
// engines never contradict each other.
func TestCHCArraysEngines(t *testing.T) {
	var total, decided, sat int
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystemArrays(st).Draw(t, "system")
		printed := s.String()
		check := func(name string, res chc.Result) {
			if err := witness.CheckResult(context.Background(), s, res); err != nil {
				t.Fatalf("%s: %s witness: %v\n%s", name, res.Answer, err, printed)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		sp := spacer.New(spacer.Options{}).Solve(ctx, s)
		check("spacer", sp)
		ctx2, cancel2 := context.WithTimeout(context.Background(), time.Second)
		defer cancel2()
		bm := bmc.New(bmc.Options{MaxDepth: 6}).Solve(ctx2, s)
		check("bmc", bm)
		if sp.Answer != chc.Unknown && bm.Answer != chc.Unknown && sp.Answer != bm.Answer {
			t.Fatalf("spacer %s, bmc %s\n%s", sp.Answer, bm.Answer, printed)
		}
		total++
		if sp.Answer != chc.Unknown {
			decided++
		}
		if sp.Answer == chc.Sat {
			sat++
		}
	})
	t.Logf("%d systems: spacer decided %d (%d sat)", total, decided, sat)
}
