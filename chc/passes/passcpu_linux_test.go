//go:build linux

package passes

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// threadCPU is the CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// TestPassCPU is TestPassTimes for a loaded machine: per pass of Default,
// the sum over the files of PASS_CPU=DIR of the least CPU time of the
// pass's thread over 15 runs (each read into a fresh store), which other
// processes on the machine hardly move (the wall clock's mean moves by a
// third when the machine is shared; this sum by a few per cent). The
// collector's background work is not counted; its assists are. Compare
// two builds alternately: code layout alone moves the sums by ~5%.
// Skipped without PASS_CPU.
func TestPassCPU(t *testing.T) {
	dir := os.Getenv("PASS_CPU")
	if dir == "" {
		t.Skip("PASS_CPU not set")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const runs = 15
	passes := Default()
	files, srcs := folderFiles(t, dir)
	sum := make([]time.Duration, len(passes))
	for i, f := range files {
		best := make([]time.Duration, len(passes))
		for r := range runs {
			s, _, err := chc.Read(f, strings.NewReader(srcs[i]), term.NewStore())
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.WithValue(context.Background(), keptKey{}, &kept{})
			for k, p := range passes {
				t0 := threadCPU()
				next, _, err := p.Apply(ctx, s)
				if err != nil {
					t.Fatal(err)
				}
				if d := threadCPU() - t0; r == 0 || d < best[k] {
					best[k] = d
				}
				s = next
			}
		}
		for k := range passes {
			sum[k] += best[k]
		}
	}
	var total time.Duration
	fmt.Printf("least thread CPU over %d runs, summed over %d files:", runs, len(files))
	for k, p := range passes {
		fmt.Printf(" %s#%d %.1f", p.Name(), k, ms(sum[k]))
		total += sum[k]
	}
	fmt.Printf("; passes %.1fms\n", ms(total))
}
