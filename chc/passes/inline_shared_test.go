package passes_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/engines/bmc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestInlineSharedVariable: Inline and InlineIntoQueries let the clause
// they merge into keep a defining clause's own variables when that clause
// is merged once; a variable the two clauses share (no reader makes
// such clauses, a caller of the passes may) must still be renamed apart.
// Q is inlined into the query, one of whose variables is made Q's
// defining clause's y. Taken as one variable with it, the merged query
// would ask y + 1 = 5 and y = 7 at once (Inline), or y = y + 1
// (InlineIntoQueries, whose queries mention their atom's arguments only:
// the query's x is made y), and the system, unsat, would lose its
// derivation.
func TestInlineSharedVariable(t *testing.T) {
	const decls = `(set-logic HORN)
(declare-fun Q (Int) Bool) (declare-fun R (Int) Bool)
(assert (forall ((z Int)) (=> (or (= z 4) (= z 7)) (R z))))
(assert (forall ((z Int)) (=> (and (R z) (< z 0)) (R (- z 1)))))
(assert (forall ((y Int) (x Int)) (=> (and (R y) (= x (+ y 1))) (Q x))))`
	for _, tc := range []struct {
		pass   passes.Pass
		query  string
		shared string // the query's variable made d's y
	}{
		{passes.Inline{}, `(assert (forall ((x Int) (y Int)) (=> (and (Q x) (R y) (= x 5) (= y 7)) false)))`, "y"},
		{passes.InlineIntoQueries{}, `(assert (forall ((x Int)) (=> (and (Q x) (= x 5)) false)))`, "x"},
	} {
		pass := tc.pass
		t.Run(pass.Name(), func(t *testing.T) {
			s, _, err := chc.Read("test.smt2", strings.NewReader(decls+tc.query), term.NewStore())
			require.NoError(t, err)
			var d, c *chc.Clause
			for _, cl := range s.Clauses {
				switch {
				case cl.Head != nil && cl.Head.Pred.Name() == "Q":
					d = cl
				case cl.Head == nil:
					c = cl
				}
			}
			require.NotNil(t, d)
			require.NotNil(t, c)
			// c's y becomes d's y
			dy := d.Body[0].Args[0]
			var cy *term.Term
			for _, x := range c.Vars {
				if strings.HasPrefix(x.Name(), tc.shared) {
					cy = x
				}
			}
			require.NotNil(t, cy, "the query's %s in %v", tc.shared, c.Vars)
			require.NotSame(t, dy, cy)
			st := s.St
			swap := func(x *term.Term) *term.Term {
				if x == cy {
					return dy
				}
				return x
			}
			for i := range c.Vars {
				c.Vars[i] = swap(c.Vars[i])
			}
			for j := range c.Body {
				for i := range c.Body[j].Args {
					c.Body[j].Args[i] = swap(c.Body[j].Args[i])
				}
			}
			c.Constraint = st.Substitute(c.Constraint, []*term.Term{cy}, []*term.Term{dy})

			out, tr, err := pass.Apply(context.Background(), s)
			require.NoError(t, err)
			for _, p := range out.Preds {
				require.NotEqual(t, "Q", p.Name(), "Q inlined\n%s", out)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			r := bmc.New(bmc.Options{MaxDepth: 8}).Solve(ctx, out)
			require.Equal(t, chc.Unsat, r.Answer, "BMC on\n%s", out)
			der, err := tr.Derivation(context.Background(), r.Derivation)
			require.NoError(t, err)
			require.NoError(t, witness.CheckDerivation(context.Background(), s, der))
		})
	}
}
