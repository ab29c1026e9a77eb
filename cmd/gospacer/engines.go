package main

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// engines are the CHC engines --engine chooses from; the first is the
// default.
var engines = []struct {
	name string
	make func(engineOptions) chc.Engine
}{
	{"none", func(engineOptions) chc.Engine { return noEngine{} }},
}

type noEngine struct{}

func (noEngine) Solve(ctx context.Context, s *chc.System) chc.Result {
	return chc.Result{Answer: chc.Unknown, Reason: "no engine"}
}

// passes are the preprocessing passes run before every engine.
func passes() []chc.Pass { return nil }
