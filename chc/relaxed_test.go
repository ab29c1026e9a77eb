package chc

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestReadRelaxedShapes: in the relaxed form a variable two atoms share
// stays one variable, a variable repeated in one atom and a term argument
// get fresh variables with their equalities, as in the strict form.
func TestReadRelaxedShapes(t *testing.T) {
	const src = `(set-logic HORN)
(declare-fun P (Int Int) Bool)
(declare-fun Q (Int Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (Q y x x) (> x 0)) (P y (+ x 1)))))
`
	for _, relaxed := range []bool{true, false} {
		st := term.NewStore()
		var s *System
		var err error
		if relaxed {
			s, _, err = ReadRelaxed(context.Background(), "t.smt2", strings.NewReader(src), st)
		} else {
			s, _, err = Read("t.smt2", strings.NewReader(src), st)
		}
		require.NoError(t, err)
		require.Equal(t, relaxed, s.Relaxed)
		c := s.Clauses[0]
		names := func(ts []*term.Term) []string {
			var out []string
			for _, x := range ts {
				out = append(out, x.Name())
			}
			return out
		}
		if relaxed {
			// head P(y, a) with a = x + 1; body P(x, y), Q(y, x, a') with a' = x
			h, p, q := c.Head.Args, c.Body[0].Args, c.Body[1].Args
			require.Same(t, h[0], p[1])
			require.Same(t, h[0], q[0])
			require.Same(t, p[0], q[1])
			require.NotSame(t, q[1], q[2])
			require.Len(t, c.Vars, 4, "y, a, x, a': %v", names(c.Vars))
			require.NoError(t, CheckClauseRelaxedIn(st, 0, c))
			require.Error(t, CheckClauseNormal(0, c))
		} else {
			require.Len(t, c.Vars, 7, "every argument its own variable: %v", names(c.Vars))
			require.NoError(t, CheckClauseNormal(0, c))
		}
		// Normalize keeps the form it is given
		n, err := Normalize(s)
		require.NoError(t, err)
		require.Same(t, s, n)
	}
}

// TestNormalizeRelaxed: a relaxed system built by hand, whose atoms share
// a variable and repeat one, is normalised into the relaxed form (the
// repeated argument gets a copy, the shared one stays); the same system
// not relaxed into the strict form.
func TestNormalizeRelaxed(t *testing.T) {
	for _, relaxed := range []bool{true, false} {
		st := term.NewStore()
		s := &System{St: st, Relaxed: relaxed}
		p := s.NewPred(st.Func("p", []*term.Sort{term.IntSort, term.IntSort}, term.BoolSort))
		x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
		s.Clauses = []*Clause{{Head: &Atom{Pred: p, Args: []*term.Term{y, y}}, Body: []Atom{{Pred: p, Args: []*term.Term{x, y}}}}}
		n, err := Normalize(s)
		require.NoError(t, err)
		require.NotSame(t, s, n)
		require.Equal(t, relaxed, n.Relaxed)
		c := n.Clauses[0]
		if relaxed {
			require.NoError(t, CheckClauseRelaxedIn(st, 0, c))
			require.Len(t, c.Vars, 3, "x, y and the copy of the head's second y")
			require.Same(t, y, c.Body[0].Args[1], "the shared y stays")
		} else {
			require.NoError(t, CheckClauseNormal(0, c))
			require.Len(t, c.Vars, 4)
		}
	}
}

// TestScriptReaderRelaxed: SetRelaxed holds across push, pop and reset,
// and System says the form.
func TestScriptReaderRelaxed(t *testing.T) {
	st := term.NewStore()
	sc, err := smtlib.Parse("t.smt2", strings.NewReader(`(set-logic HORN)
(declare-fun P (Int) Bool)
(push 1)
(assert (forall ((x Int)) (=> (and (P x) (P x)) (P x))))
(pop 1)
(reset)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (and (P x) (P x)) (P x))))
`), st)
	require.NoError(t, err)
	b := NewScriptReader(st)
	b.SetRelaxed(true)
	for i := range sc.Commands {
		require.NoError(t, b.Add(&sc.Commands[i]))
		s := b.System()
		require.True(t, s.Relaxed)
		for _, c := range s.Clauses {
			require.Len(t, c.Vars, 1, "P(x) ∧ P(x) ⇒ P(x) over x alone")
		}
	}
	require.Len(t, b.System().Clauses, 1)
}

// TestReadRelaxedBench reads every shared CHC file in both forms: the
// relaxed system is in the relaxed form, has the clauses of the strict
// one with no more variables each (and fewer somewhere), Normalize gives
// it back as it is, and it prints and reads back (relaxed) to the same
// text.
func TestReadRelaxedBench(t *testing.T) {
	fewer := 0
	for _, f := range benchFiles(t) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		strict, _, err := Read(filepath.Base(f), strings.NewReader(string(data)), term.NewStore())
		if err != nil {
			continue
		}
		st := term.NewStore()
		s, _, err := ReadRelaxed(context.Background(), filepath.Base(f), strings.NewReader(string(data)), st)
		require.NoError(t, err, f)
		require.True(t, s.Relaxed)
		require.NoError(t, CheckPreds(NewBudget(context.Background()), s))
		require.Len(t, s.Clauses, len(strict.Clauses), f)
		for i, c := range s.Clauses {
			require.NoError(t, CheckClauseRelaxedIn(st, i, c), f)
			require.LessOrEqual(t, len(c.Vars), len(strict.Clauses[i].Vars), "%s: clause %d", f, i)
			if len(c.Vars) < len(strict.Clauses[i].Vars) {
				fewer++
			}
		}
		n, err := Normalize(s)
		require.NoError(t, err, f)
		require.Same(t, s, n, "%s: Normalize changed a relaxed read", f)
		first := s.String()
		s2, _, err := ReadRelaxed(context.Background(), "printed", strings.NewReader(first), term.NewStore())
		require.NoError(t, err, "%s: reading the printed system\n%s", f, first)
		require.Equal(t, first, s2.String(), "%s: round trip", f)
	}
	t.Logf("%d clauses have fewer variables in the relaxed form", fewer)
	require.Positive(t, fewer)
}
