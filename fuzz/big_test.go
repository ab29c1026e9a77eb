package fuzz_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	_ "github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestBigSystems solves drawn big systems of up to 300 clauses through
// pipeline.Solve (preprocessing, the engine, the witness checked on the
// input): every shape answers what WriteBig says.
func TestBigSystems(t *testing.T) {
	engine, err := chc.NewEngine("spacer", chc.Options{})
	require.NoError(t, err)
	fuzz.Check(t, 40, func(t *rapid.T) {
		bc := fuzz.BigSystem(term.NewStore(), 300).Draw(t, "system")
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		res := pipeline.Solve(ctx, bc.Sys, engine, chc.Options{})
		require.Equal(t, bc.Want, res.Answer, "%s of %d clauses: %v", bc.Shape, bc.N, res.Reason)
	})
}

func TestWriteBigRejects(t *testing.T) {
	var b strings.Builder
	require.Error(t, fuzz.WriteBig(&b, fuzz.Chain, 0, chc.Sat))
	require.Error(t, fuzz.WriteBig(&b, fuzz.Chain, 3, chc.Unknown))
	require.Error(t, fuzz.WriteBig(&b, fuzz.Shape(9), 3, chc.Sat))
}
