package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// The garbage collector's default (GOGC=100) lets the heap grow to twice
// the live data before it collects. A solver's heap starts small and
// allocates fast: on files that take a tenth of a second, collections and
// their write barriers are a third of the time. The CLI lets the heap grow
// further while it is small and goes back to the default as it grows,
// adding at most gcSlack bytes to the peak the default would reach. A
// GOGC set by the user is left alone, and so is a library's process: this
// is the binary's decision.
//
// gcMaxRatio 1600 (the first collection at 68 MB, not 20) against 400:
// 0.91 of the CPU time on the first 20 lia-arrays files (perf stat, the
// mean of 3 runs each, in turn), which allocate tens of megabytes in
// 20-100 ms over a live heap of a few; the largest one's peak 48 MB
// against 39 MB. The easy lia-lin files never collect either way (1.01).

const (
	gcSlack    = 128 << 20 // extra heap allowed beyond the default's target
	gcMaxRatio = 1600      // GOGC while the live heap is small
)

// gcPercent is the GOGC for a live heap of live bytes: gcMaxRatio while
// the extra heap it allows stays under gcSlack, then less, never below
// the default 100.
func gcPercent(live uint64) int {
	if live == 0 {
		return gcMaxRatio
	}
	p := uint64(100) + gcSlack*100/live
	return int(min(max(p, 100), gcMaxRatio))
}

// tuneGC sets GOGC from the live heap after every collection (a finalizer
// runs once per cycle), unless the environment sets GOGC.
func tuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	current := gcPercent(0)
	debug.SetGCPercent(current)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	type sentinel struct{ _ *int }
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				if p := gcPercent(sample[0].Value.Uint64()); p != current {
					current = p
					debug.SetGCPercent(p)
				}
			}
			arm()
		})
	}
	arm()
}
