package portfolio_test

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
	"github.com/seed-f9c3434d/gospacer/engines/portfolio"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// answerTimeout is a safety net for tests that expect an answer, not a
// limit they test: the answer takes a second or less on a quiet machine,
// and a machine loaded many times over must not fail the test.
const answerTimeout = 2 * time.Minute

func read(t *testing.T, path string) *chc.System {
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	s, _, err := chc.Read(path, bytes.NewReader(src), term.NewStore())
	require.NoError(t, err)
	return s
}

// The real engines race on their own clones (go test -race checks they
// share nothing), the answer is the same whoever wins, and the progress
// lines of the members come whole, each with its member's name.
func TestRealEngines(t *testing.T) {
	for _, tc := range []struct {
		file string
		want chc.Answer
	}{{"../../examples/counter.smt2", chc.Sat}, {"../../examples/unsafe.smt2", chc.Unsat}} {
		for range 3 {
			var log bytes.Buffer
			o := chc.Options{Verbose: &log}
			p, err := portfolio.New(o, "spacer,bmc,spacer:0.5")
			require.Error(t, err, "a member's name is its stat prefix: two spacers would share it")
			p, err = portfolio.New(o, "spacer,bmc")
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
			res := pipeline.Solve(ctx, read(t, tc.file), p, o)
			cancel()
			require.Equal(t, tc.want, res.Answer, "%v", res.Reason)
			for _, l := range strings.Split(strings.TrimSpace(log.String()), "\n") {
				if !strings.HasPrefix(l, "solve: ") {
					require.Regexp(t, `^\[(spacer|bmc)\] (spacer|bmc): `, l)
				}
			}
		}
	}
}

func TestMembersParam(t *testing.T) {
	for _, bad := range []string{"", "nosuch", "spacer:2", "spacer:x", "portfolio", "bmc@x", "bmc@-1s", "bmc,bmc"} {
		_, err := chc.NewEngine("portfolio", chc.Options{Params: map[string]string{"portfolio.members": bad}})
		require.Error(t, err, bad)
	}
	e, err := chc.NewEngine("portfolio", chc.Options{Params: map[string]string{"portfolio.members": "bmc:0.25@0.5, spacer@20ms"}})
	require.NoError(t, err)
	p := e.(*portfolio.Engine)
	require.Len(t, p.Members, 2)
	require.Equal(t, "bmc", p.Members[0].Name)
	require.Equal(t, 0.25, p.Members[0].Share)
	require.Equal(t, 500*time.Millisecond, p.Members[0].Delay)
	require.Equal(t, 20*time.Millisecond, p.Members[1].Delay)
}

// Bit-vectors: the registered portfolio runs BitVecMembers on a system
// over bit-vectors, unless its members are given.
func TestBitVecMembers(t *testing.T) {
	e, err := chc.NewEngine("portfolio", chc.Options{})
	require.NoError(t, err)
	p := e.(*portfolio.Engine)
	require.NotNil(t, p.BitVec)
	var names []string
	for _, m := range p.BitVec.Members {
		names = append(names, m.Name)
	}
	require.Equal(t, []string{"spacer", "bvint", "bvint-pdkind", "bmc"}, names)

	// on a wrap-around system, the answer is the checked one whoever wins
	s := read(t, "../testdata/bv-wrap-unsafe.unsat.smt2")
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	res := pipeline.Solve(ctx, s, e, chc.Options{})
	require.Equal(t, chc.Unsat, res.Answer, "%v", res.Reason)

	o := chc.Options{}
	require.NoError(t, o.ParseParam("portfolio.members=spacer"))
	e, err = chc.NewEngine("portfolio", o)
	require.NoError(t, err)
	require.Nil(t, e.(*portfolio.Engine).BitVec)
}

// Datatypes: the registered portfolio runs DatatypeMembers on a system
// over datatypes, unless its members are given, and its answer on a
// list system with a counterexample of three steps is the checked unsat.
func TestDatatypeMembers(t *testing.T) {
	e, err := chc.NewEngine("portfolio", chc.Options{})
	require.NoError(t, err)
	p := e.(*portfolio.Engine)
	require.NotNil(t, p.Datatype)
	var names []string
	for _, m := range p.Datatype.Members {
		names = append(names, m.Name)
	}
	require.Equal(t, []string{"spacer", "catamorphism", "bmc"}, names)
	require.Equal(t, 0.1, p.Datatype.Members[2].Share)

	const src = `(set-logic HORN)
(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))
(declare-fun P (L Int) Bool)
(assert (forall ((n Int)) (=> (= n 0) (P nil n))))
(assert (forall ((l L) (n Int) (h Int)) (=> (and (P l n) (> h n)) (P (cons h l) (+ n 1)))))
(assert (forall ((l L) (n Int)) (=> (and (P l n) (>= n 3) (> (hd l) 2)) false)))
`
	s, _, err := chc.Read("lists.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	res := pipeline.Solve(ctx, s, e, chc.Options{})
	require.Equal(t, chc.Unsat, res.Answer, "%v", res.Reason)

	o := chc.Options{}
	require.NoError(t, o.ParseParam("portfolio.members=spacer"))
	e, err = chc.NewEngine("portfolio", o)
	require.NoError(t, err)
	require.Nil(t, e.(*portfolio.Engine).Datatype)
}
