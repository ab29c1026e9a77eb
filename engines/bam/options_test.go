package bam

import (
	"context"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/stretchr/testify/require"
)

const fib10 = fib + `
(assert (forall ((r Int)) (=> (and (fib 10 r) (not (= r 55))) false)))`

// solveWith runs the engine with opts on src and checks the witness.
func solveWith(t *testing.T, opts Options, src string) chc.Result {
	t.Helper()
	sys := read(t, src)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res := New(opts).Solve(ctx, sys)
	require.NoError(t, witness.CheckResult(context.Background(), sys, res))
	return res
}

// TestOptionContexts: with the caller's state reduced to the arguments,
// the value analysis has a block per value of n and computes fib(10);
// without (every call enters with top), one block per predicate, whose
// summary says nothing about the result.
func TestOptionContexts(t *testing.T) {
	o := DefaultOptions(Value)
	res := solveWith(t, o, fib10)
	require.Equal(t, chc.Sat, res.Answer)
	require.Equal(t, 11, stat(res, "blocks"))

	o.Contexts = false
	res = solveWith(t, o, fib10)
	require.Equal(t, chc.Unknown, res.Answer)
	require.Equal(t, 1, stat(res, "blocks"))

	// the relational proof needs no contexts
	o = DefaultOptions(Predicate)
	o.Contexts = false
	require.Equal(t, chc.Sat, solveWith(t, o, paperCases[0].src).Answer)
}

// TestOptionDepth: fib(10) under values needs eleven nested blocks of fib
// on the stack; with a bound of four, the fifth call enters with top and
// the summary loses the value.
func TestOptionDepth(t *testing.T) {
	o := DefaultOptions(Value)
	o.Depth = 11
	require.Equal(t, chc.Sat, solveWith(t, o, fib10).Answer)
	o.Depth = 4
	res := solveWith(t, o, fib10)
	require.Equal(t, chc.Unknown, res.Answer)
	require.Positive(t, stat(res, "recursive-hits"))
}

// TestOptionExits: a counter that stops at 30 under intervals, analysed
// for every entry (without contexts: the query's context x > 30 alone
// shows at once that no state is reachable). With three exit states
// before widening, the bound comes from the threshold 30; with
// sixty-four, the states enumerate the counter's values. Both prove it;
// only the first widens.
func TestOptionExits(t *testing.T) {
	src := `
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 30)) (inv (+ x 1)))))
(assert (forall ((x Int)) (=> (and (inv x) (> x 30)) false)))`
	o := DefaultOptions(Interval)
	o.Contexts = false
	res := solveWith(t, o, src)
	require.Equal(t, chc.Sat, res.Answer)
	require.Positive(t, stat(res, "widenings"))
	o.Exits = 64
	res = solveWith(t, o, src)
	require.Equal(t, chc.Sat, res.Answer)
	require.Equal(t, 0, stat(res, "widenings"))
	require.GreaterOrEqual(t, stat(res, "states").(int), 31)
}
