package passes

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// BenchmarkPass times the pass BENCH_PASS=K of Default (0, the first
// Simplify, when unset) alone over every file of the dev folders
// BENCH_FOLDERS (lia-arrays when unset): each file is read into a fresh
// store as the command line reads it (the relaxed form; see
// readFolderFile) and the passes before K run with the timer stopped, as in
// Preprocess (the memo of kept clauses shared). ms/folder is the time
// of pass K summed over the files, cpu-ms/folder the same in the
// process's CPU time (the collector's among it).
func BenchmarkPass(b *testing.B) {
	names, srcs := benchFolders(b, "lia-arrays")
	k, _ := strconv.Atoi(os.Getenv("BENCH_PASS"))
	passes := Default()
	if k < 0 || k >= len(passes) {
		b.Fatalf("BENCH_PASS=%d: Default has %d passes", k, len(passes))
	}
	type input struct {
		ctx context.Context
		s   *chc.System
	}
	inputs := make([]input, len(srcs))
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for j := range srcs {
			s, err := readFolderFile(names[j], srcs[j])
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.WithValue(context.Background(), keptKey{}, &kept{})
			for _, p := range passes[:k] {
				if s, _, err = p.Apply(ctx, s); err != nil {
					b.Fatal(err)
				}
			}
			inputs[j] = input{ctx, s}
		}
		// the setup's garbage collected outside the timing: its
		// collection would be charged to pass K's CPU time
		runtime.GC()
		b.StartTimer()
		c0 := cpuNow()
		for _, in := range inputs {
			if _, _, err := passes[k].Apply(in.ctx, in.s); err != nil {
				b.Fatal(err)
			}
		}
		cpu += cpuNow() - c0
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e6/float64(b.N), "ms/folder")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/1e6/float64(b.N), "cpu-ms/folder")
	}
}
