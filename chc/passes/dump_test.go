package passes

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestDumpPreprocessed writes the Default-preprocessed system of every
// file of the dev folders (BENCH_FOLDERS=a,b; default every folder) to
// PREPROCESS_DUMP=DIR, one file each, to compare two builds' outputs
// with diff. Skipped without PREPROCESS_DUMP.
func TestDumpPreprocessed(t *testing.T) {
	out := os.Getenv("PREPROCESS_DUMP")
	if out == "" {
		t.Skip("PREPROCESS_DUMP not set")
	}
	root := "../../../shared/bench/chc"
	var folders []string
	if f := os.Getenv("BENCH_FOLDERS"); f != "" {
		folders = strings.Split(f, ",")
	} else {
		ents, _ := os.ReadDir(root)
		for _, e := range ents {
			if e.IsDir() {
				folders = append(folders, e.Name())
			}
		}
	}
	for _, d := range folders {
		files, srcs := folderFiles(t, filepath.Join(root, d))
		for i, f := range files {
			s, err := readFolderFile(f, srcs[i])
			text := ""
			if err != nil {
				text = "read: " + err.Error()
			} else if p, _, err := Preprocess(context.Background(), s, Default()...); err != nil {
				text = "preprocess: " + err.Error()
			} else {
				text = p.String()
			}
			if err := os.MkdirAll(filepath.Join(out, d), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(out, d, filepath.Base(f)), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// readFolderFile reads a file of a dev folder as the command line does,
// in the relaxed clause form (chc.ReadRelaxed), or in the strict one with
// PREPROCESS_READ=strict: the harnesses of this package (TestPassTimes,
// TestDumpPreprocessed, BenchmarkFolders) measure what the command line
// runs.
func readFolderFile(name, src string) (*chc.System, error) {
	if os.Getenv("PREPROCESS_READ") == "strict" {
		s, _, err := chc.Read(name, strings.NewReader(src), term.NewStore())
		return s, err
	}
	s, _, err := chc.ReadRelaxed(context.Background(), name, strings.NewReader(src), term.NewStore())
	return s, err
}
