package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"
)

const sample = "recursion\ta.smt2\tgospacer\tsat\tsat\t0.500\t8000\n" +
	"recursion\ta.smt2\tz3\tsat\tsat\t0.002\t9000\n" +
	"recursion\tb.smt2\tgospacer\tunsat\tsat\t0.100\t-\n" + // wrong: not solved
	"recursion\tb.smt2\tz3\tunsat\tunsat\t2.000\t-\n" +
	"arrays\tc.smt2\tgospacer\t?\tunsat\t1.250\t-\tk=1\n" +
	"arrays\tc.smt2\tz3\t?\ttimeout\t5.010\t-\n" +
	"arrays\td.smt2\tgospacer\tsat\tunknown\t0.300\t-\n" +
	"arrays\td.smt2\tz3\tsat\terror\t0.010\t-\n"

func TestReadResults(t *testing.T) {
	runs, err := readResults(strings.NewReader(sample), "r.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 8 {
		t.Fatalf("%d runs, want 8", len(runs))
	}
	var solved []string
	for _, r := range runs {
		if r.solved {
			solved = append(solved, r.solver+":"+r.key)
		}
	}
	want := "gospacer:recursion/a.smt2 z3:recursion/a.smt2 z3:recursion/b.smt2 gospacer:arrays/c.smt2"
	if got := strings.Join(solved, " "); got != want {
		t.Errorf("solved %q, want %q", got, want)
	}
	if got := strings.Join(solvers(runs), ","); got != "gospacer,z3" {
		t.Errorf("solvers %q", got)
	}
}

func TestReadResultsErrors(t *testing.T) {
	for _, in := range []string{"", "a\tb\tc\n", "f\tx\tgospacer\tsat\tsat\tfast\t1\n", "f\tx\tz3\tsat\tsat\t-1\t1\n"} {
		if _, err := readResults(strings.NewReader(in), "r.tsv"); err == nil {
			t.Errorf("%q: no error", in)
		} else if !strings.HasPrefix(err.Error(), "r.tsv") {
			t.Errorf("%q: error %q does not name the file", in, err)
		}
	}
}

func TestCactusPoints(t *testing.T) {
	runs, err := readResults(strings.NewReader(sample), "r.tsv")
	if err != nil {
		t.Fatal(err)
	}
	got := cactusPoints(runs, "z3")
	// z3 solves a (0.002 s, drawn at minTime) and b (2 s)
	want := plotter.XYs{{X: minTime, Y: 0}, {X: minTime, Y: 1}, {X: 2, Y: 1}, {X: 2, Y: 2}}
	if len(got) != len(want) {
		t.Fatalf("points %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("points %v, want %v", got, want)
		}
	}
}

func TestScatterPoints(t *testing.T) {
	runs, err := readResults(strings.NewReader(sample), "r.tsv")
	if err != nil {
		t.Fatal(err)
	}
	both, one, neither := scatterPoints(runs, "gospacer", "z3", 5)
	if len(both) != 1 || both[0] != (plotter.XY{X: minTime, Y: 0.5}) {
		t.Errorf("both %v", both)
	}
	// b: z3 only (gospacer wrong, on the border); c: gospacer only
	wantOne := plotter.XYs{{X: 2, Y: 5}, {X: 5, Y: 1.25}}
	if len(one) != 2 || one[0] != wantOne[0] || one[1] != wantOne[1] {
		t.Errorf("one %v, want %v", one, wantOne)
	}
	if neither != 1 {
		t.Errorf("neither %d, want 1", neither)
	}
}

func TestDraw(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "r.tsv")
	if err := os.WriteFile(in, []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	c, s := filepath.Join(dir, "c.svg"), filepath.Join(dir, "s.png")
	if err := mainErr(in, 5, c, s, "gospacer", "z3", "test"); err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(c)
	if err != nil || !strings.Contains(string(svg), "<svg") || !strings.Contains(string(svg), ">gospacer (2)<") {
		t.Errorf("cactus SVG lacks the svg element or the legend (err %v)", err)
	}
	png, err := os.ReadFile(s)
	if err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
		t.Errorf("scatter is not a PNG (err %v)", err)
	}
	if err := mainErr(in, 5, "", s, "gospacer", "cvc5", ""); err == nil {
		t.Error("a scatter against a solver not in the results: no error")
	}
}
