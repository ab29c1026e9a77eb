package lra

import (
	"context"
	"fmt"
	"github.com/stretchr/testify/require"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
)

func all(Reason) bool { return true }

func TestResultStrings(t *testing.T) {
	require.Equal(t, "sat", Sat.String())
	require.Equal(t, "unsat", Unsat.String())
	require.Equal(t, "unknown", Unknown.String())
	require.Equal(t, "upper", Upper.String())
	require.Equal(t, "lower", Lower.String())
	require.Equal(t, "1/2-1δ", Below(rat(1, 2)).String())
	require.Equal(t, "3+1δ", Above(rat(3, 1)).String())
}

// TestAssertConflict: x >= 1 then x <= 0 conflicts at once.
func TestAssertConflict(t *testing.T) {
	s := New()
	e := newEncoding(s, 1)
	require.False(t, e.assertCons(s, 0, cons{lin{rat(1, 1)}, opGE, rat(1, 1)}, false))
	require.True(t, e.assertCons(s, 1, cons{lin{rat(1, 1)}, opLE, rat(0, 1)}, false))
	require.NoError(t, e.checkFarkas(s.Conflict(), all))
	require.Equal(t, Unsat, s.Check(context.Background()))
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
		require.False(t, e.assertCons(s, i, c, false))
	}
	require.Equal(t, Unsat, s.Check(context.Background()))
	require.NoError(t, e.checkFarkas(s.Conflict(), all))
	_, rhs, _ := e.farkasSum(s.Conflict(), all)
	require.True(t, rhs.R.IsZero() && rhs.D.Sign() < 0, "strict contradiction %v", rhs)
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
		require.False(t, e.assertCons(s, i, c, false))
	}
	require.Equal(t, Sat, s.Check(context.Background()))
	require.NoError(t, e.checkModel(s, cs))
	require.True(t, s.Delta().Sign() > 0)
}

func TestPushPopKeepsTableau(t *testing.T) {
	s := New()
	e := newEncoding(s, 2)
	base := []cons{
		{lin{rat(1, 1), rat(1, 1)}, opLE, rat(4, 1)},
		{lin{rat(1, 1), rat(-1, 1)}, opGE, rat(1, 1)},
	}
	for i, c := range base {
		require.False(t, e.assertCons(s, i, c, false))
	}
	require.Equal(t, Sat, s.Check(context.Background()))
	s.Push()
	extra := cons{lin{rat(0, 1), rat(1, 1)}, opGE, rat(2, 1)} // y >= 2 ⇒ x >= 3 ⇒ x + y >= 5
	require.False(t, e.assertCons(s, 2, extra, false))
	require.Equal(t, Unsat, s.Check(context.Background()))
	require.NoError(t, e.checkFarkas(s.Conflict(), all))
	pivots := s.Stats().Pivots
	s.Pop(1)
	require.Equal(t, 0, s.Level())
	_, _, ok := s.Lower(e.x[1])
	require.False(t, ok, "bound of y restored")
	require.Equal(t, Sat, s.Check(context.Background()))
	require.NoError(t, e.checkModel(s, base))
	require.True(t, s.Stats().Pivots >= pivots)
	require.Panics(t, func() { s.Pop(1) })
}

func TestAddRowSharing(t *testing.T) {
	s := New()
	x, y := s.NewVar(), s.NewVar()
	a := s.AddRow([]num.Rat{rat(1, 1), rat(1, 1)}, []Var{x, y})
	b := s.AddRow([]num.Rat{rat(1, 1), rat(1, 1)}, []Var{y, x})
	require.Equal(t, a, b, "same combination, same slack")
	c := s.AddRow([]num.Rat{rat(2, 1), rat(1, 1), rat(-1, 1)}, []Var{y, x, y})
	require.Equal(t, a, c, "merged duplicates")
	require.Equal(t, x, s.AddRow([]num.Rat{rat(1, 1)}, []Var{x}))
	require.True(t, s.IsSlack(a))
	require.False(t, s.IsSlack(x))
	cs, vs, f := Normalize([]num.Rat{rat(2, 1), rat(2, 1)}, []Var{y, x})
	require.True(t, f.Equal(rat(2, 1)), "scale %v", f)
	require.Equal(t, a, s.AddRow(cs, vs))
	cs, vs, f = Normalize([]num.Rat{rat(-3, 1), rat(3, 1)}, []Var{x, x})
	require.Equal(t, 0, len(cs)+len(vs))
	require.True(t, f.IsZero())
	dc, dv := s.Definition(a)
	require.Equal(t, 2, len(dv))
	require.True(t, dc[0].IsOne() && dc[1].IsOne())
	z := s.AddRow(nil, nil)
	require.True(t, s.IsSlack(z))
	require.True(t, s.Value(z).IsZero())
	require.Panics(t, func() { s.AddRow([]num.Rat{rat(1, 1)}, nil) })
}

