//go:build linux

package main

import (
	"runtime"
	"runtime/debug"
	"syscall"
	"unsafe"
)

// Every page a run touches for the first time costs a page fault, and on
// the virtual machines where solvers are measured a fault is dear: a
// lia-arrays file allocating 25 MB in 45 ms spends a third of its time
// in 7,500 faults of 4 KB pages. Go maps its heap as the heap grows, 4 MB
// at a time, and gives no way to ask for huge pages, which the kernel
// hands out only to memory advised MADV_HUGEPAGE (the default setting of
// transparent_hugepage is "madvise"). So before a large input is read the
// CLI makes the heap grow by hugeHeapBytes at once with one allocation,
// advises that span for huge pages, and frees it with a collection of the
// still tiny heap; the run's allocations then come from huge pages, about
// 500 fewer faults per 2 MB.
//
// Measured over the 40 lia-arrays files (least of 5 runs each, in turn,
// on a quiet machine): 0.90 of the wall time without it (0.93 of the
// CPU time). The set-up (the collection on one P and the first huge
// page) costs about what a file of a few KB gains: over the 104 small
// files of the other dev folders that we answer in under 50 ms, inputs
// of 8-24 KB took 0.92 of the wall time with it (17 files, median of 11
// pairs of runs of the lot), inputs under 8 KB 1.01 (87 files), so
// inputs under hugeInputBytes are left alone.

const (
	hugeInputBytes = 8 << 10  // the smallest input worth the set-up
	hugeHeapBytes  = 64 << 20 // the span advised for huge pages
	hugePageBytes  = 2 << 20
)

// hugeHeap grows the heap by up to hugeHeapBytes of memory advised for
// huge pages when the input has inputBytes (negative: unknown) and the
// memory bound is memoryMB (0: none), and reports whether it did.
func hugeHeap(inputBytes int64, memoryMB int) bool {
	size := hugeHeapBytes
	if memoryMB > 0 {
		size = min(size, memoryMB<<20/4) // idle heap counts against the bound
	}
	if inputBytes < hugeInputBytes || size < 2*hugePageBytes {
		return false
	}
	// The span is allocated with the collector off, so that only the
	// collection below frees it. With the collector on, its allocation
	// starts a collection of its own on two Ps (it passes the first heap
	// goal), and on the runs where that one frees the span, the one below
	// ends with a heap in use of a few hundred KB; the runtime's
	// background scavenger, whose goal follows the heap in use at the
	// last collection, then gives the whole span back to the OS, 47
	// madvise calls with a TLB flush of the other CPU each. Freed by the
	// collection below, the span still counts as in use when it ends
	// (it is swept after), so the scavenger's goal covers it. Over the
	// 40 lia-arrays files, one run of each in turn: 0.87 of the wall
	// time (median of 15 pairs; 1.15 the other way round), and no
	// madvise(MADV_DONTNEED) left on the first 12 files (0 to 47 a run
	// before).
	gogc := debug.SetGCPercent(-1)
	span := make([]byte, size) // fresh from the OS: not touched, not zeroed
	start := uintptr(unsafe.Pointer(unsafe.SliceData(span)))
	lo := (start + hugePageBytes - 1) &^ (hugePageBytes - 1)
	hi := (start + uintptr(size)) &^ (hugePageBytes - 1)
	err := syscall.Madvise(span[lo-start:hi-start], syscall.MADV_HUGEPAGE)
	span = nil
	debug.SetGCPercent(gogc)
	// The collection (the span goes back to the heap's free pages) runs
	// on one P: on two, it wakes the other P's thread for each stop of
	// the world and for the mark worker, and the set-up took a median
	// 1.83 ms against 1.01 ms on one (the largest lia-arrays file, 30
	// runs each, in turn). No other goroutine has work yet.
	procs := runtime.GOMAXPROCS(1)
	runtime.GC()
	runtime.GOMAXPROCS(procs)
	return err == nil
}
