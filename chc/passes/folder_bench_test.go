package passes

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// BenchmarkFolders reads and preprocesses (Default) every file of the
// dev folders lia-arrays and lia-lin (BENCH_FOLDERS=a,b for others), each
// read into a fresh store as the CLI does (BENCH_PASSES=N runs the first N
// passes of Default only): "read" is reading alone,
// "preprocess" reading and Preprocess. us/clause is the mean per input
// clause, cpu-us/clause the same in the process's CPU time (all its
// threads, the garbage collector's among them: steadier than the wall
// clock on a loaded machine).
func BenchmarkFolders(b *testing.B) {
	names, srcs := benchFolders(b, "lia-arrays", "lia-lin")
	clauses := 0
	for i := range srcs {
		s, _, err := chc.Read(names[i], strings.NewReader(srcs[i]), term.NewStore())
		if err == nil {
			clauses += len(s.Clauses)
		}
	}
	passes := Default()
	if n, err := strconv.Atoi(os.Getenv("BENCH_PASSES")); err == nil && n < len(passes) {
		passes = passes[:n]
	}
	for _, pre := range []bool{false, true} {
		name := "read"
		if pre {
			name = "preprocess"
		}
		b.Run(name, func(b *testing.B) {
			c0 := cpuNow()
			for b.Loop() {
				for i := range srcs {
					s, err := readFolderFile(names[i], srcs[i])
					if err != nil || !pre {
						continue
					}
					if _, _, err := Preprocess(context.Background(), s, passes...); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1000/float64(b.N*clauses), "us/clause")
			if c := cpuNow() - c0; c > 0 {
				b.ReportMetric(float64(c.Nanoseconds())/1000/float64(b.N*clauses), "cpu-us/clause")
			}
		})
	}
}

// benchFolders reads the files of the dev folders BENCH_FOLDERS=a,b (the
// folders given, without it), skipping b when ../shared/bench is absent.
func benchFolders(b *testing.B, folders ...string) (names, srcs []string) {
	if f := os.Getenv("BENCH_FOLDERS"); f != "" {
		folders = strings.Split(f, ",")
	}
	for _, d := range folders {
		n, s := folderFiles(b, filepath.Join("../../../shared/bench/chc", d))
		names, srcs = append(names, n...), append(srcs, s...)
	}
	if len(names) == 0 {
		b.Skip("../shared/bench/chc not present")
	}
	return names, srcs
}
