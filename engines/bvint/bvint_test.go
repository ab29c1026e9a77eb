package bvint_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	_ "github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// answerTimeout is a safety net on a loaded machine, not a limit tested:
// each system takes milliseconds.
const answerTimeout = 2 * time.Minute

func read(t *testing.T, path string) *chc.System {
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	s, _, err := chc.Read(path, bytes.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return s
}

func hasStat(res chc.Result, name string) bool {
	for _, s := range res.Stats {
		if s.Name == name {
			return true
		}
	}
	return false
}

// The systems where the wrap-around decides: the naive integer reading
// (no wrap-around) answers each of them the other way. Every engine of
// the integer path answers them right, on the integer system (the
// translation happened: ENGINE.clauses), with a witness the pipeline
// checked on the bit-vector input.
func TestWrapAround(t *testing.T) {
	for _, tc := range []struct {
		file string
		want chc.Answer
	}{
		{"bv-wrap-safe.sat.smt2", chc.Sat},
		{"bv-wrap-unsafe.unsat.smt2", chc.Unsat},
		{"bv-signed-loop.sat.smt2", chc.Sat},
		{"bv-signed-wrap.unsat.smt2", chc.Unsat},
	} {
		for _, name := range []string{"bvint", "bvint-kind", "bvint-pdkind"} {
			t.Run(tc.file+"/"+name, func(t *testing.T) {
				s := read(t, "../testdata/"+tc.file)
				e, err := chc.NewEngine(name, chc.Options{})
				require.NoError(t, err)
				ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
				defer cancel()
				res := pipeline.Solve(ctx, s, e, chc.Options{})
				require.Equal(t, tc.want, res.Answer, "%v", res.Reason)
				require.True(t, hasStat(res, name+".clauses"), "no integer system was solved")
			})
		}
	}
}

// A system with an operator the translation refuses goes to the inner
// engine over bit-vectors, and the stat bvint.refused says why.
func TestRefused(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun inv ((_ BitVec 8) (_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8))) (=> (= x #x01) (inv x y))))
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8)) (z (_ BitVec 8))) (=> (and (inv x y) (= z (bvor x y))) (inv z y))))
(assert (forall ((x (_ BitVec 8)) (y (_ BitVec 8))) (=> (and (inv x y) (= x #x00)) false)))
`
	s, _, err := chc.Read("t.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	e, err := chc.NewEngine("bvint", chc.Options{})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	res := pipeline.Solve(ctx, s, e, chc.Options{})
	require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
	require.False(t, hasStat(res, "bvint.clauses"))
	found := false
	for _, st := range res.Stats {
		if st.Name == "bvint.refused" {
			found = true
			require.Contains(t, st.Value, "bvor")
		}
	}
	require.True(t, found, "no bvint.refused")
}

// bvint.engine names the inner engine; neither a portfolio nor bvint
// itself can be one.
func TestInnerEngine(t *testing.T) {
	for _, bad := range []string{"portfolio", "bvint", "bvint-kind", "nosuch"} {
		o := chc.Options{}
		require.NoError(t, o.ParseParam("bvint.engine="+bad))
		_, err := chc.NewEngine("bvint", o)
		require.Error(t, err, bad)
	}
	o := chc.Options{}
	require.NoError(t, o.ParseParam("bvint.engine=bmc"))
	_, err := chc.NewEngine("bvint", o)
	require.NoError(t, err)
}
