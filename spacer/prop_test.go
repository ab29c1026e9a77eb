package spacer_test

import (
	"context"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/spacer"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestAgreesWithBruteForce: on random small systems whose variables are
// bounded to [0, 2] by the clauses themselves, the engine's answer agrees
// with the least model computed by brute force, and its witness passes the
// chc checkers. Unknown (a timeout) is allowed, a wrong answer is not.
func TestAgreesWithBruteForce(t *testing.T) {
	unknown, total, sat := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystem(st, 0, 2).Draw(t, "system")
		want, err := fuzz.BruteCHC(s, 0, 2)
		if err != nil {
			t.Skip(err)
		}
		opts := spacer.Options{}
		opts.NoInductiveGen = rapid.Bool().Draw(t, "noind")
		opts.NoItp = rapid.Bool().Draw(t, "noitp")
		opts.PobPush = rapid.Bool().Draw(t, "pobpush")
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res := spacer.New(opts).Solve(ctx, s)
		total++
		switch res.Answer {
		case chc.Unknown:
			unknown++
			return
		case chc.Sat:
			sat++
		}
		if err := witness.CheckResult(context.Background(), s, res); err != nil {
			t.Fatalf("%s witness: %v\n%s", res.Answer, err, s)
		}
		if res.Answer != want.Answer {
			t.Fatalf("answer %s, brute force %s\n%s", res.Answer, want.Answer, s)
		}
	})
	t.Logf("%d systems, %d sat, %d unknown", total, sat, unknown)
	if unknown*10 > total {
		t.Errorf("too many unknown: %d of %d", unknown, total)
	}
}

// TestUnboundedWitnesses: on random systems without bounds, every answer
// comes with a witness that passes the checkers.
func TestUnboundedWitnesses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystemUnbounded(st).Draw(t, "system")
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		res := spacer.New(spacer.Options{}).Solve(ctx, s)
		if err := witness.CheckResult(context.Background(), s, res); err != nil {
			t.Fatalf("%s witness: %v\n%s", res.Answer, err, s)
		}
	})
}
