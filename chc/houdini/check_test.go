package houdini_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// linLiteral draws a literal over x, y, z: a comparison of a small
// linear form with a numeral, maybe negated.
func linLiteral(t *rapid.T, label string) string {
	vars := []string{"x", "y", "z"}
	var sum []string
	for _, v := range vars {
		switch rapid.IntRange(0, 3).Draw(t, label+"coef"+v) {
		case 1:
			sum = append(sum, v)
		case 2:
			sum = append(sum, "(* (- 1) "+v+")")
		case 3:
			sum = append(sum, "(* 2 "+v+")")
		}
	}
	if len(sum) == 0 {
		sum = []string{"x"}
	}
	lhs := sum[0]
	if len(sum) > 1 {
		lhs = "(+ " + strings.Join(sum, " ") + ")"
	}
	op := rapid.SampledFrom([]string{"<=", ">=", "<", ">", "="}).Draw(t, label+"op")
	lit := fmt.Sprintf("(%s %s %s)", op, lhs, numeral(rapid.IntRange(-3, 3).Draw(t, label+"c")))
	if rapid.Bool().Draw(t, label+"neg") {
		lit = "(not " + lit + ")"
	}
	return lit
}

// kindFact draws a system like kind2's: a fact whose constraint is a
// few literals over x, y, z (b, the init flag, guards some of them),
// a step of the loop that moves the three, and a query.
func kindFact(t *rapid.T) string {
	var b strings.Builder
	b.WriteString("(set-logic HORN)\n(declare-fun p (Int Int Int Bool) Bool)\n")
	var lits []string
	for i := range rapid.IntRange(1, 5).Draw(t, "lits") {
		l := linLiteral(t, fmt.Sprint("f", i))
		if rapid.Bool().Draw(t, fmt.Sprint("guarded", i)) {
			l = "(or b " + l + ")"
		}
		lits = append(lits, l)
	}
	fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (z Int) (b Bool)) (=> (and %s) (p x y z b))))\n", strings.Join(lits, " "))
	dx, dy := rapid.IntRange(-1, 1).Draw(t, "dx"), rapid.IntRange(-1, 2).Draw(t, "dy")
	fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (z Int) (b Bool)) (=> (and (p x y z b) %s) (p (+ x %s) (+ y %s) z false))))\n", linLiteral(t, "g"), numeral(dx), numeral(dy))
	fmt.Fprintf(&b, "(assert (forall ((x Int) (y Int) (z Int) (b Bool)) (=> (and (p x y z b) %s) false)))\n", linLiteral(t, "q"))
	return b.String()
}

// TestGroupChecksKeepSubset checks that the group checks of fact
// clauses and the clauses held syntactically keep what Houdini keeps
// without them (Plain), an inductive subset (checked by solvers of the
// test's own), and that they spare checks on some systems.
func TestGroupChecksKeepSubset(t *testing.T) {
	fewer := keepsTheSubset(t, kindFact, houdini.Plain)
	require.Positive(t, fewer, "the group checks never spared a check")
}

// TestImpliedAgreesWithSolver checks the syntactic decisions of the
// group checks against a solver on random literals over x, y, z: a
// candidate the conjuncts imply (ImpliedBy) is one the solver finds
// implied, and two candidates whose negations contradict each other
// (Compatible leaves the second out) are ones whose negations the
// solver finds unsatisfiable together. Each decision is also asserted
// on a fixed case.
func TestImpliedAgreesWithSolver(t *testing.T) {
	ctx := context.Background()
	var implied, apart int
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		x, y, z := st.Const("x", term.IntSort), st.Const("y", term.IntSort), st.Const("z", term.IntSort)
		parse := func(src string) *term.Term {
			sys := fmt.Sprintf("(set-logic HORN)\n(declare-fun p (Int Int Int) Bool)\n(assert (forall ((x Int) (y Int) (z Int)) (=> %s (p x y z))))\n", src)
			s, _, err := readSystem(st, sys)
			require.NoError(t, err)
			c := s.Clauses[0]
			return st.Substitute(c.Constraint, c.Head.Args, []*term.Term{x, y, z})
		}
		var conj []*term.Term
		for i := range rapid.IntRange(1, 4).Draw(t, "conj") {
			conj = append(conj, parse(linLiteral(t, fmt.Sprint("c", i))))
		}
		f := st.And(conj...)
		var heads []*term.Term
		for i := range rapid.IntRange(1, 4).Draw(t, "heads") {
			heads = append(heads, st.Simplify(parse(linLiteral(t, fmt.Sprint("h", i)))))
		}
		unsat := func(fs ...*term.Term) bool {
			sv := smt.New(st, smt.Options{})
			for _, g := range fs {
				require.NoError(t, sv.Assert(g))
			}
			res, err := sv.Check(ctx)
			require.NoError(t, err)
			return res == smt.Unsat
		}
		for k, is := range houdini.ImpliedBy(st, f, heads) {
			if is {
				implied++
				require.True(t, unsat(f, st.Not(heads[k])), "%s said implied by %s", heads[k], f)
			}
		}
		in := houdini.Compatible(st, heads)
		for k, ok := range in {
			if ok {
				continue
			}
			apart++
			// some candidate before it, in the group, contradicts it
			var before []*term.Term
			for j := range k {
				if in[j] {
					before = append(before, st.Not(heads[j]))
				}
			}
			require.True(t, unsat(append(before, st.Not(heads[k]))...), "%s said to contradict %v", heads[k], before)
		}
	})
	t.Logf("%d candidates found implied, %d left out", implied, apart)

	// Each decision is made where it must be (random draws may miss one).
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	f := st.And(st.Ge(st.Sub(x, y), st.Int(1)), st.Le(y, st.Int(3)))
	heads := []*term.Term{st.Simplify(st.Ge(st.Sub(x, y), st.Int(0))), st.Simplify(st.Le(y, st.Int(2)))}
	require.Equal(t, []bool{true, false}, houdini.ImpliedBy(st, f, heads), "x - y >= 1 implies x - y >= 0, y <= 3 does not imply y <= 2")
	heads = []*term.Term{st.Simplify(st.Le(x, st.Int(0))), st.Simplify(st.Ge(x, st.Int(0))), st.Simplify(st.Le(y, st.Int(0)))}
	require.Equal(t, []bool{true, false, true}, houdini.Compatible(st, heads), "not (x <= 0) and not (x >= 0) contradict each other")
}

func readSystem(st *term.Store, src string) (*chc.System, *smtlib.Script, error) {
	return chc.Read("lits.smt2", strings.NewReader(src), st)
}

// numeral is n in SMT-LIB.
func numeral(n int) string {
	if n < 0 {
		return fmt.Sprintf("(- %d)", -n)
	}
	return fmt.Sprint(n)
}
