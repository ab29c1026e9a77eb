package passes

import (
	"os"
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

// folderFiles reads the .smt2 files of dir: their paths and contents
// (none when dir is absent).
func folderFiles(tb testing.TB, dir string) (paths, srcs []string) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		paths, srcs = append(paths, f), append(srcs, string(data))
	}
	return paths, srcs
}
