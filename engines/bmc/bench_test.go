package bmc

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestBench runs the engine over ../shared/bench/chc (or $GOSPACER_BENCH_DIR)
// with a timeout per file (GOSPACER_BENCH_TIMEOUT, default 10s) and prints
// per folder the files, those answered, checked, wrong, and the time; by
// default only the files whose expected answer is unsat
// (GOSPACER_BENCH_ALL=1 for all). Skipped unless GOSPACER_BENCH=1.
func TestBench(t *testing.T) {
	if os.Getenv("GOSPACER_BENCH") != "1" {
		t.Skip("set GOSPACER_BENCH=1")
	}
	dir := os.Getenv("GOSPACER_BENCH_DIR")
	if dir == "" {
		dir = "../../../shared/bench/chc"
	}
	timeout := 10 * time.Second
	if s := os.Getenv("GOSPACER_BENCH_TIMEOUT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		timeout = d
	}
	all := os.Getenv("GOSPACER_BENCH_ALL") == "1"
	only := os.Getenv("GOSPACER_BENCH_ONLY")
	manifests, _ := filepath.Glob(filepath.Join(dir, "*", "MANIFEST.tsv"))
	sort.Strings(manifests)
	if len(manifests) == 0 {
		t.Skip("no benchmarks in " + dir)
	}
	var tot struct{ files, unsat, sat, wrong int }
	var totTime time.Duration
	for _, man := range manifests {
		folder := filepath.Dir(man)
		rows := readManifest(t, man)
		var files, unsat, sat, wrong int
		var spent time.Duration
		for _, r := range rows {
			if !all && r[1] != "unsat" {
				continue
			}
			if only != "" && !strings.Contains(r[0], only) {
				continue
			}
			files++
			f, err := os.Open(filepath.Join(folder, r[0]))
			if err != nil {
				t.Fatal(err)
			}
			sys, _, err := chc.Read(r[0], f, term.NewStore())
			f.Close()
			if err != nil {
				t.Logf("%s: %v", r[0], err)
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			start := time.Now()
			res := New(Options{}).Solve(ctx, sys)
			el := time.Since(start)
			cancel()
			spent += el
			answer := res.Answer
			if sys.FixedpointFormat && answer != chc.Unknown {
				// z3's convention: sat when the query is reachable
				answer = chc.Sat + chc.Unsat - answer
			}
			ok := r[1] == "?" || answer == chc.Unknown || answer.String() == r[1]
			switch res.Answer {
			case chc.Unsat:
				if err := chc.CheckDerivation(sys, res.Derivation); err != nil {
					t.Errorf("%s: derivation rejected: %v", r[0], err)
					ok = false
				}
				unsat++
			case chc.Sat:
				if err := chc.CheckModel(context.Background(), sys, res.Model); err != nil {
					t.Errorf("%s: model rejected: %v", r[0], err)
					ok = false
				}
				sat++
			}
			if !ok {
				wrong++
				t.Errorf("%s: wrong answer %s, expected %s", r[0], answer, r[1])
			}
			fmt.Printf("%-12s %-8s %-8s %6.2fs %v %s\n", filepath.Base(folder), r[1], res.Answer, el.Seconds(), res.Stats[0].Value, trunc(r[0]+" "+res.Reason, 110))
		}
		fmt.Printf("== %s: files %d unsat %d sat %d wrong %d time %.1fs\n", filepath.Base(folder), files, unsat, sat, wrong, spent.Seconds())
		tot.files += files
		tot.unsat += unsat
		tot.sat += sat
		tot.wrong += wrong
		totTime += spent
	}
	fmt.Printf("== total: files %d unsat %d (each derivation checked) sat %d wrong %d time %.1fs\n", tot.files, tot.unsat, tot.sat, tot.wrong, totTime.Seconds())
}

func trunc(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// readManifest gives (file, expected) per row.
func readManifest(t *testing.T, path string) [][2]string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	col := -1
	var rows [][2]string
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if col < 0 {
			for i, h := range fs {
				if h == "expected" {
					col = i
				}
			}
			if col < 0 {
				t.Fatalf("%s: no expected column", path)
			}
			continue
		}
		if len(fs) > col {
			rows = append(rows, [2]string{fs[0], fs[col]})
		}
	}
	return rows
}
