package gospacer_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/seed-f9c3434d/gospacer"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestBuilderErrors: what is not a Horn clause over the registered
// predicates is refused, naming the rule, and leaves the Builder as it
// was.
func TestBuilderErrors(t *testing.T) {
	b := gospacer.NewBuilder(nil)
	st := b.Store()
	p := b.Pred("p", term.IntSort)
	x := st.Const("x", term.IntSort)
	f := st.Func("f", []*term.Sort{term.IntSort}, term.IntSort)
	q := st.Func("q", []*term.Sort{term.IntSort}, term.BoolSort) // not registered
	require.NoError(t, b.Rule(st.Implies(st.Eq(x, st.Int(0)), st.Apply(p, x))))
	for _, tc := range []struct {
		rule *term.Term
		msg  string
	}{
		{x, "rule 2: not a Boolean formula"},
		{nil, "rule 2: not a Boolean formula"},
		{st.Implies(st.Eq(st.Apply(f, x), st.Int(0)), st.Apply(p, x)), "rule 2: uninterpreted function f: only predicates are supported in CHCs"},
		{st.Implies(st.Apply(q, x), st.Apply(p, x)), "rule 2: q is not a registered predicate (Pred or Register makes one)"},
		{st.Or(st.Apply(p, x), st.Apply(p, st.Neg(x))), "rule 2: more than one positive predicate occurrence"},
		{term.NewStore().True(), "rule 2: a formula of another store: build formulas with the Builder's Store"},
		{st.Apply(p, term.NewStore().Const("x", term.IntSort)), "rule 2: x is a term of another store"},
	} {
		require.ErrorContains(t, b.Rule(tc.rule), "gospacer: "+tc.msg)
	}
	sys, err := b.System()
	require.NoError(t, err)
	require.Len(t, sys.Clauses, 1)
	require.EqualError(t, b.Query(st.Apply(f, x)), "gospacer: query 2: not a Boolean formula")
	require.NoError(t, b.Query(st.Apply(p, st.Int(-1))))
	sys, err = b.System()
	require.NoError(t, err)
	require.Len(t, sys.Clauses, 2)
	require.Equal(t, "query 2", sys.Clauses[1].Origin)

	// an unsupported sort sticks until the next call
	b2 := gospacer.NewBuilder(nil)
	b2.Pred("r", b2.Store().UninterpretedSort("U"))
	require.ErrorContains(t, b2.Err(), "predicate r: sort U is not supported")
	_, err = b2.System()
	require.ErrorContains(t, err, "sort U is not supported")
	require.ErrorContains(t, b2.Rule(b2.Store().True()), "sort U is not supported")
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
