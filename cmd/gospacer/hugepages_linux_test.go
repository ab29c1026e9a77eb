//go:build linux

package main

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// advisedHuge counts the mappings of this process that are advised for
// huge pages ("hg" among their VmFlags).
func advisedHuge(t *testing.T) int {
	data, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps:", err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok {
			for _, f := range strings.Fields(flags) {
				if f == "hg" {
					n++
				}
			}
		}
	}
	return n
}

func TestHugeHeap(t *testing.T) {
	// (three Ps: the collection runs on one, and the three come back)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	before := advisedHuge(t)
	require.False(t, hugeHeap(hugeInputBytes-1, 0), "a small input is left alone")
	require.False(t, hugeHeap(-1, 0), "an input of unknown size is left alone")
	require.False(t, hugeHeap(1<<20, 10), "a 10 MB bound leaves no room for the span")
	require.Equal(t, before, advisedHuge(t))

	if !hugeHeap(1<<20, 0) {
		if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
			t.Skip("this kernel has no transparent huge pages")
		}
		t.Fatal("a large input did not get huge pages")
	}
	require.Greater(t, advisedHuge(t), before, "the grown heap is advised for huge pages")
	require.Equal(t, 3, runtime.GOMAXPROCS(0), "GOMAXPROCS is set back")
	// The span went back to the heap: allocating over it works.
	var keep [][]byte
	for range 1000 {
		keep = append(keep, make([]byte, 64<<10))
	}
	require.Len(t, keep, 1000)
}

// TestHugeHeapOneCollection: hugeHeap collects once, its span's
// allocation starts no collection of its own, and GOGC is set back. The
// collections are counted in a process of their own (this test binary
// run again), where no other test collects at the same time.
func TestHugeHeapOneCollection(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") == "1" {
		gogc := debug.SetGCPercent(150)
		defer debug.SetGCPercent(gogc)
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		cycles := ms.NumGC
		if !hugeHeap(1<<20, 0) {
			t.Skip("no huge pages")
		}
		runtime.ReadMemStats(&ms)
		require.Equal(t, cycles+1, ms.NumGC, "one collection: the span's allocation starts none")
		require.Equal(t, 150, debug.SetGCPercent(150), "GOGC is set back")
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHugeHeapOneCollection$", "-test.v")
	cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "--- ", "the child ran the test: %s", out)
	if strings.Contains(string(out), "--- SKIP") {
		t.Skip("no huge pages")
	}
}
