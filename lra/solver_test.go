package lra

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
)

func all(Reason) bool { return true }

func TestResultStrings(t *testing.T) {
	mustEqual(t, "sat", Sat.String())
	mustEqual(t, "unsat", Unsat.String())
	mustEqual(t, "unknown", Unknown.String())
	mustEqual(t, "upper", Upper.String())
	mustEqual(t, "lower", Lower.String())
	mustEqual(t, "1/2-1δ", Below(rat(1, 2)).String())
	mustEqual(t, "3+1δ", Above(rat(3, 1)).String())
}

// TestAssertConflict: x >= 1 then x <= 0 conflicts at once.
func TestAssertConflict(t *testing.T) {
	s := New()
	e := newEncoding(s, 1)
	mustFalse(t, e.assertCons(s, 0, cons{lin{rat(1, 1)}, opGE, rat(1, 1)}, false))
	mustTrue(t, e.assertCons(s, 1, cons{lin{rat(1, 1)}, opLE, rat(0, 1)}, false))
	mustNoErr(t, e.checkFarkas(s.Conflict(), all))
	mustEqual(t, Unsat, s.Check(context.Background()))
}

func TestStrictConflict(t *testing.T) {
	// x + y < 2, x >= 1, y >= 1: unsat only because of strictness.
	s := New()
	e := newEncoding(s, 2)
	cs := []cons{
		{lin{rat(1, 1), rat(1, 1)}, opLT, rat(2, 1)},
		{lin{rat(1, 1), rat(0, 1)}, opGE, rat(1, 1)},
		{lin{rat(0, 1), rat(1, 1)}, opGE, rat(1, 1)},
	}
	for i, c := range cs {
		mustFalse(t, e.assertCons(s, i, c, false))
	}
	mustEqual(t, Unsat, s.Check(context.Background()))
	mustNoErr(t, e.checkFarkas(s.Conflict(), all))
	_, rhs, _ := e.farkasSum(s.Conflict(), all)
	mustTrue(t, rhs.R.IsZero() && rhs.D.Sign() < 0, "strict contradiction %v", rhs)
}

func TestStrictSat(t *testing.T) {
	// 0 < x < 1, x + y > 3, y <= 3, 2x - y < 5: a model with a chosen δ.
	s := New()
	e := newEncoding(s, 2)
	cs := []cons{
		{lin{rat(1, 1), rat(0, 1)}, opGT, rat(0, 1)},
		{lin{rat(1, 1), rat(0, 1)}, opLT, rat(1, 1)},
		{lin{rat(1, 1), rat(1, 1)}, opGT, rat(3, 1)},
		{lin{rat(0, 1), rat(1, 1)}, opLE, rat(3, 1)},
		{lin{rat(2, 1), rat(-1, 1)}, opLT, rat(5, 1)},
	}
	for i, c := range cs {
		mustFalse(t, e.assertCons(s, i, c, false))
	}
	mustEqual(t, Sat, s.Check(context.Background()))
	mustNoErr(t, e.checkModel(s, cs))
	mustTrue(t, s.Delta().Sign() > 0)
}

func TestPushPopKeepsTableau(t *testing.T) {
	s := New()
	e := newEncoding(s, 2)
	base := []cons{
		{lin{rat(1, 1), rat(1, 1)}, opLE, rat(4, 1)},
		{lin{rat(1, 1), rat(-1, 1)}, opGE, rat(1, 1)},
	}
	for i, c := range base {
		mustFalse(t, e.assertCons(s, i, c, false))
	}
	mustEqual(t, Sat, s.Check(context.Background()))
	s.Push()
	extra := cons{lin{rat(0, 1), rat(1, 1)}, opGE, rat(2, 1)} // y >= 2 ⇒ x >= 3 ⇒ x + y >= 5
	mustFalse(t, e.assertCons(s, 2, extra, false))
	mustEqual(t, Unsat, s.Check(context.Background()))
	mustNoErr(t, e.checkFarkas(s.Conflict(), all))
	pivots := s.Stats().Pivots
	s.Pop(1)
	mustEqual(t, 0, s.Level())
	_, _, ok := s.Lower(e.x[1])
	mustFalse(t, ok, "bound of y restored")
	mustEqual(t, Sat, s.Check(context.Background()))
	mustNoErr(t, e.checkModel(s, base))
	mustTrue(t, s.Stats().Pivots >= pivots)
	mustPanic(t, func() { s.Pop(1) })
}

