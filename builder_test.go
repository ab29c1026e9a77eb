package gospacer_test

import (
	"context"
	"go/parser"
	"go/token"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestBuilderErrors: what is not a Horn clause over the registered
// predicates is refused, naming the rule; the first error sticks (Err,
// System, and every later Rule or Query report it), so that a system
// never silently lacks a rule.
func TestBuilderErrors(t *testing.T) {
	for _, tc := range []struct {
		rule func(st *term.Store, p, q *term.Func, f *term.Func, x *term.Term) *term.Term
		msg  string
	}{
		{func(st *term.Store, p, q, f *term.Func, x *term.Term) *term.Term { return x }, "rule 2: not a Boolean formula"},
		{func(st *term.Store, p, q, f *term.Func, x *term.Term) *term.Term { return nil }, "rule 2: not a Boolean formula"},
		{func(st *term.Store, p, q, f *term.Func, x *term.Term) *term.Term {
			return st.Implies(st.Eq(st.Apply(f, x), st.Int(0)), st.Apply(p, x))
		}, "rule 2: uninterpreted function f: only predicates are supported in CHCs"},
		{func(st *term.Store, p, q, f *term.Func, x *term.Term) *term.Term {
			return st.Implies(st.Apply(q, x), st.Apply(p, x))
		}, "rule 2: q is not a registered predicate (Pred or Register makes one)"},
		{func(st *term.Store, p, q, f *term.Func, x *term.Term) *term.Term {
			return st.Or(st.Apply(p, x), st.Apply(p, st.Neg(x)))
		}, "rule 2: more than one positive predicate occurrence"},
		{func(st *term.Store, p, q, f *term.Func, x *term.Term) *term.Term { return term.NewStore().True() }, "rule 2: a formula of another store: build formulas with the Builder's Store"},
		{func(st *term.Store, p, q, f *term.Func, x *term.Term) *term.Term {
			return st.Apply(p, term.NewStore().Const("x", term.IntSort))
		}, "rule 2: x is a term of another store"},
	} {
		b := gospacer.NewBuilder(nil)
		st := b.Store()
		p := b.Pred("p", term.IntSort)
		x := st.Const("x", term.IntSort)
		f := st.Func("f", []*term.Sort{term.IntSort}, term.IntSort)
		q := st.Func("q", []*term.Sort{term.IntSort}, term.BoolSort) // not registered
		require.NoError(t, b.Rule(st.Implies(st.Eq(x, st.Int(0)), st.Apply(p, x))))
		require.NoError(t, b.Err())
		err := b.Rule(tc.rule(st, p, q, f, x))
		require.ErrorContains(t, err, "gospacer: "+tc.msg)
		require.Equal(t, err, b.Err(), "Err reports the failed rule")
		sys, serr := b.System()
		require.Nil(t, sys, "no system without the rejected rule")
		require.Equal(t, err, serr)
		require.Equal(t, err, b.Rule(st.Apply(p, st.Int(1))), "a later rule reports the first error")
		require.Equal(t, err, b.Query(st.Apply(p, st.Int(-1))), "a later query too")
	}

	// a failed query sticks as well
	b := gospacer.NewBuilder(nil)
	st := b.Store()
	p := b.Pred("p", term.IntSort)
	x := st.Const("x", term.IntSort)
	f := st.Func("f", []*term.Sort{term.IntSort}, term.IntSort)
	require.NoError(t, b.Rule(st.Implies(st.Eq(x, st.Int(0)), st.Apply(p, x))))
	require.NoError(t, b.Query(st.Apply(p, st.Int(-1))))
	sys, err := b.System()
	require.NoError(t, err)
	require.Len(t, sys.Clauses, 2)
	require.Equal(t, "query 2", sys.Clauses[1].Origin)
	require.EqualError(t, b.Query(st.Apply(f, x)), "gospacer: query 3: not a Boolean formula")
	require.EqualError(t, b.Err(), "gospacer: query 3: not a Boolean formula")
	_, err = b.System()
	require.EqualError(t, err, "gospacer: query 3: not a Boolean formula")
	require.Len(t, sys.Clauses, 2, "a system returned before the error is unchanged")

	// an unsupported sort sticks too
	b2 := gospacer.NewBuilder(nil)
	b2.Pred("r", b2.Store().UninterpretedSort("U"))
	require.ErrorContains(t, b2.Err(), "predicate r: sort U is not supported")
	_, err = b2.System()
	require.ErrorContains(t, err, "sort U is not supported")
	require.ErrorContains(t, b2.Rule(b2.Store().True()), "sort U is not supported")

	// a Fixedpoint, as z3's, stays usable after a rejected rule
	fp := gospacer.NewFixedpoint(nil)
	fst := fp.Store()
	inv := fp.Pred("inv", term.IntSort)
	y := fst.Const("y", term.IntSort)
	require.Error(t, fp.AddRule(y))
	require.NoError(t, fp.AddRule(fst.Apply(inv, fst.Int(0))))
	res, err := fp.Query(context.Background(), fst.Apply(inv, fst.Int(0)))
	require.NoError(t, err)
	require.Equal(t, "sat", res.String(), "%v", res.Reason)
}

// TestBuilderShapes: 0-ary predicates, a quantifier of the rule's own
// whose variable has the name of a free constant, snapshots that later
// rules do not change, and answers that agree with the same system
// written in SMT-LIB.
func TestBuilderShapes(t *testing.T) {
	b := gospacer.NewBuilder(nil)
	st := b.Store()
	inv := b.Pred("inv", term.IntSort)
	bad := b.Pred("bad")
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	bx := st.BoundVar("x", term.IntSort)
	require.NoError(t, b.Rule(st.Apply(inv, st.Int(0))))
	// ∀x'. inv(x') ∧ x' < y ∧ y = x' + 2 ⇒ inv(y), written with a bound x
	// beside the free y, and a free x nowhere near it
	require.NoError(t, b.Rule(st.Forall([]*term.Term{bx},
		st.Implies(st.And(st.Apply(inv, bx), st.Eq(y, st.Add(bx, st.Int(2)))), st.Apply(inv, y)))))
	require.NoError(t, b.Rule(st.Implies(st.And(st.Apply(inv, x), st.Eq(st.Mod(x, st.Int(2)), st.Int(1))), st.ConstOf(bad))))
	safe, err := b.System()
	require.NoError(t, err)
	require.NoError(t, b.Query(st.ConstOf(bad)))
	withQuery, err := b.System()
	require.NoError(t, err)
	require.Len(t, safe.Clauses, 3)
	require.Len(t, withQuery.Clauses, 4)

	ctx := context.Background()
	res, err := gospacer.Solve(ctx, withQuery, gospacer.WithTimeout(20*time.Second))
	require.NoError(t, err)
	require.Equal(t, "sat", res.String(), "%v", res.Reason)

	// x odd is reachable once inv steps by 1
	require.NoError(t, b.Rule(st.Implies(st.And(st.Apply(inv, x), st.Eq(y, st.Add(x, st.Int(1)))), st.Apply(inv, y))))
	more, err := b.System()
	require.NoError(t, err)
	res, err = gospacer.Solve(ctx, more, gospacer.WithTimeout(20*time.Second))
	require.NoError(t, err)
	require.Equal(t, "unsat", res.String(), "%v", res.Reason)
	require.Len(t, withQuery.Clauses, 4, "an earlier system changed")
}

// TestPackageDocSnippets: go doc of the package shows a Builder whose
// error is checked and a Fixedpoint at work.
func TestPackageDocSnippets(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	require.NoError(t, err)
	text := f.Doc.Text()
	require.Regexp(t, `sys, err := b\.System\(\)[^\n]*\n\s*if err != nil`, text, "the Builder snippet checks the error")
	for _, code := range []string{"gospacer.NewFixedpoint(", "fp.AddRule(", "fp.Query(ctx", "fp.Cover("} {
		require.Contains(t, text, code)
	}
}
