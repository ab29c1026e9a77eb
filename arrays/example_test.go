package arrays_test

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/arrays"
	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The solver reads the classes of an e-graph and proposes axiom
// instances; the caller asserts them (here it only prints them).
func Example() {
	st := term.NewStore()
	arr := st.ArraySort(term.IntSort, term.IntSort)
	a, b := st.Const("a", arr), st.Const("b", arr)
	i, j, x := st.Const("i", term.IntSort), st.Const("j", term.IntSort), st.Const("x", term.IntSort)

	g := euf.New(st)
	s := arrays.New(st, g)
	nb := g.Add(b)
	ns := g.Add(st.Store(a, i, x))
	g.Add(st.Select(b, j))
	g.Merge(nb, ns, 1) // b = (store a i x)

	for _, l := range s.Check(nil) {
		fmt.Println(l)
	}
	fmt.Println(len(s.Check(nil)), "new lemmas")
	// Output:
	// read-same [(select (store a i x) i) = x]
	// read-other [i = j (select (store a i x) j) = (select a j)]
	// 0 new lemmas
}
