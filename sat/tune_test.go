package sat

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestTuneFiles solves the CNF files listed in $SAT_TUNE (space
// separated, relative to ../../shared/bench/cnf) one by one with a 10 s
// timeout each and logs time and statistics. It is a measuring aid for
// development and is skipped unless SAT_TUNE is set.
func TestTuneFiles(t *testing.T) {
	list := os.Getenv("SAT_TUNE")
	if list == "" {
		t.Skip("set SAT_TUNE to a list of CNF files")
	}
	total := 0.0
	knob := func(name string, dst any) {
		if v := os.Getenv(name); v != "" {
			switch d := dst.(type) {
			case *int:
				*d, _ = strconv.Atoi(v)
			case *uint64:
				x, _ := strconv.Atoi(v)
				*d = uint64(x)
			case *float64:
				*d, _ = strconv.ParseFloat(v, 64)
			}
		}
	}
	knob("MIDUSED", &tuneMidUsed)
	knob("RESTARTS", &tuneRestarts)
	knob("REUSE", &tuneReuse)
	knob("CAP", &tuneCap)
	knob("COREUSED", &tuneCoreUsed)
	knob("FIRSTMODE", &tuneFirstMode)
	knob("STABLEUNIT", &tuneStableUnit)
	knob("PROTECT", &tuneProtect)
	knob("TIERMID", &tierMid)
	knob("TIERCORE", &tierCore)
	knob("RNUM", &tuneReduceNum)
	knob("RDEN", &tuneReduceDen)
	knob("FIRST", &tuneFirst)
	knob("INC", &tuneInc)
	knob("MARGIN", &tuneMargin)
	knob("SLOW", &tuneSlowAlpha)
	knob("FAST", &tuneFastAlpha)
	for _, name := range strings.Fields(list) {
		f, err := os.Open(filepath.Join("../../shared/bench/cnf", name))
		if err != nil {
			t.Fatal(err)
		}
		cnf, err := ParseDIMACS(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{Restarts: Restarts(tuneRestarts)})
		for _, c := range cnf.Clauses {
			s.AddClause(c...)
		}
		c0 := cpuTime()
		if os.Getenv("ELIM") != "" {
			s.Eliminate()
		}
		budget := int64(150_000_000)
		if v, err := strconv.Atoi(os.Getenv("PROPS")); err == nil {
			budget = int64(v)
		}
		s.SetBudget(0, budget)
		tmo := 600
		if v, err := strconv.Atoi(os.Getenv("TMO")); err == nil {
			tmo = v
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(tmo)*time.Second)
		r := s.Solve(ctx, nil)
		cancel()
		d := cpuTime() - c0
		total += d
		if r == Sat {
			if _, ok := cnf.Check(s.Value); !ok {
				t.Fatalf("%s: wrong model", name)
			}
		}
		t.Logf("%-45s %-7v %6.2fs %v", name, r, d, s.Stats())
	}
	t.Logf("total %.2fs", total)
}

// cpuTime returns the process's user+system CPU seconds: a steadier
// measure than wall time on a shared machine.
func cpuTime() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
