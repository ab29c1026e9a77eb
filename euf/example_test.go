package euf_test

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Congruence, an explanation, a conflict, and Pop.
func Example() {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	f := st.Func("f", []*term.Sort{u}, u)
	a, b := st.Const("a", u), st.Const("b", u)

	g := euf.New(st)
	na, nb := g.Add(a), g.Add(b)
	fa, fb := g.Add(st.Apply(f, a)), g.Add(st.Apply(f, b))
	g.WatchEq(fa, fb, 100) // the atom f(a) = f(b) is literal 100

	g.AssertDiseq(fa, fb, 1)
	g.Push()
	ok := g.Merge(na, nb, 2)
	fmt.Println("consistent:", ok, "conflict:", g.Conflict(nil))
	g.Pop(1)
	for _, p := range g.Propagations(nil) {
		fmt.Println(p.Kind, p.Lit, g.ExplainPropagation(p, nil))
	}
	fmt.Println("f(a) = f(b):", g.Same(fa, fb))
	// Output:
	// consistent: false conflict: [1 2]
	// diseq 100 [1]
	// f(a) = f(b): false
}
