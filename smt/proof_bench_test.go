package smt_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// benchFile is the conjunction of the assertions of one SMT-LIB file.
type benchFile struct {
	name       string
	st         *term.Store
	assertions []*term.Term
}

// loadBench reads the files of a folder of ../../shared/bench that the
// solver (without proofs) decides within limit, skipping the rest.
func loadBench(tb testing.TB, folder string, limit time.Duration) []benchFile {
	dir := filepath.Join("..", "..", "shared", "bench", folder)
	names, err := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if err != nil || len(names) == 0 {
		tb.Skipf("no benchmark files in %s", dir)
	}
	slices.Sort(names)
	var fs []benchFile
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			tb.Fatal(err)
		}
		st := term.NewStore()
		script, err := smtlib.Parse(n, f, st)
		f.Close()
		if err != nil {
			continue
		}
		bf := benchFile{name: filepath.Base(n), st: st}
		for _, c := range script.Commands {
			if c.Kind == smtlib.Assert {
				bf.assertions = append(bf.assertions, c.Term)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		r, err := solveBench(ctx, bf, false)
		cancel()
		if err == nil && r != smt.Unknown {
			fs = append(fs, bf)
		}
	}
	return fs
}

func solveBench(ctx context.Context, bf benchFile, proofs bool) (smt.Result, error) {
	s := smt.New(bf.st, smt.Options{Proofs: proofs})
	for i, a := range bf.assertions {
		if err := s.AssertPart(a, i%2); err != nil {
			return smt.Unknown, err
		}
	}
	r, err := s.Check(ctx)
	if err == nil && proofs && r == smt.Unsat {
		_, err = s.Refutation()
	}
	return r, err
}

// BenchmarkProofsQFLRA solves the QF_LRA files decided within 2 s, with
// proof production off and on: the ratio of the two is the cost of
// Options.Proofs.
func BenchmarkProofsQFLRA(b *testing.B) {
	fs := loadBench(b, "qf_lra", 2*time.Second)
	b.Logf("%d files", len(fs))
	for _, proofs := range []bool{false, true} {
		name := "off"
		if proofs {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for _, bf := range fs {
					if _, err := solveBench(context.Background(), bf, proofs); err != nil {
						b.Fatal(bf.name, err)
					}
				}
			}
		})
	}
}

// TestProofsBothSettings decides the small QF_LRA files with and without
// proofs: the answers agree, and every unsat answer has a refutation.
func TestProofsBothSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("benchmark files")
	}
	fs := loadBench(t, "qf_lra", 200*time.Millisecond)
	for _, bf := range fs {
		r0, err := solveBench(context.Background(), bf, false)
		if err != nil {
			t.Fatal(bf.name, err)
		}
		r1, err := solveBench(context.Background(), bf, true)
		if err != nil {
			t.Fatal(bf.name, err)
		}
		if r0 != r1 {
			t.Fatalf("%s: %v without proofs, %v with", bf.name, r0, r1)
		}
	}
}
