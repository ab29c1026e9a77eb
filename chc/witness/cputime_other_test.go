//go:build !unix

package witness_test

import "time"

// cpuNow is zero where the process's CPU time is not at hand.
func cpuNow() time.Duration { return 0 }
