package chc_test

import (
	"context"
	"errors"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// unsatisfiable reports whether f has no model.
func unsatisfiable(t *rapid.T, st *term.Store, f *term.Term) bool {
	sv := smt.New(st, smt.Options{})
	if err := sv.Assert(f); err != nil {
		t.Fatal(err)
	}
	r, err := sv.Check(context.Background())
	if err != nil || r == smt.Unknown {
		t.Fatalf("smt: %v %s", err, sv.ReasonUnknown())
	}
	return r == smt.Unsat
}

// TestTransitionSystem checks the view both ways on random linear systems
// that brute force decides: the least model, as an invariant of the loop,
// is inductive and safe, and maps back to a model of the system; a
// derivation of false of height h is a path of the loop of length h-1,
// found by unrolling, which maps back to a derivation that replays.
func TestTransitionSystem(t *testing.T) {
	fuzz.Check(t, 500, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystemLinear(st, 0, 2, true).Draw(t, "system")
		want, err := fuzz.BruteCHC(s, 0, 2)
		if err != nil {
			t.Skip(err)
		}
		ts, err := s.TransitionSystem()
		if err != nil {
			t.Fatalf("not a transition system: %v\n%s", err, s)
		}
		switch want.Answer {
		case chc.Sat:
			var disj []*term.Term
			for _, p := range s.Preds {
				parts := []*term.Term{want.Model.Lookup(st, p)}
				if ts.Loc != nil {
					parts = append(parts, st.Eq(ts.Loc, ts.Location(p)))
					for _, q := range s.Preds {
						if q != p {
							for _, x := range q.Params {
								parts = append(parts, st.Eq(x, st.DefaultValue(x.Sort())))
							}
						}
					}
				}
				disj = append(disj, st.And(parts...))
			}
			inv := st.Or(disj...)
			next := st.Substitute(inv, ts.Vars, ts.Next)
			if !unsatisfiable(t, st, st.And(ts.Init, st.Not(inv))) {
				t.Fatalf("Init does not imply the invariant\n%s", s)
			}
			if !unsatisfiable(t, st, st.And(inv, ts.Trans, st.Not(next))) {
				t.Fatalf("the invariant is not inductive\n%s", s)
			}
			if !unsatisfiable(t, st, st.And(inv, ts.Bad)) {
				t.Fatalf("the invariant meets Bad\n%s", s)
			}
			if err := witness.CheckModel(context.Background(), s, ts.Model(inv)); err != nil {
				t.Fatalf("model: %v\n%s", err, s)
			}
		case chc.Unsat:
			for k := 0; ; k++ {
				if k > 12 {
					t.Fatalf("no path of length up to 12\n%s", s)
				}
				parts := []*term.Term{ts.InitAt(0), ts.BadAt(k)}
				for i := range k {
					parts = append(parts, ts.TransAt(i))
				}
				sv := smt.New(st, smt.Options{})
				if err := sv.Assert(st.And(parts...)); err != nil {
					t.Fatal(err)
				}
				r, err := sv.Check(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if r != smt.Sat {
					continue
				}
				path, err := ts.Path(sv.Model(), k)
				if err != nil {
					t.Fatal(err)
				}
				d, err := ts.Derivation(context.Background(), path)
				if err != nil {
					t.Fatalf("derivation: %v\n%s", err, s)
				}
				if err := witness.CheckDerivation(context.Background(), s, d); err != nil {
					t.Fatalf("derivation rejected: %v\n%s", err, s)
				}
				return
			}
		}
	})
}

func TestTransitionSystemNonlinear(t *testing.T) {
	s := readSys(t, `(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p x))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (p x) (p y) (= z (+ x y))) (p z))))
(assert (forall ((x Int)) (=> (and (p x) (> x 1)) false)))
`)
	_, err := s.TransitionSystem()
	if !errors.Is(err, chc.ErrIncomplete) {
		t.Fatalf("want an ErrIncomplete, got %v", err)
	}
}
