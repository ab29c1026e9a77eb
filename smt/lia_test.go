package smt_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// solveScript is checkScript (euf_test.go), which also checks every Sat
// model, plus a check of every cut lemma's proof.
func solveScript(t *testing.T, text string) (smt.Result, *smt.Solver) {
	t.Helper()
	r, s, _ := checkScript(t, text)
	require.NoError(t, smt.VerifyCutsOf(s))
	return r, s
}

const decls = `
(declare-fun x () Int) (declare-fun y () Int) (declare-fun z () Int)
(declare-fun a () Int) (declare-fun b () Int)
(declare-fun r () Real) (declare-fun q () Real)
(declare-fun p () Bool)
`

func TestLIATable(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       smt.Result
	}{
		// tightening and gcd normalization
		{"strict", `(assert (< 2 x)) (assert (< x 3))`, smt.Unsat},
		{"strict-sat", `(assert (< 2 x)) (assert (< x 4))`, smt.Sat},
		{"gcd-le", `(assert (<= (* 2 x) 5)) (assert (>= (* 2 x) 5))`, smt.Unsat},
		{"gcd-eq", `(assert (= (+ (* 2 x) (* 4 y)) 5))`, smt.Unsat},
		{"gcd-eq-sat", `(assert (= (+ (* 2 x) (* 4 y)) 6))`, smt.Sat},
		{"real-bound", `(assert (< 1.5 (to_real x))) (assert (< (to_real x) 2.5))`, smt.Sat},
		{"real-bound-unsat", `(assert (< 1.2 (to_real x))) (assert (< (to_real x) 1.8))`, smt.Unsat},
		// Diophantine: no bounds at all
		{"parity", `(assert (= x (* 2 a))) (assert (= x (+ (* 2 b) 1)))`, smt.Unsat},
		{"mod3", `(assert (= (+ (* 3 x) (* 6 y)) (+ (* 9 z) 1)))`, smt.Unsat},
		{"dioph-sat", `(assert (= (+ (* 3 x) (* 5 y)) 1)) (assert (> x 10))`, smt.Sat},
		{"dioph-two", `(assert (= (+ (* 3 x) (* 5 y) (* 7 z)) 2)) (assert (= (- (* 2 x) y) 3)) (assert (> z 100))`, smt.Sat},
		{"branching", `(assert (<= 1 (- (* 3 x) (* 3 y)))) (assert (<= (- (* 3 x) (* 3 y)) 2))`, smt.Unsat},
		{"cube", `(assert (and (<= 0 x) (<= x 1) (<= 0 y) (<= y 1) (<= 0 z) (<= z 1)))
			(assert (= (+ (* 2 x) (* 2 y) (* 2 z)) 3))`, smt.Unsat},
		{"knapsack", `(assert (and (<= 0 x) (<= 0 y) (<= 0 z)))
			(assert (= (+ (* 6 x) (* 10 y) (* 15 z)) 29))`, smt.Unsat},
		{"knapsack-sat", `(assert (and (<= 0 x) (<= 0 y) (<= 0 z)))
			(assert (= (+ (* 6 x) (* 10 y) (* 15 z)) 31))`, smt.Sat},
		{"rhombus", `(assert (<= 1 (- (* 7 x) (* 5 y)))) (assert (<= (- (* 7 x) (* 5 y)) 1))
			(assert (<= 0 (- (* 3 x) (* 2 y)))) (assert (<= (- (* 3 x) (* 2 y)) 0))`, smt.Sat},
		// mixed
		{"mixed", `(assert (= (+ (to_real x) r) 2.5)) (assert (< 0.0 r)) (assert (< r 1.0))`, smt.Sat},
		{"mixed-unsat", `(assert (= (+ (* 2.0 (to_real x)) r) 2.5)) (assert (< 0.6 r)) (assert (< r 0.4))`, smt.Unsat},
		{"mixed-frac", `(assert (= (+ (* 2.0 (to_real x)) r) 3.5)) (assert (<= 0.0 r)) (assert (< r 1.0))`, smt.Unsat},
		{"mixed-frac-sat", `(assert (= (+ (* 2.0 (to_real x)) r) 3.5)) (assert (<= 0.0 r)) (assert (< r 2.0))`, smt.Sat},
		{"mixed-frac-unsat", `(assert (= (* 2.0 (to_real x)) (+ r 1.0))) (assert (< 0.5 r)) (assert (< r 1.0))`, smt.Unsat},
		// div, mod, abs
		{"div", `(assert (= (div x 3) 2)) (assert (= (mod x 3) 2))`, smt.Sat},
		{"div-unsat", `(assert (= (div x 3) 2)) (assert (> x 8))`, smt.Unsat},
		{"div-neg", `(assert (= (div x (- 3)) 2)) (assert (= (mod x (- 3)) 1))`, smt.Sat},
		{"div-neg-val", `(assert (= x (- 7))) (assert (not (= (div x 2) (- 4))))`, smt.Unsat},
		{"mod-range", `(assert (> (mod x 5) 4))`, smt.Unsat},
		{"mod-even", `(assert (= (mod (* 2 x) 2) 1))`, smt.Unsat},
		{"mod-sum", `(assert (= (mod (+ x y) 2) 1)) (assert (= (mod x 2) 0)) (assert (= (mod y 2) 0))`, smt.Unsat},
		{"nested-div", `(assert (= (div (div x 2) 3) 1)) (assert (< x 6))`, smt.Unsat},
		{"abs", `(assert (= (abs x) 3)) (assert (< x 0))`, smt.Sat},
		{"abs-unsat", `(assert (< (abs x) 0))`, smt.Unsat},
		{"abs-real", `(assert (= (abs r) 2.5)) (assert (> r 0.0)) (assert (< r 2.0))`, smt.Unsat},
		{"ite", `(assert (= y (ite p (* 2 x) (+ (* 2 x) 1)))) (assert (= y 7)) (assert p)`, smt.Unsat},
		// to_int, is_int
		{"to_int", `(assert (= (to_int r) 2)) (assert (< r 2.0))`, smt.Unsat},
		{"to_int-neg", `(assert (= (to_int r) (- 2))) (assert (= r (- 1.5)))`, smt.Sat},
		{"is_int", `(assert (is_int r)) (assert (< 1.0 r)) (assert (< r 2.0))`, smt.Unsat},
		{"is_int-sat", `(assert (not (is_int r))) (assert (< 1.0 r)) (assert (< r 2.0))`, smt.Sat},
		{"is_int-half", `(assert (is_int (* 2.0 r))) (assert (< 1.0 r)) (assert (< r 2.0))`, smt.Sat},
		// division by zero is a function of the dividend
		{"div0", `(assert (= (div x 0) 5)) (assert (= (div y 0) 6))`, smt.Sat},
		{"div0-congruence", `(assert (= x y)) (assert (= (div x 0) 5)) (assert (= (div y 0) 6))`, smt.Unsat},
		{"mod0", `(assert (= (mod x 0) 5)) (assert (= (div x 0) 6))`, smt.Sat},
		{"real-div0", `(assert (= (/ r 0.0) 1.5)) (assert (= (/ q 0.0) 2.5)) (assert (= r q))`, smt.Unsat},
		{"nested-div0", `(assert (= (div (div x 0) 0) 3)) (assert (= (div x 0) 2)) (assert (= (div 2 0) 4))`, smt.Unsat},
		{"nested-div0-sat", `(assert (= (div (div x 0) 0) 3)) (assert (= (div x 0) 2)) (assert (= (div 2 0) 3))`, smt.Sat},
		// Boolean structure
		{"bool", `(assert (or (and p (= x 3)) (and (not p) (= x 4)))) (assert (= (mod x 2) 1)) (assert (not p))`, smt.Unsat},
		{"distinct", `(assert (and (<= 0 x) (<= x 1) (<= 0 y) (<= y 1) (<= 0 z) (<= z 1))) (assert (distinct x y z))`, smt.Unsat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, s := solveScript(t, decls+tc.body)
			require.Equal(t, tc.want, got, s.ReasonUnknown())
		})
	}
}

