package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errw bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errw)
	return code, out.String(), errw.String()
}

func TestExamples(t *testing.T) {
	code, out, _ := runCLI(t, "", "--parse-only", "../../examples/counter.smt2")
	require.Equal(t, 0, code)
	require.Equal(t, "logic HORN, 1 declarations, 3 assertions, 6 commands\n", out)

	code, out, errs := runCLI(t, "", "../../examples/mixing.smt2")
	require.Equal(t, 0, code, errs)
	require.True(t, strings.HasPrefix(out, "sat\n(\n"), out)

	code, out, _ = runCLI(t, "", "../../examples/php-3-2.cnf")
	require.Equal(t, 20, code)
	require.Equal(t, "s UNSATISFIABLE\n", out)
}

func TestFlags(t *testing.T) {
	code, out, _ := runCLI(t, "", "--version")
	require.Equal(t, 0, code)
	require.Equal(t, "gospacer "+version+"\n", out)

	// --help: the whole text on standard output (gospacer --help | less)
	for _, help := range []string{"--help", "-h", "-help"} {
		code, out, errs := runCLI(t, "", help)
		require.Equal(t, 0, code)
		require.True(t, strings.HasPrefix(out, "usage: gospacer"), out)
		require.Contains(t, out, "CHC engines")
		require.Empty(t, errs)
	}

	// a usage error: its line and the hint, nothing more, exit code 2
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{nil, "gospacer: no FILE (- reads standard input)"},
		{[]string{"a.smt2", "b.smt2"}, "gospacer: expected one FILE, got 2: a.smt2 b.smt2"},
		{[]string{"--no-such-flag", "a.smt2"}, "gospacer: flag provided but not defined: -no-such-flag"},
		{[]string{"-t", "-1", "a.smt2"}, "gospacer: -t must not be negative"},
		{[]string{"-t", "soon", "a.smt2"}, `gospacer: invalid value "soon" for flag -t: parse error`},
		{[]string{"-v:x", "a.smt2"}, "gospacer: -v:x: expected a non-negative integer"},
		{[]string{"-v=loud", "a.smt2"}, `gospacer: invalid boolean value "loud" for -v: expected a level 0, 1, 2 or 3, got loud`},
		{[]string{"--opt", "spacer.nope=1", "a.smt2"}, "gospacer: "},
	} {
		code, out, errs := runCLI(t, "", tc.args...)
		require.Equal(t, 2, code, "%v", tc.args)
		require.Empty(t, out, "%v", tc.args)
		require.Equal(t, tc.msg, errs[:min(len(tc.msg), len(errs))], "%v", tc.args)
		require.True(t, strings.HasSuffix(errs, "\nsee gospacer --help\n"), "%v: %q", tc.args, errs)
		require.Equal(t, 2, strings.Count(errs, "\n"), "%v: one line and the hint: %q", tc.args, errs)
	}
	code, _, errs := runCLI(t, "", "no/such/file.smt2")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "no such file")
}

func TestScript(t *testing.T) {
	script := `(set-option :print-success false)
(set-option :produce-unsat-cores true)
(set-option :no-such-option 1)
(set-logic QF_LRA)
(declare-const x Real)
(declare-const y Real)
(assert (! (< x y) :named lt))
(assert (! (> x 5) :named big))
(push 1)
(assert (! (< y 0) :named neg))
(check-sat)
(get-unsat-core)
(pop 1)
(check-sat)
(get-value (x (+ x 1)))
(check-sat-assuming ((= x 2.5)))
(echo "done")
(get-info :name)
(exit)
(check-sat)
`
	code, out, errs := runCLI(t, script, "-")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(out, "\n")
	require.Equal(t, "unsupported", lines[0])
	require.Equal(t, "unsat", lines[1])
	require.Equal(t, "(lt big neg)", lines[2])
	require.Equal(t, "sat", lines[3])
	require.True(t, strings.HasPrefix(lines[4], "((x "), out)
	require.Equal(t, "unsat", lines[6])
	require.Equal(t, `"done"`, lines[7]) // the standard's response: the literal
	require.Equal(t, `(:name "gospacer")`, lines[8])
	require.Len(t, lines, 10) // nothing after exit
}

func TestRuntimeErrors(t *testing.T) {
	script := `(set-logic QF_LRA)
(declare-const x Real)
(get-model)
(assert (<= (* x x) 1.0))
(check-sat)
`
	code, out, errs := runCLI(t, script, "-")
	require.Equal(t, 1, code, errs)
	lines := strings.Split(out, "\n")
	require.Len(t, lines, 4, out)
	require.True(t, strings.HasPrefix(lines[0], `(error "line 3 column 1: get-model: no model available`), out)
	require.True(t, strings.HasPrefix(lines[1], `(error "line 4 column 1: unsupported: non-linear arithmetic`), out)
	require.Equal(t, "unknown", lines[2])
}

func TestQueryAnswersLikeZ3(t *testing.T) {
	// z3's fixedpoint (query q) answers sat when q is reachable. Without
	// predicates in the way the SMT solver can answer it: Error holds
	// with x = 1.
	script := `(declare-rel Error ())
(declare-var x Int)
(rule (=> (= x 1) Error))
(query Error)
`
	code, out, errs := runCLI(t, script, "-")
	// Quantified rules are not decided without the CHC engine: the
	// answer must not be a wrong one.
	require.Contains(t, []string{"sat\n", "unknown\n"}, out, errs)
	require.Contains(t, []int{0, 1}, code)
}
