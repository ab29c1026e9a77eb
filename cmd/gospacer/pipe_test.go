package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/stretchr/testify/require"
)

// buildBinary builds gospacer into a temporary directory, or returns
// $GOSPACER_TEST_BINARY when set (to run the tests on another build).
func buildBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("GOSPACER_TEST_BINARY"); bin != "" {
		return bin
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build with")
	}
	bin := filepath.Join(t.TempDir(), "gospacer")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

// TestPipe drives gospacer -in as an interactive client does: it writes
// one command, waits for its response (with a deadline) and only then
// writes the next, for an SMT script and a HORN one. A gospacer that
// waits for the end of its input before answering fails it.
func TestPipe(t *testing.T) {
	bin := buildBinary(t)
	for _, tc := range []struct {
		name  string
		steps [][2]string // command, response ("" for none: not waited for)
	}{{
		name: "smt",
		steps: [][2]string{
			{"(set-logic QF_LIA)", ""},
			{"(declare-const x Int)", ""},
			{"(assert (> x 2))", ""},
			{"(check-sat)", "sat"},
			{"(set-option :print-success true)", "success"},
			{"(push 1)", "success"},
			{"(assert (> y 5))", `(error "line 7 column 12: unknown symbol y")`},
			{"(check-sat)", "unknown"}, // sat, without the assertion
			{"(assert (< x 3))", "success"},
			{"(check-sat)", "unsat"},
			{"(pop 1)", "success"},
			{"(check-sat-assuming ((= x 7)))", "sat"},
			{"(get-value (x))", "((x 7))"},
			{"(get-option :produce-models)", "false"},
			{"(get-info :error-behavior)", "(:error-behavior continued-execution)"},
			{`(echo "hi")`, `"hi"`},
		},
	}, {
		name: "horn",
		steps: [][2]string{
			{"(set-logic HORN)", ""},
			{"(set-option :print-success true)", "success"},
			{"(declare-fun inv (Int) Bool)", "success"},
			{"(assert (forall ((x Int)) (=> (= x 0) (inv x))))", "success"},
			{"(assert (forall ((x Int)) (=> (and (inv x) (< x 10)) (inv (+ x 1)))))", "success"},
			{"(assert (forall ((x Int)) (=> (and (inv x) (> x 10)) false)))", "success"},
			{"(check-sat)", "sat"},
			{"(push 1)", "success"},
			{"(assert (forall ((x Int)) (=> (and (inv x) (> x 5)) false)))", "success"},
			{"(check-sat)", "unsat"},
			{"(pop 1)", "success"},
			{"(check-sat)", "sat"},
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := fuzz.StartProcess(bin, "-in")
			require.NoError(t, err)
			defer p.Close()
			for _, s := range tc.steps {
				if s[1] == "" {
					require.NoError(t, p.Write(s[0]))
					continue
				}
				got, err := p.Send(s[0], 20*time.Second)
				require.NoError(t, err, "%s: no response before the next command", s[0])
				require.Equal(t, s[1], strings.TrimSpace(got), s[0])
			}
		})
	}
}
