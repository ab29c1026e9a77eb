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

// TestHeldLemmasProp: on random systems, the lemmas SolveWithLemmas
// returns as Inductive are, together, closed under the clauses other than
// the queries (witness.CheckModel on the system without its queries), and a
// second run seeded with every held lemma agrees with brute force and
// gives a witness that checks.
func TestHeldLemmasProp(t *testing.T) {
	inductive, runs := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystem(st, 0, 2).Draw(t, "system")
		want, err := fuzz.BruteCHC(s, 0, 2)
		if err != nil {
			t.Skip(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		en := spacer.New(spacer.Options{})
		_, held := en.SolveWithLemmas(ctx, s, nil)
		runs++

		inductive += checkInductive(t, s, held)

		res, _ := en.SolveWithLemmas(ctx, s, held)
		if res.Answer == chc.Unknown {
			return
		}
		if err := witness.CheckResult(context.Background(), s, res); err != nil {
			t.Fatalf("seeded run: %s witness: %v\n%s", res.Answer, err, s)
		}
		if res.Answer != want.Answer {
			t.Fatalf("seeded run: answer %s, brute force %s\n%s", res.Answer, want.Answer, s)
		}
	})
	t.Logf("%d runs, %d inductive lemmas", runs, inductive)
}

// TestHeldLemmasUnboundedProp: the same closure on systems without
// bounds (with Real arguments), and a seeded run's witness checks.
func TestHeldLemmasUnboundedProp(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystemUnbounded(st).Draw(t, "system")
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		en := spacer.New(spacer.Options{})
		_, held := en.SolveWithLemmas(ctx, s, nil)
		checkInductive(t, s, held)
		res, _ := en.SolveWithLemmas(ctx, s, held)
		if err := witness.CheckResult(context.Background(), s, res); err != nil {
			t.Fatalf("seeded run: %s witness: %v\n%s", res.Answer, err, s)
		}
	})
}

// checkInductive checks that the Inductive lemmas of held, conjoined per
// predicate, are a model of s without its queries; it returns their number.
func checkInductive(t *rapid.T, s *chc.System, held []spacer.PredLemma) int {
	st := s.St
	rules := &chc.System{St: st, Preds: s.Preds}
	for _, c := range s.Clauses {
		if !c.IsQuery() {
			rules.Clauses = append(rules.Clauses, c)
		}
	}
	m := chc.Model{}
	for _, p := range s.Preds {
		m[p] = st.True()
	}
	n := 0
	for _, lm := range held {
		if lm.Level == spacer.Inductive {
			n++
			m[lm.Pred] = st.And(m[lm.Pred], lm.Formula)
		}
	}
	if err := witness.CheckModel(context.Background(), rules, m); err != nil {
		t.Fatalf("the inductive lemmas are not closed under the rules: %v\n%s", err, s)
	}
	return n
}
