// Command pgo writes the CPU profile that the Go tool uses to optimise
// the gospacer binary (profile-guided optimisation): it solves every
// file of the dev folders in turn, the easy lia-arrays files many times
// over (each answer takes milliseconds, too short for the profiler's
// 100 Hz alone), with the options of `gospacer FILE`.
//
//	go run ./bench/pgo -o cmd/gospacer/default.pgo
//
// `go build ./cmd/gospacer` picks cmd/gospacer/default.pgo up by itself
// (-pgo=auto). Regenerate it when the code has moved a lot; a stale
// profile still helps where the functions it names are unchanged.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"

	gospacer "github.com/seed-f9c3434d/gospacer"
)

func main() {
	var (
		out     = flag.String("o", "default.pgo", "write the profile to `file`")
		dir     = flag.String("bench", "../shared/bench/chc", "the dev folders' parent `dir`")
		timeout = flag.Duration("t", 3*time.Second, "time limit per file")
		easy    = flag.Int("easy", 15, "solve each lia-arrays file `n` times")
	)
	flag.Parse()
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	solved := 0
	for _, d := range []string{"lia-arrays", "lia-lin", "lia-nonlin", "arrays", "recursion", "lra-ts"} {
		files, _ := filepath.Glob(filepath.Join(*dir, d, "*.smt2"))
		n := 1
		if d == "lia-arrays" {
			n = *easy
		}
		for i := 0; i < n; i++ {
			for _, p := range files {
				ctx, cancel := context.WithTimeout(context.Background(), *timeout)
				r, err := gospacer.SolveFile(ctx, p)
				cancel()
				if i == 0 && err == nil && r.Answer != gospacer.Unknown {
					solved++
				}
			}
		}
	}
	pprof.StopCPUProfile()
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Printf("%s: %d files answered\n", *out, solved)
}
