package witness_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	_ "github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/term"
)

// BenchmarkCheckFolder measures the witness checks alone: every .smt2
// file of the folder BENCH_FOLDER (skipped without it) is read and solved
// once by the default engine through pipeline.Solve, then each iteration
// checks every answer's witness on its input system with
// witness.CheckResult, as the pipeline does. ms/file is the mean check
// time per file, cpu-ms/file the process's CPU time (steadier on a
// loaded machine); BENCH_EASY=SUBSTRING keeps the files whose name contains
// it:
//
//	BENCH_FOLDER=../../../shared/bench/chc/lia-arrays go test -run XXX -bench CheckFolder ./chc/witness
func BenchmarkCheckFolder(b *testing.B) {
	dir := os.Getenv("BENCH_FOLDER")
	if dir == "" {
		b.Skip("BENCH_FOLDER not set")
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if err != nil {
		b.Fatal(err)
	}
	type solved struct {
		name string
		sys  *chc.System
		res  chc.Result
	}
	var all []solved
	for _, p := range paths {
		if sub := os.Getenv("BENCH_EASY"); sub != "" && !strings.Contains(filepath.Base(p), sub) {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		sys, _, err := chc.Read(filepath.Base(p), strings.NewReader(string(data)), term.NewStore())
		if err != nil {
			continue
		}
		e, err := chc.NewEngine("spacer", chc.Options{})
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		res := pipeline.Solve(ctx, sys, e, chc.Options{})
		cancel()
		if res.Answer != chc.Unknown {
			all = append(all, solved{filepath.Base(p), sys, res})
		}
	}
	if len(all) == 0 {
		b.Skip("no file answered")
	}
	b.ResetTimer()
	c0 := cpuNow()
	for b.Loop() {
		for _, s := range all {
			if err := witness.CheckResult(context.Background(), s.sys, s.res); err != nil {
				b.Fatalf("%s: %v", s.name, err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*len(all)), "ms/file")
	b.ReportMetric(float64((cpuNow()-c0).Microseconds())/1000/float64(b.N*len(all)), "cpu-ms/file")
	b.ReportMetric(0, "ns/op")
}