func TestAddRowSharing(t *testing.T) {
	s := New()
	x, y := s.NewVar(), s.NewVar()
	a := s.AddRow([]num.Rat{rat(1, 1), rat(1, 1)}, []Var{x, y})
	b := s.AddRow([]num.Rat{rat(1, 1), rat(1, 1)}, []Var{y, x})
	mustEqual(t, a, b, "same combination, same slack")
	c := s.AddRow([]num.Rat{rat(2, 1), rat(1, 1), rat(-1, 1)}, []Var{y, x, y})
	mustEqual(t, a, c, "merged duplicates")
	mustEqual(t, x, s.AddRow([]num.Rat{rat(1, 1)}, []Var{x}))
	mustTrue(t, s.IsSlack(a))
	mustFalse(t, s.IsSlack(x))
	cs, vs, f := Normalize([]num.Rat{rat(2, 1), rat(2, 1)}, []Var{y, x})
	mustTrue(t, f.Equal(rat(2, 1)), "scale %v", f)
	mustEqual(t, a, s.AddRow(cs, vs))
	cs, vs, f = Normalize([]num.Rat{rat(-3, 1), rat(3, 1)}, []Var{x, x})
	mustEqual(t, 0, len(cs)+len(vs))
	mustTrue(t, f.IsZero())
	dc, dv := s.Definition(a)
	mustEqual(t, 2, len(dv))
	mustTrue(t, dc[0].IsOne() && dc[1].IsOne())
	z := s.AddRow(nil, nil)
	mustTrue(t, s.IsSlack(z))
	mustTrue(t, s.Value(z).IsZero())
	mustPanic(t, func() { s.AddRow([]num.Rat{rat(1, 1)}, nil) })
}

func TestCancelledCheck(t *testing.T) {
	s := New()
	e := newEncoding(s, 2)
	mustFalse(t, e.assertCons(s, 0, cons{lin{rat(1, 1), rat(1, 1)}, opGE, rat(4, 1)}, false))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	mustEqual(t, Unknown, s.Check(ctx))
	mustEqual(t, Sat, s.Check(context.Background()))
}

func TestPropagateDirectAndRow(t *testing.T) {
	s := New()
	e := newEncoding(s, 2)
	x, y := e.x[0], e.x[1]
	sum, _ := e.term(s, lin{rat(1, 1), rat(1, 1)}, false)
	// atoms: x <= 5 (lit 100), x + y >= 1 (lit 101), x + y <= 2 (lit 102), y < 0 (lit 103)
	s.RegisterAtom(x, Upper, Exact(rat(5, 1)), 100)
	s.RegisterAtom(sum, Lower, Exact(rat(1, 1)), 101)
	s.RegisterAtom(sum, Upper, Exact(rat(2, 1)), 102)
	s.RegisterAtom(y, Upper, Below(rat(0, 1)), 103)
	s.Push()
	mustFalse(t, e.assertCons(s, 0, cons{lin{rat(1, 1), rat(0, 1)}, opLE, rat(1, 1)}, false)) // x <= 1
	mustFalse(t, e.assertCons(s, 1, cons{lin{rat(1, 1), rat(0, 1)}, opGE, rat(0, 1)}, false)) // x >= 0
	mustFalse(t, e.assertCons(s, 2, cons{lin{rat(0, 1), rat(1, 1)}, opGE, rat(1, 1)}, false)) // y >= 1
	got := map[Reason]bool{}
	for _, im := range s.Propagate(nil) {
		got[im.Lit] = im.Value
		checkImplied(t, e, im, all)
	}
	mustEqual(t, 3, len(got), "implied %v", got)
	mustTrue(t, got[100], "x <= 5 true")
	mustTrue(t, got[101], "x + y >= 1 true")
	v, ok := got[103]
	mustTrue(t, ok && !v, "y < 0 false")
	mustEqual(t, 0, len(s.Propagate(nil)), "nothing new")
	s.Pop(1)
	s.Push()
	mustFalse(t, e.assertCons(s, 3, cons{lin{rat(1, 1), rat(0, 1)}, opGE, rat(3, 1)}, false)) // x >= 3
	mustFalse(t, e.assertCons(s, 4, cons{lin{rat(0, 1), rat(1, 1)}, opGE, rat(0, 1)}, false)) // y >= 0
	got = map[Reason]bool{}
	for _, im := range s.Propagate(nil) {
		got[im.Lit] = im.Value
		checkImplied(t, e, im, all)
	}
	v, ok = got[102]
	mustTrue(t, ok && !v, "x + y <= 2 false: %v", got)
	v, ok = got[103]
	mustTrue(t, ok && !v, "y < 0 false: %v", got)
}