func TestLIAUnsupported(t *testing.T) {
	for _, body := range []string{
		`(assert (= (div x y) 1))`,
		`(assert (= (mod x y) 1))`,
		`(assert (= (* x y) 1))`,
		`(assert (= (/ r q) 1.0))`,
	} {
		st := term.NewStore()
		script, err := smtlib.Parse("test.smt2", strings.NewReader(decls+body), st)
		require.NoError(t, err)
		s := smt.New(st, smt.Options{})
		var last error
		for _, c := range script.Commands {
			if c.Kind == smtlib.Assert {
				last = s.Assert(c.Term)
			}
		}
		var u *smt.UnsupportedError
		require.ErrorAs(t, last, &u, body)
	}
}

// TestLIAIncremental checks that integer bounds, branches and cuts behave
// across scopes and assumptions.
func TestLIAIncremental(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	y := st.Const("y", term.IntSort)
	s := smt.New(st, smt.Options{})
	two, three := st.Int(2), st.Int(3)
	require.NoError(t, s.Assert(st.Eq(st.Add(st.Mul(three, x), st.Mul(two, y)), st.Int(7))))
	ctx := context.Background()
	r, err := s.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	s.Push()
	require.NoError(t, s.Assert(st.Eq(st.Mod(x, two), st.Int(0))))
	r, err = s.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	require.NoError(t, s.Pop(1))
	odd := st.Eq(st.Mod(x, two), st.Int(1))
	r, err = s.Check(ctx, odd, st.Gt(x, st.Int(100)))
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	r, err = s.Check(ctx, st.Not(odd))
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r)
	require.Len(t, s.UnsatCore(), 1)
	require.NoError(t, smt.VerifyCutsOf(s))
}

// TestLIAAtomSharing: integer comparisons that are equivalent over the
// integers share one atom (tightening and gcd normalization).
func TestLIAAtomSharing(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	y := st.Const("y", term.IntSort)
	s := smt.New(st, smt.Options{})
	n := func(k int64) *term.Term { return st.Int(k) }
	require.NoError(t, s.Assert(st.Or(st.Lt(x, n(3)), st.Le(st.Add(x, y), n(10)))))
	atoms := s.Stats().Atoms
	for _, f := range []*term.Term{
		st.Le(x, n(2)),                                         // x < 3
		st.Le(st.Mul(n(2), x), n(5)),                           // 2x <= 5
		st.Ge(x, n(3)),                                         // not x <= 2
		st.Gt(st.Mul(n(3), x), n(7)),                           // 3x > 7: x >= 3
		st.Lt(st.Real(num.NewRat(5, 2)), st.ToReal(x)),         // 2.5 < x: x >= 3
		st.Le(st.Add(st.Mul(n(2), x), st.Mul(n(2), y)), n(21)), // x + y <= 10
		st.Ge(st.Neg(st.Add(x, y)), n(-10)),                    // -(x+y) >= -10: x + y <= 10
	} {
		require.NoError(t, s.Assert(st.Or(f, st.Const("p", term.BoolSort))))
		require.Equal(t, atoms, s.Stats().Atoms, "%v made a new atom", f)
	}
}
