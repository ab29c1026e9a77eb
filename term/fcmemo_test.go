package term_test

import (
	"slices"
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// SharedFreeConsts gives FreeConsts's list for every subterm of drawn
// terms and of conjunctions of them, met once or again (the memo), and
// the list it gave before stays as it was.
func TestPropSharedFreeConsts(t *testing.T) {
	fuzz.Check(t, 500, func(t *rapid.T) {
		c := drawCase(t, true)
		st := c.st
		conj := st.And(c.t, st.Eq(st.Fresh("y", term.IntSort), st.Int(1)))
		var seen [][]*term.Term
		var terms []*term.Term
		for round := 0; round < 2; round++ {
			for _, root := range []*term.Term{conj, c.t} {
				for u := range term.PostOrder(root) {
					got := st.SharedFreeConsts(u)
					if want := term.FreeConsts(u); !slices.Equal(got, want) {
						t.Fatalf("round %d: SharedFreeConsts(%v) = %v, want %v", round, u, got, want)
					}
					if round == 0 {
						seen, terms = append(seen, slices.Clone(got)), append(terms, u)
					}
				}
			}
		}
		for i, u := range terms {
			if got := st.SharedFreeConsts(u); !slices.Equal(got, seen[i]) {
				t.Fatalf("the list of %v changed: %v, was %v", u, got, seen[i])
			}
		}
	})
}