func TestCancelledCheck(t *testing.T) {
	s := New()
	e := newEncoding(s, 2)
	require.False(t, e.assertCons(s, 0, cons{lin{rat(1, 1), rat(1, 1)}, opGE, rat(4, 1)}, false))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.Equal(t, Unknown, s.Check(ctx))
	require.Equal(t, Sat, s.Check(context.Background()))
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
	require.False(t, e.assertCons(s, 0, cons{lin{rat(1, 1), rat(0, 1)}, opLE, rat(1, 1)}, false)) // x <= 1
	require.False(t, e.assertCons(s, 1, cons{lin{rat(1, 1), rat(0, 1)}, opGE, rat(0, 1)}, false)) // x >= 0
	require.False(t, e.assertCons(s, 2, cons{lin{rat(0, 1), rat(1, 1)}, opGE, rat(1, 1)}, false)) // y >= 1
	got := map[Reason]bool{}
	for _, im := range s.Propagate(nil) {
		got[im.Lit] = im.Value
		checkImplied(t, e, im, all)
	}
	require.Equal(t, 3, len(got), "implied %v", got)
	require.True(t, got[100], "x <= 5 true")
	require.True(t, got[101], "x + y >= 1 true")
	v, ok := got[103]
	require.True(t, ok && !v, "y < 0 false")
	require.Equal(t, 0, len(s.Propagate(nil)), "nothing new")
	s.Pop(1)
	s.Push()
	require.False(t, e.assertCons(s, 3, cons{lin{rat(1, 1), rat(0, 1)}, opGE, rat(3, 1)}, false)) // x >= 3
	require.False(t, e.assertCons(s, 4, cons{lin{rat(0, 1), rat(1, 1)}, opGE, rat(0, 1)}, false)) // y >= 0
	got = map[Reason]bool{}
	for _, im := range s.Propagate(nil) {
		got[im.Lit] = im.Value
		checkImplied(t, e, im, all)
	}
	v, ok = got[102]
	require.True(t, ok && !v, "x + y <= 2 false: %v", got)
	v, ok = got[103]
	require.True(t, ok && !v, "y < 0 false: %v", got)
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
			return fmt.Errorf("implied %v: explanation sums to %v, want %v", im, sum, want)
		}
	}
	if !rhs.Equal(im.Bound.Scale(sign)) {
		return fmt.Errorf("implied %v: explanation bound %v, want %v", im, rhs, im.Bound.Scale(sign))
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
		require.False(t, e.assertCons(s, i, c, false))
	}
	require.Equal(t, Sat, s.Check(context.Background()))
	eqs := s.FixedEqualities(e.x, nil)
	require.Equal(t, 1, len(eqs))
	require.Equal(t, e.x[0], eqs[0].A)
	require.Equal(t, e.x[1], eqs[0].B)
	require.Equal(t, 4, len(eqs[0].Reasons))
	meqs := s.ModelEqualities(e.x, nil)
	require.Equal(t, 2, len(meqs))
	require.Equal(t, [2]Var{e.x[0], e.x[1]}, meqs[0])
	require.Equal(t, [2]Var{e.x[0], e.x[2]}, meqs[1])
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
	require.Equal(t, 0.0, testing.AllocsPerRun(20, round))
}

// TestAssertConflictSurvivesInnerPop: a conflicting assertion at level 0
// (0 >= 0 and then 0 <= -1 on the empty row) is not undone by popping a
// later checkpoint.
func TestAssertConflictSurvivesInnerPop(t *testing.T) {
	s := New()
	e := newEncoding(s, 1)
	require.False(t, e.assertCons(s, 0, cons{lin{rat(0, 1)}, opGE, rat(0, 1)}, false))
	require.True(t, e.assertCons(s, 1, cons{lin{rat(0, 1)}, opLE, rat(-1, 1)}, false))
	s.Push()
	s.Pop(1)
	require.Equal(t, Unsat, s.Check(context.Background()))
	require.NoError(t, e.checkFarkas(s.Conflict(), all))
	// A conflict inside a checkpoint is forgotten with it.
	s2 := New()
	e2 := newEncoding(s2, 1)
	require.False(t, e2.assertCons(s2, 0, cons{lin{rat(1, 1)}, opGE, rat(0, 1)}, false))
	s2.Push()
	require.True(t, e2.assertCons(s2, 1, cons{lin{rat(1, 1)}, opLE, rat(-1, 1)}, false))
	s2.Pop(1)
	require.Equal(t, Sat, s2.Check(context.Background()))
}
