package lra

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The chunks of explanations double from explFirst to explChunk; a request
// larger than the next chunk gets a chunk of its own size; entries handed
// out are never overwritten by later ones.
func TestExplChunksGrow(t *testing.T) {
	s := New()
	var caps []int
	var taken [][]Explained
	for k := 0; k < 2*explChunk+64; k++ {
		before := cap(s.explBuf) - len(s.explBuf)
		e := append(s.explRoom(1), Explained{Var: Var(k)})
		if before < 1 {
			caps = append(caps, cap(s.explBuf))
		}
		taken = append(taken, s.explTake(e))
	}
	want := []int{}
	for c := explFirst; c < explChunk; c *= 2 {
		want = append(want, c)
	}
	want = append(want, explChunk, explChunk)
	require.Equal(t, want, caps[:len(want)])
	for k, e := range taken {
		require.Len(t, e, 1)
		require.Equal(t, Var(k), e[0].Var, "entry %d overwritten", k)
	}
	big := s.explRoom(3 * explChunk)
	require.Equal(t, 3*explChunk, cap(big))
}
