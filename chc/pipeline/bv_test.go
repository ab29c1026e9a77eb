package pipeline_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/stretchr/testify/require"

	_ "github.com/seed-f9c3434d/gospacer/engines"
)

// Bit-vectors

// bvSafe counts an 8-bit x from 0 while x <u 200: x <=u 200 is inductive.
const bvSafe = `(set-logic HORN)
(declare-fun inv ((_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8))) (=> (= x #x00) (inv x))))
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8))) (=> (and (inv x) (bvult x #xc8) (= y (bvadd x #x01))) (inv y))))
(assert (forall ((x (_ BitVec 8))) (=> (and (inv x) (bvugt x #xc8)) false)))
`

// bvWrap starts at #xff: one step wraps around to 0, which the query
// forbids (over the integers it would be safe).
const bvWrap = `(set-logic HORN)
(declare-fun inv ((_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8))) (=> (= x #xff) (inv x))))
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8))) (=> (and (inv x) (= y (bvadd x #x01))) (inv y))))
(assert (forall ((x (_ BitVec 8))) (=> (and (inv x) (= x #x00)) false)))
`

// bvEven adds 2 from 0: x stays even, so x = 1 is never reached; x != 1
// is not inductive because 255 + 2 wraps to 1.
const bvEven = `(set-logic HORN)
(declare-fun inv ((_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8))) (=> (= x #x00) (inv x))))
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8))) (=> (and (inv x) (= y (bvadd x #x02))) (inv y))))
(assert (forall ((x (_ BitVec 8))) (=> (and (inv x) (= x #x01)) false)))
`

func solveBV(t *testing.T, src, engine string) (*chc.System, chc.Result) {
	t.Helper()
	s := readSys(t, src)
	e, err := chc.NewEngine(engine, chc.Options{})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return s, pipeline.Solve(ctx, s, e, chc.Options{})
}

func TestSolveBitVectors(t *testing.T) {
	for _, tc := range []struct {
		name, src, engine string
		want              chc.Answer
	}{
		{"safe/kind", bvSafe, "kind", chc.Sat},
		{"safe/spacer", bvSafe, "spacer", chc.Sat},
		{"wrap/bmc", bvWrap, "bmc", chc.Unsat},
		{"wrap/kind", bvWrap, "kind", chc.Unsat},
		{"wrap/spacer", bvWrap, "spacer", chc.Unsat},
		// the portfolio runs its members on clones of the system
		{"safe/portfolio", bvSafe, "portfolio", chc.Sat},
		{"wrap/portfolio", bvWrap, "portfolio", chc.Unsat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, res := solveBV(t, tc.src, tc.engine)
			require.Equal(t, tc.want, res.Answer, "reason: %v", res.Reason)
			// Solve checked the witness; check it again here, on the
			// original system, so that the test does not rest on Solve.
			require.NoError(t, witness.CheckResult(context.Background(), s, res))
		})
	}
}

// notOne answers sat with x != 1 for every unary predicate: true over the
// integers for bvEven, false over 8 bits (255 + 2 wraps to 1).
type notOne struct{}

func (notOne) Solve(ctx context.Context, s *chc.System) chc.Result {
	m := chc.Model{}
	for _, p := range s.Preds {
		m[p] = s.St.Not(s.St.Eq(p.Params[0], s.St.BVInt(1, 8)))
	}
	return chc.Result{Answer: chc.Sat, Model: m}
}

func TestSolveBitVectorsCheckWrapsAround(t *testing.T) {
	s := readSys(t, bvEven)
	res := pipeline.Solve(context.Background(), s, notOne{}, chc.Options{NoPreprocess: true})
	require.Equal(t, chc.Unknown, res.Answer)
	require.True(t, errors.Is(res.Reason, chc.ErrInternal), "reason: %v", res.Reason)
}

// An engine that cannot reason over bit-vectors answers unknown with an
// incomplete reason, never an error or a wrong answer: bmc cannot prove
// the even counter safe.
func TestSolveBitVectorsIncomplete(t *testing.T) {
	s := readSys(t, bvEven)
	e, err := chc.NewEngine("bmc", chc.Options{Params: map[string]string{"bmc.max-depth": "5"}})
	require.NoError(t, err)
	res := pipeline.Solve(context.Background(), s, e, chc.Options{})
	require.Equal(t, chc.Unknown, res.Answer)
	require.True(t, errors.Is(res.Reason, chc.ErrIncomplete), "reason: %v", res.Reason)
}

