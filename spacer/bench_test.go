package spacer

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestBenchFolders runs the engine over the benchmark folders named in
// GOSPACER_BENCH (comma-separated paths, or "1" for all of
// ../../shared/bench/chc) with GOSPACER_TIMEOUT (default 10s) per file and
// prints solved/wrong/unknown against each folder's MANIFEST.tsv. A wrong
// answer fails the test.
func TestBenchFolders(t *testing.T) {
	spec := os.Getenv("GOSPACER_BENCH")
	if spec == "" {
		t.Skip("set GOSPACER_BENCH=1 (or folders) to run the benchmarks")
	}
	root := "../../shared/bench/chc"
	var dirs []string
	if spec == "1" {
		for _, d := range []string{"lia-lin", "lia-nonlin", "lra-ts", "arrays", "recursion", "spacer-diverging"} {
			dirs = append(dirs, filepath.Join(root, d))
		}
	} else {
		dirs = strings.Split(spec, ",")
	}
	timeout := 10 * time.Second
	if s := os.Getenv("GOSPACER_TIMEOUT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		timeout = d
	}
	only := os.Getenv("GOSPACER_ONLY")
	for _, dir := range dirs {
		man, err := readManifest(filepath.Join(dir, "MANIFEST.tsv"))
		if err != nil {
			t.Fatal(err)
		}
		solved, wrong, unknown, z3solved := 0, 0, 0, 0
		z3now, both := 0, 0
		var ratios []float64
		var total time.Duration
		for _, row := range man {
			if only != "" && !strings.Contains(row.file, only) {
				continue
			}
			exp := row.expected
			if exp != "sat" && exp != "unsat" && (row.z3 == "sat" || row.z3 == "unsat") {
				exp = row.z3 // no expectation: z3's answer stands in
			}
			if row.z3 == exp {
				z3solved++
			}
			t0 := time.Now()
			ans, reason := solveFile(t, filepath.Join(dir, row.file), timeout)
			el := time.Since(t0)
			total += el
			status := "ok"
			switch {
			case ans == chc.Unknown:
				unknown++
				status = "unknown (" + reason + ")"
			case ans.String() == exp:
				solved++
			case exp != "sat" && exp != "unsat":
				solved++
				status = "no expectation"
			default:
				wrong++
				status = "WRONG"
				t.Errorf("%s: answered %s, expected %s", row.file, ans, exp)
			}
			z3info := ""
			if os.Getenv("GOSPACER_Z3") != "" {
				z3ans, z3el := runZ3(filepath.Join(dir, row.file), timeout)
				z3info = fmt.Sprintf(" | z3 now %s %.2fs", z3ans, z3el.Seconds())
				if z3ans == exp {
					z3now++
					if ans.String() == exp {
						both++
						ratios = append(ratios, math.Max(el.Seconds(), 0.01)/math.Max(z3el.Seconds(), 0.01))
					}
				}
			}
			fmt.Printf("%-8s %6.2fs %-7s exp %-7s z3 %-7s %s %s%s\n", filepath.Base(dir), el.Seconds(), ans, row.expected, row.z3, row.file, status, z3info)
		}
		fmt.Printf("== %s: solved %d wrong %d unknown %d (z3 %d) time %.1fs\n", filepath.Base(dir), solved, wrong, unknown, z3solved, total.Seconds())
		if len(ratios) > 0 {
			g := 0.0
			for _, r := range ratios {
				g += math.Log(r)
			}
			fmt.Printf("== %s: z3 in this run solved %d; on the %d both solved, time ratio geomean (ours/z3, floor 0.01s) %.2f\n",
				filepath.Base(dir), z3now, both, math.Exp(g/float64(len(ratios))))
		}
	}
}

type manifestRow struct{ file, expected, z3 string }

func readManifest(path string) ([]manifestRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var rows []manifestRow
	var cols map[string]int
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if cols == nil {
			cols = map[string]int{}
			for i, c := range fs {
				cols[c] = i
			}
			continue
		}
		rows = append(rows, manifestRow{fs[cols["file"]], fs[cols["expected"]], fs[cols["z3_answer"]]})
	}
	return rows, sc.Err()
}

func solveFile(t *testing.T, path string, timeout time.Duration) (chc.Answer, string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st := term.NewStore()
	sys, _, err := chc.Read(path, f, st)
	if err != nil {
		return chc.Unknown, "read: " + err.Error()
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	opts := Options{MemoryMB: 4096}
	for _, o := range strings.Split(os.Getenv("GOSPACER_OPTS"), ",") {
		switch o {
		case "noitp":
			opts.NoItp = true
		case "noind":
			opts.NoInductiveGen = true
		case "itpcore":
			opts.ItpCore = true
		case "noweaken":
			opts.NoWeaken = true
		case "noguide":
			opts.NoGuidance = true
		case "nopre":
			opts.NoPreprocess = true
		case "push":
			opts.PobPush = true
		}
	}
	if os.Getenv("GOSPACER_VERBOSE") != "" {
		opts.Verbose = os.Stdout
	}
	if os.Getenv("GOSPACER_TRACE") != "" {
		opts.Trace = os.Stdout
	}
	res := New(opts).Solve(ctx, sys)
	if os.Getenv("GOSPACER_STATS") != "" {
		for _, st := range res.Stats {
			fmt.Printf("  %s = %v\n", st.Name, st.Value)
		}
	}
	if sys.FixedpointFormat {
		// z3's fixedpoint reading: sat when the query is reachable
		switch res.Answer {
		case chc.Sat:
			return chc.Unsat, res.Reason
		case chc.Unsat:
			return chc.Sat, res.Reason
		}
	}
	return res.Answer, res.Reason
}

// runZ3 runs z3 on a file with the same timeout: its answer and time.
func runZ3(path string, timeout time.Duration) (string, time.Duration) {
	t0 := time.Now()
	out, _ := exec.Command("z3", fmt.Sprintf("-T:%d", int(timeout.Seconds())), path).Output()
	el := time.Since(t0)
	ans := strings.TrimSpace(string(out))
	if i := strings.IndexByte(ans, '\n'); i >= 0 {
		ans = ans[:i]
	}
	return ans, el
}
