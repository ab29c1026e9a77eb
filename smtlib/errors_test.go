package smtlib

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// errorCase is one malformed input of testdata/errors.txt.
type errorCase struct{ name, in, want string }

// readErrorCases reads testdata/errors.txt (its format is described at
// its top; cmd/gospacer's tests read it too).
func readErrorCases(t *testing.T) []errorCase {
	data, err := os.ReadFile("testdata/errors.txt")
	require.NoError(t, err)
	var cases []errorCase
	for _, block := range strings.Split("\n"+string(data), "\n=== ")[1:] {
		name, rest, _ := strings.Cut(block, "\n")
		want, in, _ := strings.Cut(rest, "\n")
		cases = append(cases, errorCase{name, strings.TrimSuffix(in, "\n"), strings.TrimPrefix(want, "want: ")})
	}
	return cases
}

// TestErrors checks the position and message of the error on each
// malformed input of testdata/errors.txt.
func TestErrors(t *testing.T) {
	cases := readErrorCases(t)
	require.GreaterOrEqual(t, len(cases), 90)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := term.NewStore()
			_, err := Parse("in.smt2", strings.NewReader(c.in), st)
			require.Error(t, err)
			var e *Error
			require.True(t, errors.As(err, &e), "%T is not an *Error", err)
			require.Equal(t, "in.smt2", e.Pos.File)
			got := e.Error()
			lc := strings.SplitN(c.want, ": ", 2)
			require.True(t, strings.HasPrefix(got, "in.smt2:"+lc[0]+": "), "want position %s, got %s", lc[0], got)
			require.Contains(t, got, lc[1])
		})
	}
}
