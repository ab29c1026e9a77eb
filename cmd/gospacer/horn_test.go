package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A hornCase is a file of testdata/horn with what its header comments
// say: "; z3: ANSWERS" (z3's answers, in order), "; gospacer: ANSWERS"
// when ours differ, "; error: LINE:COL: MESSAGE" when gospacer rejects
// the file (exit 2).
type hornCase struct {
	file      string
	z3, ours  []string
	wantError string
}

func hornCases(t *testing.T) []hornCase {
	files, err := filepath.Glob("testdata/horn/*.smt2")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var cases []hornCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		c := hornCase{file: f}
		seenZ3, seenOurs := false, false
		for _, line := range strings.Split(string(data), "\n") {
			key, value, ok := strings.Cut(strings.TrimPrefix(line, "; "), ":")
			if !ok || !strings.HasPrefix(line, "; ") {
				continue
			}
			switch key {
			case "z3":
				c.z3, seenZ3 = strings.Fields(value), true
			case "gospacer":
				c.ours, seenOurs = strings.Fields(value), true
			case "error":
				c.wantError = strings.TrimSpace(value)
			}
		}
		require.True(t, seenZ3, "%s: no '; z3:' line", f)
		if !seenOurs {
			c.ours = c.z3
		}
		cases = append(cases, c)
	}
	return cases
}

var answerLine = regexp.MustCompile(`(?m)^(sat|unsat|unknown|timeout)$`)

// answers are the answer lines of a solver's output.
func answers(out string) []string {
	return answerLine.FindAllString(out, -1)
}

// TestHornFiles runs every file of testdata/horn, the shapes and commands
// of HORN scripts other tools accept: gospacer's answers must be the
// expected ones, each sat or unsat with its witness checked on the input
// (--validate says how); with z3 on PATH, z3 must not contradict them (a
// z3 whose answers differ from the ones the file records is logged).
func TestHornFiles(t *testing.T) {
	z3, _ := exec.LookPath("z3")
	for _, c := range hornCases(t) {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			code, out, errs := runCLI(t, "", "--validate", c.file)
			if c.wantError != "" {
				// the command is refused with its position, and no
				// check-sat answers without it
				require.Equal(t, 1, code, errs)
				pos, msg, _ := strings.Cut(c.wantError, ": ")
				line, col, _ := strings.Cut(pos, ":")
				require.Contains(t, out, `(error "line `+line+` column `+col+`: `+msg)
				require.NotRegexp(t, `(?m)^(sat|unsat)$`, out)
			} else {
				require.Contains(t, []int{0, 1}, code, errs)
				require.Equal(t, strings.Join(c.ours, " "), strings.Join(answers(out), " "), "stdout:\n%s\nstderr:\n%s", out, errs)
				checked := strings.Count(errs, "was checked on the input system") + strings.Count(errs, "was replayed on the input system")
				decided := strings.Count(strings.Join(c.ours, " "), "sat") // sat and unsat
				require.Equal(t, decided, checked, "every answer's witness is checked:\n%s", errs)
			}
			if z3 == "" {
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			zout, _ := exec.CommandContext(ctx, z3, "-T:20", c.file).Output()
			za := answers(string(zout))
			if strings.Join(c.z3, " ") != strings.Join(za, " ") {
				t.Logf("z3 (another version?) answers %v, the file records %v", za, c.z3)
			}
			if c.wantError != "" {
				return
			}
			decided := func(a string) bool { return a == "sat" || a == "unsat" }
			for i := range min(len(za), len(c.ours)) {
				if decided(za[i]) && decided(c.ours[i]) {
					require.Equal(t, za[i], c.ours[i], "check-sat %d: z3 and gospacer disagree", i+1)
				}
			}
		})
	}
}

