package chc_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/stretchr/testify/require"
)

// TestLogger: lines go to their writer only, prefixed by the name, each
// ending in one newline.
func TestLogger(t *testing.T) {
	var v, tr bytes.Buffer
	l := chc.Logger{Name: "eng", EngineOptions: chc.EngineOptions{Verbose: &v}}
	l.Logf("a %d", 1)
	l.Logf("b\n")
	l.Tracef("nowhere")
	require.False(t, l.Tracing())
	require.Equal(t, "eng: a 1\neng: b\n", v.String())
	l = chc.Logger{EngineOptions: chc.EngineOptions{Trace: &tr}}
	l.Tracef("t %s", "x")
	l.Logf("nowhere")
	require.True(t, l.Tracing())
	require.Equal(t, "t x\n", tr.String())
}

// TestGiveUp: the context's cause first, reasons kept, the end of another
// context canceled, anything else incomplete with the engine's name.
func TestGiveUp(t *testing.T) {
	bg := context.Background()
	ended, cancel := context.WithCancel(bg)
	cancel()
	other := errors.New("boom")
	require.ErrorIs(t, chc.GiveUp(ended, "eng", other).Reason, chc.ErrCanceled)
	for _, r := range []error{chc.Internal("x"), chc.Incomplete("y"), chc.ErrMemory, chc.ErrTimeout} {
		res := chc.GiveUp(bg, "eng", r)
		require.Equal(t, chc.Unknown, res.Answer)
		require.Equal(t, r, res.Reason)
	}
	require.ErrorIs(t, chc.GiveUp(bg, "eng", context.DeadlineExceeded).Reason, chc.ErrCanceled)
	res := chc.GiveUp(bg, "eng", other)
	require.ErrorIs(t, res.Reason, chc.ErrIncomplete)
	require.ErrorContains(t, res.Reason, "eng: boom")
}
