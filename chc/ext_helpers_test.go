package chc_test

import (
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

func readSys(t *testing.T, src string) *chc.System {
	t.Helper()
	sys, _, err := chc.Read("t.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return sys
}
