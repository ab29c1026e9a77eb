package passes

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// benchFiles lists the CHC benchmark files of ../shared/bench/chc, or skips.
func benchFiles(t testing.TB) []string {
	files, _ := filepath.Glob("../../../shared/bench/chc/*/*.smt2")
	if len(files) == 0 {
		t.Skip("../shared/bench/chc not present")
	}
	return files
}

func readString(t testing.TB, src string) *chc.System {
	t.Helper()
	s, _, err := chc.Read("test.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return s
}
