package spacer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/term"
)

// BenchmarkTinyFiles measures the start-up cost on tiny files: the six
// Solidity unit tests of the arrays folder (../shared/bench/chc/arrays,
// skipped when absent), which z3 answers in 0.02–0.05 s. Each iteration
// reads, preprocesses, solves and checks all six (pipeline.Solve), as the CLI
// does; ms/file is the mean per file.
func BenchmarkTinyFiles(b *testing.B) {
	files, _ := filepath.Glob("../../shared/bench/chc/arrays/solidity__*.smt2")
	if len(files) == 0 {
		b.Skip("../shared/bench/chc/arrays not present")
	}
	var srcs []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, string(data))
	}
	b.ResetTimer()
	for range b.N {
		for i, src := range srcs {
			sys, _, err := chc.Read(files[i], strings.NewReader(src), term.NewStore())
			if err != nil {
				b.Fatal(err)
			}
			res := pipeline.Solve(context.Background(), sys, New(Options{}), chc.Options{})
			if res.Answer == chc.Unknown {
				b.Fatalf("%s: unknown: %v", files[i], res.Reason)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(srcs)), "ms/file")
}