// bvChain passes x through three predicates, which preprocessing inlines:
// the equalities over bit-vectors must not be solved as linear integer
// ones (#xff + 1 is 0 in 8 bits, and 2·(0 + #x80) is 0 too).
const bvChain = `(set-logic HORN)
(declare-fun P ((_ BitVec 8)) Bool)
(declare-fun Q ((_ BitVec 8)) Bool)
(declare-fun R ((_ BitVec 8) (_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8))) (=> (or (= x #xff) (= x #x80)) (P x))))
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8))) (=> (and (P x) (= y (bvadd x #x01))) (Q y))))
(assert (forall ((y (_ BitVec 8)) (z (_ BitVec 8))) (=> (and (Q y) (= z (bvmul #x02 (bvadd y #x80)))) (R y z))))
(assert (forall ((y (_ BitVec 8)) (z (_ BitVec 8))) (=> (and (R y z) (= y #x00) (= z #x00)) false)))
`

// bvChainSafe is bvChain with a query that no 8-bit run reaches.
const bvChainSafe = `(set-logic HORN)
(declare-fun P ((_ BitVec 8)) Bool)
(declare-fun Q ((_ BitVec 8)) Bool)
(declare-fun R ((_ BitVec 8) (_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8))) (=> (or (= x #xff) (= x #x80)) (P x))))
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8))) (=> (and (P x) (= y (bvadd x #x01))) (Q y))))
(assert (forall ((y (_ BitVec 8)) (z (_ BitVec 8))) (=> (and (Q y) (= z (bvmul #x02 (bvadd y #x80)))) (R y z))))
(assert (forall ((y (_ BitVec 8)) (z (_ BitVec 8))) (=> (and (R y z) (bvult y #x80) (distinct z #x00)) false)))
`

// Preprocessing (inlining, definitions, simplification) keeps the answer
// on bit-vector systems: with and without it, the engines agree and
// their witnesses check on the input.
func TestSolveBitVectorsPreprocessed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      chc.Answer
	}{
		{"chain", bvChain, chc.Unsat},
		{"chain-safe", bvChainSafe, chc.Sat},
	} {
		for _, engine := range []string{"spacer", "bmc"} {
			for _, raw := range []bool{false, true} {
				if engine == "bmc" && tc.want == chc.Sat {
					continue
				}
				s := readSys(t, tc.src)
				e, err := chc.NewEngine(engine, chc.Options{})
				require.NoError(t, err)
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				res := pipeline.Solve(ctx, s, e, chc.Options{NoPreprocess: raw})
				cancel()
				require.Equal(t, tc.want, res.Answer, "%s %s raw=%v: %v", tc.name, engine, raw, res.Reason)
				require.NoError(t, witness.CheckResult(context.Background(), s, res))
			}
		}
	}
}

// TestSolveSkippedClauses: a system whose reader left out a clause (a
// quantifier inside its constraint) keeps its unsat answers, checked on
// the clauses read, and turns a sat answer into unknown naming the clause.
func TestSolveSkippedClauses(t *testing.T) {
	skipped := "(assert (forall ((x (_ BitVec 8))) (=> (and (inv x) (forall ((y (_ BitVec 8))) (bvule y x))) false)))\n"
	s, res := solveBV(t, bvWrap+skipped, "spacer")
	require.Len(t, s.Skipped, 1)
	require.Equal(t, chc.Unsat, res.Answer, "%v", res.Reason)
	require.NoError(t, witness.CheckResult(context.Background(), s, res))

	s, res = solveBV(t, bvSafe+skipped, "spacer")
	require.Len(t, s.Skipped, 1)
	require.Equal(t, chc.Unknown, res.Answer)
	require.ErrorIs(t, res.Reason, chc.ErrIncomplete)
	require.ErrorContains(t, res.Reason, "sat without the 1 clause(s) the reader left out, first t.smt2:6:1: quantifier inside a constraint")
}
