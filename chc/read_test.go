package chc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// benchFiles lists the CHC benchmark files of ../shared/bench/chc, or skips.
func benchFiles(t testing.TB) []string {
	files, _ := filepath.Glob("../../shared/bench/chc/*/*.smt2")
	if len(files) == 0 {
		t.Skip("../shared/bench/chc not present")
	}
	return files
}

func readString(t testing.TB, src string) *System {
	t.Helper()
	s, _, err := Read("test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return s
}

// TestReadBench reads every shared CHC file and checks the round trip:
// printing the system and reading it back prints the same text.
func TestReadBench(t *testing.T) {
	errs := 0
	for _, f := range benchFiles(t) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		s, _, err := Read(filepath.Base(f), strings.NewReader(string(data)), term.NewStore())
		if err != nil {
			errs++
			t.Logf("%v", err)
			continue
		}
		first := s.String()
		s2, _, err := Read("printed", strings.NewReader(first), term.NewStore())
		require.NoError(t, err, "%s: reading the printed system\n%s", f, first)
		require.Equal(t, first, s2.String(), "%s: round trip", f)
	}
	t.Logf("%d files could not be read", errs)
}

// TestReadShapes reads the clause shapes CHC-COMP uses and checks the
// clauses they give.
func TestReadShapes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		clauses   []string // head <- body atoms: "P <- Q R", "false <- P"
	}{
		{"implication", `(set-logic HORN)(declare-fun P (Int) Bool)
			(assert (forall ((x Int)) (=> (= x 0) (P x))))
			(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 1))) (P y))))
			(assert (forall ((x Int)) (=> (and (P x) (< x 0)) false)))`,
			[]string{"P <-", "P <- P", "false <- P"}},
		{"not-and query", `(set-logic HORN)(declare-fun P (Int) Bool)
			(assert (forall ((x Int)) (P 0)))
			(assert (forall ((x Int)) (not (and (P x) (< x 0)))))`,
			[]string{"P <-", "false <- P"}},
		{"disjunction", `(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)
			(assert (forall ((x Int)) (or (not (P x)) (Q x) (> x 3))))
			(assert (forall ((x Int)) (or (not (P x)) (not (Q x)))))`,
			[]string{"Q <- P", "false <- P Q"}},
		{"fact without quantifier", `(set-logic HORN)(declare-fun Z () Bool)(declare-fun P (Bool) Bool)
			(assert Z)(assert (=> Z (P true)))(assert (=> (P false) false))`,
			[]string{"Z <-", "P <- Z", "false <- P"}},
		{"exists in body, let, ite", `(set-logic HORN)(declare-fun P (Int) Bool)
			(assert (forall ((x Int)) (=> (exists ((y Int)) (and (P y) (= x (ite (> y 0) y (- y))))) (P x))))
			(assert (forall ((x Int)) (let ((z (+ x 1))) (=> (and (P z) (P x)) false))))`,
			[]string{"P <- P", "false <- P P"}},
		{"conjunction of heads", `(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)
			(assert (forall ((x Int)) (=> (> x 0) (and (P x) (Q x)))))`,
			[]string{"P <-", "Q <-"}},
		{"negated atom as the head", `(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)
			(assert (forall ((x Int)) (=> (and (P x) (not (Q x))) false)))`,
			[]string{"Q <- P"}},
		{"disjunctive body: two queries", `(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)
			(assert (forall ((x Int)) (not (or (and (P x) (> x 10)) (and (Q x) (< x (- 5)))))))`,
			[]string{"false <- P", "false <- Q"}},
		{"nested or", `(set-logic HORN)(declare-fun P (Int) Bool)
			(assert (forall ((x Int) (y Int)) (or (not (and (P x) (< x 10))) (or (not (= y (+ x 1))) (P y)))))`,
			[]string{"P <- P"}},
		{"or of an atom and a constraint in the body", `(set-logic HORN)(declare-fun P (Int) Bool)
			(assert (forall ((x Int)) (=> (or (P x) (> x 0)) false)))`,
			[]string{"false <- P", "false <-"}},
		{"or distributes over and", `(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)
			(declare-fun R (Int) Bool)(declare-fun S (Int) Bool)
			(assert (forall ((x Int)) (=> (and (or (P x) (Q x)) (or (R x) (S x))) false)))`,
			[]string{"false <- P R", "false <- P S", "false <- Q R", "false <- Q S"}},
		{"ite over predicates", `(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)(declare-fun R (Int) Bool)
			(assert (forall ((x Int)) (=> (ite (> x 0) (P x) (Q x)) (R x))))
			(assert (forall ((x Int)) (=> (> x 0) (ite (P x) true false))))`,
			[]string{"R <- P", "R <- Q", "P <-"}},
		{"Boolean equality with a predicate", `(set-logic HORN)(declare-fun P (Int) Bool)
			(assert (forall ((x Int)) (= (P x) (> x 0))))`,
			[]string{"false <- P", "P <-"}},
		{"a tautology that is not Horn gives no clause", `(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)
			(assert (forall ((x Int)) (=> (and (P x) (> x 0)) (P x))))
			(assert (forall ((x Int)) (or (P x) (not (P x)) (Q x))))`,
			[]string{"P <- P"}},
		{"push and pop", `(set-logic HORN)(declare-fun P (Int) Bool)(push 1)(declare-fun Q (Int) Bool)
			(assert (forall ((x Int)) (=> (Q x) (P x))))(pop 1)
			(assert (forall ((x Int)) (=> (= x 0) (P x))))`,
			[]string{"P <-"}},
		{"fixedpoint format", `(declare-rel R (Int Int))(declare-rel Err ())(declare-var a Int)(declare-var b Int)
			(rule (R 0 0))(rule (=> (R a b) (R (+ a 1) b)))(rule (=> (and (R a a) (> a 2)) Err))(query Err)`,
			[]string{"R <-", "R <- R", "Err <- R", "false <- Err"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := readString(t, tc.src)
			var got []string
			for _, c := range s.Clauses {
				got = append(got, shape(c))
				checkNormalised(t, c)
			}
			require.Equal(t, tc.clauses, got)
			printed := s.String()
			require.Equal(t, printed, readString(t, printed).String())
		})
	}
}

