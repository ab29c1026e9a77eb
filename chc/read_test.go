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
