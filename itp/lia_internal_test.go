package itp

import (
	"context"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// TestLIAHardProperty: conjunctions with larger integer coefficients and
// equalities, which need cuts; cut lemmas across A and B are interpolated
// through their split (counted), the rest go to the model fallback
// (modelInterpolant); failures are counted, and every interpolant passes
// Check.
func TestLIAHardProperty(t *testing.T) {
	splits, cases, errs, proofErrs, unchecked := 0, 0, 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		vs := func(side int) []*term.Term {
			p := []string{"a", "b"}[side]
			return []*term.Term{st.Const(p+"0", term.IntSort), st.Const(p+"1", term.IntSort), st.Const("s0", term.IntSort), st.Const("s1", term.IntSort)}
		}
		lit := func(side int) *term.Term {
			v := vs(side)
			var ms []*term.Term
			for i := 0; i < 3; i++ {
				c := rapid.IntRange(-7, 7).Draw(t, "c")
				ms = append(ms, st.Mul(st.Num(num.NewInt(int64(c)).Rat(), term.IntSort), v[rapid.IntRange(0, 3).Draw(t, "v")]))
			}
			k := st.Int(int64(rapid.IntRange(-20, 20).Draw(t, "k")))
			if rapid.Bool().Draw(t, "op") {
				return st.Le(st.Add(ms...), k)
			}
			return st.Eq(st.Add(ms...), k)
		}
		var A, B []*term.Term
		for i := 0; i < 3; i++ {
			A = append(A, lit(0))
			B = append(B, lit(1))
		}
		a, b := st.And(A...), st.And(B...)
		// Branch and bound may diverge on such inputs: bounded time.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		w, err := refute(ctx, st, []*term.Term{a, b})
		if err != nil {
			return
		}
		cases++
		I, err := w.interpolant(ctx, 1)
		splits += w.splits
		if err != nil {
			proofErrs++
			if I, err = w.modelInterpolant(ctx, a, b, err); err != nil {
				errs++
				return
			}
		}
		// The checker's integer queries may diverge too: bounded, and an
		// unknown check is counted, never taken as a pass.
		cctx, ccancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer ccancel()
		if err := CheckContext(cctx, st, a, b, I); err != nil {
			if cctx.Err() != nil {
				unchecked++
				return
			}
			t.Fatalf("%v %v %v: %v", a, b, I, err)
		}
	})
	t.Logf("LIA hard: %d unsat cases, %d errors (%d out of the proof's reach before the model fallback), %d cut lemmas interpolated through their split, %d interpolants the checker could not decide in 10 s", cases, errs, proofErrs, splits, unchecked)
}
