package gospacer_test

import (
	"context"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// counterFP has inv(x, y, z): x and y step together from 0 while z counts
// down from 10.
type counterFP struct {
	fp      *gospacer.Fixedpoint
	st      *term.Store
	inv     *term.Func
	x, y, z *term.Term
}

func newCounterFP(t *testing.T, options ...gospacer.Option) *counterFP {
	fp := gospacer.NewFixedpoint(nil, options...)
	st := fp.Store()
	c := &counterFP{fp: fp, st: st, inv: fp.Pred("inv", term.IntSort, term.IntSort, term.IntSort)}
	c.x, c.y, c.z = st.Const("x", term.IntSort), st.Const("y", term.IntSort), st.Const("z", term.IntSort)
	require.NoError(t, fp.AddRule(st.Apply(c.inv, st.Int(0), st.Int(0), st.Int(10))))
	require.NoError(t, fp.AddRule(st.Implies(st.And(c.atom(), st.Gt(c.z, st.Int(0))),
		st.Apply(c.inv, st.Add(c.x, st.Int(1)), st.Add(c.y, st.Int(1)), st.Sub(c.z, st.Int(1))))))
	return c
}

func (c *counterFP) atom() *term.Term { return c.st.Apply(c.inv, c.x, c.y, c.z) }

func (c *counterFP) query(t *testing.T, q *term.Term, want string) gospacer.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := c.fp.Query(ctx, c.st.And(c.atom(), q))
	require.NoError(t, err)
	require.Equal(t, want, res.String(), "%v", res.Reason)
	return res
}

func smtChecks(res gospacer.Result) int {
	for _, s := range res.Stats {
		if s.Name == "spacer.smt-checks" {
			return s.Value.(int)
		}
	}
	return -1
}

// TestFixedpointReuse: asking again, or asking something the lemmas
// already block, costs fewer solver checks than the first time.
func TestFixedpointReuse(t *testing.T) {
	c := newCounterFP(t)
	st := c.st
	first := c.query(t, st.Not(st.Eq(c.x, c.y)), "unsat")
	require.NotEmpty(t, c.fp.Lemmas())
	again := c.query(t, st.Not(st.Eq(c.x, c.y)), "unsat")
	require.Less(t, smtChecks(again), smtChecks(first))
	t.Logf("smt checks: first %d, again %d", smtChecks(first), smtChecks(again))

	f := newCounterFP(t)
	alone := f.query(t, f.st.Gt(f.x, f.st.Add(f.y, f.st.Int(3))), "unsat")
	after := c.query(t, st.Gt(c.x, st.Add(c.y, st.Int(3))), "unsat")
	require.LessOrEqual(t, smtChecks(after), smtChecks(alone))
	t.Logf("smt checks for x > y + 3: alone %d, after x != y %d", smtChecks(alone), smtChecks(after))

	res := c.query(t, st.Eq(c.x, st.Int(10)), "sat")
	require.NoError(t, witness.CheckResult(context.Background(), res.System, res.Result))
	c.query(t, st.Eq(c.x, st.Int(11)), "unsat")
}

// TestFixedpointAddRule: a new rule drops the learned lemmas: the query
// they blocked becomes reachable.
func TestFixedpointAddRule(t *testing.T) {
	c := newCounterFP(t)
	st := c.st
	c.query(t, st.Lt(c.z, st.Int(0)), "unsat")
	cover, err := c.fp.Cover(0, c.atom())
	require.NoError(t, err)
	require.False(t, cover.IsTrue())
	require.NoError(t, c.fp.AddRule(st.Implies(st.And(c.atom(), st.Eq(c.z, st.Int(0))),
		st.Apply(c.inv, c.x, c.y, st.Int(-1)))))
	require.Empty(t, c.fp.Lemmas())
	c.query(t, st.Lt(c.z, st.Int(0)), "sat")
}

// TestFixedpointCovers: a true cover is used and reported; a wrong one
// costs time, never the answer, and is dropped.
func TestFixedpointCovers(t *testing.T) {
	c := newCounterFP(t)
	st := c.st
	require.NoError(t, c.fp.AddCover(gospacer.Inductive, c.atom(), st.Eq(c.x, c.y)))
	res := c.query(t, st.Not(st.Eq(c.x, c.y)), "unsat")
	p := newCounterFP(t)
	plain := p.query(t, p.st.Not(p.st.Eq(p.x, p.y)), "unsat")
	require.Less(t, smtChecks(res), smtChecks(plain))
	cover, err := c.fp.Cover(gospacer.Inductive, c.atom())
	require.NoError(t, err)
	require.Contains(t, cover.String(), "(= (+ x (* (- 1) y)) 0)")

	w := newCounterFP(t)
	require.NoError(t, w.fp.AddCover(gospacer.Inductive, w.atom(), w.st.Le(w.z, w.st.Int(5))))
	w.query(t, w.st.Eq(w.z, w.st.Int(7)), "sat")
	for _, lm := range w.fp.Lemmas() {
		require.NotContains(t, lm.Formula.String(), "5", "the wrong cover was kept")
	}
}

