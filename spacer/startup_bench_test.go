package spacer

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/term"
)

// easyFiles reads testdata/easy.txt: the dev folders' files that gospacer
// answers in a fraction of a second, those of them present under
// ../shared/bench/chc; with BENCH_FOLDER=DIR, every .smt2 file of DIR
// instead (a whole folder, e.g. ../../shared/bench/chc/lia-arrays).
func easyFiles(tb testing.TB) (names, srcs []string) {
	if dir := os.Getenv("BENCH_FOLDER"); dir != "" {
		paths, err := filepath.Glob(filepath.Join(dir, "*.smt2"))
		if err != nil {
			tb.Fatal(err)
		}
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				tb.Fatal(err)
			}
			names, srcs = append(names, filepath.Base(p)), append(srcs, string(data))
		}
		return names, srcs
	}
	f, err := os.Open("testdata/easy.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		data, err := os.ReadFile(filepath.Join("../../shared/bench/chc", line))
		if err != nil {
			continue
		}
		names, srcs = append(names, line), append(srcs, string(data))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return names, srcs
}

// BenchmarkTinyFiles measures the fixed cost of an easy answer: the files
// of testdata/easy.txt (skipped when ../shared/bench/chc is absent), each
// read, preprocessed, solved and its witness checked (pipeline.Solve), as
// the CLI does. ms/file is the mean per file, geo-ms the geometric mean of
// the files' times, cpu-geo-ms that of the process's CPU time per file
// (all its threads, the garbage collector's among them: steadier than the
// wall clock on a loaded machine).
//
// BENCH_FOLDER=DIR runs every .smt2 file of DIR instead of
// testdata/easy.txt; BENCH_EASY=SUBSTRING keeps the files whose name contains it (a folder,
// say); BENCH_EASY_OPT=spacer.NAME=VALUE,... sets engine parameters (a
// technique off: a file it leaves unknown after 5 s counts at its time);
// BENCH_EASY_TIMES=1 prints each file's times and phases to stderr.
func BenchmarkTinyFiles(b *testing.B) {
	names, srcs := easyFiles(b)
	if sub := os.Getenv("BENCH_EASY"); sub != "" {
		var n, s []string
		for i := range names {
			if strings.Contains(names[i], sub) {
				n, s = append(n, names[i]), append(s, srcs[i])
			}
		}
		names, srcs = n, s
	}
	if len(names) == 0 {
		b.Skip("../shared/bench/chc not present")
	}
	var co chc.Options
	if ps := os.Getenv("BENCH_EASY_OPT"); ps != "" {
		for _, p := range strings.Split(ps, ",") {
			if err := co.ParseParam(p); err != nil {
				b.Fatal(err)
			}
		}
	}
	opts, err := OptionsFrom(co)
	if err != nil {
		b.Fatal(err)
	}
	timeout, unknown := 20*time.Second, 0
	if len(co.Params) > 0 {
		timeout = 5 * time.Second
	}
	spent := make([]time.Duration, len(names))
	cpu := make([]time.Duration, len(names))
	phases := make([]map[string]time.Duration, len(names))
	b.ResetTimer()
	for range b.N {
		for i, src := range srcs {
			t0, c0 := time.Now(), cpuNow()
			sys, _, err := chc.Read(names[i], strings.NewReader(src), term.NewStore())
			if err != nil {
				b.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			res := pipeline.Solve(ctx, sys, New(opts), chc.Options{})
			cancel()
			if res.Answer == chc.Unknown && len(co.Params) == 0 {
				b.Fatalf("%s: unknown: %v", names[i], res.Reason)
			}
			if res.Answer == chc.Unknown {
				unknown++ // a technique off: counted at its time
			}
			spent[i] += time.Since(t0)
			cpu[i] += cpuNow() - c0
			if phases[i] == nil {
				phases[i] = map[string]time.Duration{}
			}
			for _, st := range res.Stats {
				if d, ok := st.Value.(time.Duration); ok {
					phases[i][st.Name] += d
				}
			}
		}
	}
	geo := func(ds []time.Duration) float64 {
		logSum := 0.0
		for _, d := range ds {
			logSum += math.Log(max(float64(d.Microseconds()), 1) / float64(b.N) / 1000)
		}
		return math.Exp(logSum / float64(len(ds)))
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*len(srcs)), "ms/file")
	b.ReportMetric(geo(spent), "geo-ms")
	if cpu[0] > 0 {
		b.ReportMetric(geo(cpu), "cpu-geo-ms")
	}
	if unknown > 0 {
		b.ReportMetric(float64(unknown)/float64(b.N), "unknown")
	}
	b.ReportMetric(0, "ns/op")
	if os.Getenv("BENCH_EASY_TIMES") != "" {
		// To stderr: b.Logf keeps only the first lines of a benchmark.
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(b.N) }
		for i, d := range spent {
			p := phases[i]
			fmt.Fprintf(os.Stderr, "%8.2f ms  cpu %8.2f  pre %6.2f  engine %7.2f  houdini %6.2f  check %6.2f  %s\n",
				ms(d), ms(cpu[i]), ms(p["solve.preprocess-time"]), ms(p["solve.engine-time"]), ms(p["spacer.houdini-time"]), ms(p["solve.check-time"]), names[i])
		}
	}
}
