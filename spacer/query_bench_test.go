package spacer

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// BenchmarkQuery measures the engine's query pattern: one incremental
// solver holding a transition constraint and many lemmas under level
// activation literals, asked thousands of small checks under assumptions
// (frame literals plus a cube on the head), half sat and half unsat. It
// reports ns/check. lower=off is the engine's frame (the levels below the
// frame assumed off); lower=free leaves their literals to the decisions.
func BenchmarkQuery(b *testing.B) {
	for _, lemmas := range []int{10, 100, 1000} {
		for _, lowerOff := range []bool{true, false} {
			lower := map[bool]string{true: "off", false: "free"}[lowerOff]
			b.Run(fmt.Sprintf("lemmas=%d/lower=%s", lemmas, lower), func(b *testing.B) {
				benchQuery(b, lemmas, lowerOff)
			})
		}
	}
}

func benchQuery(b *testing.B, lemmas int, lowerOff bool) {
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	x1, y1 := st.Const("x1", term.IntSort), st.Const("y1", term.IntSort)
	sv := smt.New(st, smt.Options{NoModelCheck: true})
	must := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	must(sv.Assert(st.And(st.Eq(x1, st.Add(x, st.Int(1))), st.Eq(y1, st.Add(y, x)))))
	lvl := make([]*term.Term, 8)
	for k := range lvl {
		lvl[k] = st.Fresh("lvl", term.BoolSort)
	}
	for i := range lemmas {
		// lemma: x + i*y >= -i, at level i mod 8
		l := st.Ge(st.Add(x, st.Mul(st.Int(int64(i%7+1)), y)), st.Int(int64(-i)))
		must(sv.Assert(st.Or(lvl[i%len(lvl)], l)))
	}
	ctx := context.Background()
	frame := []*term.Term{}
	for k := range lvl {
		if k >= 3 {
			frame = append(frame, st.Not(lvl[k]))
		} else if lowerOff {
			frame = append(frame, lvl[k])
		}
	}
	cubes := make([][]*term.Term, 64)
	for i := range cubes {
		c := int64(i)
		if i%2 == 0 { // unsat: x1 < x
			cubes[i] = []*term.Term{st.Lt(x1, st.Int(-c-1000)), st.Ge(x, st.Int(-c))}
		} else {
			cubes[i] = []*term.Term{st.Ge(x1, st.Int(c)), st.Le(y1, st.Int(c+5))}
		}
	}
	var assumps []*term.Term
	b.ResetTimer()
	t0 := time.Now()
	for i := 0; i < b.N; i++ {
		assumps = append(assumps[:0], frame...)
		assumps = append(assumps, cubes[i%len(cubes)]...)
		r, err := sv.Check(ctx, assumps...)
		must(err)
		if r == smt.Unknown {
			b.Fatal("unknown")
		}
	}
	b.ReportMetric(float64(time.Since(t0).Nanoseconds())/float64(b.N), "ns/check")
}
