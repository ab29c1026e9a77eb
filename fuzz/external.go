package fuzz

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
)

// External runs the solver "z3" or "cvc5", found on PATH, on an SMT-LIB
// script (such as Script's output) and returns its first answer: "sat",
// "unsat" or "unknown" (a z3 "timeout" is "unknown"). It returns an error
// if the solver is not on PATH, reports an error, gives no answer or is
// stopped by ctx. Tests that use it skip when exec.LookPath(solver) fails.
func External(ctx context.Context, solver, script string) (string, error) {
	as, err := ExternalAll(ctx, solver, script)
	if err != nil {
		return "", err
	}
	return as[0], nil
}

// ExternalAll is External for a script with several check-sat commands (for
// example scripts joined by (reset)): it returns every answer in order,
// at least one. When ctx stops the solver, it returns the answers read
// before that together with the error (which wraps ctx.Err()).
func ExternalAll(ctx context.Context, solver, script string) ([]string, error) {
	var args []string
	switch solver {
	case "z3":
		args = []string{"-in", "-smt2"}
	case "cvc5":
		args = []string{"--lang=smt2", "--incremental"}
	default:
		return nil, fmt.Errorf("fuzz: unknown solver %q (z3 or cvc5)", solver)
	}
	path, err := exec.LookPath(solver)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin = strings.NewReader(script)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	runErr := cmd.Run()
	stopped := ctx.Err()
	text := out.String()
	if stopped != nil {
		// The last line may be cut short by the kill.
		text = text[:strings.LastIndexByte(text, '\n')+1]
	}
	var answers []string
	for _, line := range strings.Split(text, "\n") {
		switch line = strings.TrimSpace(line); {
		case line == "sat" || line == "unsat" || line == "unknown":
			answers = append(answers, line)
		case line == "timeout":
			answers = append(answers, "unknown")
		case strings.HasPrefix(line, "(error") && stopped == nil:
			return nil, fmt.Errorf("fuzz: %s: %s", solver, strings.TrimSpace(out.String()))
		}
	}
	if stopped != nil {
		return answers, fmt.Errorf("fuzz: %s: %w", solver, stopped)
	}
	if len(answers) == 0 {
		if runErr != nil {
			return nil, fmt.Errorf("fuzz: %s: %v: %s", solver, runErr, strings.TrimSpace(out.String()))
		}
		return nil, fmt.Errorf("fuzz: %s gave no answer: %s", solver, strings.TrimSpace(out.String()))
	}
	return answers, nil
}
