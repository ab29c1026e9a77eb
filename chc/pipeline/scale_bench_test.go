package pipeline_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	_ "github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
)

// BenchmarkScale reads and solves the big systems of fuzz.WriteBig (every
// shape, sat and unsat) of 10² to 10⁵ clauses with the default engine
// through pipeline.Solve, and reports the time and the allocated bytes per
// clause of each phase (read: parsing and normalising; solve:
// preprocessing, the engine, the translation and the check of the
// witness) and the peak heap. Near-linear growth shows as flat per-clause
// numbers. -benchtime=1x runs each size once:
//
//	go test -run XXX -bench Scale -benchtime 1x -timeout 2h ./chc
//
// Fan-in and programs stop at 10⁴ clauses: a program's clause has sixteen
// variables (10⁵ of them take gigabytes to read), and the engine's
// invariant for 10⁴ facts of one predicate already costs seconds in the
// arithmetic solver (one variable with 10⁴ bounds).
func BenchmarkScale(b *testing.B) {
	sizes := map[fuzz.Shape][]int{
		fuzz.Chain:   {100, 1000, 10000, 100000},
		fuzz.Tree:    {100, 1000, 10000, 100000},
		fuzz.FanIn:   {100, 1000, 10000},
		fuzz.Program: {100, 1000, 10000},
	}
	for _, shape := range fuzz.Shapes {
		for _, n := range sizes[shape] {
			for _, want := range []chc.Answer{chc.Sat, chc.Unsat} {
				b.Run(fmt.Sprintf("%s/%s/n=%d", shape, want, n), func(b *testing.B) {
					benchScale(b, shape, n, want)
				})
			}
		}
	}
}

func benchScale(b *testing.B, shape fuzz.Shape, n int, want chc.Answer) {
	var text strings.Builder
	if err := fuzz.WriteBig(&text, shape, n, want); err != nil {
		b.Fatal(err)
	}
	engine, err := chc.NewEngine("spacer", chc.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var readTime, solveTime time.Duration
	var readBytes, solveBytes uint64
	var peak uint64
	var ms runtime.MemStats
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		a0, t0 := ms.TotalAlloc, time.Now()
		s, _, err := chc.Read("big.smt2", strings.NewReader(text.String()), term.NewStore())
		if err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&ms)
		a1, t1 := ms.TotalAlloc, time.Now()
		stop := watchPeak(&peak)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Second)
		res := pipeline.Solve(ctx, s, engine, chc.Options{})
		cancel()
		stop()
		runtime.ReadMemStats(&ms)
		readTime += t1.Sub(t0)
		solveTime += time.Since(t1)
		readBytes += a1 - a0
		solveBytes += ms.TotalAlloc - a1
		if res.Answer != want {
			b.Fatalf("%s of %d clauses: %s (%v), want %s", shape, n, res.Answer, res.Reason, want)
		}
	}
	per := float64(b.N) * float64(n)
	b.ReportMetric(float64(readTime.Nanoseconds())/per, "read-ns/clause")
	b.ReportMetric(float64(solveTime.Nanoseconds())/per, "solve-ns/clause")
	b.ReportMetric(float64(readBytes)/per, "read-B/clause")
	b.ReportMetric(float64(solveBytes)/per, "solve-B/clause")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(readTime+solveTime)/float64(b.N)/1e9, "s")
	b.ReportMetric(0, "ns/op")
}

// watchPeak records the largest heap size seen every 10 ms in *peak
// until stop is called.
func watchPeak(peak *uint64) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		var ms runtime.MemStats
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			*peak = max(*peak, ms.HeapAlloc)
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() { close(done); <-finished }
}
