// Command plot draws the two pictures of a bench/chc.sh run from its
// results TSV (KEEP=results.tsv; columns folder, file, solver, expected,
// answer, seconds, peak KB, and an optional eighth of statistics):
//
//   - a cactus plot: for each solver, the number of files solved within a
//     time t, against t (log scale), one line per solver;
//   - a scatter plot: per file, the time of one solver (-ours, default
//     gospacer) against the reference (-ref, default z3), both axes log
//     scale, a file a solver does not solve drawn on the border at the
//     timeout, with the diagonal and the 10× lines.
//
// A file counts as solved by a solver when its answer is sat or unsat and
// agrees with the expected column (or nothing is expected: "?"); this is
// bench/chcreport.awk's rule. The file format (.svg, .png, .pdf) follows
// the name given.
//
//	go run . -t 5 -cactus cactus.svg -scatter scatter.svg results.tsv
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// minTime is the smallest time drawn: log axes cannot show 0, and times
// under 10 ms are noise of process start-up.
const minTime = 0.01

// run is one solver's result on one file.
type run struct {
	solver  string
	key     string // folder/file
	solved  bool
	seconds float64
}

// readResults parses a results TSV. Lines with fewer than six columns are an
// error with their line number.
func readResults(r io.Reader, name string) ([]run, error) {
	var runs []run
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 6 {
			return nil, fmt.Errorf("%s:%d: %d columns, want at least 6 (folder, file, solver, expected, answer, seconds)", name, n, len(f))
		}
		secs, err := strconv.ParseFloat(f[5], 64)
		if err != nil || secs < 0 || math.IsNaN(secs) || math.IsInf(secs, 0) {
			return nil, fmt.Errorf("%s:%d: seconds %q is not a time", name, n, f[5])
		}
		want, ans := f[3], f[4]
		solved := (ans == "sat" || ans == "unsat") && (want == "?" || want == "" || want == ans)
		runs = append(runs, run{solver: f[2], key: f[0] + "/" + f[1], solved: solved, seconds: secs})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("%s: no results", name)
	}
	return runs, nil
}

// solvers lists the solvers in their order of first appearance.
func solvers(runs []run) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range runs {
		if !seen[r.solver] {
			seen[r.solver] = true
			out = append(out, r.solver)
		}
	}
	return out
}

// cactusPoints returns, for one solver, the step curve of the number of
// files solved within t: one point per solved file at its time (at least
// minTime), the count rising by one at each.
func cactusPoints(runs []run, solver string) plotter.XYs {
	var times []float64
	for _, r := range runs {
		if r.solver == solver && r.solved {
			times = append(times, math.Max(r.seconds, minTime))
		}
	}
	sort.Float64s(times)
	pts := make(plotter.XYs, 0, 2*len(times))
	for i, t := range times {
		pts = append(pts, plotter.XY{X: t, Y: float64(i)}, plotter.XY{X: t, Y: float64(i + 1)})
	}
	return pts
}

// scatterPoints pairs the times of ours (Y) and ref (X) per file both ran
// on, in the order of the results: both holds the files both solve, one
// the files only one of them solves (the other's time at border), and
// neither counts the files neither solves (not drawn).
func scatterPoints(runs []run, ours, ref string, border float64) (both, one plotter.XYs, neither int) {
	type pair struct {
		x, y       float64
		sx, sy     bool
		hasX, hasY bool
	}
	at := func(r run) float64 {
		if !r.solved {
			return border
		}
		return math.Min(math.Max(r.seconds, minTime), border)
	}
	pairs := map[string]*pair{}
	var order []string
	for _, r := range runs {
		if r.solver != ours && r.solver != ref {
			continue
		}
		p := pairs[r.key]
		if p == nil {
			p = &pair{}
			pairs[r.key] = p
			order = append(order, r.key)
		}
		if r.solver == ref {
			p.x, p.sx, p.hasX = at(r), r.solved, true
		} else {
			p.y, p.sy, p.hasY = at(r), r.solved, true
		}
	}
	for _, k := range order {
		p := pairs[k]
		switch {
		case !p.hasX || !p.hasY:
		case p.sx && p.sy:
			both = append(both, plotter.XY{X: p.x, Y: p.y})
		case p.sx || p.sy:
			one = append(one, plotter.XY{X: p.x, Y: p.y})
		default:
			neither++
		}
	}
	return both, one, neither
}

// borderTicks are logarithmic ticks ending with a labelled tick at the
// timeout, where unsolved files sit (the axis label names it).
type borderTicks struct{ timeout float64 }

func (b borderTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for _, t := range (plot.LogTicks{Prec: -1}).Ticks(min, max) {
		// a major tick too close to the border would collide with its label
		if t.Label != "" && t.Value > b.timeout/2.5 {
			t.Label = ""
		}
		if t.Value <= b.timeout {
			out = append(out, t)
		}
	}
	return append(out, plot.Tick{Value: b.timeout, Label: strconv.FormatFloat(b.timeout, 'g', 4, 64)})
}

// logAxis sets a log scale from minTime to the timeout on an axis.
func logAxis(a *plot.Axis, timeout float64) {
	a.Scale = plot.LogScale{}
	a.Tick.Marker = borderTicks{timeout}
	a.Min, a.Max = minTime, timeout
}

