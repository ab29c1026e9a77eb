package spacer_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/spacer"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// Datatypes: a list grows by one cell per step while n counts the cells.
const listHead = `(set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun inv (Lst Int) Bool)
(assert (forall ((l Lst) (n Int)) (=> (and (= l nil) (= n 0)) (inv l n))))
`

// TestDatatypeListSolve runs Spacer through pipeline.Solve on list systems
// and checks every answer's witness on the input system.
func TestDatatypeListSolve(t *testing.T) {
	for _, tc := range []struct {
		name, clauses string
		want          chc.Answer
	}{
		// nil only at n = 0: the invariant needs the tester.
		{"tester", `(assert (forall ((l Lst) (n Int)) (=> (inv l n) (inv (cons 1 l) (+ n 1)))))
(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) ((_ is nil) l) (> n 0)) false)))`, chc.Sat},
		// the head is the count before the step.
		{"head", `(assert (forall ((l Lst) (n Int)) (=> (inv l n) (inv (cons n l) (+ n 1)))))
(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) ((_ is cons) l) (not (= (hd l) (- n 1)))) false)))`, chc.Sat},
		// after three steps the second cell holds 1.
		{"reach", `(assert (forall ((l Lst) (n Int)) (=> (inv l n) (inv (cons n l) (+ n 1)))))
(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) (= n 3) (= (hd (tl l)) 1)) false)))`, chc.Unsat},
		// a selector applied to nil is some list: a cons cell of nil is reachable.
		{"cell", `(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) (< n 2)) (inv (cons n l) (+ n 1)))))
(assert (forall ((l Lst) (n Int)) (=> (and (inv l n) (= l (cons 1 (cons 0 nil)))) false)))`, chc.Unsat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys, _, err := chc.Read("list.smt2", strings.NewReader(listHead+tc.clauses), term.NewStore())
			require.NoError(t, err)
			res := pipeline.Solve(context.Background(), sys, spacer.New(spacer.Options{}), chc.Options{})
			require.Equal(t, tc.want, res.Answer, "%v", res.Reason)
			require.NoError(t, witness.CheckResult(context.Background(), sys, res))
		})
	}
}

// rotBogus claims that rotating a list by n cells gives the list back
// (after tip-adt-lia false_productive_use_of_failure_rot_bogus): false for
// [0, 1] rotated once. rot(l, n, r): l is r rotated n times; app(r, a,
// b): r = a ++ b; diff(a, b): the lists differ.
const rotBogus = `(set-logic HORN)
(declare-datatypes ((Lst 0)) (((nil) (cons (hd Int) (tl Lst)))))
(declare-fun rot (Lst Int Lst) Bool)
(declare-fun app (Lst Lst Lst) Bool)
(declare-fun diff (Lst Lst) Bool)
(assert (forall ((a Lst)) (=> ((_ is cons) a) (diff nil a))))
(assert (forall ((a Lst)) (=> ((_ is cons) a) (diff a nil))))
(assert (forall ((a Lst) (b Lst)) (=> (and ((_ is cons) a) ((_ is cons) b) (not (= (hd a) (hd b)))) (diff a b))))
(assert (forall ((x Int) (y Int) (a Lst) (b Lst)) (=> (diff a b) (diff (cons x a) (cons y b)))))
(assert (forall ((a Lst)) (app a nil a)))
(assert (forall ((x Int) (r Lst) (a Lst) (b Lst)) (=> (app r a b) (app (cons x r) (cons x a) b))))
(assert (forall ((l Lst) (n Int)) (=> (<= n 0) (rot l n l))))
(assert (forall ((n Int)) (rot nil n nil)))
(assert (forall ((l Lst) (n Int) (e Lst) (x Int) (g Lst))
  (=> (and (rot l n e) (app e g (cons x nil)) (>= n 0)) (rot l (+ n 1) (cons x g)))))
(assert (forall ((l Lst) (n Int) (r Lst)) (=> (and (diff r l) (rot l n r)) false)))
`

// TestDatatypeRotBogus: the counterexample needs the obligation
// rot(l, n, r) with l != r to be blocked at a low level by the lemma l =
// r, which only the datatype (dis)equalities of MBP make expressible;
// without them Spacer enumerated list lengths for minutes.
func TestDatatypeRotBogus(t *testing.T) {
	sys, _, err := chc.Read("rot.smt2", strings.NewReader(rotBogus), term.NewStore())
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a safety net, not a limit tested
	defer cancel()
	res := pipeline.Solve(ctx, sys, spacer.New(spacer.Options{}), chc.Options{})
	require.Equal(t, chc.Unsat, res.Answer, "%v", res.Reason)
	require.NoError(t, witness.CheckResult(context.Background(), sys, res))
}

// pobCounter counts the obligations in an engine's trace and cancels the
// run past a bound: a bound on work, not on time.
type pobCounter struct {
	n, max int
	cancel context.CancelFunc
}

func (c *pobCounter) Write(p []byte) (int, error) {
	c.n += bytes.Count(p, []byte("spacer: pob #"))
	if c.n > c.max {
		c.cancel()
	}
	return len(p), nil
}

// TestDatatypeRustHornSwap2: two RustHorn systems (testdata/README.md)
// whose counterexamples are 2 and 4 calls of a recursive function over
// mutable references (datatypes of Int fields, nested three deep). Spacer
// circled at level 1: MBP put the model's integers under the
// constructors of its obligations (cur(ret(H)) ≠ mut(mut(4, 5), ...)),
// each lemma excluded one value, and the next obligation named the next
// one, without end. With constructor (dis)equalities unfolded into their
// fields, both end in a few dozen obligations (59 and 15 when this was
// written); the bound on obligations leaves room.
func TestDatatypeRustHornSwap2(t *testing.T) {
	for _, name := range []string{
		"rust-horn__swap2-dec-2-base3-unsafe_000.smt2",
		"rust-horn__swap2-dec-4-exact3-unsafe_000.smt2",
	} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", name))
			require.NoError(t, err)
			sys, _, err := chc.Read(name, bytes.NewReader(src), term.NewStore())
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a safety net, not a limit tested
			defer cancel()
			pobs := &pobCounter{max: 300, cancel: cancel}
			e := spacer.New(spacer.Options{EngineOptions: chc.EngineOptions{Trace: pobs}})
			res := pipeline.Solve(ctx, sys, e, chc.Options{})
			require.Equal(t, chc.Unsat, res.Answer, "%v after %d obligations", res.Reason, pobs.n)
			require.NoError(t, witness.CheckResult(context.Background(), sys, res))
		})
	}
}