func shape(c *Clause) string {
	h := "false"
	if c.Head != nil {
		h = c.Head.Pred.Name()
	}
	h += " <-"
	for _, b := range c.Body {
		h += " " + b.Pred.Name()
	}
	return h
}

// checkNormalised checks that every atom argument is a distinct clause
// variable and that the constraint mentions clause variables only.
func checkNormalised(t *testing.T, c *Clause) {
	t.Helper()
	vars := map[*term.Term]bool{}
	for _, v := range c.Vars {
		vars[v] = true
	}
	seen := map[*term.Term]bool{}
	atoms := append([]Atom(nil), c.Body...)
	if c.Head != nil {
		atoms = append(atoms, *c.Head)
	}
	for _, a := range atoms {
		require.Len(t, a.Args, a.Pred.Arity())
		for _, x := range a.Args {
			require.True(t, vars[x], "argument %v is not a clause variable", x)
			require.False(t, seen[x], "argument %v occurs twice", x)
			seen[x] = true
		}
	}
	for _, x := range term.FreeConsts(c.Constraint) {
		require.True(t, vars[x], "constraint constant %v is not a clause variable", x)
	}
}

// TestReadErrors checks that input outside the fragment gives a positioned
// error.
func TestReadErrors(t *testing.T) {
	for _, tc := range []struct{ src, msg string }{
		{"(set-logic HORN)\n(declare-fun f (Int) Int)(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (= (f x) 1) (P x))))",
			"test.smt2:3:1: uninterpreted function f into Int (declared at 2:1) in a clause: outside CHC"},
		{"(set-logic HORN)\n(declare-const c Int)(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (= x c) (P x))))",
			"test.smt2:3:1: uninterpreted constant c of sort Int (declared at 2:1) in a clause: outside CHC"},
		{"(set-logic HORN)\n(declare-const c Int)(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (= x 0) (P c))))",
			"test.smt2:3:1: uninterpreted constant c of sort Int (declared at 2:1) in a clause: outside CHC"},
		{"(set-logic HORN)(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (P x) (exists ((y Int)) (P y)))))", "test.smt2:2:1: predicate under an existential quantifier"},
		{"(set-logic HORN)(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (> (ite (P x) 1 0) 0) false)))", "test.smt2:2:1: predicate P under > in a clause"},
		{"(set-logic HORN)\n(declare-sort U 0)\n(declare-fun P (U) Bool)", "test.smt2:2:1: declare-sort is not supported"},
		{"(set-logic HORN)(declare-fun P (Int) Bool)\n  (assert (forall ((x Int)) (or (P x) (=> (> x 0) (P (- x))))))", "test.smt2:2:3: more than one positive predicate occurrence ((P x!"},
		{"(set-logic HORN)(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (> x 0) (or (P x) (P (+ x 1))))))", "test.smt2:2:1: more than one positive predicate occurrence"},
		{"(set-logic HORN)(declare-fun P (Bool) Bool)(declare-fun Q () Bool)\n(assert (=> (P Q) false))", "test.smt2:2:1: predicate inside an argument of P"},
		{"(declare-rel E ())(query E)\n(query E)", "test.smt2:2:1: more than one query"},
		{"(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int) Bool)\n(assert (forall ((x Int)) (xor (P x) (Q x))))", "test.smt2:2:1: more than one positive predicate occurrence"},
		{"(set-logic HORN)(declare-fun P (Int) Bool)\n(assert (forall ((x Int) (y Int) (z Int)) (=> (and " + strings.Repeat("(or (P x) (P y)) ", 13) + ") (P z))))", "test.smt2:2:1: the assertion splits into more than 4096 clauses"},
	} {
		_, _, err := Read("test.smt2", strings.NewReader(tc.src), term.NewStore())
		require.Error(t, err, tc.src)
		require.Contains(t, err.Error(), tc.msg)
	}
}

// TestReadSkipsQuantifiedConstraints reads an assertion with a quantifier
// inside its constraint as left out (System.Skipped, positioned), keeps
// the other clauses, and forgets what a pop removes.
func TestReadSkipsQuantifiedConstraints(t *testing.T) {
	src := "(set-logic HORN)(declare-fun P (Int) Bool)\n" +
		"(assert (forall ((x Int)) (=> (= x 0) (P x))))\n" +
		"(assert (forall ((x Int)) (=> (P x) (> x (ite (forall ((y Int)) (> y x)) 1 0)))))\n" +
		"(push 1)(assert (forall ((x Int)) (=> (and (P x) (forall ((y Int)) (> y x))) false)))\n"
	s, _, err := Read("test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	require.Len(t, s.Clauses, 1)
	require.Equal(t, []string{
		"test.smt2:3:1: quantifier inside a constraint: not a CHC",
		"test.smt2:4:9: quantifier inside a constraint: not a CHC",
	}, s.Skipped)
	require.Equal(t, s.Skipped, s.Clone().Skipped)
	s, _, err = Read("test.smt2", strings.NewReader(src+"(pop 1)"), term.NewStore())
	require.NoError(t, err)
	require.Len(t, s.Skipped, 1)
}
