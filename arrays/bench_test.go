package arrays_test

import (
	"strconv"
	"testing"

	"github.com/seed-f9c3434d/gospacer/arrays"
	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/term"
)

// BenchmarkCheck measures a final check over a store chain of length 64
// read at 64 indices, all in one class, once every lemma has been
// produced (the steady state of a search).
func BenchmarkCheck(b *testing.B) {
	st := term.NewStore()
	arr := st.ArraySort(term.IntSort, term.IntSort)
	g := euf.New(st)
	s := arrays.New(st, g)
	a := st.Const("a", arr)
	chain := a
	for k := range 64 {
		chain = st.Store(chain, st.Const("i"+strconv.Itoa(k), term.IntSort), st.Int(int64(k)))
	}
	na, nc := g.Add(a), g.Add(chain)
	g.Merge(na, nc, 1)
	for k := range 64 {
		g.Add(st.Select(a, st.Const("j"+strconv.Itoa(k), term.IntSort)))
	}
	var ls []arrays.Lemma
	for {
		ls = s.Check(ls[:0])
		if len(ls) == 0 {
			break
		}
		for _, l := range ls {
			for _, q := range l.Lits {
				g.Add(q.A)
				g.Add(q.B)
			}
		}
	}
	b.ResetTimer()
	for b.Loop() {
		ls = s.Check(ls[:0])
	}
}
