package houdini

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/term"
)

// BenchmarkRunFolder runs Houdini to its end (at most 4000 checks) on
// the candidates Spacer reads off each preprocessed .smt2 file of
// $HOUDINI_FOLDER (skipped without it), with and without the group
// checks and the clauses held syntactically (check.go), and reports the
// checks and the time of each way, summed over the files;
// HOUDINI_TIMES=1 prints them per file.
func BenchmarkRunFolder(b *testing.B) {
	dir := os.Getenv("HOUDINI_FOLDER")
	if dir == "" {
		b.Skip("HOUDINI_FOLDER not set")
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if err != nil || len(paths) == 0 {
		b.Skip("no files")
	}
	type input struct {
		name string
		sys  *chc.System
	}
	var ins []input
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		s, _, err := chc.Read(p, f, term.NewStore())
		f.Close()
		if err != nil {
			continue
		}
		pre, _, err := passes.Preprocess(context.Background(), s, passes.Default()...)
		if err != nil || len(pre.Clauses) > 2000 {
			continue
		}
		ins = append(ins, input{filepath.Base(p), pre})
	}
	cands := func(s *chc.System) [][]*term.Term {
		pool := NewPool(s)
		pool.QueryCandidates(s, nil)
		pool.FactCandidates(s, nil)
		pool.ParamCandidates(s)
		pool.Propagate(s, nil)
		return pool.Cands
	}
	var checks, kept [2]int
	var spent [2]time.Duration
	b.ResetTimer()
	for it := range b.N {
		for _, in := range ins {
			var lines [2]string
			for i := range 2 {
				way := (i + it) % 2
				o := Options{MaxChecks: 4000, noGroups: way == 0, noJustify: way == 0}
				cs := cands(in.sys)
				t0 := time.Now()
				keep, n, err := Run(context.Background(), in.sys, cs, o)
				d := time.Since(t0)
				k := 0
				for _, ks := range keep {
					k += len(ks)
				}
				checks[way] += n
				kept[way] += k
				spent[way] += d
				lines[way] = fmt.Sprintf("  %5d checks %8.2f ms kept %4d err %v |", n, float64(d.Microseconds())/1000, k, err != nil)
			}
			if os.Getenv("HOUDINI_TIMES") != "" {
				fmt.Fprintf(os.Stderr, "%s%s %s\n", lines[0], lines[1], in.name)
			}
		}
	}
	b.ReportMetric(float64(checks[0])/float64(b.N), "checks-before")
	b.ReportMetric(float64(checks[1])/float64(b.N), "checks-now")
	b.ReportMetric(float64(spent[0].Microseconds())/1000/float64(b.N), "ms-before")
	b.ReportMetric(float64(spent[1].Microseconds())/1000/float64(b.N), "ms-now")
	if kept[0] != kept[1] {
		b.Errorf("kept %d candidates before, %d now", kept[0], kept[1])
	}
	b.ReportMetric(0, "ns/op")
}
