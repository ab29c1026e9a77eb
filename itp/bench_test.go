package itp_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

type benchPair struct {
	name string
	st   *term.Store
	A, B *term.Term
}

// unsatPairs returns the halves of the unsat QF_LRA files that smt
// refutes within limit and itp interpolates.
func unsatPairs(b *testing.B, limit time.Duration) []benchPair {
	dir := filepath.Join("..", "..", "shared", "bench", "qf_lra")
	names, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if len(names) == 0 {
		b.Skip("no QF_LRA files")
	}
	slices.Sort(names)
	var ps []benchPair
	for _, n := range names {
		st := term.NewStore()
		A, B, ok := halves(nil, st, n)
		if !ok {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		s := smt.New(st, smt.Options{})
		_ = s.Assert(A)
		_ = s.Assert(B)
		r, err := s.Check(ctx)
		cancel()
		if err != nil || r != smt.Unsat {
			continue
		}
		ctx, cancel = context.WithTimeout(context.Background(), 10*limit)
		_, err = itp.SequenceContext(ctx, st, []*term.Term{A, B})
		cancel()
		if err == nil {
			ps = append(ps, benchPair{filepath.Base(n), st, A, B})
		}
	}
	return ps
}

// BenchmarkInterpolateQFLRA: "check" decides A ∧ B without proofs,
// "interpolate" runs itp.Interpolate (a check with proofs, then McMillan's
// system with Farkas leaves) on the unsat QF_LRA files decided within
// 2 s. The self-check of tests is off here.
func BenchmarkInterpolateQFLRA(b *testing.B) {
	defer itp.SetSelfCheck(itp.SetSelfCheck(false))
	ps := unsatPairs(b, 2*time.Second)
	b.Logf("%d files", len(ps))
	b.Run("check", func(b *testing.B) {
		for b.Loop() {
			for _, p := range ps {
				s := smt.New(p.st, smt.Options{})
				_ = s.Assert(p.A)
				_ = s.Assert(p.B)
				if r, _ := s.Check(context.Background()); r != smt.Unsat {
					b.Fatal(p.name, r)
				}
			}
		}
	})
	b.Run("interpolate", func(b *testing.B) {
		for b.Loop() {
			for _, p := range ps {
				if _, err := itp.Interpolate(p.st, p.A, p.B); err != nil {
					b.Fatal(p.name, err)
				}
			}
		}
	})
}