// TestHornAfterCheckSat checks the answers to the commands after a
// check-sat, in order: the answer first, then each command's response or
// an (error ...) line naming it; exit code 1 for the errors.
func TestHornAfterCheckSat(t *testing.T) {
	code, out, errs := runCLI(t, "", "testdata/horn/after-check-sat.smt2")
	require.Equal(t, 1, code, errs)
	lines := strings.Split(out, "\n")
	require.Equal(t, []string{
		"sat",
		`(error "line 9 column 1: get-proof: no proof is available: the last check-sat answered sat")`,
		`(error "line 10 column 1: get-assignment is not supported in a HORN script")`,
		`(error "line 11 column 1: get-unsat-core is not supported in a HORN script")`,
		`(:reason-unknown "")`,
		`(:name "gospacer")`,
		`"after"`,
		`(`,
		`  (define-fun P ((x!0 Int)) Bool`,
	}, lines[:9])
	require.Equal(t, ")", lines[len(lines)-2])
}

const unsafeHorn = `(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 1))) (P y))))
(assert (forall ((x Int)) (=> (and (P x) (> x 1)) false)))
(check-sat)
(get-proof)
(get-model)
(get-info :reason-unknown)
(get-info :all-statistics)
`

// TestHornGetProof checks get-proof after unsat: the derivation as one
// s-expression, each step naming its clause and where it was read.
func TestHornGetProof(t *testing.T) {
	code, out, errs := runCLI(t, unsafeHorn, "-")
	require.Equal(t, 1, code, errs) // get-model after unsat
	require.True(t, strings.HasPrefix(out, `unsat
(proof
  (step 0 (P 0) :clause 0 :origin "<stdin>:3:1")
  (step 1 (P 1) :clause 1 :origin "<stdin>:4:1" :from (0))
  (step 2 (P 2) :clause 1 :origin "<stdin>:4:1" :from (1))
  (step 3 false :clause 2 :origin "<stdin>:5:1" :from (2)))
(error "line 8 column 1: get-model: no model is available: the last check-sat answered unsat")
(:reason-unknown "")
(:solve.predicates 1`), out)
}

// TestHornFixedpointWording checks that --validate speaks of the printed
// answer in z3's fixedpoint convention.
func TestHornFixedpointWording(t *testing.T) {
	_, out, errs := runCLI(t, "", "--validate", "testdata/horn/fixedpoint-queries.smt2")
	require.Equal(t, "sat\nunsat\n", out)
	require.Contains(t, errs, "; sat: the query is reachable; its derivation was replayed on the input system")
	require.Contains(t, errs, "; unsat: the query is unreachable; the invariant (the model) was checked on the input system")
}

// TestHornTimeoutOption checks that (set-option :timeout N) bounds each
// check-sat, with the reason in get-info, and that the answers before
// and after it stand.
func TestHornTimeoutOption(t *testing.T) {
	e := stuckEngine{make(chan struct{})}
	defer close(e.release)
	flags := withEngine(t, e)
	src := "(set-logic HORN)(declare-fun P (Int) Bool)(assert (forall ((x Int)) (=> (= x 0) (P x))))\n" +
		"(set-option :timeout 200)\n(check-sat)\n(get-info :reason-unknown)\n"
	start := time.Now()
	code, out, errs := runCLI(t, src, append(flags, "-")...)
	require.Equal(t, 0, code, errs)
	require.Equal(t, "unknown\n(:reason-unknown \"timeout (the engine did not stop in time)\")\n", out)
	require.Less(t, time.Since(start), 5*time.Second, "a deadline of 200 ms and the grace: 300 ms")

	_, out, _ = runCLI(t, "(set-logic HORN)(set-option :timeout soon)", "-")
	require.Equal(t, "(error \"line 1 column 17: set-option :timeout: expected a number of milliseconds, got soon\")\n", out)
}

