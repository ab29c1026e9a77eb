package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGCPercent checks the collector's policy: gcMaxRatio on a small heap,
// the default 100 on a large one, never growing with the heap, and the
// heap it allows never more than gcSlack beyond the default's target.
func TestGCPercent(t *testing.T) {
	require.Equal(t, gcMaxRatio, gcPercent(0))
	require.Equal(t, gcMaxRatio, gcPercent(4<<20))
	require.Equal(t, 100, gcPercent(64<<30))
	require.Equal(t, 200, gcPercent(gcSlack))
	prev := gcPercent(0)
	for live := uint64(1 << 20); live <= 8<<30; live += live / 8 {
		p := gcPercent(live)
		require.LessOrEqual(t, p, prev, "GOGC grew with the heap at %d bytes", live)
		require.GreaterOrEqual(t, p, 100)
		extra := live * uint64(p-100) / 100
		require.LessOrEqual(t, extra, uint64(gcSlack), "at %d bytes", live)
		prev = p
	}
}