func drawCactus(runs []run, timeout float64, title, file string) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "time per file (s)"
	p.Y.Label.Text = "files solved"
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs, p.Legend.YOffs = vg.Points(8), -vg.Points(4)
	p.Add(plotter.NewGrid())
	var total int
	seen := map[string]bool{}
	for _, r := range runs {
		if !seen[r.key] {
			seen[r.key] = true
			total++
		}
	}
	for i, s := range solvers(runs) {
		pts := cactusPoints(runs, s)
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		l.Color = plotutil.Color(i)
		l.Dashes = plotutil.Dashes(i)
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s (%d)", s, len(pts)/2), l)
	}
	// after the lines, which widen the axes to their data
	logAxis(&p.X, timeout)
	p.Y.Min, p.Y.Max = 0, float64(total)
	return p.Save(6*vg.Inch, 4*vg.Inch, file)
}

func drawScatter(runs []run, ours, ref string, timeout float64, title, file string) error {
	both, one, neither := scatterPoints(runs, ours, ref, timeout)
	if len(both)+len(one)+neither == 0 {
		return fmt.Errorf("no file has results of both %s and %s", ours, ref)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = ref + " (s)"
	p.Y.Label.Text = ours + " (s)"
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs, p.Legend.YOffs = vg.Points(8), -vg.Points(4)
	p.Add(plotter.NewGrid())
	guide := func(f float64, dashed bool) error {
		l, err := plotter.NewLine(plotter.XYs{{X: minTime, Y: minTime * f}, {X: timeout, Y: timeout * f}})
		if err != nil {
			return err
		}
		l.Color = color.Gray{Y: 120}
		if dashed {
			l.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
		}
		p.Add(l)
		return nil
	}
	for _, f := range []float64{1, 10, 0.1} {
		if err := guide(f, f != 1); err != nil {
			return err
		}
	}
	for _, set := range []struct {
		pts   plotter.XYs
		label string
		shape draw.GlyphDrawer
		color color.Color
	}{
		{both, "both solve", draw.CircleGlyph{}, plotutil.Color(0)},
		{one, "one solves", draw.PyramidGlyph{}, color.RGBA{B: 200, G: 80, A: 255}},
	} {
		if len(set.pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(set.pts)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Shape = set.shape
		sc.GlyphStyle.Radius = vg.Points(2.5)
		sc.GlyphStyle.Color = set.color
		p.Add(sc)
		p.Legend.Add(fmt.Sprintf("%s (%d)", set.label, len(set.pts)), sc)
	}
	if neither > 0 {
		p.Title.Text += fmt.Sprintf("\n%d files neither solves, not drawn", neither)
	}
	// after the guides, which widen the axes to their data
	logAxis(&p.X, timeout)
	logAxis(&p.Y, timeout)
	return p.Save(5.5*vg.Inch, 5.5*vg.Inch, file)
}

func main() {
	timeout := flag.Float64("t", 0, "the run's timeout in seconds: the time axis ends there and unsolved files sit on it (default: the largest time in the results)")
	cactus := flag.String("cactus", "", "write the cactus plot to this file (.svg, .png or .pdf)")
	scatter := flag.String("scatter", "", "write the scatter plot to this file (.svg, .png or .pdf)")
	ours := flag.String("ours", "gospacer", "the solver on the scatter plot's vertical axis")
	ref := flag.String("ref", "z3", "the reference solver on the scatter plot's horizontal axis")
	title := flag.String("title", "", "a line added to the plots' titles (e.g. the folders and timeout)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: plot [-t SECONDS] [-cactus FILE] [-scatter FILE] [-ours SOLVER] [-ref SOLVER] [-title TEXT] RESULTS.tsv")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || (*cactus == "" && *scatter == "") {
		fmt.Fprintln(os.Stderr, "plot: one results file and at least one of -cactus, -scatter (see -h)")
		os.Exit(2)
	}
	if err := mainErr(flag.Arg(0), *timeout, *cactus, *scatter, *ours, *ref, *title); err != nil {
		fmt.Fprintln(os.Stderr, "plot:", err)
		os.Exit(1)
	}
}

func mainErr(name string, timeout float64, cactus, scatter, ours, ref, title string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	runs, err := readResults(f, name)
	f.Close()
	if err != nil {
		return err
	}
	if timeout <= 0 {
		for _, r := range runs {
			timeout = math.Max(timeout, r.seconds)
		}
		timeout = math.Ceil(timeout)
	}
	timeout = math.Max(timeout, 10*minTime)
	suffix := ""
	if title != "" {
		suffix = "\n" + title
	}
	var errs []error
	if cactus != "" {
		if err := drawCactus(runs, timeout, fmt.Sprintf("files solved within a time (timeout %g s)%s", timeout, suffix), cactus); err != nil {
			errs = append(errs, fmt.Errorf("cactus: %w", err))
		}
	}
	if scatter != "" {
		t := fmt.Sprintf("%s against %s, per file%s\nbelow the diagonal %s is faster; dashed: 10×\nunsolved on the border (timeout %g s)", ours, ref, suffix, ours, timeout)
		if err := drawScatter(runs, ours, ref, timeout, t, scatter); err != nil {
			errs = append(errs, fmt.Errorf("scatter: %w", err))
		}
	}
	return errors.Join(errs...)
}