// TestHornScriptChecks checks the CHC answers to a script's shape: no
// check-sat prints nothing on standard output and a warning on standard
// error (exit code 0), as does an empty file; each check-sat is
// answered; a logic-less Horn script is solved as HORN; a script's own
// get-model with --model prints one model.
func TestHornScriptChecks(t *testing.T) {
	code, out, errs := runCLI(t, "", "testdata/horn/no-check-sat.smt2")
	require.Equal(t, 0, code, errs)
	require.Empty(t, out)
	require.Equal(t, "gospacer: testdata/horn/no-check-sat.smt2: warning: no (check-sat): nothing to answer\n", errs)
	code, out, errs = runCLI(t, "", "-")
	require.Equal(t, 0, code, errs)
	require.Empty(t, out)
	require.Equal(t, "gospacer: <stdin>: warning: the script is empty: nothing to answer\n", errs)
	code, out, errs = runCLI(t, "(set-logic QF_LIA)(declare-const x Int)(assert (> x 0))(check-sat)", "-")
	require.Equal(t, 0, code, errs)
	require.Equal(t, "sat\n", out)
	require.Empty(t, errs, "a script with something to answer gets no warning")

	counter, err := os.ReadFile("../../examples/counter.smt2")
	require.NoError(t, err)
	for _, args := range [][]string{{"--model", "-"}, {"-"}} {
		code, out, errs = runCLI(t, string(counter)+"(get-model)\n", args...)
		require.Equal(t, 0, code, errs)
		require.True(t, strings.HasPrefix(out, "sat\n(\n"), out)
		require.Equal(t, 1, strings.Count(out, "define-fun"), "%v: one model:\n%s", args, out)
	}
	code, out, errs = runCLI(t, string(counter), "--model", "-")
	require.Equal(t, 0, code, errs)
	require.Equal(t, 1, strings.Count(out, "define-fun"), "--model alone prints the model:\n%s", out)

	code, out, errs = runCLI(t, "", "--model", "testdata/horn/no-logic.smt2")
	require.Equal(t, 0, code, errs)
	require.True(t, strings.HasPrefix(out, "sat\n(\n  (define-fun P ((x!0 Int)) Bool"), out)

	code, out, errs = runCLI(t, "", "-v", "testdata/horn/nonlinear.smt2")
	require.Equal(t, 0, code, errs)
	require.Equal(t, "unknown\n", out)
	require.Contains(t, errs, "; the input has non-linear arithmetic, (* x1")
	require.Contains(t, errs, "in the clause at testdata/horn/nonlinear.smt2:8:1")
}

// TestArguments checks the command line a z3 user types: options after
// the file, z3's spellings of the timeout and statistics options.
func TestArguments(t *testing.T) {
	f := "testdata/horn/or-body.smt2"
	for _, args := range [][]string{{f, "-t", "5"}, {f, "-T:5"}, {"-t:5000", f}, {f, "-smt2", "--validate"}, {"--", f}} {
		code, out, errs := runCLI(t, "", args...)
		require.Equal(t, 0, code, "%v: %s", args, errs)
		require.Equal(t, "sat\n", out, "%v", args)
	}
	code, out, errs := runCLI(t, "", f, "-st")
	require.Equal(t, 0, code, errs)
	require.Equal(t, "sat\n", out)
	require.Contains(t, errs, ":solve.engine spacer")

	code, _, errs = runCLI(t, "", f, "-T:soon")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "-T:soon: expected a non-negative number")
	code, _, errs = runCLI(t, "", f, f)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "expected one FILE, got 2")
}

// TestHornUnreadClause: a clause that does not read is missing from the
// system, and an answer without it could be wrong (here the query is
// reachable through it, and unreachable without it): the check-sat
// answers unknown, until the level of the command is popped.
func TestHornUnreadClause(t *testing.T) {
	src := "(declare-rel R (Int))(declare-rel E ())(declare-var x Int)(rule (R 0))\n" +
		"(rule (=> (and (R x) (= x 0) (bad x)) E))\n(query E)\n"
	code, out, errs := runCLI(t, src, "-")
	require.Equal(t, 1, code, errs)
	require.Equal(t, "(error \"line 2 column 31: unknown symbol bad\")\nunknown\n", out)

	src = "(set-logic HORN)(declare-fun P (Int) Bool)(assert (forall ((x Int)) (=> (= x 0) (P x))))\n" +
		"(push 1)\n(assert (forall ((x Int)) (=> (and (P x) (> x y)) false)))\n(check-sat)\n(pop 1)\n(check-sat)\n"
	code, out, errs = runCLI(t, src, "-")
	require.Equal(t, 1, code, errs)
	require.Equal(t, "(error \"line 3 column 47: unknown symbol y\")\nunknown\nsat\n", out)
}
