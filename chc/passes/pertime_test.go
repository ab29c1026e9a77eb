package passes

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestPassTimes prints, for every file of PREPROCESS_TIMES=DIR, the time
// of reading and of each pass of Default (the mean of 10 runs, each read
// into a fresh store), its clauses before and after, and per pass
// whether it changed the system (c) or gave it back (.), then the sums
// over the folder per pass: where the preprocessing of a folder goes.
// With PREPROCESS_STRICT set, the passes run in the strict form (Simplify
// without Relax, no Restrict, the files read in the strict form): the
// relaxed form's gain. The files are read as readFolderFile does.
// Skipped without PREPROCESS_TIMES.
func TestPassTimes(t *testing.T) {
	dir := os.Getenv("PREPROCESS_TIMES")
	if dir == "" {
		t.Skip("PREPROCESS_TIMES not set")
	}
	const runs = 10
	passes := Default()
	strict := os.Getenv("PREPROCESS_STRICT") != ""
	if strict {
		passes = append([]Pass{Simplify{}}, passes[1:]...)
		for i, p := range passes {
			if _, ok := p.(Restrict); ok {
				passes = append(passes[:i:i], passes[i+1:]...)
				break
			}
		}
	}
	files, srcs := folderFiles(t, dir)
	sum := make([]time.Duration, len(passes))
	var sumRead time.Duration
	for i, f := range files {
		per := make([]time.Duration, len(passes))
		changed := make([]byte, len(passes))
		var read time.Duration
		n, m := 0, 0
		for range runs {
			t0 := time.Now()
			s, err := readFolderFile(f, srcs[i])
			if strict {
				s, _, err = chc.Read(f, strings.NewReader(srcs[i]), term.NewStore())
			}
			if err != nil {
				t.Fatal(err)
			}
			read += time.Since(t0)
			n = len(s.Clauses)
			ctx := context.WithValue(context.Background(), keptKey{}, &kept{})
			for k, p := range passes {
				t1 := time.Now()
				next, _, err := p.Apply(ctx, s)
				if err != nil {
					t.Fatal(err)
				}
				per[k] += time.Since(t1)
				changed[k] = 'c'
				if next == s {
					changed[k] = '.'
				}
				s = next
			}
			m = len(s.Clauses)
		}
		var line strings.Builder
		fmt.Fprintf(&line, "%s %4d->%3d read %6.2fms", changed, n, m, ms(read/runs))
		for k := range passes {
			fmt.Fprintf(&line, " %.2f", ms(per[k]/runs))
			sum[k] += per[k] / runs
		}
		sumRead += read / runs
		fmt.Printf("%s  %s\n", line.String(), filepath.Base(f))
	}
	var total time.Duration
	fmt.Printf("sums over %d files: read %.1fms", len(files), ms(sumRead))
	for k, p := range passes {
		fmt.Printf(" %s#%d %.1f", p.Name(), k, ms(sum[k]))
		total += sum[k]
	}
	fmt.Printf("; passes %.1fms\n", ms(total))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
