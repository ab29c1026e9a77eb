package script

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// projectionRun runs src and returns the executor (for its model), the
// store, and the outputs.
func projectionRun(t require.TestingT, st *term.Store, s *smtlib.Script) (*Executor, string, string) {
	var out, errw bytes.Buffer
	x := New(st, &out, &errw, Options{})
	// A deadline far above the milliseconds these small formulas take:
	// once in CI (not reproduced in 30,000 cases since) a check of
	// TestGetProjectionProp ran for ten minutes in lra.Propagate; past
	// the deadline the check answers unknown and the case is skipped.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	x.Run(ctx, s)
	return x, out.String(), errw.String()
}

// readBack parses the printed projection into st, with the declarations
// of decls (a script's text up to its first assert).
func readBack(t require.TestingT, st *term.Store, decls, psi string) *term.Term {
	s, err := smtlib.Parse("back.smt2", strings.NewReader(decls+"(assert "+psi+")"), st)
	require.NoError(t, err, psi)
	return s.Commands[len(s.Commands)-1].Term
}

// TestGetProjection: the projection printed after sat is read back and
// checked against the model of the check and the QE oracle
// (fuzz.CheckProjection).
func TestGetProjection(t *testing.T) {
	for _, tc := range []struct {
		decls, phi, vars string
	}{
		{"(declare-fun x () Int)(declare-fun y () Int)", "(and (< y x) (< x 5))", "x"},
		{"(declare-fun x () Int)(declare-fun y () Int)(declare-fun z () Int)", "(and (= y (* 2 x)) (<= 0 x) (<= x z))", "x"},
		{"(declare-fun x () Real)(declare-fun y () Real)(declare-fun z () Real)", "(and (< y x) (< x z) (> (+ x y) 1.5))", "x"},
		{"(declare-fun b () Bool)(declare-fun x () Int)(declare-fun y () Int)", "(ite b (= y (+ x 1)) (= y (- x 1)))", "b x"},
		{"(declare-fun x () Int)(declare-fun y () Int)", "(and (< y x) (< x 5))", "x y"},
	} {
		st := term.NewStore()
		src := "(set-logic ALL)" + tc.decls + "(assert " + tc.phi + ")(check-sat)(get-projection (" + tc.vars + ") " + tc.phi + ")"
		s, err := smtlib.Parse("p.smt2", strings.NewReader(src), st)
		require.NoError(t, err)
		x, out, errs := projectionRun(t, st, s)
		require.Empty(t, errs, src)
		lines := strings.SplitN(strings.TrimSpace(out), "\n", 2)
		require.Equal(t, "sat", lines[0])
		gp := s.Commands[len(s.Commands)-1]
		psi := readBack(t, st, "(set-logic ALL)"+tc.decls, lines[1])
		require.NoError(t, fuzz.CheckProjection(st, gp.Terms, gp.Term, psi, x.solver.Model()), "%s: %s", src, lines[1])
	}
}

// TestGetProjectionErrors: without a model, with a formula the model
// falsifies, with a variable that is not a constant: a positioned error.
func TestGetProjectionErrors(t *testing.T) {
	const decls = "(declare-fun x () Int)(declare-fun y () Int)(assert (< y x))"
	for _, tc := range []struct{ src, msg string }{
		{decls + "\n(get-projection (x) (< y x))", "t.smt2:2:1: get-projection: no model available"},
		{decls + "(assert (> y x))(check-sat)\n(get-projection (x) (< y x))", "t.smt2:2:1: get-projection: no model available"},
		{decls + "(check-sat)\n(get-projection (x) (> y x))", "t.smt2:2:1: get-projection: the formula is false in the model of the last check-sat"},
	} {
		_, errs := runScript(t, tc.src)
		require.Contains(t, errs, tc.msg, tc.src)
	}
	for _, tc := range []struct{ src, msg string }{
		{decls + "(get-projection ((+ x 1)) (< y x))", "get-projection: (+ x 1) is not a declared constant"},
		{decls + "(get-projection (x) (+ y x))", "get-projection: term has sort Int, expected Bool"},
		{decls + "(get-projection x (< y x))", "expected ( to start the variables to project"},
		{decls + "(get-projection (z) (< y x))", "z"},
	} {
		_, err := smtlib.Parse("t.smt2", strings.NewReader(tc.src), term.NewStore())
		require.ErrorContains(t, err, tc.msg, tc.src)
	}
	// the command prints back as it was read
	st := term.NewStore()
	s, err := smtlib.Parse("t.smt2", strings.NewReader(decls+"(get-projection (x y) (and (< y x) (< x 3)))"), st)
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, smtlib.WriteCommand(&b, &s.Commands[len(s.Commands)-1]))
	require.Equal(t, "(get-projection (x y) (and (< y x) (< x 3)))", b.String())
}

// TestGetProjectionProp: on random formulas of Booleans and linear
// integer or real arithmetic, the projection printed after a sat answer,
// read back, passes fuzz.CheckProjection under the model of the check.
func TestGetProjectionProp(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		th := rapid.SampledFrom([]fuzz.Theory{fuzz.Bool | fuzz.LIA, fuzz.Bool | fuzz.LRA}).Draw(t, "theories")
		phi := fuzz.Formula(st, fuzz.Config{Theories: th}).Draw(t, "phi")
		var vars []*term.Term
		for _, c := range term.FreeConsts(phi) {
			if rapid.Bool().Draw(t, "project "+c.Name()) {
				vars = append(vars, c)
			}
		}
		text := fuzz.Script(st, phi)
		decls := text[:strings.Index(text, "(assert")]
		s := &smtlib.Script{}
		for _, c := range term.FreeConsts(phi) {
			s.Commands = append(s.Commands, smtlib.Command{Kind: smtlib.DeclareFun, Func: c.Func()})
		}
		s.Commands = append(s.Commands,
			smtlib.Command{Kind: smtlib.Assert, Term: phi},
			smtlib.Command{Kind: smtlib.CheckSat},
			smtlib.Command{Kind: smtlib.GetProjection, Terms: vars, Term: phi})
		x, out, errs := projectionRun(t, st, s)
		lines := strings.SplitN(strings.TrimSpace(out), "\n", 2)
		if lines[0] != "sat" || x.last != smt.Sat {
			return // unsat, or unknown: get-projection reports an error
		}
		if errs != "" {
			t.Fatalf("%s\n%s", errs, text)
		}
		psi := readBack(t, st, decls, lines[1])
		err := fuzz.CheckProjection(st, vars, phi, psi, x.solver.Model())
		if err != nil {
			if errorsIsOracleLimit(err) {
				t.Skip(err)
			}
			t.Fatalf("%v\n%s(get-projection %v)", err, text, vars)
		}
		checked++
	})
	t.Logf("%d projections checked", checked)
}

func errorsIsOracleLimit(err error) bool {
	return errors.Is(err, fuzz.ErrUnsupported) || errors.Is(err, fuzz.ErrTooLarge)
}
