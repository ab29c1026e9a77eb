package main

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/bmc"
)

// engines are the CHC engines --engine chooses from; the first is the
// default.
var engines = []struct {
	name string
	make func(engineOptions) chc.Engine
}{
	{"bmc", func(o engineOptions) chc.Engine { return bmc.New(bmc.Options{Verbose: o.verbose}) }},
}

// passes are the preprocessing passes run before every engine.
func passes() []chc.Pass { return chc.DefaultPasses() }
