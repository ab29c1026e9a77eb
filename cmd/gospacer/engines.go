package main

import (
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/bmc"
	"github.com/seed-f9c3434d/gospacer/engines/portfolio"
	"github.com/seed-f9c3434d/gospacer/spacer"
)

// engines are the CHC engines --engine chooses from; the first is the
// default. The CLI preprocesses the system itself (see passes), so the
// engines are told not to.
var engines = []struct {
	name string
	make func(engineOptions) chc.Engine
}{
	{"spacer", func(o engineOptions) chc.Engine {
		return spacer.New(spacer.Options{Verbose: o.verbose, Trace: o.trace, MemoryMB: o.memoryMB, NoPreprocess: true})
	}},
	{"portfolio", func(o engineOptions) chc.Engine {
		return &portfolio.Engine{Slices: []portfolio.Slice{
			{Name: "bmc", Engine: bmc.New(bmc.Options{Verbose: o.verbose}), Share: 0.1, Without: time.Second},
			{Name: "spacer", Engine: spacer.New(spacer.Options{Verbose: o.verbose, Trace: o.trace, MemoryMB: o.memoryMB, NoPreprocess: true})},
		}}
	}},
	{"bmc", func(o engineOptions) chc.Engine { return bmc.New(bmc.Options{Verbose: o.verbose}) }},
}

// passes are the preprocessing passes run before every engine.
func passes() []chc.Pass { return chc.DefaultPasses() }
