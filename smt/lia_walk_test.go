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

// TestLIAHiddenEquality: the itp property test's A and B (seed
// 1177461003401220031). A alone is satisfiable at once, but after a check
// under B's literals as assumptions the SAT solver decides B's atoms, and
// the choice with xs0 <= 1 confines the relaxation to an unbounded line
// without integer points: three inequalities sum to 0 >= 0 (lia's
// tight.go). Branch and bound walked along it until the budget was spent
// and the check answered unknown. Both checks must answer within a few
// hundred rounds.
func TestLIAHiddenEquality(t *testing.T) {
	const src = `(declare-fun xa0 () Int)(declare-fun xa1 () Int)(declare-fun xs0 () Int)(declare-fun xs1 () Int)(declare-fun xb0 () Int)(declare-fun xb1 () Int)
(assert (<= (+ (* (- 2) xa0) (* (- 2) xs1) (* (- 1) xa0)) (- 4)))
(assert (< (+ (* (- 3) xa0) (* (- 3) xa0) (* (- 3) xa1)) (- 2)))
(assert (not (<= (+ (* 1 xs1) (* (- 3) xs0)) 5)))
(assert (not (< (+ (* (- 1) xs1) (* (- 3) xb0)) 6)))
(assert (> (+ (* (- 1) xs1) (* 1 xb0) (* (- 3) xs0)) (- 2)))
(assert (= (+ (* 2 xs1) (* 3 xb1)) (- 2)))
(assert (not (> (+ (* (- 3) xb1) (* (- 1) xs0)) 4)))
(assert (> (+ (* (- 1) xb0) (* 1 xs0) (* 2 xb0)) (- 5)))
(assert (not (>= (* (- 1) xs0) (- 1))))`
	st := term.NewStore()
	script, err := smtlib.Parse("hidden.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	var fs []*term.Term
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			fs = append(fs, c.Term)
		}
	}
	A, B := fs[:3], fs[3:]
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	s := New(st, Options{})
	for _, a := range A {
		require.NoError(t, s.Assert(a))
	}
	r, err := s.Check(ctx, B...)
	require.NoError(t, err)
	require.Equal(t, Unsat, r)
	r, err = s.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, Sat, r, s.ReasonUnknown())
	require.Less(t, s.Stats().Branches+s.Stats().Cuts, uint64(1000))

	// The choice of B's literals the SAT solver walked on: every literal
	// but the last, which is negated (xs0 <= 1).
	s = New(st, Options{})
	for _, f := range append(append([]*term.Term{}, fs[:len(fs)-1]...), st.Not(fs[len(fs)-1])) {
		require.NoError(t, s.Assert(f))
	}
	r, err = s.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, Unsat, r, s.ReasonUnknown())
	require.Less(t, s.Stats().Branches+s.Stats().Cuts, uint64(1000))
}
