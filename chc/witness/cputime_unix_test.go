//go:build unix

package witness_test

import (
	"syscall"
	"time"
)

// cpuNow is the CPU time (user and system) the process has used so far:
// on a loaded machine a steadier measure of work than the wall clock.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
