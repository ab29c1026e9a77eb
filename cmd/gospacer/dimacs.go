package main

import (
	"io"
	"os"
)

// runDIMACS solves a DIMACS CNF file with the SAT core (see cnf.go).
func runDIMACS(stdout, stderr io.Writer, in io.Reader, name string, o options) int {
	opts := cnfOptions{Stats: o.stats, Timeout: o.timeout}
	if o.drat != "" {
		f, err := os.Create(o.drat)
		if err != nil {
			io.WriteString(stderr, "gospacer: "+err.Error()+"\n")
			return 2
		}
		defer f.Close()
		opts.Proof = f
	}
	return runCNF(stdout, stderr, in, name, opts)
}
