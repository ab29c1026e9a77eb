package smt

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestLIABranchWalk: a formula of script's TestGetProjectionProp family
// (div, mod, abs over two Int constants) that is satisfiable at once, but
// on which branch and bound walked to infinity (17,000 branches on three
// quotient variables in 3 s, ever more atoms for lra.Propagate to scan)
// when lra stopped maintaining the rows of unbounded integer slacks and
// the pivots, hence the vertices, changed. lra.KeepRow keeps those rows.
func TestLIABranchWalk(t *testing.T) {
	const src = `(declare-fun b0 () Bool)(declare-fun b1 () Bool)(declare-fun x0 () Int)(declare-fun x1 () Int)
(assert (distinct (ite (not (=> b0 (=> b1 false))) (ite (>= (- (- 2) x0) (+ (- 1) (- 3) x0)) 2 (abs (div 3 3))) (mod (+ (abs (- 2)) (+ (- 1) x1) (+ (- 1) (- 2) x1)) (- 3))) (* (- 2) (* (- 2) (mod (+ x1 x1) (- 3)))) (+ (- (ite (not b1) (* (- 3) (- 2)) (* 2 0)) (- (abs x1) (ite b0 3 x0))) (mod (+ (- 3) (+ x0 (- 2) x0)) (- 2)))))`
	st := term.NewStore()
	script, err := smtlib.Parse("walk.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	s := New(st, Options{})
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			require.NoError(t, s.Assert(c.Term))
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := s.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, Sat, r) // the model is checked against the assertion
	require.Less(t, s.Stats().Branches, uint64(1000))
}

// TestLIABranchBudget: a Bool/LRA formula of TestGetProjectionProp's
// family (found by a longer run of it) where is_int makes integer
// variables (to_int) and branch and bound walks to infinity on two of
// them (16,000 branches in 2 s, one new atom each, every step slower).
// z3 answers sat. The check must end on its own — sat with a model, or
// unknown when the branch budget (maxIntRounds) is spent — instead of
// running for minutes as it did with a budget of 1<<20.
func TestLIABranchBudget(t *testing.T) {
	const src = `(declare-fun b0 () Bool)(declare-fun b1 () Bool)(declare-fun r0 () Real)(declare-fun r1 () Real)
(assert (let ((?a1 (distinct b0 b1 false)) (?a2 (is_int r1)) (?a3 (not true))) (and (xor (and (< r0 (+ 0.0 r1)) (not ?a1)) (xor (xor b0 (is_int (- 1.0))) true) (< (ite (and b0 b1) (ite b0 r1 r1) (ite b0 r0 r0)) (- (+ r0 r0 r0)))) (= (xor (distinct (xor false b0) (not b0) (xor true b0)) (distinct ?a2 (ite false b1 false) b0)) (=> (> (+ (/ 1 3) r1 r1) (- r1 (/ 2 3))) (=> (=> true b1) (= false b1))) (and (distinct ?a1 ?a3 (= false b1 false)) (and ?a2 (and b0 false b1)) (and ?a3 (= true b1 true) (or b0 b1 false)))) (is_int (* (- 1.0) (ite b1 (* (- 1.0) r0) (+ r1 r0 r1)))))))`
	st := term.NewStore()
	script, err := smtlib.Parse("budget.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	s := New(st, Options{})
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			require.NoError(t, s.Assert(c.Term))
		}
	}
	type answer struct {
		r   Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		r, err := s.Check(context.Background()) // no deadline: it must stop by itself
		done <- answer{r, err}
	}()
	select {
	case a := <-done:
		require.NoError(t, a.err)
		if a.r == Unknown {
			require.Contains(t, s.ReasonUnknown(), "budget")
		} else {
			require.Equal(t, Sat, a.r) // z3: sat; the model is checked by Check
		}
		require.LessOrEqual(t, s.Stats().Branches+s.Stats().Cuts, uint64(maxIntRounds+1))
	case <-time.After(3 * time.Minute):
		t.Fatal("the check did not stop within 3 minutes")
	}
}
