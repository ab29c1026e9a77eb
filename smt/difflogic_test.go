package smt_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// idlFormula draws a Boolean combination of difference atoms over n Int
// constants: x − y op c, x op c and x = y + c.
func idlFormula(st *term.Store, xs []*term.Term) *rapid.Generator[*term.Term] {
	atom := rapid.Custom(func(t *rapid.T) *term.Term {
		x := rapid.SampledFrom(xs).Draw(t, "x")
		y := rapid.SampledFrom(xs).Draw(t, "y")
		c := st.Int(rapid.Int64Range(-3, 3).Draw(t, "c"))
		l := st.Sub(x, y)
		if x == y || rapid.IntRange(0, 3).Draw(t, "bound") == 0 {
			l = x
		}
		switch rapid.IntRange(0, 4).Draw(t, "op") {
		case 0:
			return st.Le(l, c)
		case 1:
			return st.Lt(l, c)
		case 2:
			return st.Ge(l, c)
		case 3:
			return st.Gt(l, c)
		}
		return st.Eq(l, c)
	})
	var f func(t *rapid.T, depth int) *term.Term
	f = func(t *rapid.T, depth int) *term.Term {
		if depth == 0 || rapid.IntRange(0, 2).Draw(t, "leaf") == 0 {
			a := atom.Draw(t, "atom")
			if rapid.Bool().Draw(t, "neg") {
				return st.Not(a)
			}
			return a
		}
		n := rapid.IntRange(2, 3).Draw(t, "n")
		as := make([]*term.Term, n)
		for i := range as {
			as[i] = f(t, depth-1)
		}
		if rapid.Bool().Draw(t, "or") {
			return st.Or(as...)
		}
		return st.And(as...)
	}
	return rapid.Custom(func(t *rapid.T) *term.Term { return f(t, 3) })
}

// TestDiffLogicAgainstSimplex decides random difference-logic formulas,
// asserted in scopes and checked under assumptions, with difflogic and
// with the simplex: the same answers, each model checked (by Check and
// here), each core unsatisfiable with the assertions.
func TestDiffLogicAgainstSimplex(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		xs := make([]*term.Term, rapid.IntRange(2, 5).Draw(t, "vars"))
		for i := range xs {
			xs[i] = st.Const(fmt.Sprintf("x%d", i), term.IntSort)
		}
		gen := idlFormula(st, xs)
		proofs := rapid.Bool().Draw(t, "proofs")
		d := smt.New(st, smt.Options{Proofs: proofs})
		if rapid.Bool().Draw(t, "dense") {
			smt.DenseDiffLogicOf(d)
		}
		o := smt.New(st, smt.Options{})
		smt.NoDiffLogicOf(o)
		ctx := context.Background()
		for round := range rapid.IntRange(1, 4).Draw(t, "rounds") {
			if rapid.Bool().Draw(t, "push") {
				d.Push()
				o.Push()
			} else if d.NumScopes() > 0 && rapid.Bool().Draw(t, "pop") {
				require.NoError(t, d.Pop(1))
				require.NoError(t, o.Pop(1))
			}
			f := gen.Draw(t, "assertion")
			require.NoError(t, d.Assert(f))
			require.NoError(t, o.Assert(f))
			var as []*term.Term
			for range rapid.IntRange(0, 2).Draw(t, "assumptions") {
				as = append(as, gen.Draw(t, "assumption"))
			}
			got, err := d.Check(ctx, as...)
			require.NoError(t, err)
			want, err := o.Check(ctx, as...)
			require.NoError(t, err)
			script := fuzz.Script(st, append(d.Assertions(), as...)...)
			require.Equal(t, want, got, "round %d\n%s", round, script)
			require.True(t, smt.UsesDiffLogicOf(d), "difference logic not chosen\n%s", script)
			switch got {
			case smt.Sat:
				for _, a := range append(d.Assertions(), as...) {
					ok, err := d.Model().EvalBool(a)
					require.NoError(t, err)
					require.True(t, ok, "model violates %v\n%s", a, script)
				}
			case smt.Unsat:
				r, err := o.Check(ctx, d.UnsatCore()...)
				require.NoError(t, err)
				require.Equal(t, smt.Unsat, r, "core %v is satisfiable\n%s", d.UnsatCore(), script)
			}
		}
	})
}

// TestDiffLogicLeavesForSimplex adds a non-difference atom after a check
// in difference logic: the simplex takes over with the level-0 facts.
func TestDiffLogicLeavesForSimplex(t *testing.T) {
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	s := smt.New(st, smt.Options{})
	ctx := context.Background()
	require.NoError(t, s.Assert(st.Le(st.Sub(x, y), st.Int(-2))))
	require.NoError(t, s.Assert(st.Ge(x, st.Int(0))))
	r, err := s.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, smt.Sat, r)
	require.True(t, smt.UsesDiffLogicOf(s))
	require.NoError(t, s.Assert(st.Le(st.Add(x, y), st.Int(1))))
	r, err = s.Check(ctx)
	require.NoError(t, err)
	require.Equal(t, smt.Unsat, r) // y >= x+2 >= 2, x + y <= 1
	require.False(t, smt.UsesDiffLogicOf(s))
}

// TestDiffLogicSMTLIB decides small QF_IDL scripts in SMT-LIB text.
func TestDiffLogicSMTLIB(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"cycle", `(declare-fun x () Int) (declare-fun y () Int) (declare-fun z () Int)
			(assert (<= (- x y) 3)) (assert (or (<= (- y z) (- 5)) (>= (- z x) 7))) (assert (>= (- x z) 0))`, "unsat"},
		{"strict", `(declare-fun x () Int) (declare-fun y () Int)
			(assert (< x y)) (assert (< y (+ x 2))) (assert (not (= y (+ x 1))))`, "unsat"},
		{"bounds", `(declare-fun x () Int) (declare-fun y () Int)
			(assert (<= 0 x)) (assert (<= x 4)) (assert (distinct x y)) (assert (= (- x y) 0))`, "unsat"},
		{"schedule", `(declare-fun a () Int) (declare-fun b () Int) (declare-fun c () Int)
			(assert (>= a 0)) (assert (>= b 0)) (assert (>= c 0))
			(assert (or (>= (- a b) 3) (>= (- b a) 2))) (assert (or (>= (- b c) 2) (>= (- c b) 4)))
			(assert (or (>= (- a c) 3) (>= (- c a) 4))) (assert (<= a 5)) (assert (<= b 5)) (assert (<= c 5))`, "sat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := term.NewStore()
			script, err := smtlib.Parse("idl.smt2", strings.NewReader("(set-logic QF_IDL)"+tc.src), st)
			require.NoError(t, err)
			s := smt.New(st, smt.Options{Proofs: true})
			for _, c := range script.Commands {
				if c.Kind == smtlib.Assert {
					require.NoError(t, s.Assert(c.Term))
				}
			}
			r, err := s.Check(context.Background())
			require.NoError(t, err)
			require.True(t, smt.UsesDiffLogicOf(s))
			require.Equal(t, tc.want, r.String())
			if r == smt.Unsat {
				_, err := s.Refutation()
				require.NoError(t, err)
			}
		})
	}
}
