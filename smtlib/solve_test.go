package smtlib_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/script"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// run reads in and runs it with the script runner (which checks every
// sat model against the assertions), returning its output.
func run(t *testing.T, in string) string {
	t.Helper()
	st := term.NewStore()
	s, err := smtlib.Parse("in.smt2", strings.NewReader(in), st)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var o, e bytes.Buffer
	script.New(st, &o, &e, script.Options{}).Run(ctx, s)
	require.Empty(t, e.String())
	return o.String()
}

var answer = regexp.MustCompile(`(?m)^(sat|unsat|unknown)$`)

// TestSolveParametric solves scripts over parametric datatypes through
// the smt solver: instances are datatypes like any other; the models
// print qualified constructors that read back.
func TestSolveParametric(t *testing.T) {
	const list = "(set-logic ALL)(set-option :produce-models true)\n(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))\n"
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"list of lists", list + "(declare-const x (List (List Int)))(assert ((_ is cons) x))(assert (= (head (head x)) 2))(check-sat)(assert (= (tail x) x))(check-sat)",
			[]string{"sat", "unsat"}},
		{"instances are distinct sorts", list + "(declare-const x (List Int))(declare-const y (List Bool))(assert ((_ is cons) x))(assert (head y))(assert (is-nil (tail y)))(check-sat)",
			[]string{"sat"}},
		{"two-valued instance", "(set-logic ALL)(declare-datatypes ((Data 1)) ((par (T) ((data)))))(declare-const p (Data Bool))(declare-const q (Data Bool))(assert (distinct p q))(check-sat)",
			[]string{"unsat"}},
		{"pair", "(set-logic ALL)(declare-datatype Pair (par (X Y) ((pair (first X) (second Y)))))(declare-const p (Pair Int Bool))\n" +
			"(assert (= p (pair 3 (not (second p)))))(check-sat)", []string{"unsat"}},
		{"a name in a plain and a parametric datatype", list + "(declare-datatype L ((cons (hd Int) (tl L)) (nil)))(declare-const a L)(declare-const b (List Int))" +
			"(assert (= (hd a) (head b) 4))(assert (is-cons a))(assert (is-cons b))(check-sat)(assert (= (tl a) a))(check-sat)", []string{"sat", "unsat"}},
		{"match", list + "(declare-const x (List Int))(assert (= 5 (match x ((nil 0) ((cons h t) (+ h (match t ((nil 0) ((cons h2 t2) h2)))))))))(assert (> (head x) 4))(check-sat)",
			[]string{"sat"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := run(t, c.in)
			require.Equal(t, c.want, answer.FindAllString(out, -1), out)
		})
	}
}

// TestParametricModelReadBack reads the model of a sat answer back as
// definitions after the declarations: (as nil (List Int)) and qualified
// constructors are what the reader takes.
func TestParametricModelReadBack(t *testing.T) {
	const decls = "(set-logic ALL)(set-option :produce-models true)\n(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))\n"
	const asserts = "(assert (= (head (head x)) 2))(assert ((_ is cons) (tail (head x))))(assert ((_ is nil) (tail x)))"
	out := run(t, decls+"(declare-const x (List (List Int)))"+asserts+"(check-sat)(get-model)")
	require.True(t, strings.HasPrefix(out, "sat\n"), out)
	model := strings.TrimSpace(strings.TrimPrefix(out, "sat\n"))
	model = strings.TrimSuffix(strings.TrimPrefix(model, "("), ")")
	require.Contains(t, model, "(as nil (List Int))")
	got := run(t, decls+model+asserts+"(check-sat)")
	require.Equal(t, "sat\n", got)
}

// TestSolveTuples solves scripts over cvc5's tuples and datatype updates.
func TestSolveTuples(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"function into tuples", "(set-logic ALL)(declare-fun f (Int) (Tuple Int Int))(assert (= (f 5) (tuple 2 3)))(assert (= (f 7) (tuple 3 4)))(check-sat)" +
			"(assert (= 5 7))(check-sat)", []string{"sat", "unsat"}},
		{"select", "(set-logic ALL)(declare-const x (Tuple Int Bool))(assert (= ((_ tuple.select 0) x) 5))(check-sat)(assert (distinct x (tuple 5 true) (tuple 5 false)))(check-sat)",
			[]string{"sat", "unsat"}},
		{"update", "(set-logic ALL)(declare-const x (Tuple Int Bool))(assert (not (= x ((_ tuple.update 1) x true))))(assert (not (= x ((_ tuple.update 1) x false))))(check-sat)",
			[]string{"unsat"}},
		{"unit", "(set-logic ALL)(declare-const u UnitTuple)(declare-const v UnitTuple)(assert (distinct u v))(check-sat)", []string{"unsat"}},
		{"datatype update", "(set-logic ALL)(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))(declare-const x L)(assert ((_ is cons) x))(assert (= x ((_ update hd) x 2)))(check-sat)" +
			"(assert (= (hd x) 3))(check-sat)", []string{"sat", "unsat"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := run(t, c.in)
			require.Equal(t, c.want, answer.FindAllString(out, -1), out)
		})
	}
}
