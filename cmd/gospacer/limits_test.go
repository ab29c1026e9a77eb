package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/stretchr/testify/require"
)

// TestTimeoutCoversReading: -t counts from the start of the program, and
// reading a big file stops at the deadline too: the answer is unknown,
// on time (the best of three attempts counts, for a loaded machine).
// Reading the file takes 1.6 s on a 2-core machine, 30 times the
// deadline of 50 ms; a run stops after 75 ms, a tenth of the bound.
func TestTimeoutCoversReading(t *testing.T) {
	file := filepath.Join(t.TempDir(), "chain.smt2")
	var text strings.Builder
	require.NoError(t, fuzz.WriteBig(&text, fuzz.Chain, 30000, chc.Sat))
	require.NoError(t, os.WriteFile(file, []byte(text.String()), 0o644))
	best := time.Hour
	for range 3 {
		var stdout, stderr bytes.Buffer
		start := time.Now()
		code := run([]string{"-t", "0.05", file}, nil, &stdout, &stderr)
		best = min(best, time.Since(start))
		require.Equal(t, 0, code, stderr.String())
		require.Equal(t, "unknown\n", stdout.String())
	}
	require.Less(t, best, 750*time.Millisecond, "-t 0.05 on a file that takes longer to read")
}