// TestFixedpointErrors: malformed calls are errors.
func TestFixedpointErrors(t *testing.T) {
	c := newCounterFP(t)
	st := c.st
	ctx := context.Background()
	other := st.Func("other", []*term.Sort{term.IntSort}, term.BoolSort)
	for _, err := range []error{
		c.fp.AddCover(gospacer.Inductive, st.Apply(other, c.x), st.True()),
		c.fp.AddCover(gospacer.Inductive, st.Apply(c.inv, c.x, c.x, c.z), st.True()),
		c.fp.AddCover(gospacer.Inductive, st.Apply(c.inv, c.x, st.Int(1), c.z), st.True()),
		c.fp.AddCover(gospacer.Inductive, c.atom(), st.Gt(st.Const("w", term.IntSort), c.x)),
		c.fp.AddCover(-3, c.atom(), st.True()),
		c.fp.AddCover(0, c.atom(), c.x),
		c.fp.AddRule(st.Apply(other, c.x)),
		c.fp.AddCover(0, c.atom(), term.NewStore().True()),
	} {
		require.Error(t, err)
	}
	_, err := c.fp.Query(ctx, c.x)
	require.Error(t, err)
	_, err = c.fp.Cover(0, c.x)
	require.Error(t, err)
	require.Nil(t, c.fp.Params(other))
	require.Len(t, c.fp.Params(c.inv), 3)

	bmc := gospacer.NewFixedpoint(nil, gospacer.WithEngine("bmc"))
	_, err = bmc.Query(ctx, bmc.Store().True())
	require.ErrorContains(t, err, "a Fixedpoint runs Spacer")
	bad := gospacer.NewFixedpoint(nil, gospacer.WithParam("spacer.nope", "1"))
	_, err = bad.Query(ctx, bad.Store().True())
	require.ErrorContains(t, err, "unknown parameter")
}

// TestFixedpointTimeout: a query that runs out of time answers unknown
// with ErrTimeout, in time, and the next query still works. The first
// query, 10^9+1 on a loop that steps by 4, is out of Spacer's reach (it
// blocks the values one at a time); the second takes milliseconds (the
// deadline is 100 times that).
func TestFixedpointTimeout(t *testing.T) {
	fp := gospacer.NewFixedpoint(nil, gospacer.WithTimeout(3*time.Second))
	st := fp.Store()
	inv := fp.Pred("inv", term.IntSort)
	x := st.Const("x", term.IntSort)
	require.NoError(t, fp.AddRule(st.Apply(inv, st.Int(0))))
	require.NoError(t, fp.AddRule(st.Implies(st.Apply(inv, x), st.Apply(inv, st.Add(x, st.Int(4))))))
	start := time.Now()
	res, err := fp.Query(context.Background(), st.Apply(inv, st.Int(1000000001)))
	require.NoError(t, err)
	require.Equal(t, "unknown", res.String())
	require.ErrorIs(t, res.Reason, gospacer.ErrTimeout)
	require.Less(t, time.Since(start), 30*time.Second)
	res, err = fp.Query(context.Background(), st.Apply(inv, st.Int(12)))
	require.NoError(t, err)
	require.Equal(t, "sat", res.String(), "%v", res.Reason)
}

// TestFixedpointLemmaNames: the lemmas are over the caller's names of the
// parameters (those of the first rule that applies the predicate to
// distinct constants), as Cover's are over the atom's, and they agree
// with Cover.
func TestFixedpointLemmaNames(t *testing.T) {
	c := newCounterFP(t)
	st := c.st
	c.query(t, st.Not(st.Eq(c.x, c.y)), "unsat")
	require.Equal(t, []*term.Term{c.x, c.y, c.z}, c.fp.Params(c.inv))
	lemmas := c.fp.Lemmas()
	require.NotEmpty(t, lemmas)
	var inductive []*term.Term
	for _, lm := range lemmas {
		for _, v := range term.FreeConsts(lm.Formula) {
			require.Contains(t, []string{"x", "y", "z"}, v.Name(), "lemma %s", lm.Formula)
		}
		require.NotContains(t, lm.Formula.String(), "!", "no internal name in %s", lm.Formula)
		if lm.Level == gospacer.Inductive {
			inductive = append(inductive, lm.Formula)
		}
	}
	cover, err := c.fp.Cover(gospacer.Inductive, c.atom())
	require.NoError(t, err)
	require.Equal(t, st.Simplify(st.And(append(inductive, st.True())...)), cover, "Cover over the same names is the conjunction of the inductive lemmas")
	a, b, d := st.Const("a", term.IntSort), st.Const("b", term.IntSort), st.Const("d", term.IntSort)
	renamed, err := c.fp.Cover(gospacer.Inductive, st.Apply(c.inv, a, b, d))
	require.NoError(t, err)
	require.Equal(t, st.Simplify(st.Substitute(cover, []*term.Term{c.x, c.y, c.z}, []*term.Term{a, b, d})), renamed)

	// a predicate no rule applies to constants keeps internal names
	fp := gospacer.NewFixedpoint(nil)
	p := fp.Pred("p", term.IntSort)
	require.NoError(t, fp.AddRule(fp.Store().Apply(p, fp.Store().Int(0))))
	require.Len(t, fp.Params(p), 1)
}