// checkImplied checks an implied atom's Farkas explanation.
func checkImplied(t testing.TB, e *encoding, im Implied, active func(Reason) bool) {
	t.Helper()
	if err := e.impliedErr(im, active); err != nil {
		t.Fatal(err)
	}
}

func (e *encoding) impliedErr(im Implied, active func(Reason) bool) error {
	sum, rhs, err := e.farkasSum(im.Expl, active)
	if err != nil {
		return err
	}
	want := make(lin, e.n)
	sign := rat(1, 1)
	if im.Kind == Lower {
		sign = rat(-1, 1)
	}
	want.add(e.defs[im.Var], sign)
	for i := range want {
		if !want[i].Equal(sum[i]) {
			return errorf("implied %v: explanation sums to %v, want %v", im, sum, want)
		}
	}
	if !rhs.Equal(im.Bound.Scale(sign)) {
		return errorf("implied %v: explanation bound %v, want %v", im, rhs, im.Bound.Scale(sign))
	}
	return nil
}

func TestFixedAndModelEqualities(t *testing.T) {
	s := New()
	e := newEncoding(s, 3)
	cs := []cons{
		{lin{rat(1, 1), rat(0, 1), rat(0, 1)}, opEQ, rat(2, 1)},
		{lin{rat(0, 1), rat(1, 1), rat(0, 1)}, opEQ, rat(2, 1)},
		{lin{rat(1, 1), rat(0, 1), rat(-1, 1)}, opEQ, rat(0, 1)},
	}
	for i, c := range cs {
		mustFalse(t, e.assertCons(s, i, c, false))
	}
	mustEqual(t, Sat, s.Check(context.Background()))
	eqs := s.FixedEqualities(e.x, nil)
	mustEqual(t, 1, len(eqs))
	mustEqual(t, e.x[0], eqs[0].A)
	mustEqual(t, e.x[1], eqs[0].B)
	mustEqual(t, 4, len(eqs[0].Reasons))
	meqs := s.ModelEqualities(e.x, nil)
	mustEqual(t, 2, len(meqs))
	mustEqual(t, [2]Var{e.x[0], e.x[1]}, meqs[0])
	mustEqual(t, [2]Var{e.x[0], e.x[2]}, meqs[1])
}

// TestIncrementalCheckDoesNotAllocate: with small coefficients, the
// DPLL(T) round trip Push, assert, Check, Pop allocates nothing once the
// solver's buffers have grown.
func TestIncrementalCheckDoesNotAllocate(t *testing.T) {
	base := newBenchProblem(1, 100, 80, 3)
	s := New()
	slacks := base.build(s)
	ps := []*benchProblem{base.rebound(1), base.rebound(2), base.rebound(3)}
	i := 0
	round := func() {
		s.Push()
		ps[i%len(ps)].assert(s, slacks)
		if s.Check(context.Background()) != Sat {
			t.Fatal("expected sat")
		}
		s.Pop(1)
		i++
	}
	for range 10 {
		round()
	}
	mustEqual(t, 0.0, testing.AllocsPerRun(20, round))
}

// TestAssertConflictSurvivesInnerPop: a conflicting assertion at level 0
// (0 >= 0 and then 0 <= -1 on the empty row) is not undone by popping a
// later checkpoint.
func TestAssertConflictSurvivesInnerPop(t *testing.T) {
	s := New()
	e := newEncoding(s, 1)
	mustFalse(t, e.assertCons(s, 0, cons{lin{rat(0, 1)}, opGE, rat(0, 1)}, false))
	mustTrue(t, e.assertCons(s, 1, cons{lin{rat(0, 1)}, opLE, rat(-1, 1)}, false))
	s.Push()
	s.Pop(1)
	mustEqual(t, Unsat, s.Check(context.Background()))
	mustNoErr(t, e.checkFarkas(s.Conflict(), all))
	// A conflict inside a checkpoint is forgotten with it.
	s2 := New()
	e2 := newEncoding(s2, 1)
	mustFalse(t, e2.assertCons(s2, 0, cons{lin{rat(1, 1)}, opGE, rat(0, 1)}, false))
	s2.Push()
	mustTrue(t, e2.assertCons(s2, 1, cons{lin{rat(1, 1)}, opLE, rat(-1, 1)}, false))
	s2.Pop(1)
	mustEqual(t, Sat, s2.Check(context.Background()))
}
