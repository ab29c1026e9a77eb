package passes

import (
	"path/filepath"
	"testing"
)

// benchFiles lists the CHC benchmark files of ../shared/bench/chc, or skips.
func benchFiles(t testing.TB) []string {
	files, _ := filepath.Glob("../../../shared/bench/chc/*/*.smt2")
	if len(files) == 0 {
		t.Skip("../shared/bench/chc not present")
	}
	return files
}
