package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMalformedInputs runs the reader's malformed inputs
// (smtlib/testdata/errors.txt) through the CLI: each must print its
// positioned error on standard error, nothing on standard output, and
// exit with code 2.
func TestMalformedInputs(t *testing.T) {
	data, err := os.ReadFile("../../smtlib/testdata/errors.txt")
	require.NoError(t, err)
	dir := t.TempDir()
	n := 0
	for _, block := range strings.Split("\n"+string(data), "\n=== ")[1:] {
		name, rest, _ := strings.Cut(block, "\n")
		want, in, _ := strings.Cut(rest, "\n")
		want = strings.TrimPrefix(want, "want: ")
		in = strings.TrimSuffix(in, "\n")
		n++
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(dir, "in.smt2")
			require.NoError(t, os.WriteFile(file, []byte(in), 0o644))
			// a command that does not read fails (exit code 1) with the
			// standard's error response, and the script goes on
			code, out, errs := runCLI(t, "", file)
			require.Equal(t, 1, code, errs)
			pos, msg, _ := strings.Cut(want, ": ")
			line, col, _ := strings.Cut(pos, ":")
			require.Contains(t, out, "(error \"line "+line+" column "+col+": ", "want %s", pos)
			require.Contains(t, out, msg)
		})
	}
	require.GreaterOrEqual(t, n, 30)
}
