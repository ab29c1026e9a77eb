package chc

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// fullNormalize is Normalize without the mark: every constraint walked.
func fullNormalize(s *System) (*System, error) {
	cp := *s
	cp.normal = nil
	n, err := Normalize(&cp)
	if n == &cp {
		return s, err
	}
	return n, err
}

// TestReadIsNormal: every HORN file of the repository reads (strict and
// relaxed) into a system that the full check leaves as it is, so the
// mark the reader sets tells the truth.
func TestReadIsNormal(t *testing.T) {
	var files []string
	for _, g := range []string{"../engines/testdata/*.smt2", "../engines/clover/testdata/*.smt2", "../cmd/gospacer/testdata/horn/*.smt2", "../spacer/testdata/*.smt2", "../examples/*.smt2", "../smtlib/testdata/horn/*.smt2"} {
		m, err := filepath.Glob(g)
		require.NoError(t, err)
		files = append(files, m...)
	}
	require.Greater(t, len(files), 50)
	read := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, relaxed := range []bool{false, true} {
			rd := Read
			if relaxed {
				rd = readRelaxedBg
			}
			s, _, err := rd(f, strings.NewReader(string(src)), term.NewStore())
			if err != nil {
				continue // not a HORN file, or outside the fragment
			}
			read++
			require.NotNil(t, s.normal, f)
			n, err := fullNormalize(s)
			require.NoError(t, err, f)
			require.Same(t, s, n, "%s: the full check changes the system the reader marked normal", f)
			n, err = Normalize(s)
			require.NoError(t, err)
			require.Same(t, s, n)
		}
	}
	require.Greater(t, read, 50)
}

// TestPropNormalMark: after any one change a user can make to a system
// the reader gave (a constraint, an argument or a variable replaced in
// place, an atom's predicate, a predicate's ID or parameters, clauses or
// predicates added or dropped, the relaxed flag), Normalize gives what
// the full check gives: the same error or none, and the system itself
// exactly when the full check does.
func TestPropNormalMark(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun P (Int Int) Bool)
(declare-fun Q (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 1)) (P x y))))
(assert (forall ((x Int) (y Int) (z Int)) (=> (and (P x y) (= z (+ x y))) (Q z))))
(assert (forall ((x Int) (y Int)) (=> (and (P x y) (Q y) (> x 5)) false)))
`
	kinds := map[string]int{}
	rapid.Check(t, func(t *rapid.T) {
		s, _, err := Read("m.smt2", strings.NewReader(src), term.NewStore())
		require.NoError(t, err)
		st := s.St
		uf := st.Func("f", []*term.Sort{term.IntSort}, term.IntSort)
		c := s.Clauses[rapid.IntRange(0, len(s.Clauses)-1).Draw(t, "clause")]
		atoms := c.Body
		if c.Head != nil {
			atoms = append([]Atom{*c.Head}, atoms...)
		}
		kind := rapid.SampledFrom([]string{"none", "constraint", "uf", "arg", "argterm", "var", "pred", "id", "param", "addclause", "dropclause", "addpred", "relaxed", "head"}).Draw(t, "kind")
		kinds[kind]++
		switch kind {
		case "constraint": // another plain constraint
			c.Constraint = st.And(c.Constraint, st.Le(c.Vars[0], st.Int(9)))
		case "uf": // an uninterpreted function: an error
			c.Constraint = st.Eq(st.Apply(uf, c.Vars[0]), st.Int(1))
		case "arg": // an argument replaced in place by another variable
			a := rapid.SampledFrom(atoms).Draw(t, "atom")
			a.Args[0] = c.Vars[len(c.Vars)-1]
		case "argterm": // ... by a term
			a := rapid.SampledFrom(atoms).Draw(t, "atom")
			a.Args[0] = st.Add(a.Args[0], st.Int(1))
		case "var":
			c.Vars[0] = st.Const("w", term.IntSort)
		case "pred":
			if len(c.Body) > 0 {
				c.Body[0].Pred = s.Preds[(c.Body[0].Pred.ID+1)%len(s.Preds)]
			}
		case "id":
			s.Preds[0].ID = 1
		case "param":
			s.Preds[0].Params[0] = s.Preds[0].Params[1]
		case "addclause":
			s.Clauses = append(s.Clauses, &Clause{Constraint: st.Eq(st.Apply(uf, st.Int(0)), st.Int(0))})
		case "dropclause":
			s.Clauses = s.Clauses[1:]
		case "addpred":
			s.Preds = append(s.Preds, &Pred{ID: 0, Func: s.Preds[0].Func, Params: s.Preds[0].Params})
		case "relaxed":
			s.Relaxed = !s.Relaxed
		case "head":
			if c.Head != nil {
				c.Head = &Atom{Pred: c.Head.Pred, Args: []*term.Term{st.Int(0), st.Int(1), st.Int(2)}[:c.Head.Pred.Arity()]}
			}
		}
		want, wantErr := fullNormalize(s)
		got, gotErr := Normalize(s)
		if wantErr != nil {
			require.Error(t, gotErr, kind)
			require.Equal(t, wantErr.Error(), gotErr.Error(), kind)
			return
		}
		require.NoError(t, gotErr, kind)
		require.Equal(t, want == s, got == s, "%s: the full check gives the system itself: %v", kind, want == s)
	})
	for _, k := range []string{"none", "uf", "argterm", "addclause"} {
		require.Positive(t, kinds[k], k)
	}
}

func readRelaxedBg(name string, r io.Reader, st *term.Store) (*System, *smtlib.Script, error) {
	return ReadRelaxed(context.Background(), name, r, st)
}
